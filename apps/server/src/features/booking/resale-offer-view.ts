/** A resale offer as the voucher and the back office show it (ADR 0065); pure, so the voucher's reader can use it. */
import { resaleRefund } from "@alloggio/domain/booking/resale";
import type { ResaleOffer } from "@alloggio/domain/contract/booking/resale";
import { currencyRules } from "@alloggio/domain/currency/currencies";
import { fromMinor } from "@alloggio/domain/money/money";
import type { StoredResaleOffer } from "./retrieve-repository";

/** An offer as the voucher and the back office show it; the money from `resaleRefund`. */
export function toResaleOffer(offer: StoredResaleOffer, currency: string): ResaleOffer {
  const rules = currencyRules(currency);
  const nights = offer.nights ?? [];
  const sold = nights
    .filter((n) => n.status === "sold")
    .map((n) => ({ holderMinor: n.holder, buyerMinor: n.recovered ?? 0 }));
  const money = resaleRefund(sold, Number(offer.fee_percent), rules, Number.MAX_SAFE_INTEGER);
  const major = (minor: number) => fromMinor(minor, rules.decimalDigits);
  return {
    id: offer.id,
    roomId: offer.reservation_room_id,
    status: offer.status,
    deadline: new Date(offer.deadline_at).toISOString(),
    feePercent: Number(offer.fee_percent),
    nights: nights.map((n) => ({ day: n.day, status: n.status })),
    recovered: major(money.recoveredMinor),
    fee: major(money.feeMinor),
    refund: major(money.refundMinor),
    currency,
  };
}
