import { describe, expect, it } from "vitest";
import {
  addDays,
  dayOfWeek,
  firstArrivalInZone,
  formatDdMmYyyy,
  instantInZone,
  isoToYmd,
  isValidYmd,
  listNights,
  localTimeInZone,
  monthOf,
  nightsBetween,
  parseDdMmYyyy,
  startOfDayInZone,
  todayInZone,
  ymdToIso,
} from "./stay-dates";

describe("isValidYmd", () => {
  it.each([
    ["20240229", true],
    ["20230229", false],
    ["21000229", false],
    ["20000229", true],
    ["20241231", true],
    ["20240101", true],
    ["20240431", false],
    ["20241301", false],
    ["20240001", false],
    ["20240100", false],
    ["19991231", false],
    ["20000101", true],
    ["22001231", true],
    ["22010101", false],
    ["2024-01-01", false],
    ["2024011", false],
    ["202401011", false],
    ["", false],
    ["abcdefgh", false],
    [" 20240101", false],
  ])("%j → %s", (input, expected) => {
    expect(isValidYmd(input)).toBe(expected);
  });
});

describe("ymdToIso and isoToYmd", () => {
  it.each([
    ["20240229", "2024-02-29"],
    ["20000101", "2000-01-01"],
    ["22001231", "2200-12-31"],
  ])("%s ⇄ %s", (ymd, iso) => {
    expect(ymdToIso(ymd)).toBe(iso);
    expect(isoToYmd(iso)).toBe(ymd);
  });

  it.each(["2023-02-29", "20240101", "2024-1-01", "2024-01-01T00:00:00Z"])("rejects ISO %j", (iso) => {
    expect(() => isoToYmd(iso)).toThrow(RangeError);
  });

  it.each(["20230229", "2024-01-01"])("rejects Ymd %j", (ymd) => {
    expect(() => ymdToIso(ymd)).toThrow(RangeError);
  });
});

describe("addDays", () => {
  it.each([
    ["20240101", 0, "20240101"],
    ["20240101", 1, "20240102"],
    ["20240131", 1, "20240201"],
    ["20240228", 1, "20240229"],
    ["20240229", 1, "20240301"],
    ["20230228", 1, "20230301"],
    ["20240301", -1, "20240229"],
    ["20230301", -1, "20230228"],
    ["20241231", 1, "20250101"],
    ["20250101", -1, "20241231"],
    ["20240101", 366, "20250101"],
    ["20250101", 365, "20260101"],
    ["20240115", -45, "20231201"],
    // The DST days are ordinary days in calendar math.
    ["20240330", 1, "20240331"],
    ["20240331", 1, "20240401"],
    ["20241027", 1, "20241028"],
    ["20240310", 1, "20240311"],
    ["20241103", 1, "20241104"],
  ])("%s %+d → %s", (ymd, days, expected) => {
    expect(addDays(ymd, days)).toBe(expected);
  });

  it("throws on invalid input", () => {
    expect(() => addDays("20240230", 1)).toThrow(RangeError);
    expect(() => addDays("20240101", 1.5)).toThrow(RangeError);
  });
});

describe("nightsBetween", () => {
  it.each([
    ["20240101", "20240102", 1],
    ["20240101", "20240101", 0],
    ["20240105", "20240101", -4],
    ["20240228", "20240301", 2],
    ["20230228", "20230301", 1],
    ["20241230", "20250102", 3],
    ["20240330", "20240401", 2],
    ["20241026", "20241028", 2],
    ["20240101", "20250101", 366],
  ])("%s → %s = %d", (arrival, departure, expected) => {
    expect(nightsBetween(arrival, departure)).toBe(expected);
  });
});

describe("listNights", () => {
  it.each([
    ["20240101", "20240102", ["20240101"]],
    ["20240228", "20240302", ["20240228", "20240229", "20240301"]],
    ["20241230", "20250102", ["20241230", "20241231", "20250101"]],
    ["20240101", "20240101", []],
    ["20240105", "20240101", []],
  ])("%s → %s", (arrival, departure, expected) => {
    expect(listNights(arrival, departure)).toEqual(expected);
  });
});

