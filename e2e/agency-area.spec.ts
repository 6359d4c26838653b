import type { Page } from "@playwright/test";
import { readPdf } from "../apps/server/src/features/voucher-pdf/pdf-test-kit";
import { expect, test } from "./fixtures";

// ADR 0032: the demo agent's own reservations on the trade channel (2), English. The demo loads three
// reservations of the agency "Viaggi Sereni Srl": Sofia Greco (cancelled), Marta Bianchi (confirmed) and Luca Ferri
// (an option waiting for confirmation).
const AGENT = { username: "agenzia", password: "Demo-Agency-1", agency: "Viaggi Sereni Srl" };
const AREA = "/channel/2/language/1/agency";

async function dismissCookies(page: Page) {
  const cookie = page.getByRole("region", { name: "Cookie notice" });
  if (await cookie.isVisible()) await cookie.getByRole("button", { name: "OK" }).click();
}

async function logIn(page: Page) {
  await page.getByRole("main").getByRole("button", { name: "Agency login" }).click();
  const dialog = page.getByRole("dialog", { name: "Agency login" });
  await dialog.getByLabel("Username").fill(AGENT.username);
  await dialog.getByLabel("Password").fill(AGENT.password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog).toBeHidden();
}

const table = (page: Page) => page.getByRole("table", { name: "Your agency's reservations, newest first" });
const rowOf = (page: Page, guest: string) => table(page).getByRole("row").filter({ hasText: guest });

test("an agent opens the agency area, filters, prints both PDFs, confirms an option and cancels a booking", async ({
  page,
  axe,
  capture,
}, testInfo) => {
  // It confirms and cancels the demo agency's reservations: once per run. The mobile project checks the layout below.
  test.skip(testInfo.project.name === "mobile", "changes the demo's reservations; the desktop run covers it");
  await page.goto(AREA);
  await dismissCookies(page);
  await expect(page.getByRole("heading", { level: 1, name: "My reservations" })).toBeVisible();
  await expect(page.getByText("Log in with your agency account to see your reservations.")).toBeVisible();
  await logIn(page);

  // The agency's reservations, newest first (other journeys may have booked for the demo agency too).
  await expect(page.getByText(/^\d+ reservations$/)).toBeVisible();
  await expect(rowOf(page, "Luca Ferri")).toContainText("Option");
  await expect(rowOf(page, "Marta Bianchi")).toContainText("Confirmed");
  await expect(rowOf(page, "Sofia Greco")).toContainText("Cancelled");
  // At 1280 px every column fits: the table does not scroll sideways either.
  expect(
    await page
      .getByRole("region", { name: "Your agency's reservations, newest first" })
      .evaluate((el) => el.scrollWidth - el.clientWidth),
  ).toBe(0);
  await capture("agency area 1280");
  await axe("agency area");

  // Filters live in the URL: waiting reservations only.
  await page.getByLabel("Status").selectOption("waiting");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=waiting/);
  const onlyWaiting = async () => {
    await expect(rowOf(page, "Luca Ferri")).toBeVisible();
    await expect(rowOf(page, "Marta Bianchi")).toHaveCount(0);
    await expect(rowOf(page, "Sofia Greco")).toHaveCount(0);
  };
  await onlyWaiting();
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("waiting");
  await onlyWaiting();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(rowOf(page, "Marta Bianchi")).toBeVisible();
  await expect(rowOf(page, "Sofia Greco")).toBeVisible();

  // Both PDFs of the confirmed booking, through the page's own session: the commission for the agency only.
  const marta = rowOf(page, "Marta Bianchi");
  const code = (await marta.getByRole("rowheader").textContent())?.trim() ?? "";
  const agencyLink = marta.getByRole("link", { name: `Agency PDF of ${code} (opens in a new tab)` });
  const guestLink = marta.getByRole("link", { name: `Guest PDF of ${code} (opens in a new tab)` });
  await expect(agencyLink).toHaveAttribute("target", "_blank");
  for (const [link, version] of [
    [agencyLink, "agency"],
    [guestLink, "guest"],
  ] as const) {
    const href = await link.getAttribute("href");
    const res = await page.request.get(href ?? "");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    const pdf = await readPdf(new Uint8Array(await res.body()));
    expect(pdf.text).toContain(code);
    expect(pdf.text).toContain("Marta Bianchi");
    if (version === "agency") {
      expect(pdf.text).toContain("Commission");
      expect(pdf.text).toContain(AGENT.agency);
    } else {
      expect(pdf.text).not.toContain("Commission");
      expect(pdf.text).not.toContain("Net to the hotel");
    }
  }

  // Confirm the option: choose the payment method, then confirm.
  await rowOf(page, "Luca Ferri")
    .getByRole("button", { name: /^Confirm option / })
    .click();
  const confirm = page.getByRole("dialog", { name: /^Confirm option / });
  await expect(confirm.getByRole("radio", { name: "Payment at the hotel" })).toBeChecked();
  await axe("agency confirm dialog");
  await confirm.getByRole("button", { name: "Confirm the reservation" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: /confirmed\.$/ })).toBeVisible();
  await expect(rowOf(page, "Luca Ferri")).toContainText("Confirmed");

  // Cancel the confirmed booking, after the confirmation step.
  await marta.getByRole("button", { name: `Cancel reservation ${code}` }).click();
  const cancel = page.getByRole("dialog", { name: `Cancel reservation ${code}?` });
  // The dialog works out the cost before the agent confirms: the demo's confirmed stay is still free to cancel.
  await expect(cancel).toContainText("Free of charge: nothing is kept.");
  await cancel.getByRole("button", { name: "Cancel the reservation" }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `Reservation ${code} cancelled.` })).toBeVisible();
  await expect(marta).toContainText("Cancelled");
  await expect(marta.getByRole("button", { name: `Cancel reservation ${code}` })).toHaveCount(0);
});

