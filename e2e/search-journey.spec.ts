import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { addDays } from "./dates";
import { expect, test } from "./fixtures";
import { findOpenStay } from "./stays";

// Hotel Bellavista Riva (demo hotel 1), English, then Italian.
const ROOMS = "/hotel/1/channel/1/language/1/rooms";
const NIGHTS = 3;
/** The first arrival at least 20 days ahead (and before 60) where a 3-night stay is open in the calendar. */
const STAY = { from: 20, within: 40, nights: NIGHTS };

/** A day as the calendar's day buttons name it (the browser's own Intl, so the format matches). */
function dayName(page: Page, ymd: string, locale: string): Promise<string> {
  return page.evaluate(
    ([date, loc]) =>
      new Intl.DateTimeFormat(loc, { dateStyle: "full", timeZone: "UTC" }).format(
        new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)) - 1, Number(date.slice(6, 8)))),
      ),
    [ymd, locale] as const,
  );
}

/** A name that starts with the text as it is (no pattern characters). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

/** `1.234,50 EUR` (SPEC §9: Italian style with the currency code) to a number. */
function amountOf(text: string): number {
  const match = /(\d{1,3}(?:\.\d{3})*,\d{2})\s?EUR/.exec(text);
  if (!match?.[1]) throw new Error(`no EUR amount in ${JSON.stringify(text)}`);
  return Number(match[1].replaceAll(".", "").replace(",", "."));
}
const EUR = /^\d{1,3}(\.\d{3})*,\d{2}\sEUR$/;

/** The first rate of the given room card of a slot: its names, total and cancellation terms as the guest reads them. */
async function readRate(slot: Locator, roomIndex: number) {
  const room = slot.getByRole("article").filter({ has: slot.page().getByRole("heading", { level: 3 }) });
  const card = room.nth(roomIndex);
  const roomName = (await card.getByRole("heading", { level: 3 }).textContent())?.trim() ?? "";
  const rate = card
    .getByRole("list", { name: `Rates for ${roomName}` })
    .getByRole("article")
    .first();
  const rateName = (await rate.getByRole("heading", { level: 4 }).textContent())?.trim() ?? "";
  expect(rateName).not.toBe("");
  await expect(rate.getByText(`Total for ${NIGHTS} nights`)).toBeVisible();
  const total = rate.getByText(EUR).first();
  await expect(total).toBeVisible();
  await expect(
    rate.getByText(/^(Free cancellation until \d{1,2} \w{3} \d{4}|Free cancellation|Non-refundable)$/),
  ).toBeVisible();
  return { roomName, rateName, total: amountOf((await total.textContent()) ?? ""), rate };
}