describe("localTimeInZone and todayInZone", () => {
  it.each([
    // Midnight edges.
    ["2024-06-15T23:30:00Z", "Europe/Rome", "20240616", 1, 30],
    ["2024-06-15T21:59:00Z", "Europe/Rome", "20240615", 23, 59],
    ["2024-06-15T22:00:00Z", "Europe/Rome", "20240616", 0, 0],
    ["2024-01-15T23:30:00Z", "Europe/Rome", "20240116", 0, 30],
    ["2024-01-15T22:59:00Z", "Europe/Rome", "20240115", 23, 59],
    ["2024-01-01T00:00:00Z", "UTC", "20240101", 0, 0],
    ["2024-01-01T00:00:00Z", "America/New_York", "20231231", 19, 0],
    // Europe/Rome spring forward: 2024-03-31 02:00 CET → 03:00 CEST (01:00 UTC).
    ["2024-03-30T23:30:00Z", "Europe/Rome", "20240331", 0, 30],
    ["2024-03-31T00:59:00Z", "Europe/Rome", "20240331", 1, 59],
    ["2024-03-31T01:00:00Z", "Europe/Rome", "20240331", 3, 0],
    ["2024-03-31T21:59:00Z", "Europe/Rome", "20240331", 23, 59],
    ["2024-03-31T22:00:00Z", "Europe/Rome", "20240401", 0, 0],
    // Europe/Rome fall back: 2024-10-27 03:00 CEST → 02:00 CET (01:00 UTC).
    ["2024-10-26T21:59:00Z", "Europe/Rome", "20241026", 23, 59],
    ["2024-10-26T22:00:00Z", "Europe/Rome", "20241027", 0, 0],
    ["2024-10-27T00:30:00Z", "Europe/Rome", "20241027", 2, 30],
    ["2024-10-27T01:30:00Z", "Europe/Rome", "20241027", 2, 30],
    ["2024-10-27T22:59:00Z", "Europe/Rome", "20241027", 23, 59],
    ["2024-10-27T23:00:00Z", "Europe/Rome", "20241028", 0, 0],
    // America/New_York spring forward: 2024-03-10 02:00 EST → 03:00 EDT (07:00 UTC).
    ["2024-03-10T04:59:00Z", "America/New_York", "20240309", 23, 59],
    ["2024-03-10T05:00:00Z", "America/New_York", "20240310", 0, 0],
    ["2024-03-10T06:59:00Z", "America/New_York", "20240310", 1, 59],
    ["2024-03-10T07:00:00Z", "America/New_York", "20240310", 3, 0],
    ["2024-03-11T03:59:00Z", "America/New_York", "20240310", 23, 59],
    ["2024-03-11T04:00:00Z", "America/New_York", "20240311", 0, 0],
    // America/New_York fall back: 2024-11-03 02:00 EDT → 01:00 EST (06:00 UTC).
    ["2024-11-03T05:30:00Z", "America/New_York", "20241103", 1, 30],
    ["2024-11-03T06:30:00Z", "America/New_York", "20241103", 1, 30],
    ["2024-11-04T04:59:00Z", "America/New_York", "20241103", 23, 59],
    ["2024-11-04T05:00:00Z", "America/New_York", "20241104", 0, 0],
    // Year ends and leap days.
    ["2024-12-31T23:30:00Z", "Europe/Rome", "20250101", 0, 30],
    ["2024-12-31T23:30:00Z", "UTC", "20241231", 23, 30],
    ["2024-12-31T11:00:00Z", "Pacific/Auckland", "20250101", 0, 0],
    ["2025-01-01T07:59:00Z", "America/Los_Angeles", "20241231", 23, 59],
    ["2024-02-28T23:30:00Z", "Europe/Rome", "20240229", 0, 30],
    ["2023-02-28T23:30:00Z", "Europe/Rome", "20230301", 0, 30],
    ["2024-02-29T12:00:00Z", "Asia/Tokyo", "20240229", 21, 0],
    ["2024-07-01T12:00:00Z", "Asia/Kolkata", "20240701", 17, 30],
  ])("%s in %s → %s %d:%d", (instant, zone, ymd, hour, minute) => {
    const now = new Date(instant);
    expect(localTimeInZone(now, zone)).toEqual({ ymd, hour, minute });
    expect(todayInZone(now, zone)).toBe(ymd);
  });

  it("throws on an unknown zone", () => {
    expect(() => todayInZone(new Date("2024-01-01T00:00:00Z"), "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("parseDdMmYyyy and formatDdMmYyyy", () => {
  it.each([
    ["29/02/2024", "20240229"],
    ["01/01/2000", "20000101"],
    ["31/12/2200", "22001231"],
    ["31/12/2024", "20241231"],
    [" 15/08/2024 ", "20240815"],
  ])("%j ⇄ %s", (text, ymd) => {
    expect(parseDdMmYyyy(text)).toBe(ymd);
    expect(formatDdMmYyyy(ymd)).toBe(text.trim());
  });

  it.each([
    "29/02/2023",
    "31/04/2024",
    "00/01/2024",
    "01/13/2024",
    "1/1/2024",
    "01-01-2024",
    "2024/01/01",
    "01/01/1999",
    "01/01/2201",
    "",
  ])("rejects %j", (text) => {
    expect(parseDdMmYyyy(text)).toBeNull();
  });
});

describe("dayOfWeek", () => {
  it.each([
    ["20000101", 6],
    ["20240101", 1],
    ["20240229", 4],
    ["20240331", 0],
    ["20241027", 0],
    ["20241231", 2],
    ["20250101", 3],
    ["22001231", 3],
  ])("%s → %d", (ymd, expected) => {
    expect(dayOfWeek(ymd)).toBe(expected);
    expect(dayOfWeek(ymd)).toBe(new Date(`${ymdToIso(ymd)}T12:00:00Z`).getUTCDay());
  });

  it("throws outside the supported years", () => {
    expect(() => dayOfWeek("19700101")).toThrow(RangeError);
  });
});

describe("monthOf", () => {
  it.each([
    ["20240229", "202402"],
    ["20241231", "202412"],
    ["20000101", "200001"],
  ])("%s → %s", (ymd, expected) => {
    expect(monthOf(ymd)).toBe(expected);
  });
});

describe("firstArrivalInZone", () => {
  it.each([
    ["2030-01-10T02:30:00Z", "Europe/Rome", "20300109"], // 03:30 in Rome: last night is still bookable
    ["2030-01-10T03:00:00Z", "Europe/Rome", "20300110"], // 04:00 in Rome: today
    ["2030-01-10T12:00:00Z", "Europe/Rome", "20300110"],
    ["2030-01-10T08:30:00Z", "America/New_York", "20300109"], // 03:30 in New York
    ["2030-01-10T23:30:00Z", "Europe/Rome", "20300110"], // 00:30 on the 11th: still the 10th's night
  ])("%s in %s → %s", (iso, zone, expected) => {
    expect(firstArrivalInZone(new Date(iso), zone)).toBe(expected);
  });
});

describe("instantInZone and startOfDayInZone", () => {
  it.each<[string, string, number, number, string, string]>([
    ["Rome in winter", "20240115", 23, 59, "Europe/Rome", "2024-01-15T22:59:00.000Z"],
    ["Rome in summer", "20240715", 0, 0, "Europe/Rome", "2024-07-14T22:00:00.000Z"],
    [
      "Rome, spring forward: 02:30 never happens, moves to 03:30",
      "20240331",
      2,
      30,
      "Europe/Rome",
      "2024-03-31T01:30:00.000Z",
    ],
    ["Rome, spring forward: 03:00", "20240331", 3, 0, "Europe/Rome", "2024-03-31T01:00:00.000Z"],
    [
      "Rome, fall back: 02:30 happens twice, the first",
      "20241027",
      2,
      30,
      "Europe/Rome",
      "2024-10-27T00:30:00.000Z",
    ],
    ["Rome, fall back: 03:00 once", "20241027", 3, 0, "Europe/Rome", "2024-10-27T02:00:00.000Z"],
    ["Auckland in January (NZDT)", "20240115", 0, 0, "Pacific/Auckland", "2024-01-14T11:00:00.000Z"],
    [
      "Auckland, spring forward 02:00 → 03:00",
      "20240929",
      2,
      15,
      "Pacific/Auckland",
      "2024-09-28T14:15:00.000Z",
    ],
    ["Auckland, fall back 03:00 → 02:00", "20240407", 2, 30, "Pacific/Auckland", "2024-04-06T13:30:00.000Z"],
    ["New York, spring forward", "20240310", 2, 30, "America/New_York", "2024-03-10T07:30:00.000Z"],
    ["New York, fall back", "20241103", 1, 30, "America/New_York", "2024-11-03T05:30:00.000Z"],
    ["UTC", "20240229", 12, 0, "UTC", "2024-02-29T12:00:00.000Z"],
    [
      "Santiago changes clocks at midnight: the day starts at 01:00",
      "20240908",
      0,
      0,
      "America/Santiago",
      "2024-09-08T04:00:00.000Z",
    ],
  ])("%s", (_name, ymd, hour, minute, zone, expected) => {
    expect(instantInZone(ymd, hour, minute, zone).toISOString()).toBe(expected);
  });

  it("the start of a day reads back as 00:00 of that day, or the first minute after a midnight gap", () => {
    for (const zone of [
      "Europe/Rome",
      "Pacific/Auckland",
      "America/New_York",
      "UTC",
      "Australia/Lord_Howe",
    ]) {
      for (let day = "20240101"; day < "20250101"; day = addDays(day, 1)) {
        const local = localTimeInZone(startOfDayInZone(day, zone), zone);
        expect(local.ymd, `${zone} ${day}`).toBe(day);
        expect(local.hour * 60 + local.minute, `${zone} ${day}`).toBe(0);
      }
    }
  });

  it("refuses a time that is not one", () => {
    expect(() => instantInZone("20240101", 24, 0, "UTC")).toThrow(RangeError);
    expect(() => instantInZone("20240101", 0, 60, "UTC")).toThrow(RangeError);
    expect(() => instantInZone("20240230", 0, 0, "UTC")).toThrow(RangeError);
  });
});
