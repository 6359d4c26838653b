import type { CalendarResponse } from "@alloggio/domain/contract/search/calendar";
import { addDays, dayOfWeek, nightsBetween } from "@alloggio/domain/stay-dates/stay-dates";

/** The longest stay the search accepts (contract/common MAX_NIGHTS; not imported, to keep zod out of the bundle). */
export const MAX_NIGHTS = 60;

type CalendarDay = CalendarResponse["days"][number];

/** Why a day cannot be chosen (SPEC §2 calendar notices, SPEC §5 calendar rules). */
export type DayBlock =
  | {
      reason:
        | "past"
        | "closed"
        | "unavailable"
        | "closedToArrival"
        | "closedToDeparture"
        | "nightUnavailable";
    }
  | { reason: "offer" }
  | { reason: "minStay" | "maxStay"; count: number };

export type DateRules = {
  /** Hotel-local today. */
  today: string;
  days: ReadonlyMap<string, CalendarDay>;
  /** The last day the calendar knows, or null for an empty calendar (nothing known: no hotel restriction). */
  lastDay: string | null;
  /** Offer validity (packages): every night of the stay falls within it. */
  validFrom?: string | undefined;
  validTo?: string | undefined;
};

export function makeRules(
  calendar: CalendarResponse,
  today: string,
  validity: { validFrom?: string | undefined; validTo?: string | undefined } = {},
): DateRules {
  return {
    today: calendar.from && calendar.from > today ? calendar.from : today,
    days: new Map(calendar.days.map((d) => [d.date, d])),
    lastDay: calendar.days.at(-1)?.date ?? null,
    validFrom: validity.validFrom,
    validTo: validity.validTo,
  };
}

/** A night the hotel can sell: known to the calendar, not closed, a room free (an empty calendar knows nothing). */
function nightBlock(date: string, rules: DateRules): DayBlock | null {
  if (rules.lastDay === null) return null;
  const day = rules.days.get(date);
  if (!day || date > rules.lastDay) return { reason: "unavailable" };
  if (day.closed) return { reason: "closed" };
  if (!day.available) return { reason: "unavailable" };
  return null;
}

/** Why `date` cannot be the arrival day, or null when it can. */
export function arrivalBlock(date: string, rules: DateRules): DayBlock | null {
  if (date < rules.today) return { reason: "past" };
  if ((rules.validFrom && date < rules.validFrom) || (rules.validTo && date > rules.validTo))
    return { reason: "offer" };
  const night = nightBlock(date, rules);
  if (night) return night;
  if (rules.days.get(date)?.closedToArrival) return { reason: "closedToArrival" };
  return null;
}

/** The arrival day's stay limits: its minStay and maxStay, within 1..MAX_NIGHTS. */
export function stayLimits(arrival: string, rules: DateRules): { min: number; max: number } {
  const day = rules.days.get(arrival);
  const max = Math.min(day?.maxStay ?? MAX_NIGHTS, MAX_NIGHTS);
  return { min: Math.max(1, day?.minStay ?? 1), max };
}

/** Why `date` cannot be the departure day after `arrival`, or null when it can. */
export function departureBlock(arrival: string, date: string, rules: DateRules): DayBlock | null {
  const nights = nightsBetween(arrival, date);
  if (nights < 1) return arrivalBlock(date, rules);
  if (rules.validTo && addDays(date, -1) > rules.validTo) return { reason: "offer" };
  const { min, max } = stayLimits(arrival, rules);
  if (nights < min) return { reason: "minStay", count: min };
  if (nights > max) return { reason: "maxStay", count: max };
  for (let night = addDays(arrival, 1); night < date; night = addDays(night, 1)) {
    if (nightBlock(night, rules)) return { reason: "nightUnavailable" };
  }
  if (rules.days.get(date)?.closedToDeparture) return { reason: "closedToDeparture" };
  return null;
}

/** `YYYYMM` plus or minus months. */
export function addMonths(ym: string, months: number): string {
  const index = Number(ym.slice(0, 4)) * 12 + Number(ym.slice(4, 6)) - 1 + months;
  return `${Math.floor(index / 12)}${String((index % 12) + 1).padStart(2, "0")}`;
}

export function daysInMonth(ym: string): number {
  return Number(addDays(`${addMonths(ym, 1)}01`, -1).slice(6, 8));
}

/** The same day of the month `months` later, on the month's last day when shorter. */
export function addMonthsToDay(ymd: string, months: number): string {
  const ym = addMonths(ymd.slice(0, 6), months);
  const day = Math.min(Number(ymd.slice(6, 8)), daysInMonth(ym));
  return `${ym}${String(day).padStart(2, "0")}`;
}

/** The weeks of a month as rows of 7 cells, null outside the month; weeks start on `firstDay` (0 = Sunday). */
export function monthWeeks(ym: string, firstDay: number): (string | null)[][] {
  const first = `${ym}01`;
  const lead = (dayOfWeek(first) - firstDay + 7) % 7;
  const count = daysInMonth(ym);
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 0; d < count; d++) cells.push(addDays(first, d));
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** First day of the week of a locale (0 = Sunday), from Intl week info where the browser has it, else Monday. */
export function firstDayOfWeek(locale: string): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const week = info.getWeekInfo?.() ?? info.weekInfo;
    if (week) return week.firstDay % 7;
  } catch {
    // An unknown locale: fall through.
  }
  return 1;
}
