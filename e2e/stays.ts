import type { APIRequestContext } from "@playwright/test";
import { addDays } from "./dates";
import { expect } from "./fixtures";

// The stays the journeys book or search, found in the hotel's calendar (calendar.do) so no date is hard-coded.

/** One day of calendar.do. */
export type CalendarDay = {
  date: string;
  closed: boolean;
  available: boolean;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  minStay: number;
  maxStay: number | null;
};

/** calendar.do of a hotel on channel 1: `from` is the hotel's today, then one entry a day. */
export async function calendar(request: APIRequestContext, hotel = 1) {
  const response = await request.get(`/api/calendar.do?hotel=${hotel}&channel=1`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { from: string; days: CalendarDay[] };
}

/** A day the hotel sells: open, with a free room. */
export const isOpen = (d: CalendarDay | undefined) => d !== undefined && !d.closed && d.available;

export type StayWanted = {
  /** The first arrival tried, in days from the hotel's today. */
  from: number;
  /** How many arrivals are tried, one a day from `from` (60). */
  within?: number;
  nights: number;
  /** Nights after the departure that must be open too, for a journey that later moves or lengthens the stay (0). */
  spare?: number;
  hotel?: number;
  /** A further test of a stay the calendar leaves open (e.g. asking the server for it); the first accepted wins. */
  accept?: (stay: { arrival: string; departure: string }, request: APIRequestContext) => Promise<boolean>;
};

/**
 * The hotel's today and the first arrival at least `from` days ahead where a stay of `nights` is open in calendar.do:
 * every night open, the arrival not closed to arrival, its minimum and maximum stay allowing `nights`, the departure
 * not closed to departure, and `spare` more nights open after it. `offset` is the arrival in days from today.
 */
export async function findOpenStay(request: APIRequestContext, wanted: StayWanted) {
  const { from, within = 60, nights, spare = 0, hotel = 1, accept } = wanted;
  const cal = await calendar(request, hotel);
  const days = new Map(cal.days.map((d) => [d.date, d]));
  for (let offset = from; offset < from + within; offset++) {
    const arrival = addDays(cal.from, offset);
    const first = days.get(arrival);
    const departure = addDays(arrival, nights);
    if (
      first &&
      !first.closedToArrival &&
      first.minStay <= nights &&
      (first.maxStay ?? nights) >= nights &&
      Array.from({ length: nights + spare }, (_, i) => days.get(addDays(arrival, i))).every(isOpen) &&
      !days.get(departure)?.closedToDeparture &&
      (!accept || (await accept({ arrival, departure }, request)))
    )
      return { today: cal.from, arrival, departure, offset };
  }
  throw new Error(
    `no open ${nights}-night stay ${from} to ${from + within - 1} days ahead in the calendar of hotel ${hotel}`,
  );
}
