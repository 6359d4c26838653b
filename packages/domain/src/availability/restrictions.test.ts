import { describe, expect, it } from "vitest";
import { checkRestrictions, countFree, type DayRestriction, type RateLimits } from "./restrictions";

const open: RateLimits = { minStay: 1, maxStay: null, minAdults: 1, maxAdults: null };
const day = (r: Partial<DayRestriction>): DayRestriction => ({
  closedToArrival: false,
  closedToDeparture: false,
  minStay: null,
  maxStay: null,
  ...r,
});

describe("checkRestrictions", () => {
  it.each([
    ["no restriction", 1, 2, open, undefined, undefined, null],
    ["rate min stay", 2, 2, { ...open, minStay: 3 }, undefined, undefined, { kind: "min_stay", value: 3 }],
    [
      "day min stay is stricter",
      3,
      2,
      { ...open, minStay: 2 },
      day({ minStay: 5 }),
      undefined,
      { kind: "min_stay", value: 5 },
    ],
    [
      "rate min stay is stricter than the day",
      3,
      2,
      { ...open, minStay: 4 },
      day({ minStay: 2 }),
      undefined,
      { kind: "min_stay", value: 4 },
    ],
    ["rate max stay", 8, 2, { ...open, maxStay: 7 }, undefined, undefined, { kind: "max_stay", value: 7 }],
    ["day max stay", 4, 2, open, day({ maxStay: 3 }), undefined, { kind: "max_stay", value: 3 }],
    [
      "the smaller max stay wins",
      6,
      2,
      { ...open, maxStay: 5 },
      day({ maxStay: 10 }),
      undefined,
      { kind: "max_stay", value: 5 },
    ],
    [
      "closed to arrival",
      2,
      2,
      open,
      day({ closedToArrival: true }),
      undefined,
      { kind: "closed_to_arrival", value: null },
    ],
    [
      "closed to departure",
      2,
      2,
      open,
      undefined,
      day({ closedToDeparture: true }),
      { kind: "closed_to_departure", value: null },
    ],
    ["min adults", 2, 1, { ...open, minAdults: 2 }, undefined, undefined, { kind: "min_adults", value: 2 }],
    ["max adults", 2, 3, { ...open, maxAdults: 2 }, undefined, undefined, { kind: "max_adults", value: 2 }],
    ["exactly min stay is fine", 3, 2, { ...open, minStay: 3 }, undefined, undefined, null],
    ["exactly max stay is fine", 7, 2, { ...open, maxStay: 7 }, undefined, undefined, null],
    [
      "a closed-to-departure day on arrival does not matter",
      2,
      2,
      open,
      day({ closedToDeparture: true }),
      undefined,
      null,
    ],
  ] as const)("%s", (_n, nights, adults, limits, onArrival, onDeparture, expected) => {
    expect(checkRestrictions({ nights, adults, limits, onArrival, onDeparture })).toEqual(expected);
  });
});

describe("countFree", () => {
  it.each([
    [
      "smallest over the nights",
      [
        { free: 3, closed: false },
        { free: 1, closed: false },
      ],
      1,
    ],
    [
      "a closed night",
      [
        { free: 3, closed: false },
        { free: 5, closed: true },
      ],
      0,
    ],
    ["a missing night", [{ free: 3, closed: false }, undefined], 0],
    ["overbooked counts as none", [{ free: -1, closed: false }], 0],
    ["no nights", [], 0],
  ] as const)("%s", (_n, nights, expected) => {
    expect(countFree(nights)).toBe(expected);
  });
});
