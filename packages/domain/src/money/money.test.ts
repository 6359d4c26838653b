import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyPercentDiscount,
  type CurrencyRules,
  cashStepMinor,
  convertMinor,
  formatMoney,
  fromMinor,
  roundForCurrency,
  toMinor,
} from "./money";

const EUR: CurrencyRules = { code: "EUR", decimalDigits: 2, rounding: 0 };
const CHF: CurrencyRules = { code: "CHF", decimalDigits: 2, rounding: 0.05 };
const JPY: CurrencyRules = { code: "JPY", decimalDigits: 0, rounding: 0 };
const KWD: CurrencyRules = { code: "KWD", decimalDigits: 3, rounding: 0 };
const USD: CurrencyRules = { code: "USD", decimalDigits: 2, rounding: 0 };

const MAX_MINOR = 1e13;
const minorAmount = fc.integer({ min: -MAX_MINOR, max: MAX_MINOR });
const digits = fc.integer({ min: 0, max: 3 });

describe("toMinor", () => {
  it.each([
    [19.99, 2, 1999],
    [0.1 + 0.2, 2, 30],
    [0.1 * 3, 2, 30],
    [1.005, 2, 101],
    [1.015, 2, 102],
    [2.675, 2, 268],
    [0.145, 2, 15],
    [1.255, 2, 126],
    [8.675, 2, 868],
    [-1.005, 2, -101],
    [-0.5, 0, -1],
    [0.5, 0, 1],
    [2.5, 0, 3],
    [-0.004, 2, 0],
    [0, 2, 0],
    [150, 0, 150],
    [1234.5, 0, 1235],
    [1.0005, 3, 1001],
    [10_000_000, 2, 1_000_000_000],
    [1e-7, 2, 0],
    [4.35 * 100, 0, 435],
  ])("%d with %d digits → %d", (major, decimalDigits, expected) => {
    expect(toMinor(major, decimalDigits)).toBe(expected);
  });

  it.each([
    [Number.NaN, 2],
    [Number.POSITIVE_INFINITY, 2],
    [1, -1],
    [1, 1.5],
  ])("throws for %d with %d digits", (major, decimalDigits) => {
    expect(() => toMinor(major, decimalDigits)).toThrow(RangeError);
  });

  it("round-trips through fromMinor", () => {
    fc.assert(
      fc.property(minorAmount, digits, (minor, decimalDigits) => {
        expect(toMinor(fromMinor(minor, decimalDigits), decimalDigits)).toBe(minor);
      }),
    );
  });

  it("is never more than half a minor unit away", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (major) => {
        expect(Math.abs(toMinor(major, 2) / 100 - major)).toBeLessThanOrEqual(0.005 + 1e-6);
      }),
    );
  });
});

describe("fromMinor", () => {
  it.each([
    [1999, 2, 19.99],
    [30, 2, 0.3],
    [-101, 2, -1.01],
    [150, 0, 150],
    [1001, 3, 1.001],
    [0, 2, 0],
  ])("%d with %d digits → %d", (minor, decimalDigits, expected) => {
    expect(fromMinor(minor, decimalDigits)).toBe(expected);
  });

  it("throws for a fractional amount", () => {
    expect(() => fromMinor(1.5, 2)).toThrow(RangeError);
  });
});

describe("roundForCurrency", () => {
  it.each([
    [1000, CHF, 1000],
    [1001, CHF, 1000],
    [1002, CHF, 1000],
    [1003, CHF, 1005],
    [1004, CHF, 1005],
    [1007, CHF, 1005],
    [1008, CHF, 1010],
    [2, CHF, 0],
    [-1, CHF, 0],
    [-1003, CHF, -1005],
    [-1002, CHF, -1000],
    [1001, EUR, 1001],
    [12345, JPY, 12345],
    [12345, KWD, 12345],
    [123, { code: "XXX", decimalDigits: 0, rounding: 10 }, 120],
    [125, { code: "XXX", decimalDigits: 0, rounding: 10 }, 130],
  ])("%d %j → %d", (minor, rules, expected) => {
    expect(roundForCurrency(minor, rules)).toBe(expected);
  });

  it("gives the CHF step in minor units", () => {
    expect(cashStepMinor(CHF)).toBe(5);
    expect(cashStepMinor(EUR)).toBe(1);
    expect(cashStepMinor(JPY)).toBe(1);
  });

  it("lands on the nearest multiple of the step", () => {
    fc.assert(
      fc.property(minorAmount, (minor) => {
        const rounded = roundForCurrency(minor, CHF);
        expect(Math.abs(rounded % 5)).toBe(0);
        expect(Math.abs(rounded - minor)).toBeLessThanOrEqual(2);
        expect(roundForCurrency(rounded, CHF)).toBe(rounded);
      }),
    );
  });
});

describe("applyPercentDiscount", () => {
  it.each([
    [10000, 10, 9000],
    [1999, 15, 1699],
    [1999, 25, 1499],
    [1, 50, 0],
    [3, 50, 1],
    [1005, 10, 904],
    [1000, 12.5, 875],
    [1000, 0, 1000],
    [1000, 100, 0],
    [1000, 150, 0],
    [0, 25, 0],
  ])("%d less %d%% → %d", (minor, percent, expected) => {
    expect(applyPercentDiscount(minor, percent)).toBe(expected);
  });

  it("stays between 0 and the amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_MINOR }),
        fc.integer({ min: 0, max: 100 }),
        (minor, percent) => {
          const discounted = applyPercentDiscount(minor, percent);
          expect(Number.isInteger(discounted)).toBe(true);
          expect(discounted).toBeGreaterThanOrEqual(0);
          expect(discounted).toBeLessThanOrEqual(minor);
        },
      ),
    );
  });
});

describe("convertMinor", () => {
  it.each([
    [10000, EUR, USD, 1.0835, 10835],
    [1999, EUR, USD, 1.1, 2199],
    [10000, EUR, CHF, 0.9437, 9435],
    [10000, EUR, CHF, 0.94375, 9440],
    [10000, EUR, JPY, 162.345, 16235],
    [16235, JPY, EUR, 0.00616, 10001],
    [10000, EUR, KWD, 0.3312, 33120],
    [10000, EUR, EUR, 1, 10000],
    [0, EUR, USD, 1.2, 0],
  ])("%d %j → %j at %d = %d", (minor, from, to, rate, expected) => {
    expect(convertMinor(minor, from, to, rate)).toBe(expected);
  });

  it("throws on a negative rate", () => {
    expect(() => convertMinor(100, EUR, USD, -1)).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it.each([
    [123450, EUR, "it-IT", "1234,50\u00a0EUR"],
    [123456789, EUR, "it-IT", "1.234.567,89\u00a0EUR"],
    [-1995, CHF, "it-IT", "-19,95\u00a0CHF"],
    [12345, JPY, "it-IT", "12.345\u00a0JPY"],
    [1001, KWD, "it-IT", "1,001\u00a0KWD"],
    [100, USD, "en-US", "USD\u00a01.00"],
  ])("%d %j in %s → %j", (minor, rules, locale, expected) => {
    expect(formatMoney(minor, rules, locale)).toBe(expected);
  });

  it("defaults to the Italian style", () => {
    expect(formatMoney(990, EUR)).toBe("9,90\u00a0EUR");
  });
});
