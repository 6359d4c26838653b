import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, Page, TestInfo } from "@playwright/test";
import { CARD_FRAME, enterCard, fillBooker } from "./checkout";
import { answerCookies } from "./consent";
import { attachScreenshot, expect, expectNoA11yViolations, test } from "./fixtures";
import { receivedMail } from "./mail";
import { findOpenStay } from "./stays";

// Demo hotel 1 (Hotel Bellavista Riva), channel 1, English. Tests run in parallel on one shared database: every
// test and project books its own room type and its own stay (a different offset), so the counts it reads are its own.
const HOTEL = "/hotel/1/channel/1/language/1";
const NIGHTS = 2;
const PAY_AT_HOTEL_RATE = 101;

type AvailRoom = {
  id: number;
  name: string;
  count: number;
  rates: { id: number; name: string; payment: string }[];
};

/** Each test and project its own part of the calendar. */
const offsetFor = (testInfo: TestInfo, base: number) => base + (testInfo.project.name === "mobile" ? 5 : 0);

async function availRoom(
  request: APIRequestContext,
  stay: { arrival: string; departure: string },
  room: string,
) {
  const response = await request.get(
    `/api/avail.do?hotel=1&channel=1&language=1&arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
  );
  expect(response.ok()).toBe(true);
  const rooms = ((await response.json()) as { availability: AvailRoom[][] }).availability.flat();
  const found = rooms.find((r) => r.name === room);
  return found ?? null;
}

/** Rooms page for the stay → the room's rate → Continue → services (mandatory category) → checkout. */
async function toCheckout(
  page: Page,
  stay: { arrival: string; departure: string },
  room: string,
  rate: string,
  look: (screen: string) => Promise<void>,
  services: "check-mandatory" | "quick",
) {
  await page.goto(`${HOTEL}/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`);
  await answerCookies(page);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3, name: room, exact: true }) })
    .first();
  await expect(card).toBeVisible();
  const showAll = card.getByRole("button", { name: /^Show all \d+ rates/ });
  if (await showAll.isVisible()) await showAll.click();
  const rateCard = card.getByRole("article", { name: rate, exact: true }).first();
  await expect(rateCard).toBeVisible();
  await look("rooms with the chosen room");
  await rateCard.getByRole("button", { name: /^Select/ }).click();
  const selection = page.getByRole("region", { name: "Your selection" });
  await expect(selection.getByText("All rooms are chosen.")).toBeVisible();
  await selection.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/services/);
  const insurance = page.getByRole("group", { name: /Travel insurance/ });
  await expect(insurance).toBeVisible();
  if (services === "check-mandatory") {
    await look("services");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Choose at least one service in Travel insurance").first()).toBeVisible();
    await look("services mandatory category missing");
  }
  await page.getByRole("checkbox", { name: "Basic cover (included)" }).check();
  if (services === "check-mandatory") await look("services chosen");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByLabel("Full name")).toBeVisible();
}

const bookButton = (page: Page) =>
  page.getByRole("button", { name: /^(Book and pay|Confirm booking|Book and authorise)/ });

test("book a prepaid room with a 3-D Secure card: voucher, its PDF, retrieve, inventory, mail", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(90_000);
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  const room = "Classic double room";
  const stay = await findOpenStay(request, { from: offsetFor(testInfo, 30), nights: NIGHTS });
  const before = await availRoom(request, stay, room);
  const prepaid = before?.rates.find((r) => r.payment === "prepaid")?.name;
  expect(prepaid, "a prepaid rate for the stay").toBeDefined();

  await toCheckout(page, stay, room, prepaid!, look, "check-mandatory");
  await look("checkout");
  const email = `anna.${testInfo.project.name}.${Date.now()}@example.test`;
  await fillBooker(page, email);
  await page.getByRole("radio", { name: /Pay now by card/ }).check();
  await enterCard(page, "4000000000003220");
  await look("checkout filled");
  await bookButton(page).click();

  // The gateway's 3-D Secure challenge, then back through the 3-D Secure return page to the voucher.
  await expect(page.getByRole("heading", { name: "3-D Secure check" })).toBeVisible({ timeout: 20_000 });
  await look("gateway 3-D Secure challenge");
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await page.waitForURL(/\/3ds\/code\//);
  await expect(page).toHaveURL(/\/(3ds|voucher)\/code\//);
  await capture("3-D Secure return page");
  await page.waitForURL(/\/voucher\/code\//, { timeout: 20_000 });
  const code = /\/voucher\/code\/([^/]+)\//.exec(page.url())?.[1] ?? "";
  expect(code).toMatch(/^[0-9A-Z]{16}$/);
  await expect(page.getByText(code).first()).toBeVisible();
  await expect(page.getByText("Status: Confirmed")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Paid", exact: true }).first()).toBeVisible();
  await expect(page.getByText("Your booking is confirmed. We look forward to welcoming you.")).toBeVisible();
  await look("voucher");

  // The voucher as a PDF file, named after the hotel and the code.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Hotel-Bellavista-Riva-${code}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");
  await expect(page.getByRole("status").filter({ hasText: "The PDF has been downloaded." })).toBeVisible();

  // The API agrees: the reservation is there, the room type has one room fewer.
  const retrieve = await request.post("/api/retrieve.do", { data: { channel: 1, code, mail: email } });
  expect(retrieve.status(), await retrieve.text()).toBe(200);
  expect(await retrieve.text()).toContain(code);
  const after = await availRoom(request, stay, room);
  expect(after?.count).toBe((before?.count ?? 0) - 1);

  // The confirmation mail, delivered over SMTP to a real server: the guest's language, the code, the voucher
  // link, the calendar file and the schema.org markup.
  const mail = await receivedMail(email);
  expect(mail.subject).toContain(code);
  expect(mail.text).toContain(code);
  expect(mail.html).toContain('"@type":"LodgingReservation"');
  expect(mail.attachments.map((a) => a.filename)).toContain(`reservation-${code}.ics`);
  const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
  expect(pdf?.filename).toBe(`Hotel-Bellavista-Riva-${code}.pdf`);
  expect(
    Buffer.from(pdf?.content ?? "", "base64")
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");
  const voucherLink = /https?:\/\/\S+\/voucher\/code\/\S+/.exec(mail.text)?.[0];
  expect(voucherLink, "a voucher link in the mail").toBeDefined();

  // The same mail in the development mailbox, marked as sent.
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { name: "Mailbox" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await look("mailbox");
  // The table is wider than a phone: open the mail by its link's address rather than a tap under the scroll.
  const href = await row.getByRole("link").first().getAttribute("href");
  await page.goto(href!);
  await expect(page.getByText(code).first()).toBeVisible();
  await capture("confirmation mail");
});

test("a declined card shows the message, its action leads back to the card form, another card books", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(120_000);
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  const stay = await findOpenStay(request, { from: offsetFor(testInfo, 40), nights: NIGHTS });
  const room = "Superior double, lake view";
  const prepaid = (await availRoom(request, stay, room))?.rates.find((r) => r.payment === "prepaid")?.name;
  expect(prepaid, "a prepaid rate for the stay").toBeDefined();
  await toCheckout(page, stay, room, prepaid!, look, "quick");
  await fillBooker(page, `declined.${testInfo.project.name}.${Date.now()}@example.test`);
  await page.getByRole("radio", { name: /Pay now by card/ }).check();
  await enterCard(page, "4000000000000002");
  await bookButton(page).click();
  await expect(page.getByText("Your card was not accepted. Please try another card.").first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/checkout/);
  await look("checkout card declined");
  // The alert's action is the card form of the same checkout, not a new search; the guest's data stays.
  const alert = page.getByRole("alert").filter({ hasText: "Your card was not accepted" });
  await expect(alert.getByRole("link", { name: "Start a new search" })).toHaveCount(0);
  await alert.getByRole("button", { name: "Enter another card" }).click();
  const cardForm = page.getByRole("group", { name: "Card details" });
  await expect(cardForm).toBeFocused();
  await expect(cardForm.locator(`iframe[title="${CARD_FRAME}"]`)).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Anna Bianchi");
  await enterCard(page, "4242424242424242");
  await look("checkout another card");
  await bookButton(page).click();
  await page.waitForURL(/\/voucher\/code\//, { timeout: 20_000 });
  await expect(page.getByText("Status: Confirmed")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Paid", exact: true }).first()).toBeVisible();
  await look("voucher after another card");
});

test("pay by instant bank payment on the gateway's page, and come back to the voucher", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(60_000);
  const look = async (screen: string) => {
    await capture(screen);
    await axe(screen);
  };
  const stay = await findOpenStay(request, { from: offsetFor(testInfo, 60), nights: NIGHTS });
  const room = "Superior double, lake view";
  const prepaid = (await availRoom(request, stay, room))?.rates.find((r) => r.payment === "prepaid")?.name;
  expect(prepaid, "a prepaid rate for the stay").toBeDefined();
  await toCheckout(page, stay, room, prepaid!, look, "quick");
  const email = `instant.${testInfo.project.name}.${Date.now()}@example.test`;
  await fillBooker(page, email);
  // Every method the demo hotel enables is offered; no card frame for a redirect method.
  for (const method of [
    /Pay now by card/,
    /Instant bank payment/,
    /Digital wallet/,
    /Mobile payment/,
    /Pay later by link/,
    /Bank transfer/,
  ])
    await expect(page.getByRole("radio", { name: method })).toBeVisible();
  await page.getByRole("radio", { name: /Instant bank payment/ }).check();
  await expect(page.locator(`iframe[title="${CARD_FRAME}"]`)).toHaveCount(0);
  await look("checkout instant bank payment");
  await bookButton(page).click();

  await expect(page.getByRole("heading", { name: "Instant bank payment" })).toBeVisible({ timeout: 20_000 });
  await look("gateway instant bank page");
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await page.waitForURL(/\/voucher\/code\//, { timeout: 20_000 });
  await expect(page.getByText("Status: Confirmed")).toBeVisible();
  await expect(page.getByText("Instant bank payment").first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Paid", exact: true }).first()).toBeVisible();
  await look("voucher instant bank payment");
});

test("two browsers race for the last room: one voucher, one sold-out message", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const room = "Suite with panoramic terrace";
  const stay = await findOpenStay(request, { from: offsetFor(testInfo, 50), nights: NIGHTS });
  // Book the suite through the API until one is left.
  for (let i = 0; i < 20; i++) {
    const left = await availRoom(request, stay, room);
    expect(left, "the suite is on sale for the stay").not.toBeNull();
    if (left!.count <= 1) break;
    const response = await request.post("/api/guestdata.do", {
      headers: { "Idempotency-Key": `e2e-race-${testInfo.project.name}-${Date.now()}-${i}` },
      data: {
        method: "confirm",
        hotel: 1,
        channel: 1,
        language: 1,
        arrival: stay.arrival,
        departure: stay.departure,
        rooms: [
          {
            slot: 0,
            roomId: left!.id,
            rateId: PAY_AT_HOTEL_RATE,
            adults: 2,
            ages: [],
            refundProtection: false,
          },
        ],
        booker: {
          fullname: "Filler Guest",
          email: "filler@example.test",
          emailConfirm: "filler@example.test",
          phone: { dialCode: "+39", number: "3331234567" },
          country: "IT",
        },
        privacy: { marketing: false, report: false, profile: false, custom: [{ id: 101, accepted: true }] },
        terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
        // Demo hotel 1's mandatory category (travel insurance): its free basic cover.
        services: [{ serviceId: 101, slot: null, quantity: 1 }],
        payment: { method: "pay_at_hotel" },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  expect((await availRoom(request, stay, room))?.count).toBe(1);

  const guests = await Promise.all(["first", "second"].map((who) => openGuest(browser, testInfo, who)));
  try {
    await Promise.all(
      guests.map(async ({ page, look }, i) => {
        await toCheckout(page, stay, room, "Room only – flexible", look, "quick");
        await fillBooker(page, `race${i}.${testInfo.project.name}.${Date.now()}@example.test`);
        await expect(bookButton(page)).toBeEnabled();
      }),
    );
    await guests[0]!.look("checkout before the race");
    await Promise.all(guests.map(({ page }) => bookButton(page).click()));
    const outcome = await Promise.all(
      guests.map(async ({ page }) => {
        const soldOut = page.getByText(/no longer available/).first();
        await expect(
          page
            .getByText(/no longer available/)
            .or(page.getByText("Reservation code").first())
            .first(),
        ).toBeVisible({
          timeout: 20_000,
        });
        if (await soldOut.isVisible()) return "sold out";
        await page.waitForURL(/\/voucher\/code\//);
        return "voucher";
      }),
    );
    expect([...outcome].sort()).toEqual(["sold out", "voucher"]);
    for (const [i, { page, look }] of guests.entries()) {
      if (outcome[i] === "voucher") await expect(page.getByText("Status: Confirmed")).toBeVisible();
      await look(outcome[i] === "voucher" ? "race winner voucher" : "race loser sold out");
    }
    expect((await availRoom(request, stay, room))?.count ?? 0).toBe(0);
  } finally {
    await Promise.all(guests.map(({ context }) => context.close()));
  }
});

async function openGuest(browser: Browser, testInfo: TestInfo, who: string) {
  const { viewport, isMobile, hasTouch, baseURL } = testInfo.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, baseURL });
  const page = await context.newPage();
  const look = async (screen: string) => {
    await attachScreenshot(page, testInfo, `${who} guest: ${screen}`);
    await expectNoA11yViolations(page, testInfo, `${who} guest: ${screen}`);
  };
  return { context, page, look };
}