test("at 390 px each reservation is a card, nothing scrolls sideways, the agency's tools take one row", async ({
  page,
  axe,
  capture,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(AREA);
  await dismissCookies(page);
  await logIn(page);
  await expect(table(page).getByRole("rowheader").first()).toBeVisible();
  // Neither the table nor the page scrolls sideways: each row is a card, each cell under its column's name.
  const wrap = page.getByRole("region", { name: "Your agency's reservations, newest first" });
  const sizes = await wrap.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll).toBe(sizes.client);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);
  // The logged-in agency's name, "Log out" and "My reservations" share one row (icons, their names kept).
  const main = page.getByRole("main");
  const rows = await Promise.all(
    [
      main.getByText(AGENT.agency, { exact: true }),
      main.getByRole("button", { name: "Log out" }),
      main.getByRole("link", { name: "My reservations" }),
    ].map(async (tool) => (await tool.boundingBox())!),
  );
  const [name, ...tools] = rows;
  for (const tool of tools)
    expect(Math.abs(tool.y + tool.height / 2 - (name!.y + name!.height / 2))).toBeLessThan(8);
  const action = table(page)
    .getByRole("link", { name: /^Guest PDF of / })
    .first();
  await action.scrollIntoViewIfNeeded();
  await expect(action).toBeInViewport();
  await capture("agency area 390");
  await axe("agency area 390");
});

test("a trade user's header links to the agency area", async ({ page }) => {
  await page.goto(AREA);
  await dismissCookies(page);
  await logIn(page);
  await page.goto("/hotel/1/channel/2/language/1/rooms");
  await dismissCookies(page);
  await page.getByRole("banner").getByRole("link", { name: "My reservations" }).click();
  await expect(page).toHaveURL(new RegExp(`${AREA}$`));
  await expect(page.getByRole("heading", { level: 1, name: "My reservations" })).toBeVisible();
});
