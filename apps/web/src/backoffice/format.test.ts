import { describe, expect, it } from "vitest";
import { formatHotelInstant, hotelWallClockInstant } from "./format";

// The unit project runs in UTC and in Pacific/Auckland: neither is the hotel's zone (Rome).
describe("hotel time", () => {
  it("reads a date and time typed in a form as the hotel's clock, not the browser's", () => {
    // "Valid until 8 Jan 2030, 18:00" at a hotel in Rome (UTC+1 in winter, UTC+2 in summer).
    expect(hotelWallClockInstant("2030-01-08", "18:00", "Europe/Rome")).toBe("2030-01-08T17:00:00.000Z");
    expect(hotelWallClockInstant("2030-07-08", "18:00", "Europe/Rome")).toBe("2030-07-08T16:00:00.000Z");
    expect(hotelWallClockInstant("2030-01-08", "", "Europe/Rome")).toBe("2030-01-07T23:00:00.000Z");
    expect(hotelWallClockInstant("", "18:00", "Europe/Rome")).toBe("");
    expect(hotelWallClockInstant("2030-01-08", "25:00", "Europe/Rome")).toBe("");
  });

  it("writes an instant in hotel time, in the page language's format", () => {
    expect(formatHotelInstant("2030-01-08T17:00:00.000Z", "en", "Europe/Rome")).toBe("8 Jan 2030, 18:00");
    expect(formatHotelInstant("2030-01-08T17:00:00.000Z", "de", "Europe/Rome")).toBe("08.01.2030, 18:00");
  });
});
