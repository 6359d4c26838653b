import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { LocalizedText } from "../../db/schema";
import { flatPriceRows, freeRoomsOf, linkRefWhere, type SearchContext } from "../search";

/** One hotel of a portal search: its own search context (no link, no package) and what the list shows. */
export type PortalHotelContext = Omit<SearchContext, "channel" | "customer" | "link" | "package"> & {
  hotel: NonNullable<SearchContext["hotel"]> & { city: string; country: string };
  destination_ids: number[];
  /** Whether the trade customer of the search is enabled for this hotel on the channel (its prices apply). */
  trade_enabled: boolean;
  /** The hotel's search version these rows were read at (ADR 0045), as text. */
  version: string;
  /** The hotel's catalogue version at the same time (ADR 0057), as text: what its catalogue is kept under. */
  catalogue_version: string;
};

/**
 * What a hotel's line reads that the stay does not change: the hotel, its currency, age groups, room types, rate
 * plans sold on the channel and services. Every row of it bumps the hotel's catalogue version when it changes
 * (migrations 0020, 0026), so it is kept between lists under that version and the channel (ADR 0053, 0057).
 */
export type PortalCatalogue = Pick<
  PortalHotelContext,
  "hotel" | "destination_ids" | "currency" | "age_groups" | "room_types" | "rate_plans" | "services"
>;

/** A hotel as the statement returns it: its catalogue, unless the search has it at this version (`PortalLoad.known`). */
export type PortalHotelRow = Omit<PortalHotelContext, keyof PortalCatalogue> & {
  id: number;
  catalogue: PortalCatalogue | null;
};

export type PortalLoad = {
  channelId: number;
  hotelIds: number[] | undefined;
  destinationId: number | undefined;
  promoCode: string | undefined;
  customerId: number | undefined;
  /** First and last+1 night to load, ISO dates. */
  from: string;
  to: string;
  minAdults: number;
  maxAdults: number;
  /** Every child's age, over all rooms: child prices are loaded only for the age groups these fall in. */
  ages: number[];
  /**
   * Hotels whose catalogue the search has, with the catalogue version it was read at: a hotel's catalogue is left out
   * when the statement finds the hotel still at that version (same snapshot as its other rows).
   */
  known: { id: number; version: number }[];
};

export type PortalContext = {
  channel: SearchContext["channel"];
  customer: SearchContext["customer"];
  hotels: PortalHotelRow[];
};

/**
 * Hotels of a portal search in ONE statement, whatever their number (the service sends slices of 50, ADR 0050): for
 * every hotel of the channel (of a destination, or of a chosen set) the sets the hotel search loads (ADR 0005), one
 * JSON object per hotel — only what a list shows and prices: no room or rate names and descriptions, the first
 * picture of each room, child prices only for a search with children and only for the age groups whose max is at
 * least one of its children's ages (SPEC §5), no service names (ADR 0045), and no catalogue for the hotels of
 * `known` (ADR 0053).
 */
