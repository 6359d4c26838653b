/**
 * Resale of a resellable rate (SPEC §1, §4, §9; ADR 0065). Pure: the caller passes the hotel's time zone, "now"
 * and what the reservation still holds on cards.
 */

import { applyPercentDiscount, type CurrencyRules, roundForCurrency } from "../money/money";
import { startOfDayInZone, type Ymd } from "../stay-dates/stay-dates";

/** The last instant a room can be put up for resale, and its nights sold: 23:59:59.999 hotel-local the day before arrival. */
export function resaleDeadline(arrival: Ymd, timeZone: string): Date {
  return new Date(startOfDayInZone(arrival, timeZone).getTime() - 1);
}

export function canListForResale(arrival: Ymd, timeZone: string, now: Date): boolean {
  return now.getTime() <= resaleDeadline(arrival, timeZone).getTime();
}

/** One resold night: the holder's price for it and what the buyer's room costs that night. */
export type ResoldNight = { holderMinor: number; buyerMinor: number };

export type ResaleRefund = {
  /** What the resold nights brought back, each capped at the holder's own price for it. */
  recoveredMinor: number;
  /** The rate's resale fee: recovered − refund. */
  feeMinor: number;
  /** What the holder gets back. */
  refundMinor: number;
  /** The part returned to the cards the reservation was paid with. */
  toCardMinor: number;
  /** The part no capture holds (pay at the hotel, bank transfer): it reduces what is still due. */
  reducesDueMinor: number;
};

function assertMinor(what: string, minor: number): void {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new RangeError(`${what} must be minor units ≥ 0: ${minor}`);
}

/**
 * The holder's refund for resold nights: the recovered amount less `feePercent` of it (rounded half up), rounded
 * to the currency's cash step; `refundableOnCardsMinor` is what the reservation's captures still hold.
 */
export function resaleRefund(
  nights: readonly ResoldNight[],
  feePercent: number,
  currency: CurrencyRules,
  refundableOnCardsMinor: number,
): ResaleRefund {
  if (!Number.isFinite(feePercent) || feePercent < 0 || feePercent > 100)
    throw new RangeError(`Resale fee must be 0–100 %: ${feePercent}`);
  assertMinor("Refundable on cards", refundableOnCardsMinor);
  let recoveredMinor = 0;
  for (const night of nights) {
    assertMinor("Holder's price", night.holderMinor);
    assertMinor("Buyer's price", night.buyerMinor);
    recoveredMinor += Math.min(night.holderMinor, night.buyerMinor);
  }
  // Cash rounding never gives back more than was recovered.
  const refundMinor = Math.min(
    recoveredMinor,
    roundForCurrency(applyPercentDiscount(recoveredMinor, feePercent), currency),
  );
  const toCardMinor = Math.min(refundMinor, refundableOnCardsMinor);
  return {
    recoveredMinor,
    feeMinor: recoveredMinor - refundMinor,
    refundMinor,
    toCardMinor,
    reducesDueMinor: refundMinor - toCardMinor,
  };
}
