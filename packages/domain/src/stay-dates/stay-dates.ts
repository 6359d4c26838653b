/** A hotel-local calendar day written `YYYYMMDD`. */
export type Ymd = string;

export type LocalTime = { ymd: Ymd; hour: number; minute: number };

const MIN_YEAR = 2000;
const MAX_YEAR = 2200;
const MS_PER_DAY = 86_400_000;

const YMD_PATTERN = /^(\d{4})(\d{2})(\d{2})$/;
const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DD_MM_YYYY_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isValidParts(year: number, month: number, day: number): boolean {
  return (
    year >= MIN_YEAR &&
    year <= MAX_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

function formatParts(year: number, month: number, day: number): Ymd {
  return `${String(year).padStart(4, "0")}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;
}

// A search turns the same few hundred dates to and from day numbers thousands of times (a portal list: per hotel,
// room and night): both directions are remembered, a bounded number of them.
const MEMO_LIMIT = 8192;
const epochDayOf = new Map<string, number>();
const ymdOf = new Map<number, Ymd>();

function remember<K, V>(memo: Map<K, V>, key: K, value: V): V {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

/** Days since 1970-01-01 of a valid Ymd; throws on invalid input because callers must validate first. */
function toEpochDay(ymd: Ymd): number {
  const known = epochDayOf.get(ymd);
  if (known !== undefined) return known;
  const match = YMD_PATTERN.exec(ymd);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (!match || !isValidParts(year, month, day)) throw new RangeError(`Invalid Ymd: ${ymd}`);
  return remember(epochDayOf, ymd, Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

function fromEpochDay(epochDay: number): Ymd {
  const known = ymdOf.get(epochDay);
  if (known !== undefined) return known;
  const date = new Date(epochDay * MS_PER_DAY);
  return remember(
    ymdOf,
    epochDay,
    formatParts(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()),
  );
}

export function isValidYmd(s: string): boolean {
  const match = YMD_PATTERN.exec(s);
  return match !== null && isValidParts(Number(match[1]), Number(match[2]), Number(match[3]));
}

export function ymdToIso(ymd: Ymd): string {
  toEpochDay(ymd);
  return `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
}

export function isoToYmd(iso: string): Ymd {
  const match = ISO_PATTERN.exec(iso);
  const ymd = match ? `${match[1]}${match[2]}${match[3]}` : "";
  if (!isValidYmd(ymd)) throw new RangeError(`Invalid ISO date: ${iso}`);
  return ymd;
}

export function addDays(ymd: Ymd, days: number): Ymd {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be an integer: ${days}`);
  return fromEpochDay(toEpochDay(ymd) + days);
}

export function nightsBetween(arrival: Ymd, departure: Ymd): number {
  return toEpochDay(departure) - toEpochDay(arrival);
}

export function listNights(arrival: Ymd, departure: Ymd): Ymd[] {
  const start = toEpochDay(arrival);
  const count = toEpochDay(departure) - start;
  return Array.from({ length: Math.max(0, count) }, (_, i) => fromEpochDay(start + i));
}

// Formatters are costly to build and the set of hotel zones is small.
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function getZoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
      calendar: "gregory",
      numberingSystem: "latn",
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The last answer per zone, by the minute it was for: a list of 100 hotels asks the same zone 100 times. */
const lastLocalTime = new Map<string, { minute: number; local: LocalTime }>();

export function localTimeInZone(now: Date, timeZone: string): LocalTime {
  // Every zone's offset is a whole number of minutes, so the answer is the same all through one minute.
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastLocalTime.get(timeZone);
  if (last && last.minute === minute) return { ...last.local };
  const parts = getZoneFormatter(timeZone).formatToParts(now);
  const read = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value);
  const local = {
    ymd: formatParts(read("year"), read("month"), read("day")),
    hour: read("hour") % 24,
    minute: read("minute"),
  };
  lastLocalTime.set(timeZone, { minute, local });
  return { ...local };
}

/** Until this hotel-local hour a guest may still book the night that began the evening before (a walk-in). */
export const NIGHT_CUTOFF_HOUR = 4;

/** The most nights one stay may have (ADR 0003). Here rather than in the contracts: rules use it without zod. */
export const MAX_NIGHTS = 60;

/**
 * The earliest arrival a guest may book: hotel-local today, or yesterday before NIGHT_CUTOFF_HOUR, so that a
 * guest arriving at 01:00 books the night that is already under way.
 */
export function firstArrivalInZone(now: Date, timeZone: string): Ymd {
  const local = localTimeInZone(now, timeZone);
  return local.hour < NIGHT_CUTOFF_HOUR ? addDays(local.ymd, -1) : local.ymd;
}

export function todayInZone(now: Date, timeZone: string): Ymd {
  return localTimeInZone(now, timeZone).ymd;
}

export function parseDdMmYyyy(s: string): Ymd | null {
  const match = DD_MM_YYYY_PATTERN.exec(s.trim());
  if (!match) return null;
  const ymd = `${match[3]}${match[2]}${match[1]}`;
  return isValidYmd(ymd) ? ymd : null;
}

export function formatDdMmYyyy(ymd: Ymd): string {
  toEpochDay(ymd);
  return `${ymd.slice(6, 8)}/${ymd.slice(4, 6)}/${ymd.slice(0, 4)}`;
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(ymd: Ymd): number {
  // 1970-01-01 was a Thursday (4).
  return (((toEpochDay(ymd) + 4) % 7) + 7) % 7;
}

/** `YYYYMM` of a day. */
export function monthOf(ymd: Ymd): string {
  toEpochDay(ymd);
  return ymd.slice(0, 6);
}

/** The zone's offset from UTC at `epochMs`, in minutes (east positive), read to the minute. */
function offsetMinutesAt(epochMs: number, timeZone: string): number {
  const atMinute = Math.floor(epochMs / 60_000) * 60_000;
  const local = localTimeInZone(new Date(atMinute), timeZone);
  const wall = toEpochDay(local.ymd) * MS_PER_DAY + (local.hour * 60 + local.minute) * 60_000;
  return (wall - atMinute) / 60_000;
}

/**
 * The instant a hotel-local wall-clock time happens. Times that happen twice (the hour repeated when clocks fall
 * back) give the first; times that never happen (the hour skipped when clocks spring forward) move forward by the
 * gap, so 02:30 on a spring-forward night in Rome is 03:30 CEST. Hence `instantInZone(day, 0, 0, zone)` is always
 * the day's first instant, also in zones that change clocks at midnight. Independent of the process time zone.
 */
export function instantInZone(ymd: Ymd, hour: number, minute: number, timeZone: string): Date {
  if (
    !Number.isInteger(hour) ||
    hour < 0 ||
    hour > 23 ||
    !Number.isInteger(minute) ||
    minute < 0 ||
    minute > 59
  )
    throw new RangeError(`Invalid time: ${hour}:${minute}`);
  const wall = toEpochDay(ymd) * MS_PER_DAY + (hour * 60 + minute) * 60_000;
  // A zone changes its offset at most once within a day either side, so the offsets a day before and after are
  // the only candidates.
  const before = offsetMinutesAt(wall - MS_PER_DAY, timeZone);
  const after = offsetMinutesAt(wall + MS_PER_DAY, timeZone);
  const matches = [before, after]
    .map((offset) => wall - offset * 60_000)
    .filter((t) => wall - offsetMinutesAt(t, timeZone) * 60_000 === t);
  if (matches.length > 0) return new Date(Math.min(...matches));
  // In the gap: read the wall time with the offset in force before the change.
  return new Date(wall - before * 60_000);
}

/** The first instant of a hotel-local day. */
export function startOfDayInZone(ymd: Ymd, timeZone: string): Date {
  return instantInZone(ymd, 0, 0, timeZone);
}
