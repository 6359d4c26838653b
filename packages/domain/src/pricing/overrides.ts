import { fromMinor, toMinor } from "../money/money";
import { formatDdMmYyyy, parseDdMmYyyy, type Ymd } from "../stay-dates/stay-dates";

/** A signed total for one room, rate and exact stay; `signed` is the text the signature covers. */
export type PriceOverride = {
  roomId: number;
  rateId: number;
  arrival: Ymd;
  departure: Ymd;
  /** Major units. */
  total: number;
  signed: string;
  signature: string;
};

export type OverrideTerms = Pick<PriceOverride, "roomId" | "rateId" | "arrival" | "departure" | "total">;

export type OverrideKey = Pick<PriceOverride, "roomId" | "rateId" | "arrival" | "departure">;

export type HpccParse = { ok: true; overrides: PriceOverride[] } | { ok: false; reason: string };

export const MAX_OVERRIDES = 20;
export const MAX_OVERRIDE_TOTAL = 10_000_000;

const ENTRY_SEPARATOR = ",";
const FIELD_SEPARATOR = "~";
const ID_PATTERN = /^[1-9]\d{0,8}$/;
const TOTAL_PATTERN = /^\d{1,8}(\.\d{1,3})?$/;
const SIGNATURE_PATTERN = /^[0-9a-f]{16,64}$/;

type EntryParse = { ok: true; override: PriceOverride } | { ok: false; reason: string };

function parseEntry(entry: string): EntryParse {
  const fields = entry.split(FIELD_SEPARATOR);
  if (fields.length !== 6)
    return { ok: false, reason: "expected roomId~rateId~arrival~departure~total~signature" };
  const [roomText = "", rateText = "", arrivalText = "", departureText = "", totalText = "", signature = ""] =
    fields;
  if (!ID_PATTERN.test(roomText)) return { ok: false, reason: "invalid room id" };
  if (!ID_PATTERN.test(rateText)) return { ok: false, reason: "invalid rate id" };
  const arrival = parseDdMmYyyy(arrivalText);
  if (arrival === null || arrivalText !== arrivalText.trim())
    return { ok: false, reason: "invalid arrival date" };
  const departure = parseDdMmYyyy(departureText);
  if (departure === null || departureText !== departureText.trim()) {
    return { ok: false, reason: "invalid departure date" };
  }
  if (departure <= arrival) return { ok: false, reason: "departure must be after arrival" };
  const total = Number(totalText);
  if (!TOTAL_PATTERN.test(totalText) || total <= 0 || total > MAX_OVERRIDE_TOTAL) {
    return { ok: false, reason: `total must be a positive decimal up to ${MAX_OVERRIDE_TOTAL}` };
  }
  if (!SIGNATURE_PATTERN.test(signature)) return { ok: false, reason: "invalid signature" };
  return {
    ok: true,
    override: {
      roomId: Number(roomText),
      rateId: Number(rateText),
      arrival,
      departure,
      total,
      signed: fields.slice(0, 5).join(FIELD_SEPARATOR),
      signature,
    },
  };
}

function isSameKey(a: OverrideKey, b: OverrideKey): boolean {
  return (
    a.roomId === b.roomId && a.rateId === b.rateId && a.arrival === b.arrival && a.departure === b.departure
  );
}

/**
 * Parses the `hpcc` query value: entries `roomId~rateId~DD/MM/YYYY~DD/MM/YYYY~total~signature` joined by `,`.
 * Signatures are only checked for shape here; verifying them needs the secret and belongs to the server.
 */
export function parseHpcc(value: string): HpccParse {
  if (value === "") return { ok: false, reason: "no overrides" };
  const entries = value.split(ENTRY_SEPARATOR);
  if (entries.length > MAX_OVERRIDES) return { ok: false, reason: `at most ${MAX_OVERRIDES} overrides` };
  const overrides: PriceOverride[] = [];
  for (const [index, entry] of entries.entries()) {
    const parsed = parseEntry(entry);
    if (!parsed.ok) return { ok: false, reason: `entry ${index + 1}: ${parsed.reason}` };
    if (overrides.some((existing) => isSameKey(existing, parsed.override))) {
      return { ok: false, reason: `entry ${index + 1}: duplicate room, rate and dates` };
    }
    overrides.push(parsed.override);
  }
  return { ok: true, overrides };
}

/** The signed part of an entry; the total is written with at most 3 decimals so it parses back unchanged. */
export function formatOverride(o: OverrideTerms): string {
  if (!Number.isFinite(o.total) || o.total <= 0 || o.total > MAX_OVERRIDE_TOTAL) {
    throw new RangeError(`Invalid override total: ${o.total}`);
  }
  const total = String(fromMinor(toMinor(o.total, 3), 3));
  return [o.roomId, o.rateId, formatDdMmYyyy(o.arrival), formatDdMmYyyy(o.departure), total].join(
    FIELD_SEPARATOR,
  );
}

function assertNights(nights: number): void {
  if (!Number.isInteger(nights) || nights < 1)
    throw new RangeError(`Nights must be a positive integer: ${nights}`);
}

/** Integers summing exactly to `totalMinor`, at most 1 apart, the remainder on the first nights. */
export function spreadEvenly(totalMinor: number, nights: number): number[] {
  assertNights(nights);
  if (!Number.isSafeInteger(totalMinor)) throw new RangeError(`Total must be a safe integer: ${totalMinor}`);
  const base = Math.floor(totalMinor / nights);
  const remainder = totalMinor - base * nights;
  return Array.from({ length: nights }, (_, night) => (night < remainder ? base + 1 : base));
}

/**
 * Like spreadEvenly, but every night is a multiple of `step` minor units (5 for CHF) except the last,
 * which takes what is left so the sum stays exact. A step of 0 or 1 means no cash rounding.
 */
export function spreadEvenlyWithStep(totalMinor: number, nights: number, step: number): number[] {
  if (!Number.isInteger(step) || step < 0)
    throw new RangeError(`Step must be a non-negative integer: ${step}`);
  if (step <= 1) return spreadEvenly(totalMinor, nights);
  const steps = Math.floor(totalMinor / step);
  const leftover = totalMinor - steps * step;
  const spread = spreadEvenly(steps, nights).map((count) => count * step);
  spread[nights - 1] = (spread[nights - 1] ?? 0) + leftover;
  return spread;
}

export function findOverride(overrides: readonly PriceOverride[], key: OverrideKey): PriceOverride | null {
  return overrides.find((override) => isSameKey(override, key)) ?? null;
}
