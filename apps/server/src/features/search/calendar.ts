import type { CalendarQuery, CalendarResponse } from "@alloggio/domain/contract/search/calendar";
import type {
  PriceCalendarQuery,
  PriceCalendarResponse,
} from "@alloggio/domain/contract/search/price-calendar";
import { fromMinor } from "@alloggio/domain/money/money";
import { addDays, todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import { badInput, notFound } from "../../http/errors";
import { findCalendarDays, findCheapestOneNightPrices, findPriceCalendarHotel } from "./repository";
import type { SearchDeps } from "./service";

/** How many days `calendar.do` covers from hotel-local today. */
export const CALENDAR_DAYS = 400;

/**
 * `calendar.do`: per day from hotel-local today, whether the hotel is closed, whether a room is free, and the
 * arrival restrictions of the rates sold on the channel. One statement. `login` adds the trade-only rates.
 */
export async function getCalendar(deps: SearchDeps, q: CalendarQuery): Promise<CalendarResponse> {
  const now = deps.now().toISOString();
  const rows = await findCalendarDays(deps.database, now, q, CALENDAR_DAYS);
  const row = rows[0];
  if (!row?.from) throw notFound("hotel", "Unknown hotel or channel");
  return {
    from: row.from,
    days: (row.days ?? []).map(([date, closed, available, cta, ctd, minStay, maxStay]) => ({
      date,
      closed,
      available: available && !closed,
      closedToArrival: cta,
      closedToDeparture: ctd,
      minStay,
      maxStay,
    })),
  };
}

/** The no-availability chart: the cheapest free one-night price per day and per month, 12 months from `from`. */
export async function getPriceCalendar(
  deps: SearchDeps,
  q: PriceCalendarQuery,
): Promise<PriceCalendarResponse> {
  const adults = q.adults[0] ?? 2;
  const hotel = await findPriceCalendarHotel(deps.database, q.hotel, q.channel);
  const h = hotel[0];
  if (!h) throw notFound("hotel", "Unknown hotel or channel");
  const today = todayInZone(deps.now(), h.time_zone);
  const from = q.from ?? today;
  if (from < today) throw badInput("from", "cannot be in the past");
  const to = addDays(from, 366);
  const rows = await findCheapestOneNightPrices(deps.database, q.hotel, q.channel, adults, from, to);
  const byDay = new Map(rows.map((r) => [r.day, r.price]));
  const days: PriceCalendarResponse["days"] = [];
  const months = new Map<string, number | null>();
  for (let d = from; d < to; d = addDays(d, 1)) {
    const minor = byDay.get(d) ?? null;
    const price = minor === null ? null : fromMinor(minor, h.digits);
    days.push({ date: d, price });
    const month = d.slice(0, 6);
    const prev = months.get(month) ?? null;
    if (!months.has(month) || (price !== null && (prev === null || price < prev))) months.set(month, price);
  }
  return { currency: h.code, days, months: [...months].map(([month, price]) => ({ month, price })) };
}
