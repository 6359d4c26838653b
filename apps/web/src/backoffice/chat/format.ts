// Times in the inbox: today's as a time, older ones with their date (the browser's time zone).

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** A list row's time: "14:05" today, "24 Nov" this year, "24/11/2025" before. */
export function shortTime(iso: string, locale: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  if (sameDay(at, now)) return new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(at);
  if (at.getFullYear() === now.getFullYear())
    return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short" }).format(at);
  return new Intl.DateTimeFormat(locale, { dateStyle: "short" }).format(at);
}

/** A message's time: "14:05" today, "24 Nov, 14:05" this year, with the year before. */
export function messageTime(iso: string, locale: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  if (sameDay(at, now)) return new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(at);
  // Hours as the locale writes them in a short time ("09:05" in en-GB, "9:05 AM" in en-US).
  const cycle = new Intl.DateTimeFormat(locale, { timeStyle: "short" }).resolvedOptions().hourCycle;
  const options: Intl.DateTimeFormatOptions = {
    day: "numeric",
    month: "short",
    hour: cycle === "h23" || cycle === "h24" ? "2-digit" : "numeric",
    minute: "2-digit",
  };
  if (at.getFullYear() !== now.getFullYear()) options.year = "numeric";
  return new Intl.DateTimeFormat(locale, options).format(at);
}

/** A full date and time, for a `<time>` element's title. */
export function fullTime(iso: string, locale: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(at);
}
