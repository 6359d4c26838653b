import type { ServiceTerms } from "@alloggio/domain/booking/services";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { LocalizedText } from "../../db/schema";

export type CatalogueService = ServiceTerms & {
  id: number;
  name: LocalizedText;
  description: LocalizedText;
  image: string | null;
};

export type ServiceCatalogue = {
  /** Null when the hotel is unknown or not on the channel. */
  currency: { code: string; decimalDigits: number } | null;
  /** The hotel's IANA time zone (null with an unknown hotel). */
  timeZone: string | null;
  /** Null when the rate is not the hotel's. */
  rate: { includedServiceIds: number[] } | null;
  hasRoom: boolean;
  /** Categories that hold at least one service, in the hotel's order; services by id. */
  categories: { id: number; name: LocalizedText; mandatory: boolean; services: CatalogueService[] }[];
};

/** The hotel's service catalogue with the chosen rate and room checked against the hotel: ONE statement. */
export async function loadServiceCatalogue(
  database: Database,
  q: { hotelId: number; channelId: number; rateId: number; roomId: number },
): Promise<ServiceCatalogue> {
  const rows = await database.query<ServiceCatalogue>(sql`
    with h as (
      select h.id, h.currency_code, h.time_zone
      from hotel h join hotel_channel hc on hc.hotel_id = h.id and hc.channel_id = ${q.channelId}
      where h.id = ${q.hotelId}
    )
    select
      (select time_zone from h) as "timeZone",
      (select json_build_object('code', c.code, 'decimalDigits', c.decimal_digits)
         from currency c join h on c.code = h.currency_code) as currency,
      (select json_build_object('includedServiceIds', rp.included_service_ids)
         from rate_plan rp where rp.id = ${q.rateId} and rp.hotel_id = (select id from h)) as rate,
      exists (select 1 from room_type rt where rt.id = ${q.roomId} and rt.hotel_id = (select id from h))
        as "hasRoom",
      (select coalesce(json_agg(json_build_object(
         'id', k.id, 'name', k.name, 'mandatory', k.mandatory,
         'services', (select json_agg(json_build_object(
            'id', s.id, 'name', s.name, 'description', s.description, 'pricingBasis', s.pricing_basis,
            'perNight', s.per_night, 'priceMinor', s.price_minor, 'mandatoryFor', s.mandatory_for,
            'needsDate', s.needs_date, 'timeSlots', s.time_slots, 'isTransfer', s.is_transfer,
            'maxQuantity', s.max_quantity, 'image', s.image) order by s.id)
           from service s where s.category_id = k.id)
       ) order by k.sort_order, k.id), '[]'::json)
       from service_category k
       where k.hotel_id = (select id from h) and exists (select 1 from service s where s.category_id = k.id))
        as categories
  `);
  const row = rows[0];
  if (!row) throw new Error("service catalogue query returned no row");
  return row;
}
