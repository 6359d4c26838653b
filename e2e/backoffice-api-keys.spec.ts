import { randomUUID } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { signInAsDemoOwner } from "./backoffice";
import { addDays } from "./dates";
import { expect, test } from "./fixtures";
import { calendar } from "./stays";

// The hotel's API keys (ADR 0039): the owner creates a key for the CRM, copies it (shown once), the key
// creates an offer through the exposed API, the owner revokes it, and the key no longer works.

/** An offer of hotel 1 for a stay 30 days on, valid until tomorrow: room and rate read from its catalogue. */
async function offerBody(page: Page, request: APIRequestContext) {
  const rooms = (await (await page.request.get("/api/backoffice/hotels/1/room-types")).json()) as {
    items: { id: number; maxAdults: number }[];
  };
  const rates = (await (await page.request.get("/api/backoffice/hotels/1/rate-plans")).json()) as {
    items: { id: number; channelIds: number[]; tradeOnly?: boolean }[];
  };
  const room = rooms.items.find((r) => r.maxAdults >= 2)!;
  const rate = rates.items.find((r) => r.channelIds.includes(1) && !r.tradeOnly)!;
  const today = (await calendar(request)).from;
  const arrival = addDays(today, 30);
  return {
    hotel: 1,
    channel: 1,
    recipient: { name: "Anna Weber", email: `anna-${randomUUID().slice(0, 8)}@example.test`, language: 2 },
    arrival,
    departure: addDays(arrival, 2),
    options: [
      {
        rooms: [{ roomId: room.id, rateId: rate.id, adults: 2, ages: [], priceMinor: 42000 }],
        // Demo hotel 1's mandatory category (travel insurance): its free basic cover, which every option includes.
        services: [{ serviceId: 101, quantity: 1, priceMinor: 0 }],
      },
    ],
    expiresAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  };
}

/**
 * Buttons are pressed with the keyboard, as staff may: it also keeps the phone-sized run clear of the mobile
 * emulation's pointer hit-testing inside the modal dialogs' top layer.
 */
const press = (button: Locator) => button.press("Enter");

const createOffer = (request: APIRequestContext, key: string, body: unknown) =>
  request.post("/api/v2/offers/create", {
    headers: { authorization: `Bearer ${key}`, "idempotency-key": randomUUID() },
    data: body,
  });

