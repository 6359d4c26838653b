import type { CalendarQuery, CalendarResponse } from "@alloggio/domain/contract/search/calendar";
import type {
  PriceCalendarQuery,
  PriceCalendarResponse,
} from "@alloggio/domain/contract/search/price-calendar";
import { fromMinor } from "@alloggio/domain/money/money";
import { addDays, todayInZone, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import { sql } from "drizzle-orm";
import { badInput, notFound } from "../../http/errors";
import { freeRoomsOf } from "../resale";
import type { SearchDeps } from "./service";

/** How many days `calendar.do` covers from hotel-local today. */
export const CALENDAR_DAYS = 400;

/**
 * `calendar.do`: per day from hotel-local today, whether the hotel is closed, whether a room is free, and the
 * arrival restrictions of the rates sold on the channel. One statement. `login` adds the trade-only rates.
 */
export async function getCalendar(deps: SearchDeps, q: CalendarQuery): Promise<CalendarResponse> {
  const now = deps.now().toISOString();
  const rows = await deps.database.query<{
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
    d as (select generate_series((select today from h), (select today from h) + ${CALENDAR_DAYS - 1}::int, interval '1 day')::date as day),
    inv as (
      select i.day, bool_and(i.closed) as closed, bool_or(not i.closed and ${freeRoomsOf("i")} > 0) as free
      from inventory i
      where i.room_type_id in (select id from rt) and i.day >= (select today from h) and i.day < (select today from h) + ${CALENDAR_DAYS}::int
      group by i.day
    ),
    pr as (
      select distinct p.day from price p
      where p.room_type_id in (select id from rt) and p.rate_plan_id in (select id from rp)
        and p.day >= (select today from h) and p.day < (select today from h) + ${CALENDAR_DAYS}::int
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
  const row = rows[0];
  if (!row?.from) throw notFound("hotel", "Unknown hotel or channel");
  return {
    from: row.from,
    days: (row.days ?? []).map(([date, closed, available, cta, ctd, minStay, maxStay]) => ({
      date,
      closed,
      available: available && !closed,
      closedToArrival: cta,
      closedToDeparture: ctd,
      minStay,
      maxStay,
    })),
  };
}

/** The no-availability chart: the cheapest free one-night price per day and per month, 12 months from `from`. */
export async function getPriceCalendar(
  deps: SearchDeps,
  q: PriceCalendarQuery,
): Promise<PriceCalendarResponse> {
  const adults = q.adults[0] ?? 2;
  const hotel = await deps.database.query<{ time_zone: string; code: string; digits: number }>(sql`
    select h.time_zone, c.code, c.decimal_digits as digits
    from hotel h join hotel_channel hc on hc.hotel_id = h.id and hc.channel_id = ${q.channel}
    join currency c on c.code = h.currency_code where h.id = ${q.hotel}`);
  const h = hotel[0];
  if (!h) throw notFound("hotel", "Unknown hotel or channel");
  const today = todayInZone(deps.now(), h.time_zone);
  const from = q.from ?? today;
  if (from < today) throw badInput("from", "cannot be in the past");
  const to = addDays(from, 366);
  const rows = await deps.database.query<{ day: string; price: number }>(sql`
    select to_char(p.day, 'YYYYMMDD') as day, min(p.amount_minor)::int as price
    from price p
    join rate_plan r on r.id = p.rate_plan_id and not r.trade_only and r.min_stay <= 1
    join rate_plan_channel c on c.rate_plan_id = r.id and c.channel_id = ${q.channel}
    join inventory i on i.room_type_id = p.room_type_id and i.day = p.day and not i.closed and ${freeRoomsOf("i")} > 0
    where r.hotel_id = ${q.hotel} and p.adults = ${adults}
      and p.day >= ${ymdToIso(from)}::date and p.day < ${ymdToIso(to)}::date
    group by p.day order by p.day`);
  const byDay = new Map(rows.map((r) => [r.day, r.price]));
  const days: PriceCalendarResponse["days"] = [];
  const months = new Map<string, number | null>();
  for (let d = from; d < to; d = addDays(d, 1)) {
    const minor = byDay.get(d) ?? null;
    const price = minor === null ? null : fromMinor(minor, h.digits);
    days.push({ date: d, price });
    const month = d.slice(0, 6);
    const prev = months.get(month) ?? null;
    if (!months.has(month) || (price !== null && (prev === null || price < prev))) months.set(month, price);
  }
  return { currency: h.code, days, months: [...months].map(([month, price]) => ({ month, price })) };
}
