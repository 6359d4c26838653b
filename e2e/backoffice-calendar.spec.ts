import type { APIRequestContext } from "@playwright/test";
import { signInAsDemoOwner } from "./backoffice";
import { addDays, toDate } from "./dates";
import { expect, test } from "./fixtures";
import { findOpenStay } from "./stays";

// The rates and availability calendar: a manager changes a weekday's price and min stay for a
// range in one bulk update, and a guest in another browser context sees both at once.

const ROOMS = "/hotel/1/channel/1/language/1/rooms";
const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

type Avail = {
  availability: { id: number; rates: { id: number; nightly: { date: string; price: number }[] }[] }[][];
  restrictions?: { kind: string; value: number | null }[];
};

async function avail(request: APIRequestContext, arrival: string, departure: string): Promise<Avail> {
  const response = await request.get(
    `/api/avail.do?hotel=1&channel=1&language=1&arrival=${arrival}&departure=${departure}&adults=2`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as Avail;
}

/** +10 % of a price in major units, as the server computes it: on minor units, rounded half away from zero. */
const plusTenPercent = (price: number) => {
  const minor = Math.round(price * 100);
  return (minor + Math.floor((minor * 1000 + 5000) / 10_000)) / 100;
};

test("bulk update: +10 % and min stay 2 on one weekday of a week, seen by a guest at once", async ({
  page,
  browser,
  request,
  axe,
  capture,
}, testInfo) => {
  test.slow(); // a sign-in, a bulk update and a guest's search in one journey
  // Each project its own week, so desktop and mobile do not change the same nights.
  const stay = await findOpenStay(request, {
    from: testInfo.project.name.endsWith("mobile") ? 120 : 40,
    nights: 2,
  });
  const before = await avail(request, stay.arrival, stay.departure);
  const room = before.availability[0]?.[0];
  const rate = room?.rates[0];
  if (!room || !rate) throw new Error("no room to compare");
  const [first, second] = rate.nightly;
  if (!first || !second) throw new Error("no nightly prices");

  await signInAsDemoOwner(page, `/admin/hotel/1/calendar?from=${iso(stay.arrival)}&days=14`);
  await expect(page.getByRole("heading", { level: 1, name: "Rates and availability" })).toBeVisible();
  const grid = page.getByRole("region", { name: "Rates and availability by day" });
  await expect(grid.getByRole("columnheader").nth(1)).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(iso(stay.arrival));
  await axe("rates calendar");

  await page.getByRole("button", { name: "Bulk update" }).click();
  const form = page.getByRole("form", { name: "Bulk update a date range" });
  await form.getByLabel("First day").fill(iso(stay.arrival));
  await form.getByLabel("Last day").fill(iso(addDays(stay.arrival, 6)));
  const weekday = WEEKDAYS[toDate(stay.arrival).getUTCDay()] ?? "";
  for (const name of WEEKDAYS) if (name !== weekday) await form.getByLabel(name, { exact: true }).uncheck();
  await form.getByLabel("Price", { exact: true }).selectOption({ label: "Add or subtract a percent" });
  await form.getByLabel("Percent (e.g. 15 or -10)").fill("10");
  await form.getByLabel("Min stay", { exact: true }).selectOption({ label: "Set to" });
  await form.getByLabel("Min stay: nights").fill("2");
  await form.getByRole("button", { name: "Preview" }).click();
  await expect(form.getByRole("status")).toContainText(/\d+ cells? will change/);
  // The preview shows before → after, grouped by room type and rate.
  const sample = form.getByRole("region", { name: "Examples of what will change" });
  await expect(sample.getByRole("heading", { level: 4 }).first()).toBeVisible();
  await expect(sample.getByRole("listitem").first()).toContainText("→");
  await axe("rates calendar bulk update");
  await capture("rates calendar bulk update");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form.getByRole("status")).toContainText(/Done: \d+ cells? changed/);

  // A guest, in a browser context of their own.
  const guest = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const after = await avail(guest.request, stay.arrival, stay.departure);
    const newRate = after.availability[0]?.find((r) => r.id === room.id)?.rates.find((r) => r.id === rate.id);
    expect(newRate?.nightly).toEqual([
      { date: first.date, price: plusTenPercent(first.price) },
      // The next night is another weekday: unchanged.
      { date: second.date, price: second.price },
    ]);
    // One night from that weekday is now too short: the guest's page says why.
    const guestPage = await guest.newPage();
    await guestPage.goto(`${ROOMS}?arrival=${stay.arrival}&departure=${addDays(stay.arrival, 1)}&adults=2`);
    await expect(guestPage.getByText("Minimum stay 2 nights").first()).toBeVisible();
  } finally {
    await guest.close();
  }
});

test("the calendar's cell editor: Enter saves, Escape cancels", async ({ page, axe, capture }, testInfo) => {
  const start = testInfo.project.name.endsWith("mobile") ? 200 : 180;
  const from = new Date(Date.now() + start * 86_400_000).toISOString().slice(0, 10);
  await signInAsDemoOwner(page, `/admin/hotel/1/calendar?from=${from}&days=31`);
  const grid = page.getByRole("region", { name: "Rates and availability by day" });
  const allotmentRow = grid
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "Allotment" }) })
    .first();
  const cell = allotmentRow.getByRole("button").first();
  await expect(cell).toBeVisible();
  const old = (await cell.textContent())?.trim() ?? "";
  await cell.click();
  const input = grid.getByRole("textbox");
  await input.fill("1");
  await input.press("Escape");
  await expect(allotmentRow.getByRole("button").first()).toHaveText(old);
  await allotmentRow.getByRole("button").first().click();
  await grid.getByRole("textbox").fill("7");
  await grid.getByRole("textbox").press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(allotmentRow.getByRole("button").first()).toHaveText("7");
  await axe("rates calendar after an edit");
  await capture("rates calendar");
});
