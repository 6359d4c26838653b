import type { Page, TestInfo } from "@playwright/test";
import { fillBooker } from "./checkout";
import { answerCookies } from "./consent";
import { addDays } from "./dates";
import { expect, test } from "./fixtures";
import { calendar, findOpenStay } from "./stays";

// Money that must add up, on demo hotel 1 (Hotel Bellavista Riva): a resort fee for every adult and
// night, a mandatory insurance category with a free basic cover, city tax 2,50 per adult and night.
const HOTEL = "/hotel/1/channel/1/language/1";
const eur = (amount: number) =>
  new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR", currencyDisplay: "code" }).format(
    amount,
  );
const money = (amount: number) => new RegExp(eur(amount).replace(/\s/g, "\\s").replace(".", "\\."));

type ApiRate = {
  id: number;
  name: string;
  payment: string;
  total: number;
  extraCost: number;
  stayTotal: number;
  cityTax: number;
};

async function acceptCookies(page: Page) {
  await answerCookies(page);
}

/** Each test and project its own part of the calendar, away from the other journeys'. */
const offsetFor = (testInfo: TestInfo, base: number) => base + (testInfo.project.name === "mobile" ? 7 : 0);

test("the total of a rate includes its mandatory extras, with the city tax beside it, up to the checkout", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(120_000);
  const { arrival, departure } = await findOpenStay(request, {
    from: offsetFor(testInfo, 235),
    within: 90,
    nights: 2,
  });
  const search = await request.get(
    `/api/avail.do?hotel=1&channel=1&language=1&arrival=${arrival}&departure=${departure}&adults=2`,
  );
  const room = (
    (await search.json()) as { availability: { name: string; rates: ApiRate[] }[][] }
  ).availability[0]!.find((r) => r.name === "Superior double, lake view");
  const rate = room?.rates.find((r) => r.payment === "pay_at_hotel");
  expect(rate, "a pay-at-hotel rate of the lake-view double").toBeDefined();
  // Resort fee 3 × 2 adults × 2 nights; city tax 2,50 × 2 × 2.
  expect(rate!.extraCost).toBe(12);
  expect(rate!.stayTotal).toBe(rate!.total + 12);
  expect(rate!.cityTax).toBe(10);

  await page.goto(`${HOTEL}/rooms?arrival=${arrival}&departure=${departure}&adults=2`);
  await acceptCookies(page);
  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3, name: "Superior double, lake view", exact: true }) })
    .first();
  const showAll = card.getByRole("button", { name: /^Show all \d+ rates/ });
  if (await showAll.isVisible()) await showAll.click();
  const rateCard = card.getByRole("article", { name: rate!.name, exact: true }).first();
  await expect(rateCard).toContainText(money(rate!.stayTotal));
  await expect(rateCard).toContainText(/\+ 10,00\sEUR city tax, paid at the hotel/);
  await expect(rateCard).not.toContainText(new RegExp(`Total for 2 nights\\s*${eur(rate!.total)}`));
  await capture("rate card with mandatory extras and city tax");
  await axe("rate card with mandatory extras and city tax");
  await rateCard.getByRole("button", { name: /^Select/ }).click();
  const selection = page.getByRole("region", { name: "Your selection" });
  await expect(selection).toContainText(money(rate!.stayTotal));
  await expect(selection).toContainText(/\+ 10,00\sEUR city tax/);
  await selection.getByRole("button", { name: "Continue" }).click();

  // The services step starts from the same total: the fee is there already, the basic cover is free.
  await expect(page).toHaveURL(/\/services/);
  await page.getByRole("checkbox", { name: "Basic cover (included)" }).check();
  const totals = page.getByRole("region", { name: "Your total" });
  await expect(totals.getByRole("definition").last()).toContainText(money(rate!.stayTotal));
  await page.getByRole("button", { name: "Continue" }).click();

  // The checkout's total, from the server, is the same again; the city tax is beside it.
  await expect(page).toHaveURL(/\/checkout/);
  const summary = page.getByRole("region", { name: "Your booking" });
  await expect(summary).toContainText(money(rate!.stayTotal));
  await expect(summary).toContainText(money(10));
  await capture("checkout total");
});

test("book the demo's split stay: two room types one after the other, each with its own dates", async ({
  page,
  request,
  axe,
  capture,
}, testInfo) => {
  test.setTimeout(120_000);
  test.skip(testInfo.project.name === "mobile", "one split stay in the demo: the desktop journey books it");
  const { from } = await calendar(request);
  // demo-files.ts: 300 days ahead, the classic double the first night, the lake-view double the next two.
  const arrival = addDays(from, 300);
  const departure = addDays(arrival, 3);
  await page.goto(`${HOTEL}/rooms?arrival=${arrival}&departure=${departure}&adults=2`);
  await acceptCookies(page);
  const split = page.getByRole("article", { name: "Split stay" });
  await expect(split).toBeVisible();
  await expect(split).toContainText("Classic double room");
  await expect(split).toContainText("Superior double, lake view");
  await capture("split stay offered");
  await axe("split stay offered");
  await split.getByRole("button", { name: "Select split stay" }).click();
  const selection = page.getByRole("region", { name: "Your selection" });
  await expect(selection.getByText("All rooms are chosen.")).toBeVisible();
  await selection.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/services/);
  await page.getByRole("checkbox", { name: "Basic cover (included)" }).first().check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/checkout/);
  const email = `split.${Date.now()}@example.test`;
  await fillBooker(page, email);
  const atHotel = page.getByRole("radio", { name: /Pay at the hotel/ });
  if (await atHotel.isVisible()) await atHotel.check();
  else {
    await page.getByRole("radio", { name: /Pay later by link/ }).check();
  }
  await page.getByRole("button", { name: /^(Book and pay|Confirm booking|Book and authorise)/ }).click();

  await page.waitForURL(/\/voucher\/code\//, { timeout: 30_000 });
  const room1 = page.getByRole("article", { name: /^Room 1:/ });
  const room2 = page.getByRole("article", { name: /^Room 2:/ });
  await expect(room1).toContainText("Classic double room");
  await expect(room2).toContainText("Superior double, lake view");
  await capture("voucher of the split stay");
  await axe("voucher of the split stay");

  // Each segment holds its own nights: the first night of the classic double, the next two of the lake view.
  const code = /\/voucher\/code\/([^/]+)\//.exec(page.url())?.[1] ?? "";
  const stored = await request.post("/api/retrieve.do", { data: { channel: 1, code, mail: email } });
  expect(stored.status(), await stored.text()).toBe(200);
  const rooms = ((await stored.json()) as { rooms: { name: string; nightly: { date: string }[] }[] }).rooms;
  expect(rooms.map((r) => [r.name, r.nightly.map((n) => n.date)])).toEqual([
    ["Classic double room", [arrival]],
    ["Superior double, lake view", [addDays(arrival, 1), addDays(arrival, 2)]],
  ]);
});
