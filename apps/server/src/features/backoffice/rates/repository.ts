// The statements of the rates and availability calendar: its window, the inventory, price and restriction nights.

import type { InventoryValues, RestrictionValues } from "@alloggio/domain/backoffice/daily-values";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { LocalizedText } from "../../../db/schema";

/** A database or a transaction: every statement here runs through `execute`. */
export type RatesExecutor = Pick<Db, "execute">;
type Tx = RatesExecutor;

const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;
const idList = (ids: readonly number[]): SQL =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

async function rows<T>(db: Tx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

export type CalendarRow = {
  time_zone: string;
  currency_code: string;
  decimal_digits: number;
  room_types: {
    id: number;
    code: string;
    name: LocalizedText;
    max_occupancy: number;
    allotment: (number | null)[];
    sold: (number | null)[];
    closed: (boolean | null)[];
  }[];
  rate_plans: {
    id: number;
    code: string;
    name: LocalizedText;
    min_stay: number;
    max_stay: number | null;
    day_min: (number | null)[];
    day_max: (number | null)[];
    cta: (boolean | null)[];
    ctd: (boolean | null)[];
  }[];
  rates: {
    room_type_id: number;
    rate_plan_id: number;
    prices: { adults: number; amounts: (number | null)[] }[];
  }[];
};

/** The calendar's window of a hotel in ONE statement (see `readCalendar`); undefined for no such hotel. */
export async function findCalendarRow(
  db: Db,
  hotelId: number,
  from: string,
  days: number,
): Promise<CalendarRow | undefined> {
  const [row] = await rows<CalendarRow>(
    db,
    sql`
    with d as (
      select g::date as day from generate_series(${from}::date, ${from}::date + ${days - 1}::int, interval '1 day') g
    ),
    rt as (select * from room_type where hotel_id = ${hotelId}),
    rp as (select * from rate_plan where hotel_id = ${hotelId}),
    pairs as (
      select rt.id as room_type_id, rt.max_occupancy, rt.sort_order as rt_sort, rp.id as rate_plan_id,
        rp.sort_order as rp_sort
      from rt cross join rp
      where exists (select 1 from price p where p.room_type_id = rt.id and p.rate_plan_id = rp.id)
        -- A room type or a rate plan without any price yet pairs with every partner: rows to type its first prices.
        or not exists (select 1 from price p where p.room_type_id = rt.id)
        or not exists (select 1 from price p where p.rate_plan_id = rp.id)
    )
    select h.time_zone, h.currency_code, c.decimal_digits,
      (select coalesce(json_agg(json_build_object('id', rt.id, 'code', rt.code, 'name', rt.name,
         'max_occupancy', rt.max_occupancy, 'allotment', inv.allotment, 'sold', inv.sold, 'closed', inv.closed)
         order by rt.sort_order, rt.id), '[]')
       from rt cross join lateral (
         select json_agg(i.allotment order by d.day) as allotment, json_agg(i.sold order by d.day) as sold,
           json_agg(i.closed order by d.day) as closed
         from d left join inventory i on i.room_type_id = rt.id and i.day = d.day) inv) as room_types,
      (select coalesce(json_agg(json_build_object('id', rp.id, 'code', rp.code, 'name', rp.name,
         'min_stay', rp.min_stay, 'max_stay', rp.max_stay, 'day_min', x.day_min, 'day_max', x.day_max,
         'cta', x.cta, 'ctd', x.ctd) order by rp.sort_order, rp.id), '[]')
       from rp cross join lateral (
         select json_agg(r.min_stay order by d.day) as day_min, json_agg(r.max_stay order by d.day) as day_max,
           json_agg(r.closed_to_arrival order by d.day) as cta, json_agg(r.closed_to_departure order by d.day) as ctd
         from d left join restriction r on r.rate_plan_id = rp.id and r.day = d.day) x) as rate_plans,
      (select coalesce(json_agg(json_build_object('room_type_id', pr.room_type_id, 'rate_plan_id', pr.rate_plan_id,
         'prices', pp.prices) order by pr.rt_sort, pr.room_type_id, pr.rp_sort, pr.rate_plan_id), '[]')
       from pairs pr cross join lateral (
         select json_agg(json_build_object('adults', a.n, 'amounts', (
           select json_agg(p.amount_minor order by d.day) from d
           left join price p on p.room_type_id = pr.room_type_id and p.rate_plan_id = pr.rate_plan_id
             and p.adults = a.n and p.day = d.day)) order by a.n) as prices
         from generate_series(1, pr.max_occupancy) a(n)) pp) as rates
    from hotel h join currency c on c.code = h.currency_code
    where h.id = ${hotelId}`,
  );
  return row;
}

export type RoomTypeRef = { id: number; max_occupancy: number; name: LocalizedText };
export type RatePlanRef = { id: number; min_stay: number; max_stay: number | null };

/** The hotel's room types among `ids` (non-empty), in the calendar's order. */
export async function findRoomTypesOfHotel(
  db: Tx,
  hotelId: number,
  ids: readonly number[],
): Promise<RoomTypeRef[]> {
  return rows<RoomTypeRef>(
    db,
    sql`select id, max_occupancy, name from room_type where hotel_id = ${hotelId} and id in ${idList(ids)}
        order by sort_order, id`,
  );
}

/** The hotel's rate plans among `ids` (non-empty), in the calendar's order. */
export async function findRatePlansOfHotel(
  db: Tx,
  hotelId: number,
  ids: readonly number[],
): Promise<RatePlanRef[]> {
  return rows<RatePlanRef>(
    db,
    sql`select id, min_stay, max_stay from rate_plan where hotel_id = ${hotelId} and id in ${idList(ids)}
        order by sort_order, id`,
  );
}

export type InventoryRow = {
  room_type_id: number;
  day: string;
  allotment: number;
  sold: number;
  closed: boolean;
};
export type PriceRow = {
  room_type_id: number;
  rate_plan_id: number;
  day: string;
  adults: number;
  amount_minor: number;
};
export type RestrictionRow = {
  rate_plan_id: number;
  day: string;
  closed_to_arrival: boolean;
  closed_to_departure: boolean;
  min_stay: number | null;
  max_stay: number | null;
};

/** The room types that have prices on the rate plans, with the names, in the calendar's order. */
export async function findPricedRoomTypesOfRatePlans(tx: Tx, ratePlanIds: readonly number[]) {
  return rows<{
    rate_plan_id: number;
    plan_name: LocalizedText;
    room_type_id: number;
    room_name: LocalizedText;
  }>(
    tx,
    sql`select distinct p.rate_plan_id, rp.name as plan_name, p.room_type_id, rt.name as room_name,
          rt.sort_order, rt.id
        from price p join rate_plan rp on rp.id = p.rate_plan_id join room_type rt on rt.id = p.room_type_id
        where p.rate_plan_id in ${idList(ratePlanIds)}
        order by rt.sort_order, rt.id`,
  );
}

// One cell, locked for its edit.

export async function lockInventoryNight(
  tx: Tx,
  roomTypeId: number,
  day: string,
): Promise<InventoryRow | undefined> {
  const [row] = await rows<InventoryRow>(
    tx,
    sql`select room_type_id, day::text as day, allotment, sold, closed from inventory
            where room_type_id = ${roomTypeId} and day = ${day}::date for update`,
  );
  return row;
}

export async function lockPrice(
  tx: Tx,
  roomTypeId: number,
  ratePlanId: number,
  day: string,
  adults: number,
): Promise<PriceRow | undefined> {
  const [row] = await rows<PriceRow>(
    tx,
    sql`select amount_minor from price where room_type_id = ${roomTypeId} and rate_plan_id = ${ratePlanId}
            and day = ${day}::date and adults = ${adults} for update`,
  );
  return row;
}

export async function lockRestrictionNight(
  tx: Tx,
  ratePlanId: number,
  day: string,
): Promise<RestrictionRow | undefined> {
  const [row] = await rows<RestrictionRow>(
    tx,
    sql`select rate_plan_id, day::text as day, closed_to_arrival, closed_to_departure, min_stay, max_stay
            from restriction where rate_plan_id = ${ratePlanId} and day = ${day}::date for update`,
  );
  return row;
}

// The nights of a bulk update's range; locked (`for update`) unless it is a preview.

export async function findInventoryNights(
  tx: Tx,
  roomTypeIds: readonly number[],
  from: string,
  to: string,
  forUpdate: boolean,
): Promise<InventoryRow[]> {
  const lock = forUpdate ? sql`for update` : sql``;
  return rows<InventoryRow>(
    tx,
    sql`select room_type_id, day::text as day, allotment, sold, closed from inventory
            where room_type_id in ${idList(roomTypeIds)} and day between ${from}::date and ${to}::date
            ${lock}`,
  );
}

export async function findPrices(
  tx: Tx,
  roomTypeIds: readonly number[],
  ratePlanIds: readonly number[],
  from: string,
  to: string,
  forUpdate: boolean,
): Promise<PriceRow[]> {
  const lock = forUpdate ? sql`for update` : sql``;
  return rows<PriceRow>(
    tx,
    sql`select room_type_id, rate_plan_id, day::text as day, adults, amount_minor from price
            where room_type_id in ${idList(roomTypeIds)} and rate_plan_id in ${idList(ratePlanIds)}
              and day between ${from}::date and ${to}::date ${lock}`,
  );
}

export async function findRestrictionNights(
  tx: Tx,
  ratePlanIds: readonly number[],
  from: string,
  to: string,
  forUpdate: boolean,
): Promise<RestrictionRow[]> {
  const lock = forUpdate ? sql`for update` : sql``;
  return rows<RestrictionRow>(
    tx,
    sql`select rate_plan_id, day::text as day, closed_to_arrival, closed_to_departure, min_stay, max_stay
            from restriction where rate_plan_id in ${idList(ratePlanIds)}
              and day between ${from}::date and ${to}::date ${lock}`,
  );
}

// Writes (each list non-empty).

export async function upsertInventory(
  tx: Tx,
  list: { roomTypeId: number; day: string; v: InventoryValues }[],
) {
  await tx.execute(sql`
    insert into inventory (room_type_id, day, allotment, closed)
    select x.room_type_id, x.day, x.allotment, x.closed
    from jsonb_to_recordset(${json(list.map((c) => ({ room_type_id: c.roomTypeId, day: c.day, allotment: c.v.allotment, closed: c.v.closed })))})
      as x(room_type_id int, day date, allotment smallint, closed boolean)
    on conflict (room_type_id, day) do update set allotment = excluded.allotment, closed = excluded.closed`);
}

export async function upsertPrices(
  tx: Tx,
  list: { roomTypeId: number; ratePlanId: number; day: string; adults: number; amount: number | null }[],
) {
  await tx.execute(sql`
      insert into price (rate_plan_id, room_type_id, day, adults, amount_minor)
      select x.rate_plan_id, x.room_type_id, x.day, x.adults, x.amount_minor
      from jsonb_to_recordset(${json(list.map((c) => ({ rate_plan_id: c.ratePlanId, room_type_id: c.roomTypeId, day: c.day, adults: c.adults, amount_minor: c.amount })))})
        as x(rate_plan_id int, room_type_id int, day date, adults smallint, amount_minor int)
      on conflict (room_type_id, day, rate_plan_id, adults) do update set amount_minor = excluded.amount_minor`);
}

export async function deletePrices(
  tx: Tx,
  list: { roomTypeId: number; ratePlanId: number; day: string; adults: number }[],
) {
  await tx.execute(sql`
      delete from price p using jsonb_to_recordset(${json(list.map((c) => ({ rate_plan_id: c.ratePlanId, room_type_id: c.roomTypeId, day: c.day, adults: c.adults })))})
        as x(rate_plan_id int, room_type_id int, day date, adults smallint)
      where p.rate_plan_id = x.rate_plan_id and p.room_type_id = x.room_type_id and p.day = x.day
        and p.adults = x.adults`);
}

export async function upsertRestrictions(
  tx: Tx,
  list: { ratePlanId: number; day: string; v: RestrictionValues }[],
) {
  await tx.execute(sql`
      insert into restriction (rate_plan_id, day, closed_to_arrival, closed_to_departure, min_stay, max_stay)
      select x.rate_plan_id, x.day, x.cta, x.ctd, x.min_stay, x.max_stay
      from jsonb_to_recordset(${json(list.map((c) => ({ rate_plan_id: c.ratePlanId, day: c.day, cta: c.v.closedToArrival, ctd: c.v.closedToDeparture, min_stay: c.v.minStay, max_stay: c.v.maxStay })))})
        as x(rate_plan_id int, day date, cta boolean, ctd boolean, min_stay smallint, max_stay smallint)
      on conflict (rate_plan_id, day) do update set closed_to_arrival = excluded.closed_to_arrival,
        closed_to_departure = excluded.closed_to_departure, min_stay = excluded.min_stay, max_stay = excluded.max_stay`);
}

export async function deleteRestrictions(tx: Tx, list: { ratePlanId: number; day: string }[]) {
  await tx.execute(sql`
      delete from restriction r using jsonb_to_recordset(${json(list.map((c) => ({ rate_plan_id: c.ratePlanId, day: c.day })))})
        as x(rate_plan_id int, day date)
      where r.rate_plan_id = x.rate_plan_id and r.day = x.day`);
}

// Children's prices per age group (a PMS's AlpineBits push writes them beside the adults' prices).

export type ChildPriceRow = {
  room_type_id: number;
  rate_plan_id: number;
  day: string;
  age_group_id: number;
  amount_minor: number;
};

export async function findChildPrices(
  tx: Tx,
  roomTypeIds: readonly number[],
  ratePlanIds: readonly number[],
  from: string,
  to: string,
): Promise<ChildPriceRow[]> {
  return rows<ChildPriceRow>(
    tx,
    sql`select room_type_id, rate_plan_id, day::text as day, age_group_id, amount_minor from child_price
            where room_type_id in ${idList(roomTypeIds)} and rate_plan_id in ${idList(ratePlanIds)}
              and day between ${from}::date and ${to}::date for update`,
  );
}

/** The hotel's age groups (id, min, max). */
export async function findAgeGroupsOfHotel(tx: Tx, hotelId: number) {
  return rows<{ id: number; min_age: number; max_age: number }>(
    tx,
    sql`select id, min_age, max_age from age_group where hotel_id = ${hotelId} order by max_age, id`,
  );
}

export async function upsertChildPrices(
  tx: Tx,
  list: { roomTypeId: number; ratePlanId: number; day: string; ageGroupId: number; amount: number }[],
) {
  await tx.execute(sql`
      insert into child_price (rate_plan_id, room_type_id, day, age_group_id, amount_minor)
      select x.rate_plan_id, x.room_type_id, x.day, x.age_group_id, x.amount_minor
      from jsonb_to_recordset(${json(list.map((c) => ({ rate_plan_id: c.ratePlanId, room_type_id: c.roomTypeId, day: c.day, age_group_id: c.ageGroupId, amount_minor: c.amount })))})
        as x(rate_plan_id int, room_type_id int, day date, age_group_id int, amount_minor int)
      on conflict (room_type_id, day, rate_plan_id, age_group_id) do update set amount_minor = excluded.amount_minor`);
}

export async function deleteChildPrices(
  tx: Tx,
  list: { roomTypeId: number; ratePlanId: number; day: string; ageGroupId: number }[],
) {
  await tx.execute(sql`
      delete from child_price p using jsonb_to_recordset(${json(list.map((c) => ({ rate_plan_id: c.ratePlanId, room_type_id: c.roomTypeId, day: c.day, age_group_id: c.ageGroupId })))})
        as x(rate_plan_id int, room_type_id int, day date, age_group_id int)
      where p.rate_plan_id = x.rate_plan_id and p.room_type_id = x.room_type_id and p.day = x.day
        and p.age_group_id = x.age_group_id`);
}