test("the owner creates an API key, it creates an offer, the owner revokes it and it stops working", async ({
  page,
  request,
  context,
  axe,
  capture,
}, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]).catch(() => undefined);
  const name = `CRM ${testInfo.project.name} ${Date.now().toString(36)}`;

  await signInAsDemoOwner(page);
  await page.goto("/admin/hotel/1/api-keys");
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expect(page.getByRole("link", { name: "API keys" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(/create personalised offers through Alloggio's API/)).toBeVisible();
  const example = page.getByRole("region", { name: "Example call" });
  await expect(example).toContainText(`curl -X POST ${new URL(page.url()).origin}/api/v2/offers/create`);
  await expect(page.getByRole("table", { name: "API keys of this hotel" })).toBeVisible();
  // The keys' times are on the hotel's clock, as every back-office time.
  await expect(page.getByText("Times in Europe/Rome (hotel time)")).toBeVisible();
  // Nothing scrolls sideways: at a phone's width each key is a card.
  expect(
    await page
      .getByRole("table", { name: "API keys of this hotel" })
      .evaluate((el) => [
        (el.parentElement as HTMLElement).scrollWidth - (el.parentElement as HTMLElement).clientWidth,
        document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ]),
  ).toEqual([0, 0]);
  await capture("api keys");
  await axe("api keys");

  // Create: a name, then the key once.
  await press(page.getByRole("button", { name: "Create key" }));
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await axe("api keys create");
  await press(dialog.getByRole("button", { name: "Create key" }));
  const made = page.getByRole("dialog", { name: "Your new API key" });
  await expect(made).toBeVisible();
  await expect(made).toContainText("you won't see it again");
  const key = await made.getByLabel("API key").inputValue();
  expect(key).toMatch(/^alk_[A-Za-z0-9_-]{43}$/);
  await press(made.getByRole("button", { name: "Copy key" }));
  await expect(made.getByRole("status").or(made.getByRole("alert"))).toBeVisible();
  if (await made.getByRole("status").isVisible()) {
    await expect(made.getByRole("status")).toHaveText("Key copied to the clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  }
  await capture("api keys created");
  await axe("api keys created");
  await press(made.getByRole("button", { name: "Done" }));
  await expect(made).toBeHidden();

  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText("Never");
  await expect(row).toContainText("Active");

  // The key creates an offer of hotel 1.
  const body = await offerBody(page, request);
  const created = await createOffer(request, key, body);
  expect(created.status(), await created.text()).toBe(200);
  expect((await created.json()).offerCode).toMatch(/^[0-9A-Z]{16}$/);
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(name) })).not.toContainText("Never");

  // Revoke, with a confirmation.
  await press(
    page.getByRole("row", { name: new RegExp(name) }).getByRole("button", { name: `Revoke ${name}` }),
  );
  const confirm = page.getByRole("dialog", { name: `Revoke ${name}?` });
  await expect(confirm).toBeVisible();
  await capture("api keys revoke");
  await axe("api keys revoke");
  await press(confirm.getByRole("button", { name: "Revoke key" }));
  await expect(page.getByRole("status")).toHaveText(`${name} revoked.`);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Revoked");
  await expect(
    page.getByRole("row", { name: new RegExp(name) }).getByRole("button", { name: `Revoke ${name}` }),
  ).toHaveCount(0);

  const refused = await createOffer(request, key, await offerBody(page, request));
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("api_key_invalid");
});

test("the scripts inventory is a card per page on a phone: nothing scrolls sideways", async ({ page }) => {
  await signInAsDemoOwner(page, "/admin/hotel/1/scripts");
  await expect(page.getByRole("heading", { level: 1, name: "Scripts and tracking" })).toBeVisible();
  const tables = page.getByRole("table");
  await expect(tables.first()).toBeVisible();
  for (const table of await tables.all())
    expect(
      await table.evaluate((el) => [
        (el.parentElement as HTMLElement).scrollWidth - (el.parentElement as HTMLElement).clientWidth,
        document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ]),
    ).toEqual([0, 0]);
});

test("the owner saves the hotel's Stripe keys: a wrong key is refused at its field, then only the last 4 shows", async ({
  page,
  axe,
  capture,
}, testInfo) => {
  // Each run its own hotel (the phone-sized run follows the desktop one), and a retry starts from no keys.
  const hotel = testInfo.project.name.includes("mobile") ? 2 : 1;
  const last4 = String(Date.now()).slice(-4);
  const secretKey = `sk_test_51E2eSecretKey${last4}`;
  await signInAsDemoOwner(page, `/admin/hotel/${hotel}/payments`);
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Payments" })).toHaveAttribute("aria-current", "page");
  if (await page.getByRole("button", { name: "Remove the keys" }).isVisible()) {
    await press(page.getByRole("button", { name: "Remove the keys" }));
    await press(
      page
        .getByRole("dialog", { name: "Remove the Stripe keys?" })
        .getByRole("button", { name: "Remove the keys" }),
    );
  }
  await expect(page.getByRole("region", { name: "Webhook for Stripe" })).toContainText(
    `${new URL(page.url()).origin}/api/payments/stripe/webhook`,
  );

  // A live publishable key beside a test secret key: refused, said at the field.
  await page.getByLabel("Secret key").fill(secretKey);
  await page.getByLabel("Publishable key").fill("pk_live_51E2ePublishable");
  await page.getByLabel("Webhook signing secret").fill("whsec_E2eSigningSecret01");
  await press(page.getByRole("button", { name: "Save keys" }));
  const publishable = page.getByLabel("Publishable key");
  await expect(publishable).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("is not in the same mode as the other key")).toBeVisible();
  await capture("payments refused");

  await publishable.fill("pk_test_51E2ePublishable");
  await press(page.getByRole("button", { name: "Save keys" }));
  await expect(page.getByRole("status")).toHaveText("Keys saved.");
  await expect(page.getByText(`•••• ${last4}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Replace the secret key" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText(secretKey);
  expect(await page.locator('input[type="password"]').count()).toBe(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);
  await capture("payments saved");
  await axe("payments");
});

test("the owner makes an AlpineBits client (password once), maps a code, and the log shows the PMS's message", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  // Demo hotel 2 (hotel 1 keeps the README's codes); each run its own client.
  const username = `e2e-${testInfo.project.name}-${Date.now().toString(36)}`;
  const name = `Front desk ${testInfo.project.name}`;
  await signInAsDemoOwner(page, "/admin/hotel/2/alpinebits");
  await expect(page.getByRole("heading", { level: 1, name: "AlpineBits" })).toBeVisible();
  await expect(page.getByRole("link", { name: "AlpineBits" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(`POST ${new URL(page.url()).origin}/alpinebits`)).toBeVisible();

  await press(page.getByRole("button", { name: "Create client" }));
  const dialog = page.getByRole("dialog", { name: "Create an AlpineBits client" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Username").fill(username);
  await expect(dialog.getByRole("checkbox", { checked: true })).toHaveCount(1);
  await press(dialog.getByRole("button", { name: "Create client" }));
  const made = page.getByRole("dialog", { name: "The new client's password" });
  await expect(made).toContainText("it will not be shown again");
  const password = await made.getByLabel("Password").inputValue();
  expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await expect(made.getByRole("button", { name: "Copy password" })).toBeVisible();
  await capture("alpinebits password");
  await press(made.getByRole("button", { name: "Done" }));
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(username);
  await expect(page.locator("body")).not.toContainText(password);

  // Codes: the HotelCode and the first room type's InvTypeCode.
  await page.getByLabel("HotelCode").fill("E2E-H2");
  await page
    .getByLabel(/^InvTypeCode of /)
    .first()
    .fill("E2EROOM");
  await press(page.getByRole("button", { name: "Save codes" }));
  await expect(page.getByText("Codes saved.")).toBeVisible();

  // The PMS sends availability for a room type it has not mapped: answered with an error, shown in the log.
  const xml = `<?xml version="1.0" encoding="UTF-8"?><OTA_HotelInvCountNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05" Version="7.000"><Inventories HotelCode="E2E-H2"><Inventory><StatusApplicationControl Start="2031-01-10" End="2031-01-10" InvTypeCode="NOPE"/><InvCounts><InvCount CountType="2" Count="1"/></InvCounts></Inventory></Inventories></OTA_HotelInvCountNotifRQ>`;
  const answer = await request.post("/alpinebits", {
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`,
      "X-AlpineBits-ClientProtocolVersion": "2024-10",
    },
    multipart: { action: "OTA_HotelInvCountNotif:FreeRooms", request: xml },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await page.reload();
  const log = page.getByRole("table", { name: "AlpineBits exchanges, newest first" });
  const row = log.getByRole("row", { name: new RegExp(name) }).first();
  await expect(row).toContainText("Availability sent");
  await expect(row).toContainText("Not applied: errors");
  await expect(row).toContainText("NOPE");
  for (const table of await page.getByRole("table").all())
    expect(
      await table.evaluate((el) => [
        (el.parentElement as HTMLElement).scrollWidth - (el.parentElement as HTMLElement).clientWidth,
        document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ]),
    ).toEqual([0, 0]);
  await capture("alpinebits");
  await axe("alpinebits");
  await press(row.getByRole("button", { name: /^Details of / }));
  const detail = page.getByRole("dialog", { name: "Exchange" });
  await expect(detail).toContainText('HotelCode="E2E-H2"');
  await expect(detail.getByRole("link", { name: "Download the request" })).toHaveAttribute(
    "href",
    /\/api\/backoffice\/alpinebits\/exchanges\/\d+\/body\?part=request$/,
  );
  await capture("alpinebits exchange");
  await axe("alpinebits exchange");
});
