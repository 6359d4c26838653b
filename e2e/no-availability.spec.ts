import type { APIRequestContext } from "@playwright/test";
import { answerCookies } from "./consent";
import { addDays } from "./dates";
import { expect, test } from "./fixtures";
import { calendar, isOpen } from "./stays";

/**
 * A one-night stay that the minimum stay forbids: the first open arrival day of hotel 1 with a minimum stay of 2 or
 * more (the demo group has one from 10 to 16 days after today), found in the calendar so no date is hard-coded.
 */
async function minStayNight(request: APIRequestContext) {
  const { from, days } = await calendar(request);
  const day = days.find(
    (d, i) => d.date > from && isOpen(d) && isOpen(days[i + 1]) && !d.closedToArrival && d.minStay >= 2,
  );
  if (!day) throw new Error("hotel 1 has no minimum-stay period in the demo calendar");
  return { today: from, arrival: day.date, departure: addDays(day.date, 1), minStay: day.minStay };
}

const EUR = /\d{1,3}(\.\d{3})*,\d{2}\sEUR/;

test("a stay shorter than the minimum: the reason, nearby dates that search, the 12-month prices", async ({
  page,
  request,
  axe,
  capture,
}) => {
  const stay = await minStayNight(request);
  await page.goto(
    `/hotel/1/channel/1/language/1/rooms?arrival=${stay.arrival}&departure=${stay.departure}&adults=2&childs=0`,
  );
  await answerCookies(page);

  const none = page.getByRole("region", { name: "No rooms available for these dates" });
  await expect(
    none.getByRole("heading", { level: 2, name: "No rooms available for these dates" }),
  ).toBeVisible();
  await expect(
    none.getByRole("listitem").filter({ hasText: `Minimum stay ${stay.minStay} nights` }),
  ).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "No rooms available for your search." }),
  ).toBeAttached();

  // Nearby dates: one-night stays around the chosen one, each with its lowest price.
  const nearby = none.getByRole("list", { name: "Nearby dates with availability" }).getByRole("button");
  await expect(nearby.first()).toBeVisible();
  for (const name of await nearby.allTextContents()) expect(name).toMatch(EUR);

  // The chart loads on demand; it is one image named by its heading, the table says the same in words.
  const chart = none.getByRole("img", { name: "Lowest prices in the next 12 months" });
  await expect(chart).toBeVisible();
  await capture("no availability");
  await axe("no availability");

  await none.getByText("Show the lowest price per month as a table").click();
  const table = none.getByRole("table", { name: "Lowest price per night, by month, for the next 12 months" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText(["Month", "Lowest price per night"]);
  const months = table.getByRole("rowheader");
  expect(await months.count()).toBeGreaterThanOrEqual(12);
  const thisMonth = await page.evaluate(
    (ymd) =>
      new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, 1)),
      ),
    stay.today,
  );
  await expect(months.first()).toHaveText(thisMonth);
  for (const price of await table.getByRole("cell").allTextContents())
    expect(price).toMatch(new RegExp(`^(${EUR.source}|Not available)$`));
  await capture("no availability, price table");
  await axe("no availability, price table");

  // One click on a nearby date searches it: the dates change in the URL and the search bar, rooms appear.
  const choice = nearby.first();
  const dates = ((await choice.textContent()) ?? "").replace(/from .*$/, "").trim();
  await choice.click();
  await expect(page).not.toHaveURL(new RegExp(`arrival=${stay.arrival}`));
  await expect(none).toHaveCount(0);
  await expect(
    page
      .getByRole("search", { name: "Search for rooms" })
      .getByRole("button", { name: /^Arrival and departure/ }),
  ).toContainText(dates);
  const slot = page.getByRole("region", { name: "Room 1 of 1 · 2 adults" });
  await expect(slot.getByText("Choose a room and a rate.")).toBeVisible();
  await expect(slot.getByRole("button", { name: /^Select\b/ }).first()).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: /types? of accommodation available/ }),
  ).toBeVisible();
  await capture("nearby date searched");
  await axe("nearby date searched");
});

test("16 adults in one room: the reason is that no room takes that many guests, with no empty chart", async ({
  page,
  request,
}) => {
  const stay = await minStayNight(request);
  const arrival = addDays(stay.arrival, 30);
  await page.goto(
    `/hotel/1/channel/1/language/1/rooms?arrival=${arrival}&departure=${addDays(arrival, 3)}&adults=16`,
  );
  const none = page.getByRole("region", { name: "No rooms available for these dates" });
  await expect(none.getByRole("listitem")).toHaveText([
    /^No room takes this many guests: the largest is for \d+ guests$/,
  ]);
  await expect(none).toContainText("Split the guests across more rooms, then search again.");
  await expect(none.getByText(/Minimum stay|Maximum \d+ adults/)).toHaveCount(0);
  await expect(none.getByRole("heading", { name: "Lowest prices in the next 12 months" })).toHaveCount(0);
  await expect(none.getByRole("heading", { name: "Nearby dates with availability" })).toHaveCount(0);
});
