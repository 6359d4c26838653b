// A small iCalendar (RFC 5545) writer for the one event a reservation mail carries: an all-day stay. It replaces
// the `ics` package, whose yup validation of every event was 8 % of the server's CPU in the booking bench (the
// outbox worker renders on the server's event loop, ADR 0047); our input is built by our own code, so the checks
// that matter are here: dates are checked, text is escaped, lines are folded (ADR 0052).

/** A calendar day: an ISO date, YYYY-MM-DD. */
type IsoDay = string;

export type AllDayEvent = {
  /** The first day (DTSTART;VALUE=DATE). */
  start: IsoDay;
  /** The day after the last one: DTEND of an all-day event is exclusive. */
  end: IsoDay;
  uid: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  status: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
  /** DTSTAMP, written in UTC to the second. */
  stamp: Date;
  /** PRODID of the calendar. */
  productId: string;
};

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const octets = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * One content line folded (RFC 5545 §3.1): no line longer than 75 octets, excluding the CRLF; a continuation
 * starts with one space, which counts. A UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const n = octets(char.codePointAt(0) ?? 0);
    if (size + n > 75) {
      parts.push(current);
      current = " ";
      size = 1;
    }
    current += char;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n");
}

function dateValue(day: IsoDay): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new Error(`ics: not a calendar day: ${day}`);
  return `${m[1]}${m[2]}${m[3]}`;
}

function stampValue(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new Error("ics: invalid DTSTAMP");
  // 2030-01-05T10:00:00.000Z → 20300105T100000Z
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

/** A VCALENDAR (METHOD:PUBLISH) with one all-day VEVENT; CRLF line ends, folded lines. */
export function writeAllDayEvent(event: AllDayEvent): string {
  const start = dateValue(event.start);
  const end = dateValue(event.end);
  if (end <= start) throw new Error("ics: the event must end after it starts");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `PRODID:${escapeText(event.productId)}`,
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stampValue(event.stamp)}`,
    `DTSTART;VALUE=DATE:${start}`,
    `DTEND;VALUE=DATE:${end}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    // A URI value (§3.3.13) is not TEXT: no escaping; a line break in it would break the file.
    ...(event.url ? [`URL:${event.url.replace(/[\r\n]/g, "")}`] : []),
    `STATUS:${event.status}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
