import { priceService } from "@alloggio/domain/booking/services";
import type {
  ServiceAvailQuery,
  ServiceAvailResponse,
} from "@alloggio/domain/contract/booking/service-avail";
import { pickText } from "@alloggio/domain/i18n/languages";
import { fromMinor } from "@alloggio/domain/money/money";
import { firstArrivalInZone, listNights, nightsBetween } from "@alloggio/domain/stay-dates/stay-dates";
import type { Database } from "../../db/client";
import { badInput, notFound } from "../../http/errors";
import { loadServiceCatalogue } from "./service-avail-repository";

/**
 * `serviceAvail.do`: the extra services one room slot may add, by category, priced for its guests and nights.
 * A service included in the chosen rate is free, as the booking prices it. `reservationCode`, `promoId` and
 * `rlId` change nothing yet: services are priced the same whatever brought the guest here.
 */
export async function findAvailableServices(
  deps: { database: Database; now: () => Date },
  q: ServiceAvailQuery,
): Promise<ServiceAvailResponse> {
  const catalogue = await loadServiceCatalogue(deps.database, {
    hotelId: q.hotel,
    channelId: q.channel,
    rateId: q.rateId,
    roomId: q.roomId,
  });
  if (!catalogue.currency) throw notFound("hotel", "Unknown hotel or channel");
  if (!catalogue.rate) throw badInput("rate", "not a rate of this hotel");
  if (!catalogue.hasRoom) throw badInput("room", "not a room of this hotel");
  // A stay that has begun (hotel-local, walk-in rule of ADR 0003) has no services to add, as it has no rooms.
  if (catalogue.timeZone && q.arrival < firstArrivalInZone(deps.now(), catalogue.timeZone))
    throw badInput("arrival", "cannot be in the past");
  const digits = catalogue.currency.decimalDigits;
  const included = new Set(catalogue.rate.includedServiceIds);
  const nights = listNights(q.arrival, q.departure);
  const guests = { adults: q.adults, children: q.ages.length, nights: nightsBetween(q.arrival, q.departure) };
  return {
    currency: catalogue.currency.code,
    categories: catalogue.categories.map((category) => ({
      id: category.id,
      name: pickText(category.name, q.language),
      mandatory: category.mandatory,
      services: category.services.map((s) => {
        const free = s.priceMinor === 0 || included.has(s.id);
        const priceMinor = free ? 0 : s.priceMinor;
        return {
          id: s.id,
          name: pickText(s.name, q.language),
          description: pickText(s.description, q.language),
          pricingBasis: s.pricingBasis,
          perNight: s.perNight,
          price: fromMinor(priceMinor, digits),
          free,
          mandatoryFor: s.mandatoryFor,
          needsDate: s.needsDate,
          // The booking accepts a night of the stay for a dated service.
          dates: s.needsDate ? nights : [],
          timeSlots: s.timeSlots,
          transfer: s.isTransfer,
          maxQuantity: s.maxQuantity,
          image: s.image,
          totalForStay: fromMinor(
            priceService(
              {
                pricingBasis: s.pricingBasis,
                perNight: s.perNight,
                priceMinor,
                mandatoryFor: s.mandatoryFor,
              },
              { quantity: 1, ...guests },
            ),
            digits,
          ),
        };
      }),
    })),
  };
}
