import { describe, expect, it } from "vitest";
import { parseCalendar, unescapeCalendarText as unescapeText } from "../../testing/mail-test-kit";
import { type AllDayEvent, escapeText, foldLine, writeAllDayEvent } from "./ics";

const event = (over: Partial<AllDayEvent> = {}): AllDayEvent => ({
  start: "2030-01-10",
  end: "2030-01-14",
  uid: "ABCDEFGH23456789@alloggio",
  summary: "Hotel Lago & Spa – ABCDEFGH23456789",
  description:
    "Reservation code: ABCDEFGH23456789\nCheck-in: from 14:00 to 22:00\nView your reservation: https://book.example.test/hotel/1/channel/1/language/1/voucher/code/ABCDEFGH23456789/email/ada%2Blake%40example.test",
  location: "Hotel Lago & Spa, Via del Lago 1; Bardolino, 37011, Italia",
  url: "https://book.example.test/hotel/1/channel/1/language/1/voucher/code/ABCDEFGH23456789/email/ada%2Blake%40example.test",
  status: "CONFIRMED",
  stamp: new Date("2030-01-05T10:00:00.789Z"),
  productId: "alloggio/reservation-mail",
  ...over,
});

describe("ics writer", () => {
  it("writes one all-day event that reads back field by field", () => {
    const text = writeAllDayEvent(event());
    const lines = parseCalendar(text);
    expect(lines.map((l) => l.name)).toEqual([
      "BEGIN",
      "VERSION",
      "CALSCALE",
      "PRODID",
      "METHOD",
      "BEGIN",
      "UID",
      "DTSTAMP",
      "DTSTART",
      "DTEND",
      "SUMMARY",
      "DESCRIPTION",
      "LOCATION",
      "URL",
      "STATUS",
      "END",
      "END",
    ]);
    const field = (name: string) => lines.find((l) => l.name === name)!;
    expect(lines[0]?.value).toBe("VCALENDAR");
    expect(lines[5]?.value).toBe("VEVENT");
    expect(field("VERSION").value).toBe("2.0");
    expect(field("METHOD").value).toBe("PUBLISH");
    expect(field("DTSTART")).toEqual({ name: "DTSTART", params: "VALUE=DATE", value: "20300110" });
    expect(field("DTEND")).toEqual({ name: "DTEND", params: "VALUE=DATE", value: "20300114" });
    expect(field("DTSTAMP").value).toBe("20300105T100000Z");
    expect(field("UID").value).toBe("ABCDEFGH23456789@alloggio");
    expect(unescapeText(field("SUMMARY").value)).toBe("Hotel Lago & Spa – ABCDEFGH23456789");
    expect(unescapeText(field("DESCRIPTION").value)).toBe(event().description);
    expect(unescapeText(field("LOCATION").value)).toBe(event().location);
    expect(field("LOCATION").value).toContain("Hotel Lago & Spa\\, Via del Lago 1\\; Bardolino");
    expect(field("URL").value).toBe(event().url);
    expect(field("STATUS").value).toBe("CONFIRMED");
  });

  it("folds every line at 75 octets with CRLF and a space, never inside a UTF-8 character", () => {
    const summary = `Albergo “Città” – ${"é日本語🏨".repeat(30)}`;
    const text = writeAllDayEvent(event({ summary }));
    const physical = text.slice(0, -2).split("\r\n");
    for (const line of physical) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
      // Each physical line is whole UTF-8: no replacement character after a round trip.
      expect(Buffer.from(line, "utf8").toString("utf8")).toBe(line);
    }
    expect(physical.some((l) => l.startsWith(" "))).toBe(true);
    const lines = parseCalendar(text);
    expect(unescapeText(lines.find((l) => l.name === "SUMMARY")!.value)).toBe(summary);
    expect(unescapeText(lines.find((l) => l.name === "DESCRIPTION")!.value)).toBe(event().description);
  });

  it("folds exactly at the limit: 75 octets stay on one line, 76 take two", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
    expect(foldLine(`${"x".repeat(74)}é`)).toBe(`${"x".repeat(74)}\r\n é`);
    // A continuation holds 74 octets after its space.
    expect(foldLine("x".repeat(75 + 74 + 1))).toBe(`${"x".repeat(75)}\r\n ${"x".repeat(74)}\r\n x`);
  });

  it("escapes TEXT values and leaves the rest out when empty", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    const lines = parseCalendar(
      writeAllDayEvent(event({ description: "", location: undefined, url: undefined, status: "TENTATIVE" })),
    );
    expect(lines.map((l) => l.name)).not.toContain("DESCRIPTION");
    expect(lines.map((l) => l.name)).not.toContain("LOCATION");
    expect(lines.map((l) => l.name)).not.toContain("URL");
    expect(lines.find((l) => l.name === "STATUS")?.value).toBe("TENTATIVE");
  });

  it("reads back as a strict reader wants it: CRLF only, CRLF at the end", () => {
    expect(() => parseCalendar("BEGIN:VCALENDAR\nEND:VCALENDAR\r\n")).toThrow(/CRLF/);
    expect(() => parseCalendar("BEGIN:VCALENDAR\r\nEND:VCALENDAR")).toThrow(/CRLF/);
  });

  it("refuses a day that is not one, and an event that ends before it starts", () => {
    expect(() => writeAllDayEvent(event({ start: "2030-1-10" }))).toThrow(/calendar day/);
    expect(() => writeAllDayEvent(event({ end: "2030-01-10" }))).toThrow(/end after/);
    expect(() => writeAllDayEvent(event({ stamp: new Date(Number.NaN) }))).toThrow(/DTSTAMP/);
  });
});