export async function loadPortalContext(database: Database, q: PortalLoad): Promise<PortalContext> {
  const ids = q.hotelIds ? `{${q.hotelIds.join(",")}}` : null;
  const rows = await database.query<PortalContext>(sql`
    with hs as materialized (
      select h.id, h.name, h.city, h.country, h.time_zone, h.currency_code, h.group_id, h.settings, h.city_tax_minor,
        array(select id from room_type where hotel_id = h.id) as rt_ids,
        array(select r.id from rate_plan r where r.hotel_id = h.id and exists (select 1 from rate_plan_channel c
          where c.rate_plan_id = r.id and c.channel_id = ${q.channelId})) as rp_ids,
        coalesce(v.version, 0) as version,
        coalesce(v.catalogue_version, 0) as catalogue_version,
        k.version as known_version
      from hotel h join hotel_channel hc on hc.hotel_id = h.id and hc.channel_id = ${q.channelId}
        left join search_version v on v.hotel_id = h.id
        left join unnest(${`{${q.known.map((k) => k.id).join(",")}}`}::int[],
          ${`{${q.known.map((k) => k.version).join(",")}}`}::bigint[]) as k(id, version) on k.id = h.id
      where (${ids}::int[] is null or h.id = any(${ids}::int[]))
        and (${q.destinationId ?? null}::int is null or exists (select 1 from hotel_destination hd
               where hd.hotel_id = h.id and hd.destination_id = ${q.destinationId ?? null}::int))
    )
    select
      (select json_build_object('id', id, 'kind', kind) from channel where id = ${q.channelId}) as channel,
      (select json_build_object('id', id, 'extra_discount_percent', extra_discount_percent,
         'commission_percent', commission_percent)
         from trade_customer where id = ${q.customerId ?? 0} and channel_id = ${q.channelId} and active and status = 'approved') as customer,
      (select coalesce(json_agg(json_build_object(
         'id', hs.id,
         'trade_enabled', exists (select 1 from trade_customer_hotel tch where tch.trade_customer_id = ${q.customerId ?? 0}
            and tch.channel_id = ${q.channelId} and tch.hotel_id = hs.id),
         'version', hs.version::text,
         'catalogue_version', hs.catalogue_version::text,
         'catalogue', case when hs.catalogue_version = hs.known_version then null else json_build_object(
         'hotel', json_build_object('id', hs.id, 'name', hs.name, 'city', hs.city, 'country', hs.country,
            'time_zone', hs.time_zone, 'currency_code', hs.currency_code, 'group_id', hs.group_id,
            'settings', hs.settings, 'city_tax_minor', hs.city_tax_minor),
         'destination_ids', (select coalesce(json_agg(destination_id order by destination_id), '[]')
            from hotel_destination where hotel_id = hs.id),
         'currency', (select json_build_object('code', c.code, 'decimal_digits', c.decimal_digits,
            'rounding', c.rounding) from currency c where c.code = hs.currency_code),
         'age_groups', (select coalesce(json_agg(json_build_object('id', id, 'min', min_age, 'max', max_age)
            order by max_age, min_age, id), '[]') from age_group where hotel_id = hs.id),
         'room_types', (select coalesce(json_agg(json_build_object('id', id, 'name', '{}'::json,
            'description', '{}'::json, 'gallery', case when jsonb_array_length(gallery) > 0
              then jsonb_build_array(gallery -> 0) else '[]'::jsonb end, 'amenities', '[]'::json,
            'min_occupancy', min_occupancy, 'max_occupancy', max_occupancy, 'max_adults', max_adults,
            'max_children', max_children) order by sort_order, id), '[]') from room_type where hotel_id = hs.id),
         'rate_plans', (select coalesce(json_agg(json_build_object('id', id, 'mt_id', mt_id, 'name', '{}'::json,
            'description', '{}'::json, 'meal_plan', meal_plan, 'refundable', refundable,
            'free_cancellation_days', free_cancellation_days, 'payment', payment, 'prepayment', prepayment,
            'commission_percent', commission_percent, 'is_net', is_net, 'min_stay', min_stay,
            'max_stay', max_stay, 'min_adults', min_adults, 'max_adults', max_adults, 'resellable', resellable,
            'refund_protection_minor', refund_protection_minor, 'trade_only', trade_only,
            'long_stay_discounts', long_stay_discounts, 'included_service_ids', included_service_ids)
            order by sort_order, id), '[]') from rate_plan where id = any(hs.rp_ids)),
         'services', (select coalesce(json_agg(json_build_object('id', s.id, 'name', '{}'::json,
            'pricing_basis', s.pricing_basis, 'per_night', s.per_night, 'price_minor', s.price_minor,
            'mandatory_for', s.mandatory_for, 'category_id', s.category_id, 'category_mandatory', k.mandatory)
            order by k.sort_order, k.id, s.id), '[]')
            from service s join service_category k on k.id = s.category_id where s.hotel_id = hs.id)) end,
         'promo', (select json_build_object('code', code, 'hidden', hidden, 'discount_percent', discount_percent,
            'stay_from', stay_from, 'stay_to', stay_to, 'book_from', book_from, 'book_to', book_to,
            'min_nights', min_nights, 'rate_plan_ids', rate_plan_ids)
            from promo_code where hotel_id = hs.id and upper(code) = upper(${q.promoCode ?? ""}) limit 1),
         'inventory', (select coalesce(json_agg(json_build_array(i.room_type_id, i.day - ${q.from}::date,
            ${freeRoomsOf("i")}, i.closed)), '[]')
            from inventory i where i.room_type_id = any(hs.rt_ids)
              and i.day >= ${q.from}::date and i.day < ${q.to}::date),
         'prices', (select ${flatPriceRows("p", "adults", q.from)}
            from price p where p.room_type_id = any(hs.rt_ids)
              and p.rate_plan_id = any(hs.rp_ids)
              and p.day >= ${q.from}::date and p.day < ${q.to}::date
              and p.adults between ${q.minAdults} and ${q.maxAdults}),
         'child_prices', (select ${flatPriceRows("p", "age_group_id", q.from)}
            from child_price p where p.age_group_id = any(array(select g.id from age_group g where g.hotel_id = hs.id
                and exists (select 1 from unnest(${`{${q.ages.join(",")}}`}::int[]) a where a <= g.max_age)))
              and p.room_type_id = any(hs.rt_ids)
              and p.rate_plan_id = any(hs.rp_ids)
              and p.day >= ${q.from}::date and p.day < ${q.to}::date),
         'restrictions', (select coalesce(json_agg(json_build_array(r.rate_plan_id, r.day - ${q.from}::date,
            r.closed_to_arrival, r.closed_to_departure, r.min_stay, r.max_stay)), '[]')
            from restriction r where r.rate_plan_id = any(hs.rp_ids)
              and r.day >= ${q.from}::date and r.day <= ${q.to}::date)
       ) order by hs.id), '[]') from hs) as hotels
  `);
  const row = rows[0];
  if (!row) throw new Error("portal context query returned no row");
  return row;
}

