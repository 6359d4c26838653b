import { describe, expect, it } from "vitest";
import { findWalkInNight } from "./walk-in-night";

// Instants in UTC; the hotel's zone decides the hour. Summer time is in force on the June dates.
describe("findWalkInNight", () => {
  it.each([
    // Europe/Rome (UTC+2 in June, UTC+1 in January)
    ["2030-06-10T17:59:00Z", "Europe/Rome", null], // 19:59
    ["2030-06-10T18:00:00Z", "Europe/Rome", ["20300610", "20300611"]], // 20:00
    ["2030-06-10T21:59:00Z", "Europe/Rome", ["20300610", "20300611"]], // 23:59
    ["2030-06-10T22:00:00Z", "Europe/Rome", ["20300610", "20300611"]], // 00:00 on the 11th: the night of the 10th
    ["2030-06-10T23:00:00Z", "Europe/Rome", ["20300610", "20300611"]], // 01:00 on the 11th
    ["2030-06-11T01:59:00Z", "Europe/Rome", ["20300610", "20300611"]], // 03:59 on the 11th
    ["2030-06-11T02:00:00Z", "Europe/Rome", null], // 04:00
    ["2030-06-11T10:00:00Z", "Europe/Rome", null], // noon
    ["2030-01-15T19:00:00Z", "Europe/Rome", ["20300115", "20300116"]], // 20:00 in winter
    ["2030-01-15T18:59:00Z", "Europe/Rome", null], // 19:59 in winter
    // Europe/Zurich, at the end of a month and a year
    ["2030-12-31T19:30:00Z", "Europe/Zurich", ["20301231", "20310101"]], // 20:30 on 31 Dec
    ["2030-12-31T23:30:00Z", "Europe/Zurich", ["20301231", "20310101"]], // 00:30 on 1 Jan
    ["2031-03-01T00:30:00Z", "Europe/Zurich", ["20310228", "20310301"]], // 01:30 on 1 Mar
    // America/New_York (UTC−4 in June): the evening there is the next UTC day
    ["2030-06-11T00:00:00Z", "America/New_York", ["20300610", "20300611"]], // 20:00 on the 10th
    ["2030-06-11T05:30:00Z", "America/New_York", ["20300610", "20300611"]], // 01:30 on the 11th
    ["2030-06-11T08:00:00Z", "America/New_York", null], // 04:00
    ["2030-06-10T23:59:00Z", "America/New_York", null], // 19:59
    // Asia/Tokyo (UTC+9, no summer time)
    ["2030-06-10T11:00:00Z", "Asia/Tokyo", ["20300610", "20300611"]], // 20:00
    ["2030-06-10T18:59:00Z", "Asia/Tokyo", ["20300610", "20300611"]], // 03:59 on the 11th
    ["2030-06-10T19:00:00Z", "Asia/Tokyo", null], // 04:00
    // Pacific/Auckland (UTC+12 in June): ahead of UTC by a day
    ["2030-06-10T08:00:00Z", "Pacific/Auckland", ["20300610", "20300611"]], // 20:00
    ["2030-06-10T14:00:00Z", "Pacific/Auckland", ["20300610", "20300611"]], // 02:00 on the 11th
    // Asia/Kolkata (UTC+5:30)
    ["2030-06-10T14:29:00Z", "Asia/Kolkata", null], // 19:59
    ["2030-06-10T14:30:00Z", "Asia/Kolkata", ["20300610", "20300611"]], // 20:00
    ["2030-06-10T22:29:00Z", "Asia/Kolkata", ["20300610", "20300611"]], // 03:59 on the 11th
    // The night summer time begins in Rome (02:00 → 03:00 on 31 March 2030)
    ["2030-03-31T00:30:00Z", "Europe/Rome", ["20300330", "20300331"]], // 01:30
    ["2030-03-31T01:30:00Z", "Europe/Rome", ["20300330", "20300331"]], // 03:30
    ["2030-03-31T02:00:00Z", "Europe/Rome", null], // 04:00
  ])("%s in %s → %j", (instant, zone, expected) => {
    const night = findWalkInNight(new Date(instant), zone);
    expect(night).toEqual(expected ? { arrival: expected[0], departure: expected[1] } : null);
  });
});
