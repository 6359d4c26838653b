import { LANGUAGES } from "@alloggio/domain/i18n/languages";
import { instantInZone } from "@alloggio/domain/stay-dates/stay-dates";
import { formatHotelTime } from "../lib/format";
import { formatMoney } from "../lib/money";

// How the back office writes money, days and times: money in the product's one style (the domain's formatMoney,
// "302,00 EUR"), hotel-local days and instants in the page language's own date format.

/** The product's language entry of a page language ("en", "de", "zh"…). */
function languageOf(language: string) {
  const code = language.slice(0, 2);
  return LANGUAGES.find((l) => l.text === code && l.id !== 7) ?? LANGUAGES[0];
}

/** The date locale of a page language (English pages read British dates, as the guest pages do). */
export function dateLocaleOf(language: string): string {
  return languageOf(language).locale;
}

/**
 * Minor units of a currency (its own digits), written as every page of the product writes money; `asSet` for a
 * price staff set, shown without the cash step.
 */
export function formatMinorIn(
  minor: number,
  currency: string,
  _digits: number,
  language: string,
  asSet = false,
): string {
  return formatMoney({ minor, currency }, { language: languageOf(language).id, asSet });
}

/** A hotel-local calendar day (YYYY-MM-DD), with its weekday: "Fri 5 Jun 2026". */
export function formatHotelDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(dateLocaleOf(language), {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));
}

/** An instant in the hotel's time, in the page language's format ("5 Jan 2030, 18:00" on an English page). */
export function formatHotelInstant(
  iso: string,
  language: string,
  timeZone: string,
  options?: Intl.DateTimeFormatOptions,
): string {
  return formatHotelTime(iso, dateLocaleOf(language), timeZone, options);
}

/**
 * A day (YYYY-MM-DD) and a time (HH:MM, empty for midnight) typed in a form, read on the hotel's clock, as an ISO
 * instant: "valid until 18:00" means 18:00 at the hotel, wherever the person typing it is. "" when either is not valid.
 */
export function hotelWallClockInstant(day: string, time: string, timeZone: string): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time || "00:00");
  if (!d || !t) return "";
  try {
    return instantInZone(`${d[1]}${d[2]}${d[3]}`, Number(t[1]), Number(t[2]), timeZone).toISOString();
  } catch {
    return "";
  }
}