/**
 * The hotels a portal search would cover, in the list's order, each with its time zone (for "today") and search
 * version (ADR 0045): one small statement. `neighboursOf` a hotel: the others of the channel that share a
 * destination with it (any other when it has none), at most `limit` (a hotel search's `crossProperty`, ADR 0065).
 */
export async function findPortalHotels(
  database: Database,
  q: {
    channelId: number;
    hotelIds: number[] | undefined;
    destinationId: number | undefined;
    neighboursOf?: { hotelId: number; limit: number } | undefined;
  },
): Promise<{ id: number; zone: string; version: number }[]> {
  const ids = q.hotelIds ? `{${q.hotelIds.join(",")}}` : null;
  const near = q.neighboursOf?.hotelId ?? null;
  const rows = await database.queryPrepared<{ id: number; zone: string; version: string }>(sql`
    select h.id, h.time_zone as zone, coalesce(v.version, 0)::text as version
    from hotel h join hotel_channel hc on hc.hotel_id = h.id and hc.channel_id = ${q.channelId}
      left join search_version v on v.hotel_id = h.id
    where (${ids}::int[] is null or h.id = any(${ids}::int[]))
      and (${q.destinationId ?? null}::int is null or exists (select 1 from hotel_destination hd
             where hd.hotel_id = h.id and hd.destination_id = ${q.destinationId ?? null}::int))
      and (${near}::int is null or (h.id <> ${near}::int
        and (exists (select 1 from hotel_destination a join hotel_destination b on b.destination_id = a.destination_id
               where a.hotel_id = ${near}::int and b.hotel_id = h.id)
          or not exists (select 1 from hotel_destination where hotel_id = ${near}::int))))
    order by h.id
    limit ${q.neighboursOf?.limit ?? null}::int`);
  return rows.map((r) => ({ id: r.id, zone: r.zone, version: Number(r.version) }));
}

export type DestinationRow = {
  id: number;
  name: LocalizedText;
  properties: { id: number; name: string }[];
};

/** The destinations of the channel's group, each with the hotels of it sold on the channel; one statement. */
export async function findDestinations(
  database: Database,
  channelId: number,
): Promise<{ known: boolean; destinations: DestinationRow[] }> {
  const rows = await database.query<{ known: boolean; destinations: DestinationRow[] }>(sql`
    select exists (select 1 from channel where id = ${channelId}) as known,
      (select coalesce(json_agg(json_build_object('id', d.id, 'name', d.name,
         'properties', (select coalesce(json_agg(json_build_object('id', h.id, 'name', h.name) order by h.name, h.id), '[]')
            from hotel h join hotel_destination hd on hd.hotel_id = h.id and hd.destination_id = d.id
            join hotel_channel hc on hc.hotel_id = h.id and hc.channel_id = ${channelId}))
         order by d.id), '[]')
       from destination d where d.group_id = (select group_id from channel where id = ${channelId})) as destinations`);
  return rows[0] ?? { known: false, destinations: [] };
}

export type LinkRow = {
  /** The public id, or the number of an imported link without one. */
  id: string;
  title: LocalizedText;
  message: LocalizedText;
  arrival: string;
  departure: string;
  rooms: { adults: number; ages: number[] }[];
  room_type_ids: number[];
  rate_plan_ids: number[];
  promo_code: string | null;
  total_minor: number | null;
  expires_at: string | null;
  room_prices: { totalMinor: number }[] | null;
};

/** A hotel's reservation links on a channel (or one of them), with the hotel's currency; one statement. */
export async function findReservationLinks(
  database: Database,
  q: { hotelId: number; channelId: number; linkId: string | undefined },
): Promise<{ currency: { code: string; decimal_digits: number } | null; links: LinkRow[] }> {
  const rows = await database.query<{
    currency: { code: string; decimal_digits: number } | null;
    links: LinkRow[];
  }>(sql`
    select
      (select json_build_object('code', c.code, 'decimal_digits', c.decimal_digits)
         from hotel h join hotel_channel hc on hc.hotel_id = h.id and hc.channel_id = ${q.channelId}
         join currency c on c.code = h.currency_code where h.id = ${q.hotelId}) as currency,
      (select coalesce(json_agg(json_build_object('id', coalesce(public_id, id::text), 'title', title, 'message', message,
         'arrival', arrival, 'departure', departure, 'rooms', rooms, 'room_type_ids', room_type_ids,
         'rate_plan_ids', rate_plan_ids, 'promo_code', promo_code, 'total_minor', total_minor,
         'expires_at', expires_at, 'room_prices', room_prices) order by id), '[]')
       from reservation_link where hotel_id = ${q.hotelId} and channel_id = ${q.channelId}
         and ${linkRefWhere(q.linkId)}) as links`);
  return rows[0] ?? { currency: null, links: [] };
}
