import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CurrencyRules } from "../money/money";
import { findLongStayPercent, type NightBase, priceStay } from "./price-stay";

const EUR: CurrencyRules = { code: "EUR", decimalDigits: 2, rounding: 0 };
const CHF: CurrencyRules = { code: "CHF", decimalDigits: 2, rounding: 0.05 };
const nights = (...adults: number[]): NightBase[] => adults.map((a) => ({ adults: a, children: [] }));
const base = { longStayDiscounts: [], promoPercent: 0, customerPercent: 0, rules: EUR, overrideTotal: null };

describe("findLongStayPercent", () => {
  it.each([
    [2, 0],
    [6, 10],
    [7, 25],
    [14, 25],
    [3, 10],
  ])("%i nights → %i%%", (n, expected) => {
    expect(
      findLongStayPercent(
        [
          { minNights: 3, percent: 10 },
          { minNights: 7, percent: 25 },
        ],
        n,
      ),
    ).toBe(expected);
  });
});

describe("priceStay", () => {
  it.each([
    ["plain sum", { ...base, nights: nights(10000, 12000) }, [10000, 12000]],
    ["children add to each night", { ...base, nights: [{ adults: 10000, children: [2000, 0] }] }, [12000]],
    ["promo 10%", { ...base, nights: nights(10000, 12345), promoPercent: 10 }, [9000, 11110]],
    [
      "long stay 25% from 7 nights",
      {
        ...base,
        nights: nights(...Array(7).fill(10000)),
        longStayDiscounts: [{ minNights: 7, percent: 25 }],
      },
      Array(7).fill(7500),
    ],
    [
      "long stay then promo",
      {
        ...base,
        nights: nights(10000),
        longStayDiscounts: [{ minNights: 1, percent: 20 }],
        promoPercent: 10,
      },
      [7200],
    ],
    ["CHF rounds each night to 0.05", { ...base, rules: CHF, nights: nights(10003, 10002) }, [10005, 10000]],
    [
      "override spread evenly",
      { ...base, nights: nights(10000, 10000, 10000), overrideTotal: 25000 },
      [8334, 8333, 8333],
    ],
    [
      "override wins over promo",
      { ...base, nights: nights(10000, 10000), promoPercent: 50, overrideTotal: 30000 },
      [15000, 15000],
    ],
  ] as const)("%s", (_n, input, expected) => {
    const r = priceStay(input);
    expect(r.ok && r.nightly).toEqual(expected);
  });

  it("has no price when a night or a child lacks one", () => {
    expect(
      priceStay({
        ...base,
        nights: [
          { adults: 100, children: [] },
          { adults: null, children: [] },
        ],
      }),
    ).toEqual({
      ok: false,
      reason: "no_price",
      night: 1,
    });
    expect(priceStay({ ...base, nights: [{ adults: 100, children: [null] }] }).ok).toBe(false);
  });

  it("total is always the sum of the nightly prices, after promo, long stay and overrides", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 100 }),
        fc.option(fc.integer({ min: 0, max: 10_000_000 })),
        fc.boolean(),
        (prices, promo, override, chf) => {
          const r = priceStay({
            ...base,
            rules: chf ? CHF : EUR,
            nights: nights(...prices),
            promoPercent: promo,
            longStayDiscounts: [{ minNights: 7, percent: 25 }],
            overrideTotal: override,
          });
          if (!r.ok) throw new Error("priced");
          expect(r.total).toBe(r.nightly.reduce((a, b) => a + b, 0));
          expect(r.nightly).toHaveLength(prices.length);
          if (override !== null) expect(r.total).toBe(override);
          else expect(r.total).toBeLessThanOrEqual(r.fullTotal + (chf ? 2 * prices.length : 0));
        },
      ),
    );
  });
});