test("search a stay for two rooms, choose both, reload, switch to Italian", async ({
  page,
  request,
  axe,
  capture,
}) => {
  const stay = await findOpenStay(request, STAY);
  await page.goto(ROOMS);
  await expect(
    page.getByRole("heading", { level: 1, name: "Rooms and rates at Hotel Bellavista Riva" }),
  ).toBeVisible();

  // The consent banner (demo channel 1 has optional tags), until the guest answers.
  const cookie = page.getByRole("region", { name: "Cookie consent" });
  await expect(cookie).toBeVisible();
  await capture("rooms page with consent banner");
  await axe("rooms page with consent banner");
  await cookie.getByRole("button", { name: "Reject all" }).click();
  await expect(cookie).toHaveCount(0);

  // Dates: the arrival by keyboard from today (arrows by week and day, Enter), the departure by a click.
  const search = page.getByRole("search", { name: "Search for rooms" });
  await search.getByRole("button", { name: /^Arrival and departure/ }).click();
  const calendar = page.getByRole("dialog", { name: "Choose your dates" });
  await expect(calendar).toBeVisible();
  const todayName = await dayName(page, stay.today, "en-GB");
  await expect(calendar.getByRole("button", { name: startsWith(`${todayName}, today`) })).toBeFocused();
  await capture("calendar");
  await axe("calendar");
  for (let i = 0; i < Math.floor(stay.offset / 7); i++) await page.keyboard.press("ArrowDown");
  for (let i = 0; i < stay.offset % 7; i++) await page.keyboard.press("ArrowRight");
  const arrivalName = await dayName(page, stay.arrival, "en-GB");
  await expect(calendar.getByRole("button", { name: startsWith(arrivalName) })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(calendar.getByRole("status")).toContainText("Now choose your departure date.");
  const departureName = await dayName(page, stay.departure, "en-GB");
  const departureDay = calendar.getByRole("button", { name: startsWith(departureName) });
  if (!(await departureDay.isVisible())) await calendar.getByRole("button", { name: "Next month" }).click();
  await departureDay.click();
  await expect(calendar).toBeHidden();
  await expect(search.getByRole("button", { name: /^Arrival and departure/ })).toContainText(
    `${NIGHTS} nights`,
  );

  // Guests: room 1 with 2 adults and a child of 5, a second room with 2 adults.
  await search.getByRole("button", { name: /^Guests and rooms/ }).click();
  const room1 = search.getByRole("group", { name: "Room 1", exact: true });
  await expect(room1).toBeVisible();
  await expect(room1.getByRole("group", { name: "Adults in room 1" }).getByRole("status")).toHaveText("2");
  await room1.getByRole("button", { name: "Add a child to room 1" }).click();
  await room1.getByLabel("Age of child 1").selectOption({ label: "5 years" });
  await search.getByRole("button", { name: "Add a room" }).click();
  const room2 = search.getByRole("group", { name: "Room 2", exact: true });
  await expect(room2.getByRole("group", { name: "Adults in room 2" }).getByRole("status")).toHaveText("2");
  await expect(room2.getByRole("group", { name: "Children in room 2" }).getByRole("status")).toHaveText("0");
  await capture("guests manager");
  await axe("guests manager");
  await search.getByRole("button", { name: "Done" }).click();
  await expect(search.getByRole("button", { name: /^Guests and rooms/ })).toHaveAccessibleName(
    "Guests and rooms 4 adults, 1 child · 2 rooms",
  );

  await search.getByRole("button", { name: "Search", exact: true }).click();
  const query = () => new URL(page.url()).searchParams;
  await expect.poll(() => query().get("arrival")).toBe(stay.arrival);
  expect(query().get("departure")).toBe(stay.departure);
  expect(query().get("adults")).toBe("2,2");
  expect(query().get("childs")).toBe("1,0");
  expect(query().get("ages")).toBe("5");

  // Results: slot 1 for 2 adults and the child, slot 2 waits its turn.
  const slot1 = page.getByRole("region", { name: "Room 1 of 2 · 2 adults, 1 child" });
  const slot2 = page.getByRole("region", { name: "Room 2 of 2 · 2 adults" });
  await expect(slot1.getByText("Choose a room and a rate.")).toBeVisible();
  await expect(slot2.getByText("Choose room 1 first.")).toBeVisible();
  const first = await readRate(slot1, 0);
  await capture("results");
  await axe("results");

  await first.rate.getByRole("button", { name: /^Select\b/ }).click();
  await expect(slot1.getByText(first.roomName, { exact: true })).toBeVisible();
  await expect(slot1.getByText(first.rateName, { exact: true })).toBeVisible();
  await expect(slot2.getByText("Choose a room and a rate.")).toBeVisible();
  const second = await readRate(slot2, 1);
  await second.rate.getByRole("button", { name: /^Select\b/ }).click();

  // Both slots say what was chosen; the selection has the sum and lets the guest continue.
  const selection = page.getByRole("region", { name: "Your selection" });
  const expectChosen = async (texts: { room: string; rate: string; total: number }[]) => {
    for (const [slot, chosen] of [slot1, slot2].map((s, i) => [s, texts[i]!] as const)) {
      await expect(slot.getByText(chosen.room, { exact: true })).toBeVisible();
      await expect(slot.getByText(chosen.rate, { exact: true })).toBeVisible();
    }
    await expect(selection.getByText(EUR)).toHaveText(
      new RegExp(`^${formatEur(texts.reduce((sum, t) => sum + t.total, 0))}$`),
    );
  };
  const chosen = [
    { room: first.roomName, rate: first.rateName, total: first.total },
    { room: second.roomName, rate: second.rateName, total: second.total },
  ];
  await expect(selection.getByText("All rooms are chosen.")).toBeVisible();
  await expect(selection.getByRole("button", { name: "Continue" })).toBeEnabled();
  await expectChosen(chosen);
  await capture("both rooms chosen");
  await axe("both rooms chosen");

  // A reload searches the same and restores the choice (session storage); the consent banner stays away.
  await page.reload();
  await expect(slot1.getByRole("heading", { level: 2 })).toBeVisible();
  await expectChosen(chosen);
  await expect(selection.getByText("All rooms are chosen.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  await capture("choice restored after reload");
  await axe("choice restored after reload");

  // Italian: the language segment changes, the search query stays, the texts and the choice follow.
  const before = new URL(page.url()).search;
  await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Italiano" });
  await expect(page).toHaveURL(/\/hotel\/1\/channel\/1\/language\/2\/rooms\?/);
  expect(new URL(page.url()).search).toBe(before);
  await expect(page.locator("html")).toHaveAttribute("lang", /^it\b/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Camere e tariffe di Hotel Bellavista Riva" }),
  ).toBeAttached();
  await expect(page.getByRole("search", { name: "Cerca camere" })).toBeVisible();
  // The chosen rooms and rates by their Italian names (the demo hotel names them in each language).
  const italian = await italianNames(request, query());
  const slotsIt = [
    page.getByRole("region", { name: "Camera 1 di 2 · 2 adulti, 1 bambino" }),
    page.getByRole("region", { name: "Camera 2 di 2 · 2 adulti" }),
  ];
  for (const [i, slot] of slotsIt.entries()) {
    const { room, rate } = chosen[i]!;
    await expect(slot.getByText(italian.get(room) ?? "?", { exact: true })).toBeVisible();
    await expect(slot.getByText(italian.get(rate) ?? "?", { exact: true })).toBeVisible();
    await expect(slot.getByRole("button", { name: `Modifica camera ${i + 1}` })).toBeVisible();
  }
  const selectionIt = page.getByRole("region", { name: "La tua selezione" });
  await expect(selectionIt.getByText("Tutte le camere sono state scelte.")).toBeVisible();
  await expect(selectionIt.getByText(EUR)).toHaveText(
    new RegExp(`^${formatEur(chosen.reduce((sum, t) => sum + t.total, 0))}$`),
  );
  await expect(selectionIt.getByRole("button", { name: "Continua" })).toBeEnabled();
  await capture("choice in Italian");
  await axe("choice in Italian");
});

type AvailAnswer = { availability: { id: number; name: string; rates: { id: number; name: string }[] }[][] };

/** English room and rate names to their Italian ones, from the search call in both languages. */
async function italianNames(
  request: APIRequestContext,
  query: URLSearchParams,
): Promise<Map<string, string>> {
  const answer = async (language: number) => {
    const response = await request.get(`/api/avail.do?hotel=1&channel=1&language=${language}&${query}`);
    expect(response.ok()).toBe(true);
    return ((await response.json()) as AvailAnswer).availability.flat();
  };
  const [en, it] = [await answer(1), await answer(2)];
  const names = new Map<string, string>();
  for (const room of en) {
    const other = it.find((r) => r.id === room.id);
    if (!other) continue;
    names.set(room.name, other.name);
    for (const rate of room.rates) {
      const otherRate = other.rates.find((r) => r.id === rate.id);
      if (otherRate) names.set(rate.name, otherRate.name);
    }
  }
  return names;
}

function formatEur(amount: number): string {
  const [int, dec] = amount.toFixed(2).split(".");
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, "\\.")},${dec}\\sEUR`;
}

test("a search URL with past dates and 0 adults: a polite notice of what changed, and the corrected URL", async ({
  page,
  request,
}) => {
  const { today } = await findOpenStay(request, STAY);
  await page.goto(`${ROOMS}?arrival=20200110&departure=20200113&adults=0`);
  const notice = page.getByRole("status").filter({ hasText: "We adjusted your search:" });
  await expect(notice).toContainText("The arrival date had already passed");
  await expect(notice).toContainText("Each room takes from 1 to 20 adults");
  // The URL now carries the search made: from today (or last night just after midnight), same 3 nights, 1 adult.
  await expect(page).toHaveURL(/[?&]adults=1(&|$)/);
  const url = new URL(page.url());
  const arrival = url.searchParams.get("arrival") ?? "";
  expect([today, addDays(today, -1)]).toContain(arrival);
  expect(url.searchParams.get("departure")).toBe(addDays(arrival, NIGHTS));
  await expect(page.getByRole("button", { name: /^Guests and rooms 1 adult · 1 room/ })).toBeVisible();
});

test("a child's age has no default: Search waits until it is chosen, and says so at the select", async ({
  page,
  request,
}) => {
  const stay = await findOpenStay(request, STAY);
  await page.goto(`${ROOMS}?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`);
  const search = page.getByRole("search", { name: "Search for rooms" });
  await search.getByRole("button", { name: /^Guests and rooms/ }).click();
  await search.getByRole("button", { name: "Add a child to room 1" }).click();
  const age = search.getByRole("combobox", { name: "Age of child 1" });
  await expect(age).toHaveValue("");
  await expect(age.locator("option:checked")).toHaveText("Age");
  await search.getByRole("button", { name: "Done" }).click();
  await search.getByRole("button", { name: "Search", exact: true }).click();
  await expect(age).toBeFocused();
  await expect(age).toHaveAttribute("aria-invalid", "true");
  await expect(age).toHaveAccessibleDescription("Choose the age of this child");
  expect(new URL(page.url()).searchParams.get("childs")).toBeNull();
  await age.selectOption("6");
  await expect(age).not.toHaveAttribute("aria-invalid", "true");
  await search.getByRole("button", { name: "Done" }).click();
  await search.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/[?&]ages=6(&|$)/);
});

test("the calendar gives focus back to its button when it closes by Escape or by choosing", async ({
  page,
  request,
}) => {
  const stay = await findOpenStay(request, STAY);
  await page.goto(`${ROOMS}?arrival=${stay.arrival}&departure=${stay.departure}&adults=2`);
  const dates = page.getByRole("button", { name: /^Arrival and departure/ });
  await dates.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Choose your dates" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(dates).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  // Each key waits for the focus the one before it moved: a key pressed before the calendar has drawn its answer
  // (a busy CI machine) would land on the day that had focus before.
  const focusedDay = page.locator(":focus");
  await expect(focusedDay).toHaveAttribute("data-date", stay.arrival);
  await page.keyboard.press("Enter"); // the focused arrival day
  await expect(dialog.getByRole("status")).toContainText("choose your departure");
  await page.keyboard.press("ArrowRight");
  await expect(focusedDay).toHaveAttribute("data-date", addDays(stay.arrival, 1));
  await page.keyboard.press("Enter"); // one night later
  await expect(dialog).toBeHidden();
  await expect(dates).toBeFocused();
});
