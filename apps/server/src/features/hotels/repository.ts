import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { LocalizedText } from "../../db/schema";

export type ServiceRow = {
  id: number;
  name: LocalizedText;
  description: LocalizedText;
  category: { id: number; name: LocalizedText; mandatory: boolean };
  pricing_basis: "per_person" | "per_unit" | "per_stay";
  per_night: boolean;
  price_minor: number;
  mandatory_for: "none" | "all_adults" | "all_children";
  needs_date: boolean;
  time_slots: string[];
  is_transfer: boolean;
  max_quantity: number;
  image: string | null;
};

/** The hotel's currency and its extra-service catalogue, in category order; null for an unknown hotel. */
export async function findHotelServices(
  database: Database,
  hotelId: number,
): Promise<{ currency: { code: string; digits: number }; services: ServiceRow[] } | null> {
  const rows = await database.query<{
    currency: { code: string; digits: number } | null;
    services: ServiceRow[];
  }>(sql`
    select
      (select json_build_object('code', c.code, 'digits', c.decimal_digits) from hotel h
         join currency c on c.code = h.currency_code where h.id = ${hotelId}) as currency,
      (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'description', s.description,
         'category', json_build_object('id', k.id, 'name', k.name, 'mandatory', k.mandatory),
         'pricing_basis', s.pricing_basis, 'per_night', s.per_night, 'price_minor', s.price_minor,
         'mandatory_for', s.mandatory_for, 'needs_date', s.needs_date, 'time_slots', s.time_slots,
         'is_transfer', s.is_transfer, 'max_quantity', s.max_quantity, 'image', s.image)
         order by k.sort_order, k.id, s.id), '[]')
       from service s join service_category k on k.id = s.category_id where s.hotel_id = ${hotelId}) as services`);
  const row = rows[0];
  return row?.currency ? { currency: row.currency, services: row.services } : null;
}

export type HotelInfoRow = {
  id: number;
  name: string;
  description: LocalizedText;
  address: string;
  city: string;
  country: string;
  email: string;
  phone: string;
  time_zone: string;
  check_in_from: string;
  check_in_until: string;
  check_out_until: string;
  breakfast_from: string | null;
  breakfast_until: string | null;
  pets: "not_allowed" | "free" | "per_stay" | "per_night";
  pet_fee_minor: number;
  wellness: LocalizedText[];
  activities: LocalizedText[];
  business_services: LocalizedText[];
  currency_code: string;
  decimal_digits: number;
  city_tax_minor: number;
};

export async function findHotelInfo(database: Database, hotelId: number): Promise<HotelInfoRow | null> {
  const rows = await database.query<HotelInfoRow>(sql`
    select h.id, h.name, h.description, h.address, h.city, h.country, h.email, h.phone, h.time_zone,
      to_char(h.check_in_from, 'HH24:MI') as check_in_from, to_char(h.check_in_until, 'HH24:MI') as check_in_until,
      to_char(h.check_out_until, 'HH24:MI') as check_out_until,
      to_char(h.breakfast_from, 'HH24:MI') as breakfast_from, to_char(h.breakfast_until, 'HH24:MI') as breakfast_until,
      h.pets, h.pet_fee_minor, h.wellness, h.activities, h.business_services, h.currency_code, c.decimal_digits,
      h.city_tax_minor
    from hotel h join currency c on c.code = h.currency_code where h.id = ${hotelId}`);
  return rows[0] ?? null;
}
