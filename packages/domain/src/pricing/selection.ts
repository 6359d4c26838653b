import type { Rate } from "../contract/search/avail";
import { toMinor } from "../money/money";
import type { SelectedStay } from "./stay-charges";

/** A rate of the search answer (major units) as `totalSelection` reads it (minor units). */
export function toSelectedStay(
  rate: Pick<Rate, "total" | "additionalServices" | "cityTax"> & { flightTotal?: number },
  digits: number,
  extraRoomMinor = 0,
): SelectedStay {
  return {
    // The room with its flights, if the stay has any: what the booking charges for the room.
    roomMinor: toMinor(rate.total, digits) + toMinor(rate.flightTotal ?? 0, digits) + extraRoomMinor,
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
