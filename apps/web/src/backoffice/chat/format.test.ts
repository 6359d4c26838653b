import { describe, expect, it } from "vitest";
import { fullTime, messageTime, shortTime } from "./format";

// The unit project runs in UTC and in Pacific/Auckland: the times read the hotel's clock (Rome), in neither.
const ROME = "Europe/Rome";

describe("chat times", () => {
  // 17:00 in Rome (UTC+1 in winter).
  const now = new Date("2026-11-26T16:00:00Z");

  it("shows today's as a time, this year's as a date, older ones with the year, all in hotel time", () => {
    expect(shortTime("2026-11-26T08:05:00Z", "en-GB", ROME, now)).toBe("09:05");
    // 23:30 UTC the day before is 00:30 today in Rome: today's, as a time.
    expect(shortTime("2026-11-25T23:30:00Z", "en-GB", ROME, now)).toBe("00:30");
    expect(shortTime("2026-11-24T08:05:00Z", "en-GB", ROME, now)).toBe("24 Nov");
    expect(shortTime("2025-11-24T08:05:00Z", "en-GB", ROME, now)).toBe("24/11/2025");
    expect(shortTime("not a time", "en-GB", ROME, now)).toBe("");
  });

  it("gives a message its hotel time, with the day when it is not today", () => {
    expect(messageTime("2026-11-26T08:05:00Z", "en-GB", ROME, now)).toBe("09:05");
    expect(messageTime("2026-11-24T08:05:00Z", "en-GB", ROME, now)).toBe("24 Nov, 09:05");
    expect(messageTime("2025-11-24T08:05:00Z", "en-GB", ROME, now)).toBe("24 Nov 2025, 09:05");
    expect(fullTime("2026-11-24T08:05:00Z", "en-GB", ROME)).toBe("24 Nov 2026, 09:05");
  });
});
