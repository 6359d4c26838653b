import { addDays, nightsBetween, type Ymd } from "../stay-dates/stay-dates";

/**
 * The one promo code a search applies (SPEC §3): the code the guest typed, else the hidden one a link carried
 * (`hiddenPromocode`, applied without being shown).
 */
export function searchPromoCode(q: {
  promoCode?: string | undefined;
  hiddenPromocode?: string | undefined;
}): string | undefined {
  return q.promoCode || q.hiddenPromocode || undefined;
}

/** Null dates leave that side of a window open; an empty `ratePlanIds` accepts every rate. */
export type Promo = {
  code: string;
  hidden: boolean;
  discountPercent: number;
  stayFrom: Ymd | null;
  stayTo: Ymd | null;
  bookFrom: Ymd | null;
  bookTo: Ymd | null;
  minNights: number;
  ratePlanIds: number[];
};

export type PromoStay = { arrival: Ymd; departure: Ymd; bookingDay: Ymd; ratePlanId: number };

export type PromoCheck =
  | { valid: true }
  | { valid: false; reason: "booking_window" | "stay_window" | "min_nights" | "rate" };

function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export function findPromo(promos: readonly Promo[], code: string | undefined): Promo | null {
  const wanted = normalizeCode(code ?? "");
  if (wanted === "") return null;
  return promos.find((promo) => normalizeCode(promo.code) === wanted) ?? null;
}

function isWithin(day: Ymd, from: Ymd | null, to: Ymd | null): boolean {
  return (from === null || day >= from) && (to === null || day <= to);
}

export function checkPromo(promo: Promo, stay: PromoStay): PromoCheck {
  if (!isWithin(stay.bookingDay, promo.bookFrom, promo.bookTo))
    return { valid: false, reason: "booking_window" };
  const nights = nightsBetween(stay.arrival, stay.departure);
  // Every night must fall in the window: the first is the arrival, the last the day before departure.
  const lastNight = addDays(stay.departure, -1);
  if (
    nights > 0 &&
    !(
      isWithin(stay.arrival, promo.stayFrom, promo.stayTo) &&
      isWithin(lastNight, promo.stayFrom, promo.stayTo)
    )
  ) {
    return { valid: false, reason: "stay_window" };
  }
  if (nights < Math.max(1, promo.minNights)) return { valid: false, reason: "min_nights" };
  if (promo.ratePlanIds.length > 0 && !promo.ratePlanIds.includes(stay.ratePlanId)) {
    return { valid: false, reason: "rate" };
  }
  return { valid: true };
}
