import { sharePercents } from "../booking/payment-schedule";
import type { Rate } from "../contract/search/avail";
import { fromMinor, toMinor } from "../money/money";
import type { SelectedStay } from "./stay-charges";

/**
 * A rate of the search answer (major units) as `totalSelection` reads it (minor units); `extraRoomMinor` is what
 * the booking adds to the room (its flights, refund protection).
 */
export function toSelectedStay(
  rate: Pick<Rate, "total" | "additionalServices" | "cityTax">,
  digits: number,
  extraRoomMinor = 0,
): SelectedStay {
  return {
    roomMinor: toMinor(rate.total, digits) + extraRoomMinor,
    cityTaxMinor: toMinor(rate.cityTax, digits),
    extras: rate.additionalServices.map((e) => ({
      serviceId: e.id,
      categoryId: e.categoryId,
      reason: e.source.code,
      quantity: e.quantity,
      priceMinor: toMinor(e.price, digits),
    })),
  };
}

/**
 * A rate card's total and prepayments with the refund protection ticked or not: the total the selection bar counts
 * for the room (`toSelectedStay` with the protection) and the prepayments the booking asks of it (the rate's steps
 * share it as `schedulePrepayments` does). Major units in and out, as the search answer gives them.
 */
export function rateCardFigures(
  rate: Pick<Rate, "stayTotal" | "prepaids" | "refundPrice">,
  refund: boolean,
  digits: number,
): { total: number; prepaids: Rate["prepaids"] } {
  if (!refund || rate.refundPrice === null) return { total: rate.stayTotal, prepaids: rate.prepaids };
  const totalMinor = toMinor(rate.stayTotal, digits) + toMinor(rate.refundPrice, digits);
  const amounts = sharePercents(
    totalMinor,
    rate.prepaids.map((p) => p.percent),
  );
  return {
    total: fromMinor(totalMinor, digits),
    prepaids: rate.prepaids.map((p, i) => ({ ...p, amount: fromMinor(amounts[i]!, digits) })),
  };
}

/**
 * What the card's total would be without the rate's discount: the undiscounted nights (`fullPrice`) with the same
 * extras, flights and protection the card's total adds to the discounted ones.
 */
export function undiscountedCardTotal(
  rate: Pick<Rate, "fullPrice" | "total">,
  cardTotal: number,
  digits: number,
): number {
  return fromMinor(
    toMinor(cardTotal, digits) + toMinor(rate.fullPrice, digits) - toMinor(rate.total, digits),
    digits,
  );
}
