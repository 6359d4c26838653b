import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AllotmentSchema,
  allotmentCoversSold,
  applyInventoryOperation,
  applyPriceOperation,
  applyRestrictionOperation,
  daysInRange,
  effectiveStay,
  MAX_PRICE_MINOR,
  sameRestriction,
  spanDays,
  stayRangeValid,
} from "./daily-values";

describe("weekday masks over a range", () => {
  it("keeps only Fridays and Saturdays (5, 6) of June 2030", () => {
    const days = daysInRange("2030-06-01", "2030-06-30", [5, 6]);
    // 1 June 2030 is a Saturday.
    expect(days.slice(0, 3)).toEqual(["2030-06-01", "2030-06-07", "2030-06-08"]);
    expect(days).toHaveLength(9);
    for (const d of days) expect([5, 6]).toContain(new Date(`${d}T12:00:00Z`).getUTCDay());
  });
  it("keeps every day without a mask, and both ends are included", () => {
    expect(daysInRange("2030-02-27", "2030-03-02")).toEqual([
      "2030-02-27",
      "2030-02-28",
      "2030-03-01",
      "2030-03-02",
    ]);
    expect(daysInRange("2032-02-28", "2032-03-01", [0, 1, 2, 3, 4, 5, 6])).toHaveLength(3);
  });
  it("gives nothing for a reversed range or a mask no day matches", () => {
    expect(daysInRange("2030-06-10", "2030-06-01")).toEqual([]);
    expect(daysInRange("2030-06-03", "2030-06-03", [0])).toEqual([]); // a Monday
    expect(spanDays("2030-06-01", "2030-06-01")).toBe(1);
  });
  it("matches the weekday of every day it returns (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 60 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        (offset, span, mask) => {
          const start = new Date(Date.UTC(2030, 0, 1) + offset * 86_400_000);
          const end = new Date(start.getTime() + span * 86_400_000);
          const iso = (d: Date) => d.toISOString().slice(0, 10);
          const days = daysInRange(iso(start), iso(end), mask);
          let expected = 0;
          for (let i = 0; i <= span; i++)
            if (mask.includes(new Date(start.getTime() + i * 86_400_000).getUTCDay())) expected++;
          return days.length === expected;
        },
      ),
    );
  });
});

describe("price operations", () => {
  it("sets an absolute price, even on a night without one", () => {
    expect(applyPriceOperation(10_000, { mode: "set", value: 12_500 })).toBe(12_500);
    expect(applyPriceOperation(null, { mode: "set", value: 9_000 })).toBe(9_000);
  });
  it("adds or takes off an amount, never below 0", () => {
    expect(applyPriceOperation(10_000, { mode: "amount", value: 1_550 })).toBe(11_550);
    expect(applyPriceOperation(1_000, { mode: "amount", value: -2_500 })).toBe(0);
  });
  it("adds a percent on integers: 10 000 + 15 % is exactly 11 500", () => {
    expect(applyPriceOperation(10_000, { mode: "percent", value: 15 })).toBe(11_500);
    expect(applyPriceOperation(1_000, { mode: "percent", value: 15 })).toBe(1_150);
    expect(applyPriceOperation(12_000, { mode: "percent", value: -10 })).toBe(10_800);
  });
  it("rounds half away from zero to whole minor units", () => {
    expect(applyPriceOperation(999, { mode: "percent", value: 10 })).toBe(1_099); // 99.9 → 100
    expect(applyPriceOperation(5, { mode: "percent", value: 10 })).toBe(6); // 0.5 → 1
    expect(applyPriceOperation(5, { mode: "percent", value: -10 })).toBe(4); // −0.5 → −1
    expect(applyPriceOperation(333, { mode: "percent", value: 12.5 })).toBe(375); // 41.625 → 42
  });
  it("never goes below 0 or above the largest price", () => {
    expect(applyPriceOperation(8_000, { mode: "percent", value: -100 })).toBe(0);
    expect(applyPriceOperation(8_000, { mode: "percent", value: -150 })).toBe(0);
    expect(applyPriceOperation(MAX_PRICE_MINOR, { mode: "amount", value: 1 })).toBe(MAX_PRICE_MINOR);
  });
  it("does not create a price by a relative change", () => {
    expect(applyPriceOperation(null, { mode: "amount", value: 500 })).toBeNull();
    expect(applyPriceOperation(null, { mode: "percent", value: 15 })).toBeNull();
  });
  it("always gives a whole, non-negative number of minor units (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -20_000, max: 100_000 }).map((bp) => bp / 100),
        (amount, percent) => {
          const next = applyPriceOperation(amount, { mode: "percent", value: percent });
          return next !== null && Number.isInteger(next) && next >= 0 && next <= MAX_PRICE_MINOR;
        },
      ),
    );
  });
});

describe("inventory: never below sold", () => {
  it("compares an allotment with the rooms sold", () => {
    expect(allotmentCoversSold(3, 3)).toBe(true);
    expect(allotmentCoversSold(2, 3)).toBe(false);
    expect(allotmentCoversSold(0, 0)).toBe(true);
  });
  it("keeps sold, sets the allotment and the closed flag", () => {
    expect(applyInventoryOperation({ allotment: 5, sold: 2, closed: false }, { allotment: 4 })).toEqual({
      allotment: 4,
      sold: 2,
      closed: false,
    });
    expect(applyInventoryOperation({ allotment: 5, sold: 2, closed: false }, { closed: true })).toMatchObject(
      {
        closed: true,
        allotment: 5,
      },
    );
  });
  it("creates a missing night only for an allotment", () => {
    expect(applyInventoryOperation(null, { closed: true })).toBeNull();
    expect(applyInventoryOperation(null, { allotment: 3 })).toEqual({ allotment: 3, sold: 0, closed: false });
  });
  it("validates an allotment the same way for the import and the calendar", () => {
    expect(AllotmentSchema.safeParse(0).success).toBe(true);
    expect(AllotmentSchema.safeParse(-1).success).toBe(false);
    expect(AllotmentSchema.safeParse(10_000).success).toBe(false);
    expect(AllotmentSchema.safeParse(1.5).success).toBe(false);
  });
});

describe("stay restrictions", () => {
  it("sets, clears or keeps each field", () => {
    const current = { closedToArrival: true, closedToDeparture: false, minStay: 3, maxStay: 7 };
    expect(applyRestrictionOperation(current, { minStay: 2 })).toEqual({ ...current, minStay: 2 });
    expect(applyRestrictionOperation(current, { maxStay: null, closedToArrival: false })).toEqual({
      closedToArrival: false,
      closedToDeparture: false,
      minStay: 3,
      maxStay: null,
    });
    expect(applyRestrictionOperation(null, { closedToDeparture: true }).closedToDeparture).toBe(true);
    expect(sameRestriction(null, applyRestrictionOperation(null, { minStay: null }))).toBe(true);
  });
  it("requires min ≤ max stay, falling back to the rate plan's defaults", () => {
    expect(stayRangeValid(2, 2)).toBe(true);
    expect(stayRangeValid(3, 2)).toBe(false);
    expect(stayRangeValid(null, 2)).toBe(true);
    expect(stayRangeValid(5, undefined)).toBe(true);
    const plan = { minStay: 1, maxStay: 4 };
    const stay = effectiveStay(plan, {
      closedToArrival: false,
      closedToDeparture: false,
      minStay: 5,
      maxStay: null,
    });
    expect(stay).toEqual({ minStay: 5, maxStay: 4 });
    expect(stayRangeValid(stay.minStay, stay.maxStay)).toBe(false);
  });
});
