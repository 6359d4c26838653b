import { describe, expect, it } from "vitest";
import { messageTime, shortTime } from "./format";

// The unit project runs in UTC and in Pacific/Auckland: "now" and the instants are built in the local zone.
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe("chat times", () => {
  const now = local(2026, 11, 26, 16, 0);

  it("shows today's as a time, this year's as a date, older ones with the year", () => {
    expect(shortTime(local(2026, 11, 26, 9, 5).toISOString(), "en-GB", now)).toBe("09:05");
    expect(shortTime(local(2026, 11, 24, 9, 5).toISOString(), "en-GB", now)).toBe("24 Nov");
    expect(shortTime(local(2025, 11, 24, 9, 5).toISOString(), "en-GB", now)).toBe("24/11/2025");
    expect(shortTime("not a time", "en-GB", now)).toBe("");
  });

  it("gives a message its time, with the day when it is not today", () => {
    expect(messageTime(local(2026, 11, 26, 9, 5).toISOString(), "en-GB", now)).toBe("09:05");
    expect(messageTime(local(2026, 11, 24, 9, 5).toISOString(), "en-GB", now)).toBe("24 Nov, 09:05");
    expect(messageTime(local(2025, 11, 24, 9, 5).toISOString(), "en-GB", now)).toBe("24 Nov 2025, 09:05");
  });
});
