import type { Rate } from "../contract/search/avail";
import { toMinor } from "../money/money";
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
