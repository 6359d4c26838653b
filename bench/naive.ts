// B2: a naive search, the way many open-source engines do it: the hotel, its room types and rates, then ONE query
// per room type per night (inventory, prices, child prices and restrictions of that night). Same data, same
// answer shape as far as a baseline needs: available rooms with a total per rate. Its statements are counted by
// the same StatementCounter as Alloggio's.
import { addDays, listNights, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import { sql } from "drizzle-orm";
import type { Database } from "../apps/server/src/db/client";

type Night = {
  free: number | null;
  closed: boolean | null;
  prices: [number, number][] | null;
  child_prices: [number, number, number][] | null;
  restrictions: [number, boolean, number | null][] | null;
};

export type NaiveQuery = {
  hotel: number;
  arrival: string;
  departure: string;
  adults: number;
  ages: number[];
};

export async function naiveSearch(database: Database, q: NaiveQuery, channel = 1) {
  const [hotel] = await database.query<{ id: number; currency_code: string }>(sql`
    select h.id, h.currency_code from hotel h join hotel_channel hc on hc.hotel_id = h.id
    where h.id = ${q.hotel} and hc.channel_id = ${channel}`);
  if (!hotel) return { error: "unknown hotel" };
  const roomTypes = await database.query<{
    id: number;
    name: Record<string, string>;
    max_occupancy: number;
    max_adults: number;
    max_children: number;
  }>(sql`select id, name, max_occupancy, max_adults, max_children from room_type
    where hotel_id = ${q.hotel} order by sort_order, id`);
  const rates = await database.query<{ id: number; name: Record<string, string>; min_stay: number }>(sql`
    select r.id, r.name, r.min_stay from rate_plan r
    where r.hotel_id = ${q.hotel}
      and exists (select 1 from rate_plan_channel c where c.rate_plan_id = r.id and c.channel_id = ${channel})
    order by r.sort_order, r.id`);
  const ageGroups = await database.query<{ id: number; min_age: number; max_age: number }>(sql`
    select id, min_age, max_age from age_group where hotel_id = ${q.hotel} order by max_age, min_age`);
  const nights = listNights(q.arrival, q.departure);
  const children = q.ages.length;
  const groupOf = (age: number) => ageGroups.find((g) => age >= g.min_age && age <= g.max_age)?.id;
  const availability = [];
  for (const room of roomTypes) {
    const totals = new Map<number, number>(rates.map((r) => [r.id, 0]));
    let free = Number.POSITIVE_INFINITY;
    for (const [i, night] of nights.entries()) {
      const day = ymdToIso(night);
      const [row] = await database.query<Night>(sql`
        select i.allotment - i.sold as free, i.closed,
          (select json_agg(json_build_array(rate_plan_id, amount_minor)) from price
             where room_type_id = ${room.id} and day = ${day}::date and adults = ${q.adults}) as prices,
          (select json_agg(json_build_array(rate_plan_id, age_group_id, amount_minor)) from child_price
             where room_type_id = ${room.id} and day = ${day}::date) as child_prices,
          (select json_agg(json_build_array(r.rate_plan_id, r.closed_to_arrival, r.min_stay)) from restriction r
             join rate_plan p on p.id = r.rate_plan_id where p.hotel_id = ${q.hotel} and r.day = ${day}::date)
             as restrictions
        from inventory i where i.room_type_id = ${room.id} and i.day = ${day}::date`);
      free = Math.min(free, row && !row.closed ? (row.free ?? 0) : 0);
      const priced = new Set<number>();
      for (const [rate, amount] of row?.prices ?? []) {
        priced.add(rate);
        totals.set(rate, (totals.get(rate) ?? 0) + amount);
      }
      for (const rate of totals.keys()) if (!priced.has(rate)) totals.delete(rate);
      for (const age of q.ages) {
        const group = groupOf(age);
        for (const [rate, g, amount] of row?.child_prices ?? [])
          if (g === group && totals.has(rate)) totals.set(rate, (totals.get(rate) ?? 0) + amount);
      }
      if (i === 0)
        for (const [rate, closedToArrival, minStay] of row?.restrictions ?? [])
          if (closedToArrival || (minStay ?? 1) > nights.length) totals.delete(rate);
    }
    const fits =
      room.max_adults >= q.adults &&
      room.max_children >= children &&
      room.max_occupancy >= q.adults + children;
    if (!fits || free <= 0 || totals.size === 0) continue;
    availability.push({
      id: room.id,
      name: room.name.en ?? "",
      count: free,
      rates: rates
        .filter((r) => totals.has(r.id) && r.min_stay <= nights.length)
        .map((r) => ({ id: r.id, name: r.name.en ?? "", total: (totals.get(r.id) ?? 0) / 100 })),
    });
  }
  return {
    availability: [availability],
    currency: hotel.currency_code,
    arrival: q.arrival,
    departure: addDays(q.arrival, nights.length),
    nights: nights.length,
  };
}
