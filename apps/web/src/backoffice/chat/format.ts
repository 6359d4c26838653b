import { localTimeInZone } from "@alloggio/domain/stay-dates/stay-dates";
import { formatHotelTime } from "../../lib/format";

// Times in the inbox: today's as a time, older ones with their date — today and the time are the hotel's, whatever
// the browser's zone.

const sameDay = (a: Date, b: Date, timeZone: string) =>
  localTimeInZone(a, timeZone).ymd === localTimeInZone(b, timeZone).ymd;
const sameYear = (a: Date, b: Date, timeZone: string) =>
  localTimeInZone(a, timeZone).ymd.slice(0, 4) === localTimeInZone(b, timeZone).ymd.slice(0, 4);

/** A list row's time: "14:05" today, "24 Nov" this year, "24/11/2025" before. */
export function shortTime(iso: string, locale: string, timeZone: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  if (sameDay(at, now, timeZone)) return formatHotelTime(iso, locale, timeZone, { timeStyle: "short" });
  if (sameYear(at, now, timeZone))
    return formatHotelTime(iso, locale, timeZone, { day: "numeric", month: "short" });
  return formatHotelTime(iso, locale, timeZone, { dateStyle: "short" });
}

/** A message's time: "14:05" today, "24 Nov, 14:05" this year, with the year before. */
export function messageTime(iso: string, locale: string, timeZone: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  if (sameDay(at, now, timeZone)) return formatHotelTime(iso, locale, timeZone, { timeStyle: "short" });
  // Hours as the locale writes them in a short time ("09:05" in en-GB, "9:05 AM" in en-US).
  const cycle = new Intl.DateTimeFormat(locale, { timeStyle: "short" }).resolvedOptions().hourCycle;
  const options: Intl.DateTimeFormatOptions = {
    day: "numeric",
    month: "short",
    hour: cycle === "h23" || cycle === "h24" ? "2-digit" : "numeric",
    minute: "2-digit",
  };
  if (!sameYear(at, now, timeZone)) options.year = "numeric";
  return formatHotelTime(iso, locale, timeZone, options);
}

/** A full date and time, for a `<time>` element's title. */
export function fullTime(iso: string, locale: string, timeZone: string): string {
  return formatHotelTime(iso, locale, timeZone);
}
