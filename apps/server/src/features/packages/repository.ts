// The packages' statements: a hotel's packages with their landing-page facts, and a package's airports.

import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { LocalizedText, PackageAirport } from "../../db/schema";
import { freeRoomsOf } from "../search";

export type AirportRow = PackageAirport;

export type PackageRow = {
  id: number;
  code: string;
  kind: "package" | "offer";
  name: LocalizedText;
  description: LocalizedText;
  image: string | null;
  valid_from: string;
  valid_to: string;
  min_nights: number;
  max_nights: number | null;
  min_adults: number;
  max_adults: number | null;
  rate_plan_ids: number[];
  room_type_ids: number[];
  included: { id: number; name: LocalizedText }[];
  airports: AirportRow[];
  /** The galleries of the package's rooms, in the rooms' order. */
  galleries: string[][];
  /** Closed nights inside the validity (every room of the package closed), ISO dates in order. */
  closed_days: string[];
  /** Bookable nights from today in the validity for `adults`: [roomType, ratePlan, ISO day, amountMinor]. */
  nights: [number, number, string, number][];
};

/** The hotel on the channel (null when it is not sold there) and its packages, or one of them. One statement. */
export async function findPackagesOfHotel(
  database: Database,
  now: Date,
  q: { channel: number; hotel: number; package?: number | undefined },
) {
  return database.query<{
    hotel: { time_zone: string; currency: string; decimal_digits: number } | null;
    packages: PackageRow[];
  }>(sql`
    with h as (
      select h.id, h.time_zone, h.currency_code, c.decimal_digits,
        (${now.toISOString()}::timestamptz at time zone h.time_zone)::date as today
      from hotel h join hotel_channel hc on hc.hotel_id = h.id and hc.channel_id = ${q.channel}
      join currency c on c.code = h.currency_code
      where h.id = ${q.hotel}
    ),
    p as (
      select p.*, (select today from h) as today,
        case when cardinality(p.room_type_ids) > 0 then p.room_type_ids
             else (select coalesce(array_agg(id), '{}') from room_type where hotel_id = p.hotel_id) end as rooms,
        least(greatest(2, p.min_adults), coalesce(p.max_adults, 2147483647)) as adults
      from package p
      where p.hotel_id = (select id from h) and (cardinality(p.channel_ids) = 0 or ${q.channel} = any(p.channel_ids))
        and (${q.package ?? null}::int is null or p.id = ${q.package ?? null}::int)
    )
    select
      (select json_build_object('time_zone', time_zone, 'currency', currency_code, 'decimal_digits', decimal_digits)
         from h) as hotel,
      (select coalesce(json_agg(json_build_object('id', p.id, 'code', p.code, 'kind', p.kind, 'name', p.name,
         'description', p.description, 'image', p.image, 'valid_from', p.valid_from, 'valid_to', p.valid_to,
         'min_nights', p.min_nights, 'max_nights', p.max_nights, 'min_adults', p.min_adults,
         'max_adults', p.max_adults, 'rate_plan_ids', p.rate_plan_ids, 'room_type_ids', p.room_type_ids,
         'airports', p.airports,
         'included', (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by s.id), '[]')
                      from service s where s.id = any(p.included_service_ids)),
         'galleries', (select coalesce(json_agg(t.gallery order by t.sort_order, t.id), '[]')
             from room_type t where t.id = any(p.rooms)),
         'closed_days', (select coalesce(json_agg(d.day order by d.day), '[]') from (
             select i.day from inventory i
             where i.room_type_id = any(p.rooms) and i.day between p.valid_from and p.valid_to
             group by i.day having bool_and(i.closed) and count(*) = cardinality(p.rooms)) d),
         'nights', (select coalesce(json_agg(json_build_array(pr.room_type_id, pr.rate_plan_id, pr.day, pr.amount_minor)), '[]')
             from price pr join inventory i on i.room_type_id = pr.room_type_id and i.day = pr.day
             where pr.room_type_id = any(p.rooms) and pr.rate_plan_id = any(p.rate_plan_ids)
               and pr.adults = p.adults and pr.day between greatest(p.valid_from, p.today) and p.valid_to
               and not i.closed and ${freeRoomsOf("i")} > 0))
         order by p.id), '[]') from p) as packages`);
}

/** The origin airports of a package, with the decimal digits of its hotel's currency. */
export async function findPackageAirports(database: Database, pcId: number) {
  return database.query<{ airports: AirportRow[]; digits: number }>(
    sql`select p.airports, c.decimal_digits as digits from package p join hotel h on h.id = p.hotel_id
        join currency c on c.code = h.currency_code where p.id = ${pcId}`,
  );
}
