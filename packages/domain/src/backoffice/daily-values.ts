import { z } from "zod";
import { addDays, dayOfWeek, isoToYmd, nightsBetween, ymdToIso } from "../stay-dates/stay-dates";

// The rules of a hotel's daily values (allotment, price, stay restrictions) shared by the JSON import and the back
// office's rates calendar: one definition of what a valid value is, and the pure arithmetic of a bulk
// update. Nothing here reads a database.

/** Rooms of one type on one night. */
export const AllotmentSchema = z.number().int().min(0).max(9999);
/** Nights of a minimum or maximum stay. */
export const StayNightsSchema = z.number().int().min(1).max(365);
/** Weekdays, 0 = Sunday … 6 = Saturday (the import's periods and the bulk update use the same numbers). */
export const WeekdaysSchema = z
  .array(z.number().int().min(0).max(6))
  .min(1)
  .max(7)
  .refine((days) => new Set(days).size === days.length, "must not repeat a weekday");
/** The largest nightly price in minor units: stays inside a 32-bit integer whatever the currency's digits. */
export const MAX_PRICE_MINOR = 1_000_000_000;
export const PriceMinorSchema = z.number().int().min(0).max(MAX_PRICE_MINOR);
/** A bulk update spans at most two years. */
export const MAX_BULK_DAYS = 731;

/** Whether a minimum and a maximum stay fit together (either may be absent). */
export function stayRangeValid(
  minStay: number | null | undefined,
  maxStay: number | null | undefined,
): boolean {
  return minStay == null || maxStay == null || minStay <= maxStay;
}

/** Whether a new allotment keeps every room already sold. */
export function allotmentCoversSold(allotment: number, sold: number): boolean {
  return allotment >= sold;
}

/**
 * The days of `from`..`to` (both included, ISO dates) whose weekday is in `weekdays` (0 = Sunday), in order.
 * An absent or full mask keeps every day.
 */
export function daysInRange(from: string, to: string, weekdays?: readonly number[] | null): string[] {
  const start = isoToYmd(from);
  const count = nightsBetween(start, isoToYmd(to)) + 1;
  const mask = weekdays && weekdays.length > 0 ? new Set(weekdays) : null;
  const days: string[] = [];
  for (let i = 0; i < count; i++) {
    const day = addDays(start, i);
    if (!mask || mask.has(dayOfWeek(day))) days.push(ymdToIso(day));
  }
  return days;
}

/** How many days `from`..`to` spans, both included (0 or less when `to` is before `from`). */
export function spanDays(from: string, to: string): number {
  return nightsBetween(isoToYmd(from), isoToYmd(to)) + 1;
}

export type PriceOperation =
  /** The new price, minor units. */
  | { mode: "set"; value: number }
  /** Added (or, negative, taken off), minor units. */
  | { mode: "amount"; value: number }
  /** Percent added (or, negative, taken off); at most two decimals. */
  | { mode: "percent"; value: number };

/** Integer division rounded half away from zero. */
function divideRounded(numerator: number, denominator: number): number {
  const q = Math.floor((Math.abs(numerator) + denominator / 2) / denominator);
  return numerator < 0 ? -q : q;
}

/**
 * The new price of a night: "set" replaces it, "amount" adds minor units, "percent" adds a share rounded half away
 * from zero to whole minor units (computed on integers: 1 000 + 15 % is exactly 1 150). Never below 0, never above
 * MAX_PRICE_MINOR. `current` null (no price that night): only "set" gives one; a relative change gives null.
 */
export function applyPriceOperation(current: number | null, op: PriceOperation): number | null {
  let next: number;
  if (op.mode === "set") next = op.value;
  else if (current === null) return null;
  else if (op.mode === "amount") next = current + op.value;
  else {
    const basisPoints = Math.round(op.value * 100);
    next = current + divideRounded(current * basisPoints, 10_000);
  }
  return Math.min(MAX_PRICE_MINOR, Math.max(0, Math.round(next)));
}

/** A restriction night as stored (sparse: absent = no restriction). */
export type RestrictionValues = {
  closedToArrival: boolean;
  closedToDeparture: boolean;
  minStay: number | null;
  maxStay: number | null;
};

export type RestrictionOperation = {
  closedToArrival?: boolean | undefined;
  closedToDeparture?: boolean | undefined;
  /** A number sets it, null clears it, absent leaves it. */
  minStay?: number | null | undefined;
  maxStay?: number | null | undefined;
};

export const NO_RESTRICTION: RestrictionValues = {
  closedToArrival: false,
  closedToDeparture: false,
  minStay: null,
  maxStay: null,
};

export function applyRestrictionOperation(
  current: RestrictionValues | null,
  op: RestrictionOperation,
): RestrictionValues {
  const base = current ?? NO_RESTRICTION;
  return {
    closedToArrival: op.closedToArrival ?? base.closedToArrival,
    closedToDeparture: op.closedToDeparture ?? base.closedToDeparture,
    minStay: op.minStay === undefined ? base.minStay : op.minStay,
    maxStay: op.maxStay === undefined ? base.maxStay : op.maxStay,
  };
}

export function sameRestriction(a: RestrictionValues | null, b: RestrictionValues | null): boolean {
  const x = a ?? NO_RESTRICTION;
  const y = b ?? NO_RESTRICTION;
  return (
    x.closedToArrival === y.closedToArrival &&
    x.closedToDeparture === y.closedToDeparture &&
    x.minStay === y.minStay &&
    x.maxStay === y.maxStay
  );
}

/**
 * The stay limits that apply on a night: the night's own restriction, else the rate plan's default. Both must fit
 * together (min ≤ max) after a change.
 */
export function effectiveStay(
  plan: { minStay: number; maxStay: number | null },
  night: RestrictionValues | null,
): { minStay: number; maxStay: number | null } {
  return { minStay: night?.minStay ?? plan.minStay, maxStay: night?.maxStay ?? plan.maxStay };
}

export type InventoryValues = { allotment: number; sold: number; closed: boolean };
export type InventoryOperation = { allotment?: number | undefined; closed?: boolean | undefined };

/**
 * The new inventory of a night. A missing night is created only by an allotment (closing a night that has no rooms
 * changes nothing). Throws nothing: whether the allotment covers `sold` is the caller's check
 * (allotmentCoversSold), so a whole update can be refused.
 */
export function applyInventoryOperation(
  current: InventoryValues | null,
  op: InventoryOperation,
): InventoryValues | null {
  if (!current) {
    if (op.allotment === undefined) return null;
    return { allotment: op.allotment, sold: 0, closed: op.closed ?? false };
  }
  return {
    allotment: op.allotment ?? current.allotment,
    sold: current.sold,
    closed: op.closed ?? current.closed,
  };
}
