import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { findOpenStay } from "./stays";

// The demo group on its direct channel: three hotels on Lake Garda, one in the Swiss Alps.
const PORTAL = "/channel/1/language/1";

type PortalAnswer = { arrival: string; hotels: { id: number; name: string; available: boolean }[] };

/**
 * A 3-night stay 20 to 60 days ahead, open in hotel 1's calendar, at which every Lake Garda hotel has a room for two
 * (asked of the server).
 */
const STAY = {
  from: 20,
  within: 40,
  nights: 3,
  accept: async (stay: { arrival: string; departure: string }, request: APIRequestContext) => {
    const res = await request.get(
      `/api/availChannelCheck.do?channel=1&destination=1&arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
    );
    const body = (await res.json()) as PortalAnswer;
    return body.hotels.length === 3 && body.hotels.every((h) => h.available);
  },
};

test("portal: pick a destination, compare hotels, then a book-ready selection in one of them", async ({
  page,
  request,
  axe,
  capture,
}) => {
  const stay = await findOpenStay(request, STAY);
  await page.goto(`${PORTAL}?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`);
  await expect(page.getByRole("heading", { level: 1, name: "Our hotels" })).toBeVisible();
  const list = page.getByRole("region", { name: "Hotels for your search" });
  await expect(list.getByRole("status")).toContainText(/of 4 hotels have rooms/);
  await expect(list.getByRole("article")).toHaveCount(4);
  // Each hotel in its own currency (SPEC §9: Italian style with the code).
  await expect(list.getByRole("article", { name: "Villa Olivo Malcesine" })).toContainText(
    /from \d+,\d{2}\sEUR for 3 nights/,
  );
  await capture("portal hotel list");
  await axe("portal hotel list");

  // The destination multi-select: Lake Garda and its three properties.
  const search = page.getByRole("search", { name: "Search for rooms" });
  const picker = search.getByRole("button", { name: /^Destination or property/ });
  await picker.click();
  await expect(picker).toHaveAttribute("aria-expanded", "true");
  const garda = search.getByRole("checkbox", { name: "Lake Garda (3 properties)" });
  await expect(search.getByRole("checkbox", { name: "Swiss Alps (1 property)" })).toBeVisible();
  await capture("destination picker");
  await axe("destination picker");
  await garda.check();
  for (const name of ["Hotel Bellavista Riva", "Villa Olivo Malcesine", "Lido Palace Sirmione"])
    await expect(search.getByRole("checkbox", { name, exact: true })).toBeChecked();
  await expect(
    search.getByRole("checkbox", { name: "Chalet Edelweiss Zermatt", exact: true }),
  ).not.toBeChecked();
  await search.getByRole("button", { name: "Done" }).click();
  await expect(picker).toHaveAccessibleName("Destination or property Lake Garda");
  await search.getByRole("button", { name: "Search", exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("hotels")).toBe("1,2,3");
  await expect(list.getByRole("status")).toContainText("3 of 3 hotels have rooms");
  await expect(list.getByRole("article")).toHaveCount(3);
  await expect(list.getByRole("article", { name: "Chalet Edelweiss Zermatt" })).toHaveCount(0);

  // Compare two of them side by side.
  await list.getByRole("checkbox", { name: "Compare Villa Olivo Malcesine" }).check();
  await expect(list.getByText("Choose one more hotel to compare them side by side.")).toBeVisible();
  await list.getByRole("checkbox", { name: "Compare Lido Palace Sirmione" }).check();
  const compare = page.getByRole("region", { name: "Comparing 2 hotels" });
  const table = compare.getByRole("table", { name: "The hotels you chose, side by side" });
  await expect(table.getByRole("columnheader", { name: "Villa Olivo Malcesine" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Lido Palace Sirmione" })).toBeVisible();
  await expect(table.getByRole("row", { name: /^Total for 3 nights/ })).toContainText(/EUR.*EUR/);
  await capture("compare hotels");
  await axe("compare hotels");

  // Into Villa Olivo's rooms with the search kept.
  await compare.getByRole("link", { name: "See rooms at Villa Olivo Malcesine" }).click();
  await expect(page).toHaveURL(/\/hotel\/2\/channel\/1\/language\/1\/rooms\?/);
  const query = new URL(page.url()).searchParams;
  expect(query.get("arrival")).toBe(stay.arrival);
  expect(query.get("departure")).toBe(stay.departure);
  expect(query.get("adults")).toBe("2");
  expect(query.has("hotels")).toBe(false);
  const slot = page.getByRole("region", { name: "Room 1 of 1 · 2 adults" });
  await expect(slot.getByText("Choose a room and a rate.")).toBeVisible();
  // Demo channel 1 has optional tags: the consent banner, answered if it is there.
  const consent = page.getByRole("region", { name: "Cookie consent" });
  if (await consent.isVisible()) await consent.getByRole("button", { name: "Reject all" }).click();
  await slot
    .getByRole("button", { name: /^Select\b/ })
    .first()
    .click();
  const selection = page.getByRole("region", { name: "Your selection" });
  await expect(selection.getByText("All rooms are chosen.")).toBeVisible();
  await expect(selection.getByRole("button", { name: "Continue" })).toBeEnabled();

  // Cross-selling: the group's other hotels free for the same stay.
  const others = page.getByRole("region", { name: "Other hotels of the group" });
  await expect(others.getByRole("heading", { name: "Hotel Bellavista Riva" })).toBeVisible();
  await expect(others.getByRole("heading", { name: "Villa Olivo Malcesine" })).toHaveCount(0);
  await expect(others.getByRole("link", { name: "See rooms at Lido Palace Sirmione" })).toHaveAttribute(
    "href",
    new RegExp(`/hotel/3/channel/1/language/1/rooms\\?arrival=${stay.arrival}&departure=${stay.departure}`),
  );
  await capture("book-ready selection with cross-selling");
  await axe("book-ready selection with cross-selling");
});

test("portal: no results with the filters, in Italian", async ({ page, axe, capture, request }) => {
  const stay = await findOpenStay(request, STAY);
  // Twelve adults in one room fit no room of any hotel.
  await page.goto(`/channel/1/language/2?arrival=${stay.arrival}&departure=${stay.departure}&adults=12`);
  await expect(page.getByRole("heading", { level: 1, name: "I nostri hotel" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Nessun risultato con i filtri" })).toBeVisible();
  // Each hotel says why: no room takes that many guests.
  await expect(
    page
      .getByRole("article", { name: "Hotel Bellavista Riva" })
      .getByText(/^Camere per al massimo \d+ persone$/),
  ).toBeVisible();
  await capture("portal no results");
  await axe("portal no results");
});

test("portal: every visible button is reached by the keyboard, and names have no stray ' : '", async ({
  page,
  request,
}) => {
  const stay = await findOpenStay(request, STAY);
  await page.goto(`${PORTAL}?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`);
  const list = page.getByRole("region", { name: "Hotels for your search" });
  const card = list.getByRole("article", { name: "Villa Olivo Malcesine" });
  // After the compare checkbox, Tab reaches the card's "See rooms" (once a link hidden from the keyboard).
  await card.getByRole("checkbox", { name: "Compare Villa Olivo Malcesine" }).focus();
  await page.keyboard.press("Tab");
  await expect(card.getByRole("link", { name: "See rooms at Villa Olivo Malcesine" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/hotel\/2\/channel\/1\/language\/1\/rooms\?/);

  // The rates' Select buttons name the rate and room without a colon left over: "Select Rate, Room".
  const select = page.getByRole("button", { name: /^Select\b/ }).first();
  await expect(select).toBeVisible();
  await expect(select).toHaveAccessibleName(/^Select [^:]+, [^:]+$/);
  const snapshot = await page.locator("body").ariaSnapshot();
  const names = snapshot
    .split("\n")
    .map((line) => /- (?:button|link|checkbox|combobox) "([^"]*)"/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
  expect(names.length).toBeGreaterThan(5);
  expect(names.filter((name) => / : |^\s*:|:\s*$/.test(name))).toEqual([]);
});
