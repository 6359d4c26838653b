import { applyPercentDiscount, type CurrencyRules, cashStepMinor, roundForCurrency } from "../money/money";
import { spreadEvenlyWithStep } from "./overrides";

export type LongStayDiscount = { minNights: number; percent: number };

/** The largest discount whose minimum the stay reaches (SPEC §9: up to 25% off for 7+ nights). */
export function findLongStayPercent(discounts: readonly LongStayDiscount[], nights: number): number {
  let best = 0;
  for (const d of discounts) if (nights >= d.minNights && d.percent > best) best = d.percent;
  return best;
}

export type NightBase = {
  /** Price of the night for the adults, in minor units; null when the rate has no price that night. */
  adults: number | null;
  /** Price of each child for the night, in minor units; null when a child's group has no price. */
  children: readonly (number | null)[];
};

export type PriceStayInput = {
  nights: readonly NightBase[];
  longStayDiscounts: readonly LongStayDiscount[];
  /** Percent off from a valid promo code, 0 when none. */
  promoPercent: number;
  /** Extra percent off for a trade login (hidden prices per login), 0 when none. */
  customerPercent: number;
  rules: CurrencyRules;
  /** A total that replaces the computed price, spread evenly over the nights. */
  overrideTotal: number | null;
};

export type PricedStay =
  | { ok: true; nightly: number[]; total: number; fullNightly: number[]; fullTotal: number }
  | { ok: false; reason: "no_price"; night: number };

/**
 * Prices a stay night by night. Each night is the adults' price plus each child's price; the long-stay discount,
 * then the promo, then the customer's discount apply to each night, and each night is rounded to the currency's
 * cash step, so the total is always the sum of the nightly prices. An override replaces the nightly prices with
 * its total spread evenly.
 */
export function priceStay(input: PriceStayInput): PricedStay {
  const fullNightly: number[] = [];
  for (let i = 0; i < input.nights.length; i++) {
    const night = input.nights[i]!;
    if (night.adults === null) return { ok: false, reason: "no_price", night: i };
    let base = night.adults;
    for (const child of night.children) {
      if (child === null) return { ok: false, reason: "no_price", night: i };
      base += child;
    }
    fullNightly.push(base);
  }
  const fullTotal = fullNightly.reduce((a, b) => a + b, 0);
  if (input.overrideTotal !== null) {
    const nightly = spreadEvenlyWithStep(input.overrideTotal, fullNightly.length, cashStepMinor(input.rules));
    return { ok: true, nightly, total: input.overrideTotal, fullNightly, fullTotal };
  }
  const longStay = findLongStayPercent(input.longStayDiscounts, input.nights.length);
  const nightly = fullNightly.map((base) => {
    let n = applyPercentDiscount(base, longStay);
    n = applyPercentDiscount(n, input.promoPercent);
    n = applyPercentDiscount(n, input.customerPercent);
    return roundForCurrency(n, input.rules);
  });
  return { ok: true, nightly, total: nightly.reduce((a, b) => a + b, 0), fullNightly, fullTotal };
}
