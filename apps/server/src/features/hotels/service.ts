import type { HotelResponse } from "@alloggio/domain/contract/hotels/hotel";
import type { HotelInfoResponse } from "@alloggio/domain/contract/hotels/hotel-info";
import { pickText } from "@alloggio/domain/i18n/languages";
import { fromMinor } from "@alloggio/domain/money/money";
import type { Database } from "../../db/client";
import { notFound } from "../../http/errors";
import { findHotelInfo, findHotelServices } from "./repository";

/** `hotel.do`: the extra-service catalogue of a hotel. */
export async function getHotelServices(
  database: Database,
  q: { hotel: number; language: number },
): Promise<HotelResponse> {
  const found = await findHotelServices(database, q.hotel);
  if (!found) throw notFound("hotel", "Unknown hotel");
  return {
    currency: found.currency.code,
    services: found.services.map((s) => ({
      id: s.id,
      name: pickText(s.name, q.language),
      description: pickText(s.description, q.language),
      category: {
        id: s.category.id,
        name: pickText(s.category.name, q.language),
        mandatory: s.category.mandatory,
      },
      pricingBasis: s.pricing_basis,
      perNight: s.per_night,
      price: fromMinor(s.price_minor, found.currency.digits),
      free: s.price_minor === 0,
      mandatoryFor: s.mandatory_for,
      needsDate: s.needs_date,
      timeSlots: s.time_slots,
      transfer: s.is_transfer,
      maxQuantity: s.max_quantity,
      image: s.image,
    })),
  };
}

/** The hotel information panel: check-in and check-out, breakfast, pets, wellness, activities, business. */
export async function getHotelInfo(
  database: Database,
  q: { hotel: number; lang: number },
): Promise<HotelInfoResponse> {
  const h = await findHotelInfo(database, q.hotel);
  if (!h) throw notFound("hotel", "Unknown hotel");
  const texts = (list: Record<string, string>[]) => list.map((t) => pickText(t, q.lang));
  return {
    id: h.id,
    name: h.name,
    description: pickText(h.description, q.lang),
    address: h.address,
    city: h.city,
    country: h.country,
    email: h.email,
    phone: h.phone,
    timeZone: h.time_zone,
    checkIn: { from: h.check_in_from, until: h.check_in_until },
    checkOut: { until: h.check_out_until },
    breakfast:
      h.breakfast_from && h.breakfast_until ? { from: h.breakfast_from, until: h.breakfast_until } : null,
    pets: { policy: h.pets, fee: fromMinor(h.pet_fee_minor, h.decimal_digits) },
    wellness: texts(h.wellness),
    activities: texts(h.activities),
    businessServices: texts(h.business_services),
    currency: h.currency_code,
    cityTax: fromMinor(h.city_tax_minor, h.decimal_digits),
  };
}
