// The benchmark's data set, generated with set-based SQL (generate_series) straight into the schema's tables of a
// freshly migrated database: 100 hotels × 6 room types × 4 rate plans × 365 days, prices for every occupancy up to
// the room's maximum (1–4 adults), 3 child age groups with child prices, min/max stay and closed-to-arrival on about
// 10% of days, two promo codes per hotel (one visible, one hidden) and a few extra services.
//
// Every value is a pure function of the ids and the day offset, so two runs build the same data (except "today").
import { addDays, todayInZone, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import { sql } from "drizzle-orm";
import type { Database } from "../apps/server/src/db/client";
import { upsertCurrencies } from "../apps/server/src/features/currency/repository";

export const HOTELS = 100;
export const ROOM_TYPES = 6;
export const RATE_PLANS = 4;
export const DAYS = 365;
export const ZONE = "Europe/Rome";
export const DIRECT_CHANNEL = 1;

/** Room types of every hotel: [code, max occupancy, max adults, max children, base price in cents, English name]. */
const ROOM_SPECS: [string, number, number, number, number, string][] = [
  ["SGL", 1, 1, 0, 6500, "Single room"],
  ["DBL", 2, 2, 0, 9000, "Double room"],
  ["DBLC", 3, 2, 1, 10500, "Double room with extra bed"],
  ["TRP", 3, 3, 1, 12000, "Triple room"],
  ["FAM", 4, 4, 2, 14500, "Family room"],
  ["STE", 4, 4, 2, 21000, "Junior suite with lake view"],
];

/** Rate plans of every hotel: [code, meal plan, refundable, payment, price factor %, English name]. */
const RATE_SPECS: [string, string, boolean, string, number, string][] = [
  ["FLEX", "room_only", true, "pay_at_hotel", 100, "Flexible rate"],
  ["NREF", "room_only", false, "prepaid", 88, "Non-refundable saver"],
  ["BB", "breakfast", true, "pay_at_hotel", 112, "Bed and breakfast"],
  ["HB", "half_board", true, "card_guarantee", 135, "Half board, stay longer"],
];

/** Ids are dense: hotel h has room types (h-1)*6+1…, rate plans (h-1)*4+1…, age groups (h-1)*3+1…. */
export const roomTypeId = (hotel: number, index: number) => (hotel - 1) * ROOM_TYPES + index;
export const ratePlanId = (hotel: number, index: number) => (hotel - 1) * RATE_PLANS + index;
/** The room type the uncontended bookings use (double room) and the pay-at-hotel rate (FLEX). */
export const BOOKING_ROOM_INDEX = 2;
export const BOOKING_RATE_INDEX = 1;
/** One room type of hotel 1 has a large allotment: the contended bookings all take its nights. */
export const CONTENDED_ROOM = { hotel: 1, index: 5 } as const;
export const PROMO_CODES = ["SUMMER10", "VIP15"] as const;

const values = <T extends unknown[]>(rows: T[]) =>
  rows
    .map((r, i) => `(${i + 1}, ${r.map((v) => (typeof v === "string" ? `'${v}'` : String(v))).join(", ")})`)
    .join(",\n");

export type GeneratedData = {
  /** Hotel-local today, as YYYYMMDD: day offset 0 of the data. */
  today: string;
  rows: Record<string, number>;
  /** Milliseconds per table filled. */
  timings: Record<string, number>;
  ms: number;
};

/** Fills an empty, migrated database. Takes a few seconds on PostgreSQL, longer on PGlite (single-threaded). */
export async function generateDataset(
  database: Database,
  now = new Date(),
  hotels = HOTELS,
): Promise<GeneratedData> {
  const t0 = performance.now();
  const today = todayInZone(now, ZONE);
  const from = ymdToIso(addDays(today, -1)); // one day before today: walk-ins after midnight still find prices
  const days = DAYS + 1;
  const timings: Record<string, number> = {};
  const q = async (text: string) => {
    const t = performance.now();
    await database.query(sql.raw(text));
    const key = /insert into (\w+)|^(\w+)/.exec(text.trim());
    const name = key?.[1] ?? key?.[2] ?? "sql";
    timings[name] = Math.round((timings[name] ?? 0) + performance.now() - t);
  };

  await upsertCurrencies(database.db);
  await q(`insert into hotel_group (id, name) values (1, 'Bench Group')`);
  await q(`insert into channel (id, group_id, name, kind, trade_associated_id, colors) values
    (1, 1, 'Direct', 'direct', 2, '{"primary":"#1d4ed8","secondary":"#f59e0b"}'),
    (2, 1, 'Trade', 'trade', 1, '{"primary":"#0f766e","secondary":"#64748b"}')`);
  await q(
    `insert into destination (id, group_id, name) values (1, 1, '{"en":"Lake Garda","it":"Lago di Garda"}')`,
  );
  await q(`insert into hotel (id, group_id, name, description, address, city, country, time_zone, currency_code,
      email, phone, check_in_from, check_in_until, check_out_until, breakfast_from, breakfast_until, city_tax_minor)
    select h, 1, 'Hotel Benchmark ' || h,
      jsonb_build_object('en', 'A family-run hotel on the lake shore, number ' || h || ', with garden and pool.',
        'it', 'Un albergo a conduzione familiare sul lago, numero ' || h || ', con giardino e piscina.'),
      'Via Roma ' || h, 'Riva del Garda', 'IT', '${ZONE}', 'EUR', 'hotel' || h || '@example.test', '+39 0464 000' || h,
      '14:00', '22:00', '10:30', '07:30', '10:30', 150 * (h % 3)
    from generate_series(1, ${hotels}) h`);
  await q(`insert into hotel_channel (hotel_id, channel_id)
    select h, c from generate_series(1, ${hotels}) h, generate_series(1, 2) c`);
  await q(
    `insert into hotel_destination (hotel_id, destination_id) select h, 1 from generate_series(1, ${hotels}) h`,
  );
  await q(`insert into age_group (id, hotel_id, min_age, max_age)
    select (h - 1) * 3 + g, h, (array[0, 3, 12])[g], (array[2, 11, 17])[g]
    from generate_series(1, ${hotels}) h, generate_series(1, 3) g`);
  await q(`insert into room_type (id, hotel_id, code, name, description, gallery, amenities, min_occupancy,
      max_occupancy, max_adults, max_children, sort_order)
    select (h - 1) * ${ROOM_TYPES} + s.i, h, s.code,
      jsonb_build_object('en', s.name, 'it', s.name || ' (it)', 'de', s.name || ' (de)'),
      jsonb_build_object('en', s.name || ': ' || (15 + s.i * 4) || ' m², bathroom with shower, air conditioning, safe.'),
      jsonb_build_array('/demo/rooms/' || lower(s.code) || '-1.svg', '/demo/rooms/' || lower(s.code) || '-2.svg'),
      array['wifi', 'air_conditioning', 'safe', 'shower'], 1, s.occ, s.adults, s.children, s.i
    from generate_series(1, ${hotels}) h,
      (values ${values(ROOM_SPECS)}) as s(i, code, occ, adults, children, base, name)`);
  await q(`insert into rate_plan (id, hotel_id, code, name, description, meal_plan, refundable,
      free_cancellation_days, payment, prepayment, long_stay_discounts, sort_order)
    select (h - 1) * ${RATE_PLANS} + s.i, h, s.code,
      jsonb_build_object('en', s.name, 'it', s.name || ' (it)'),
      jsonb_build_object('en', s.name || ': ' || case when s.refundable then 'free cancellation until the day before arrival.' else 'paid at booking, not refundable.' end),
      s.meal::meal_plan, s.refundable, case when s.refundable then 1 end, s.payment::payment_kind,
      case when s.payment = 'prepaid' then '[{"timing":"immediate","days":0,"percent":100}]'::jsonb else '[]'::jsonb end,
      case when s.code = 'HB' then '[{"minNights":7,"percent":10}]'::jsonb else '[]'::jsonb end, s.i
    from generate_series(1, ${hotels}) h,
      (values ${values(RATE_SPECS)}) as s(i, code, meal, refundable, payment, factor, name)`);
  await q(`insert into rate_plan_channel (rate_plan_id, channel_id)
    select id, c from rate_plan, generate_series(1, 2) c`);

  // The big tables are filled without their constraints (primary key, foreign keys, checks) and get them back
  // afterwards under the same names: one index build and one validating join each, instead of a check per row.
  const bulk = ["inventory", "price", "child_price", "restriction"];
  const constraints = await database.query<{
    table: string;
    name: string;
    def: string;
    primary: boolean;
  }>(sql`
    select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def,
      contype = 'p' as primary
    from pg_constraint where contype in ('p', 'f', 'c') and conrelid::regclass::text in (${sql.join(
      bulk.map((t) => sql`${t}`),
      sql`, `,
    )})`);
  for (const c of constraints) await q(`alter table ${c.table} drop constraint ${c.name}`);
  // Nor do their search-version triggers fire row set by row set (ADR 0045): every hotel's version is bumped once
  // at the end instead.
  for (const table of bulk) await q(`alter table ${table} disable trigger user`);

  // Daily rows, in primary-key order. n is the day offset from `from`; a season and a weekend uplift shape prices.
  await q(`insert into inventory (room_type_id, day, allotment, sold, closed)
    select rt.id, '${from}'::date + n,
      case when rt.hotel_id = ${CONTENDED_ROOM.hotel} and rt.sort_order = ${CONTENDED_ROOM.index} then 30000
        else 6 + (rt.id % 5) * 2 end,
      (rt.id * 7 + n * 3) % 4, (rt.id * 13 + n * 7) % 97 = 0
    from room_type rt, generate_series(0, ${days - 1}) n
    order by rt.id, n`);
  await q(`insert into price (room_type_id, day, rate_plan_id, adults, amount_minor)
    select rt.id, '${from}'::date + n, rp.id, a,
      (round((s.base + (a - 1) * 2200) * rs.factor / 100.0
        * (1 + 0.25 * sin(2 * pi() * (n - 100) / 365.0)
        + case when extract(dow from '${from}'::date + n) in (5, 6) then 0.15 else 0 end) / 100) * 100)::int
    from room_type rt
      join (values ${values(ROOM_SPECS)}) as s(i, code, occ, adults, children, base, name) on s.i = rt.sort_order
      join rate_plan rp on rp.hotel_id = rt.hotel_id
      join (values ${values(RATE_SPECS)}) as rs(i, code, meal, refundable, payment, factor, name) on rs.i = rp.sort_order,
      generate_series(0, ${days - 1}) n, generate_series(1, rt.max_occupancy) a
    order by rt.id, n, rp.id, a`);
  await q(`insert into child_price (room_type_id, day, rate_plan_id, age_group_id, amount_minor)
    select rt.id, '${from}'::date + n, rp.id, ag.id, (array[0, 2500, 4000])[ag.id - (rt.hotel_id - 1) * 3]
    from room_type rt
      join rate_plan rp on rp.hotel_id = rt.hotel_id
      join age_group ag on ag.hotel_id = rt.hotel_id,
      generate_series(0, ${days - 1}) n
    where rt.max_children > 0
    order by rt.id, n, rp.id, ag.id`);
  // About 10% of days per rate plan: a minimum stay (2–3), a maximum stay (14) and, on a third of them, closed to arrival.
  await q(`insert into restriction (rate_plan_id, day, closed_to_arrival, closed_to_departure, min_stay, max_stay)
    select rp.id, '${from}'::date + n, (rp.id + n) % 3 = 0, false, 2 + (rp.id + n) % 2, 14
    from rate_plan rp, generate_series(0, ${days - 1}) n
    where (rp.id * 31 + n * 17) % 10 = 0
    order by rp.id, n`);
  await q(`insert into promo_code (id, hotel_id, code, hidden, name, discount_percent, min_nights, rate_plan_ids)
    select (h - 1) * 2 + 1, h, '${PROMO_CODES[0]}', false, '{"en":"Summer offer"}'::jsonb, 10, 1, '{}'::int[]
    from generate_series(1, ${hotels}) h
    union all
    select (h - 1) * 2 + 2, h, '${PROMO_CODES[1]}', true, '{"en":"Friends of the house"}'::jsonb, 15, 2,
      array[(h - 1) * ${RATE_PLANS} + 1]
    from generate_series(1, ${hotels}) h`);
  await q(`insert into service_category (id, hotel_id, name, mandatory, sort_order)
    select h, h, '{"en":"Extras","it":"Extra"}'::jsonb, false, 0 from generate_series(1, ${hotels}) h`);
  await q(`insert into service (id, hotel_id, category_id, name, pricing_basis, per_night, price_minor, mandatory_for)
    select (h - 1) * 3 + s.i, h, h, jsonb_build_object('en', s.name), s.basis::pricing_basis, s.per_night, s.price,
      'none'::mandatory_for
    from generate_series(1, ${hotels}) h,
      (values (1, 'Breakfast', 'per_person', true, 1500), (2, 'Parking', 'per_unit', true, 1200),
              (3, 'Late check-out', 'per_stay', false, 3000)) as s(i, name, basis, per_night, price)`);
  // Primary keys first: the foreign keys of other tables do not point at these, but keep the original order anyway.
  for (const c of [...constraints].sort((a, b) => Number(b.primary) - Number(a.primary)))
    await q(`alter table ${c.table} add constraint ${c.name} ${c.def}`);
  for (const table of bulk) await q(`alter table ${table} enable trigger user`);
  await q("select alloggio_bump_search_version(array(select id from hotel))");
  // Vacuumed as well as analysed: a database in service is not 4 M rows old, and autovacuum's pass over freshly
  // loaded tables (and the first reads setting every page's hint bits) would otherwise land in the measured phases.
  await q("vacuum (analyze)");

  const counts = await database.query<Record<string, number>>(sql`
    select (select count(*)::int from hotel) as hotels, (select count(*)::int from room_type) as room_types,
      (select count(*)::int from rate_plan) as rate_plans, (select count(*)::int from inventory) as inventory,
      (select count(*)::int from price) as prices, (select count(*)::int from child_price) as child_prices,
      (select count(*)::int from restriction) as restrictions, (select count(*)::int from promo_code) as promo_codes`);
  return { today, rows: counts[0] ?? {}, timings, ms: performance.now() - t0 };
}
