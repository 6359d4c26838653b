import type { SearchCatalogue, SearchContext } from "@alloggio/domain/search/context";
import { ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { SearchCache } from "./answer-cache";

export type {
  CurrencyRow,
  HotelRow,
  LinkRow,
  PackageRow,
  PromoRow,
  RatePlanRow,
  RoomTypeRow,
  SearchCatalogue,
  SearchContext,
  ServiceRow,
} from "@alloggio/domain/search/context";

/**
 * Free rooms of an inventory row `i` (alias): the hotel's own (`allotment − sold`) plus the resale nights listed
 * for its room type and day. The one place this rule is written: search, portal, calendars and packages read it.
 */
export function freeRoomsOf(alias: string): SQL {
  const i = sql.raw(alias);
  return sql`(${i}.allotment - ${i}.sold + (select count(*)::int from resale_night rn
    where rn.room_type_id = ${i}.room_type_id and rn.day = ${i}.day and rn.status = 'listed'))`;
}

/**
 * Price or child price rows as one flat JSON array of numbers, five a row: room type, rate, night offset from
 * `from`, adults (or age group), amount in minor units — the form `SearchContext.prices` declares and `SearchIndex`
 * reads (ADR 0050). `alias` is the table's alias in the statement, or "".
 */
export function flatPriceRows(alias: "" | "p", fourth: "adults" | "age_group_id", from: string): SQL {
  const col = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  return sql`('[' || coalesce(string_agg(concat_ws(',', ${col("room_type_id")}, ${col("rate_plan_id")},
    ${col("day")} - ${from}::date, ${col(fourth)}, ${col("amount_minor")}), ','), '') || ']')::json`;
}

export type SearchLoad = {
  /**
   * A catalogue the search has, with the catalogue version it was read at: the statement leaves the catalogue out
   * when it finds the hotel still at that version (in the snapshot of its other rows) and this one is used.
   */
  known?: { version: number; catalogue: SearchCatalogue } | undefined;
  hotelId: number;
  channelId: number;
  promoCode: string | undefined;
  customerId: number | undefined;
  /** The link as the guest names it (public id, or an imported link's number, ADR 0027). */
  reservationLinkId: string | undefined;
  packageId: number | undefined;
  /** First and last+1 night to load, ISO dates. */
  from: string;
  to: string;
  minAdults: number;
  maxAdults: number;
};

/**
 * Everything one search needs, in ONE statement: the hotel, its channel, rooms, rates, promo, trade customer,
 * link or package, and the inventory, prices, child prices and restrictions of the nights asked for. Daily rows
 * come back as compact arrays keyed by night offset. The cost does not grow with nights or room types. The
 * catalogue is left out when `q.known` is still current (ADR 0053).
 */
export async function loadSearchContext(database: Database, q: SearchLoad): Promise<SearchContext> {
  const rows = await database.queryPrepared<SearchContext & { kept: boolean }>(sql`
    with h as (
      select h.id, h.name, h.time_zone, h.currency_code, h.group_id, h.settings, h.city_tax_minor
      from hotel h join hotel_channel hc on hc.hotel_id = h.id and hc.channel_id = ${q.channelId}
      where h.id = ${q.hotelId}
    ),
    sv as (select version, catalogue_version from search_version where hotel_id = (select id from h)),
    v as (select coalesce((select version from sv), 0) as version,
      coalesce((select catalogue_version from sv), 0) as catalogue_version),
    k as (select exists (select 1 from h) and (select catalogue_version from v) = ${q.known?.version ?? -1}::bigint
      as kept),
    rt as (select id from room_type where hotel_id = (select id from h)),
    lk as (
      select * from reservation_link
      where ${linkRefWhere(q.reservationLinkId)} and hotel_id = (select id from h) and channel_id = ${q.channelId}
    ),
    rp as (
      select r.* from rate_plan r
      where r.hotel_id = (select id from h)
        and exists (select 1 from rate_plan_channel c where c.rate_plan_id = r.id and c.channel_id = ${q.channelId})
    )
    select
      (select kept from k) as kept,
      case when (select kept from k) then null else (select row_to_json(h) from h) end as hotel,
      (select json_build_object('id', id, 'kind', kind) from channel where id = ${q.channelId}) as channel,
      case when (select kept from k) then null else
      (select json_build_object('code', c.code, 'decimal_digits', c.decimal_digits, 'rounding', c.rounding)
         from currency c join h on c.code = h.currency_code) end as currency,
      (select version from v)::text as version,
      (select catalogue_version from v)::text as catalogue_version,
      case when (select kept from k) then null else
      (select coalesce(json_agg(json_build_object('id', id, 'min', min_age, 'max', max_age)
         order by max_age, min_age, id), '[]') from age_group where hotel_id = (select id from h)) end as age_groups,
      case when (select kept from k) then null else
      (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'description', description,
         'gallery', gallery, 'amenities', amenities, 'min_occupancy', min_occupancy, 'max_occupancy', max_occupancy,
         'max_adults', max_adults, 'max_children', max_children) order by sort_order, id), '[]')
         from room_type where hotel_id = (select id from h)) end as room_types,
      case when (select kept from k) then null else
      (select coalesce(json_agg(json_build_object('id', id, 'mt_id', mt_id, 'name', name,
         'description', description, 'meal_plan', meal_plan, 'refundable', refundable,
         'free_cancellation_days', free_cancellation_days, 'payment', payment, 'prepayment', prepayment,
         'commission_percent', commission_percent, 'is_net', is_net, 'min_stay', min_stay, 'max_stay', max_stay,
         'min_adults', min_adults, 'max_adults', max_adults, 'resellable', resellable,
         'refund_protection_minor', refund_protection_minor, 'trade_only', trade_only,
         'long_stay_discounts', long_stay_discounts, 'included_service_ids', included_service_ids)
         order by sort_order, id), '[]') from rp) end as rate_plans,
      (select json_build_object('code', code, 'name', name, 'hidden', hidden, 'discount_percent', discount_percent,
         'stay_from', stay_from, 'stay_to', stay_to, 'book_from', book_from, 'book_to', book_to,
         'min_nights', min_nights, 'rate_plan_ids', rate_plan_ids)
         from promo_code where hotel_id = (select id from h)
           and upper(code) = upper(coalesce(nullif(${q.promoCode ?? ""}, ''), (select promo_code from lk)))) as promo,
      (select json_build_object('id', id, 'extra_discount_percent', extra_discount_percent,
         'commission_percent', commission_percent)
         from trade_customer where id = ${q.customerId ?? 0} and channel_id = ${q.channelId} and active and status = 'approved') as customer,
      case when (select kept from k) then null else
      (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'pricing_basis', s.pricing_basis,
         'per_night', s.per_night, 'price_minor', s.price_minor, 'mandatory_for', s.mandatory_for,
         'category_id', s.category_id, 'category_mandatory', sc.mandatory) order by sc.sort_order, sc.id, s.id), '[]')
         from service s join service_category sc on sc.id = s.category_id
         where s.hotel_id = (select id from h)) end as services,
      (select json_build_object('id', id, 'arrival', arrival, 'departure', departure,
         'room_type_ids', room_type_ids, 'rate_plan_ids', rate_plan_ids, 'promo_code', promo_code,
         'total_minor', total_minor, 'expires_at', expires_at, 'room_prices', room_prices)
         from lk) as link,
      (select json_build_object('id', id, 'rate_plan_ids', rate_plan_ids, 'room_type_ids', room_type_ids,
         'valid_from', valid_from, 'valid_to', valid_to, 'min_nights', min_nights, 'max_nights', max_nights,
         'min_adults', min_adults, 'max_adults', max_adults, 'airports', airports,
         'destination_airport', destination_airport)
         from package where id = ${q.packageId ?? 0} and hotel_id = (select id from h)
           and (cardinality(channel_ids) = 0 or ${q.channelId} = any(channel_ids))) as package,
      (select coalesce(json_agg(json_build_array(room_type_id, day - ${q.from}::date, ${freeRoomsOf("inventory")}, closed)), '[]')
         from inventory where room_type_id in (select id from rt)
           and day >= ${q.from}::date and day < ${q.to}::date) as inventory,
      (select ${flatPriceRows("", "adults", q.from)}
         from price where room_type_id in (select id from rt) and rate_plan_id in (select id from rp)
           and day >= ${q.from}::date and day < ${q.to}::date
           and adults between ${q.minAdults} and ${q.maxAdults}) as prices,
      (select ${flatPriceRows("", "age_group_id", q.from)}
         from child_price where room_type_id in (select id from rt) and rate_plan_id in (select id from rp)
           and day >= ${q.from}::date and day < ${q.to}::date) as child_prices,
      (select coalesce(json_agg(json_build_array(rate_plan_id, day - ${q.from}::date, closed_to_arrival,
         closed_to_departure, min_stay, max_stay)), '[]')
         from restriction where rate_plan_id in (select id from rp)
           and day >= ${q.from}::date and day <= ${q.to}::date) as restrictions
  `);
  const row = rows[0];
  if (!row) throw new Error("search context query returned no row");
  const { kept, ...ctx } = row;
  return kept && q.known ? { ...ctx, ...q.known.catalogue } : ctx;
}

/**
 * `loadSearchContext` with the hotel's catalogue as last read on this channel, kept in `cache` (ADR 0053): the
 * statement leaves it out while the hotel's catalogue version is the one it was read at, which a booking or a
 * price change does not move (ADR 0057); a catalogue the statement read is kept in its place. The hotel search and
 * a booking's pricing share it.
 */
export async function loadSearchContextKept(
  database: Database,
  cache: SearchCache | null | undefined,
  q: Omit<SearchLoad, "known">,
): Promise<SearchContext> {
  const key = `search-catalogue|${q.hotelId}|${q.channelId}`;
  const kept = cache?.keptRows<SearchCatalogue>(key);
  const ctx = await loadSearchContext(database, {
    ...q,
    known: kept ? { version: kept.version, catalogue: kept.rows } : undefined,
  });
  // A catalogue read by this statement (not the kept one, which comes back as it was) is kept in its place.
  if (cache && ctx.hotel && ctx.catalogue_version !== undefined && ctx.room_types !== kept?.rows.room_types)
    cache.keepRows(key, q.hotelId, Number(ctx.catalogue_version), catalogueOf(ctx));
  return ctx;
}

/** The catalogue part of a loaded search, to keep (ADR 0053). */
export function catalogueOf(ctx: SearchContext): SearchCatalogue {
  const { hotel, currency, age_groups, room_types, rate_plans, services } = ctx;
  return { hotel, currency, age_groups, room_types, rate_plans, services };
}

/**
 * The reservation link a guest names (ADR 0027): by its public id, or by its number when it has no public id (an
 * imported link). A link made in the back office never answers to its number.
 */
export function linkRefWhere(ref: string | undefined): SQL {
  if (ref && /^\d{1,10}$/.test(ref)) return sql`(public_id is null and id = ${Number(ref)})`;
  return sql`public_id = ${ref ?? ""}`;
}

// ── calendars ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * `calendar.do`'s one statement: per day from hotel-local today (`days` of them), closed, free, and the arrival
 * restrictions of the rates sold on the channel; `from` is null for an unknown hotel or channel.
 */
export async function findCalendarDays(
  database: Database,
  now: string,
  q: { hotel: number; channel: number; login?: boolean | undefined },
  days: number,
) {
  return database.query<{
    from: string | null;
    days: [string, boolean, boolean, boolean, boolean, number, number | null][] | null;
  }>(sql`
    with h as (
      select h.id, (${now}::timestamptz at time zone h.time_zone)::date as today
      from hotel h join hotel_channel hc on hc.hotel_id = h.id and hc.channel_id = ${q.channel}
      where h.id = ${q.hotel}
    ),
    rt as (select id from room_type where hotel_id = (select id from h)),
    rp as (
      select r.id, r.min_stay, r.max_stay from rate_plan r
      where r.hotel_id = (select id from h) and (${q.login ?? false}::boolean or not r.trade_only)
        and exists (select 1 from rate_plan_channel c where c.rate_plan_id = r.id and c.channel_id = ${q.channel})
    ),
    d as (select generate_series((select today from h), (select today from h) + ${days - 1}::int, interval '1 day')::date as day),
    inv as (
      select i.day, bool_and(i.closed) as closed, bool_or(not i.closed and ${freeRoomsOf("i")} > 0) as free
      from inventory i
      where i.room_type_id in (select id from rt) and i.day >= (select today from h) and i.day < (select today from h) + ${days}::int
      group by i.day
    ),
    pr as (
      select distinct p.day from price p
      where p.room_type_id in (select id from rt) and p.rate_plan_id in (select id from rp)
        and p.day >= (select today from h) and p.day < (select today from h) + ${days}::int
    ),
    rr as (
      select d.day,
        bool_and(coalesce(x.closed_to_arrival, false)) as cta,
        bool_and(coalesce(x.closed_to_departure, false)) as ctd,
        min(greatest(rp.min_stay, coalesce(x.min_stay, 1))) as min_stay,
        case when bool_or(rp.max_stay is null and x.max_stay is null) then null
             else max(least(coalesce(rp.max_stay, 32767), coalesce(x.max_stay, 32767))) end as max_stay
      from d cross join rp left join restriction x on x.rate_plan_id = rp.id and x.day = d.day
      group by d.day
    )
    select to_char((select today from h), 'YYYYMMDD') as from,
      (select json_agg(json_build_array(to_char(d.day, 'YYYYMMDD'), coalesce(inv.closed, true),
         coalesce(inv.free, false) and pr.day is not null, coalesce(rr.cta, false), coalesce(rr.ctd, false),
         coalesce(rr.min_stay, 1), rr.max_stay) order by d.day)
       from d left join inv on inv.day = d.day left join pr on pr.day = d.day left join rr on rr.day = d.day) as days
  `);
}

/** The hotel's time zone and currency, when it is sold on the channel. */
export async function findPriceCalendarHotel(database: Database, hotelId: number, channelId: number) {
  return database.query<{ time_zone: string; code: string; digits: number }>(sql`
    select h.time_zone, c.code, c.decimal_digits as digits
    from hotel h join hotel_channel hc on hc.hotel_id = h.id and hc.channel_id = ${channelId}
    join currency c on c.code = h.currency_code where h.id = ${hotelId}`);
}

/** The cheapest free one-night price per day in [from, to) for `adults`, of the public rates sold on the channel. */
export async function findCheapestOneNightPrices(
  database: Database,
  hotelId: number,
  channelId: number,
  adults: number,
  from: string,
  to: string,
) {
  return database.query<{ day: string; price: number }>(sql`
    select to_char(p.day, 'YYYYMMDD') as day, min(p.amount_minor)::int as price
    from price p
    join rate_plan r on r.id = p.rate_plan_id and not r.trade_only and r.min_stay <= 1
    join rate_plan_channel c on c.rate_plan_id = r.id and c.channel_id = ${channelId}
    join inventory i on i.room_type_id = p.room_type_id and i.day = p.day and not i.closed and ${freeRoomsOf("i")} > 0
    where r.hotel_id = ${hotelId} and p.adults = ${adults}
      and p.day >= ${ymdToIso(from)}::date and p.day < ${ymdToIso(to)}::date
    group by p.day order by p.day`);
}

/** The hotel's IANA time zone; no row for an unknown hotel. */
export async function findHotelTimeZoneRows(database: Database, hotelId: number) {
  return database.query<{ time_zone: string }>(sql`select time_zone from hotel where id = ${hotelId}`);
}
