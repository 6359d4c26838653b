import {
  type ImportIssue,
  type PropertyFile,
  parsePropertyFile,
} from "@alloggio/domain/contract/property/property-file";
import { describeCurrency } from "@alloggio/domain/currency/currencies";
import { toMinor } from "@alloggio/domain/money/money";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  affectedRows,
  type Column,
  deleteMissing,
  intArray,
  json,
  type Row,
  rowsOf,
  upsertRows,
} from "../../db/upsert-rows";
import {
  hotelRow,
  packageRow,
  promoCodeRow,
  serviceCategoryRow,
  serviceRow,
  upsertHotel,
  upsertRatePlans,
  upsertRoomTypes,
  writePackages,
  writePromoCodes,
  writeServiceCategories,
  writeServices,
} from "../backoffice";
import { type SqlExecutor, upsertCurrencies } from "../currency";

export type ImportResult =
  | { ok: true; hotelId: number; rows: Record<string, number> }
  | { ok: false; issues: ImportIssue[] };

/** Ends the transaction with issues found while writing; everything written so far is rolled back. */
class ImportRejected extends Error {
  constructor(readonly issues: ImportIssue[]) {
    super("property file rejected");
  }
}

/** Replaces the hotel's rows of an entity table: upsert those in the file, delete the others. */
async function replaceEntities(
  tx: SqlExecutor,
  table: string,
  hotelId: number,
  columns: readonly Column[],
  rows: readonly Row[],
): Promise<number> {
  const written = await upsertRows(tx, table, ["id"], columns, rows);
  await deleteMissing(
    tx,
    table,
    hotelId,
    rows.map((r) => r.id as number),
    table === "reservation_link",
  );
  return written;
}

// The per-day expansion shared by prices, child prices, inventory and restrictions: one row per day of each
// period (`from`..`to`, optionally only some weekdays, 0 = Sunday). Later entries win where periods overlap.
const PERIOD_COLUMNS = `i int, "from" date, "to" date, weekdays int[]`;
const PERIOD_DAYS = sql.raw(`
  cross join lateral generate_series(0, x."to" - x."from") as g(n)
  cross join lateral (select x."from" + g.n as day) d
  where x.weekdays is null or extract(dow from d.day)::int = any(x.weekdays)`);

type Prepared = ReturnType<typeof prepareRows>;

/** Turns the validated file into table rows: snake_case columns, money in minor units, defaults applied. */
function prepareRows(file: PropertyFile) {
  const hotel = file.hotel;
  const digits = describeCurrency(hotel.currencyCode).decimal_digits;
  const minor = (amount: number) => toMinor(amount, digits);
  const optionalMinor = (amount: number | undefined) => (amount === undefined ? null : minor(amount));
  const period = (p: { from: string; to: string; weekdays?: number[] | undefined }, i: number) => ({
    i,
    from: p.from,
    to: p.to,
    weekdays: p.weekdays ?? null,
  });
  const hotelId = hotel.id;

  return {
    hotelId,
    group: file.group,
    channels: file.channels.map((c) => ({
      id: c.id,
      group_id: file.group.id,
      name: c.name,
      kind: c.kind,
      trade_associated_id: c.tradeAssociated ?? null,
      colors: c.colors,
      custom_scripts: c.customScripts ?? {},
      tracking: c.tracking ?? {},
      installments: c.installments ?? { has_holipay: false },
      trade_conf_hour: c.tradeConfHour ?? 18,
      settings: c.settings ?? {},
    })),
    hosts: (file.hosts ?? []).map((h) => ({
      host: h.host,
      channel_id: h.channel,
      hotel_id: h.hotel ?? null,
      page_title: h.pageTitle,
      icon_url: h.iconUrl,
    })),
    destinations: (file.destinations ?? []).map((d) => ({ id: d.id, group_id: file.group.id, name: d.name })),
    exchangeRates: Object.entries(file.exchangeRates ?? {}).map(([code, perEur]) => ({
      code,
      per_eur: perEur,
    })),
    hotel: hotelRow(file.group.id, hotel, digits),
    hotelChannels: hotel.channelIds.map((channelId) => ({ hotel_id: hotelId, channel_id: channelId })),
    hotelDestinations: (hotel.destinationIds ?? []).map((id) => ({ hotel_id: hotelId, destination_id: id })),
    ageGroups: (file.ageGroups ?? []).map((g) => ({
      id: g.id,
      hotel_id: hotelId,
      min_age: g.min,
      max_age: g.max,
    })),
    digits,
    roomTypes: file.roomTypes,
    ratePlans: file.ratePlans,
    prices: (file.prices ?? []).flatMap((p, i) =>
      Object.entries(p.perAdults).map(([adults, amount]) => ({
        ...period(p, i),
        room_type_id: p.roomType,
        rate_plan_id: p.ratePlan,
        adults: Number(adults),
        amount_minor: minor(amount),
      })),
    ),
    childPrices: (file.childPrices ?? []).map((p, i) => ({
      ...period(p, i),
      room_type_id: p.roomType,
      rate_plan_id: p.ratePlan,
      age_group_id: p.ageGroup,
      amount_minor: minor(p.amount),
    })),
    inventory: (file.inventory ?? []).map((p, i) => ({
      ...period(p, i),
      room_type_id: p.roomType,
      allotment: p.allotment,
      closed: p.closed ?? false,
    })),
    restrictions: (file.restrictions ?? []).map((p, i) => ({
      ...period(p, i),
      rate_plan_id: p.ratePlan,
      closed_to_arrival: p.closedToArrival ?? false,
      closed_to_departure: p.closedToDeparture ?? false,
      min_stay: p.minStay ?? null,
      max_stay: p.maxStay ?? null,
    })),
    promoCodes: (file.promoCodes ?? []).map((p) => promoCodeRow(hotelId, p)),
    serviceCategories: (file.serviceCategories ?? []).map((c) => serviceCategoryRow(hotelId, c)),
    services: (file.services ?? []).map((s) => serviceRow(hotelId, digits, s)),
    packages: (file.packages ?? []).map((p) => packageRow(hotelId, digits, p)),
    reservationLinks: (file.reservationLinks ?? []).map((l) => ({
      id: l.id,
      hotel_id: hotelId,
      channel_id: l.channel,
      title: l.title ?? {},
      message: l.message ?? {},
      arrival: l.arrival,
      departure: l.departure,
      rooms: l.rooms,
      room_type_ids: l.roomTypeIds ?? [],
      rate_plan_ids: l.ratePlanIds ?? [],
      promo_code: l.promoCode ?? null,
      total_minor: optionalMinor(l.total),
      expires_at: l.expiresAt ?? null,
    })),
    customPrivacy: (file.customPrivacy ?? []).map((p) => ({
      id: p.id,
      hotel_id: hotelId,
      channel_id: p.channel ?? null,
      title: p.title,
      text: p.text,
      mandatory: p.mandatory ?? false,
    })),
    tradeCustomers: (file.tradeCustomers ?? []).map((c) => ({
      id: c.id,
      channel_id: c.channel,
      name: c.name,
      agency_type: c.agencyType,
      active: c.active ?? true,
      extra_discount_percent: c.extraDiscountPercent ?? 0,
    })),
  };
}

const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id);

/**
 * Ids are global in the database: a file must not take over another hotel's room types, rates, … nor another
 * group's channels and destinations; and a room type with rooms sold must not disappear.
 */
async function findConflicts(tx: SqlExecutor, p: Prepared): Promise<ImportIssue[]> {
  const hotelOwned: [string, string, readonly { id: number }[]][] = [
    ["ageGroups", "age_group", p.ageGroups],
    ["roomTypes", "room_type", p.roomTypes],
    ["ratePlans", "rate_plan", p.ratePlans],
    ["promoCodes", "promo_code", p.promoCodes],
    ["serviceCategories", "service_category", p.serviceCategories],
    ["services", "service", p.services],
    ["packages", "package", p.packages],
    ["reservationLinks", "reservation_link", p.reservationLinks],
    ["customPrivacy", "custom_privacy", p.customPrivacy],
  ];
  const parts: SQL[] = hotelOwned.map(
    ([key, table, rows]) => sql`
      select ${key} as collection, id, 'hotel' as owner_kind, hotel_id as owner
      from ${sql.raw(`"${table}"`)} where id = any(${intArray(ids(rows))}) and hotel_id <> ${p.hotelId}`,
  );
  parts.push(sql`
    select 'channels', id, 'group', group_id from channel
    where id = any(${intArray(ids(p.channels))}) and group_id <> ${p.group.id}`);
  parts.push(sql`
    select 'destinations', id, 'group', group_id from destination
    where id = any(${intArray(ids(p.destinations))}) and group_id <> ${p.group.id}`);
  parts.push(sql`
    select 'soldRoomTypes', rt.id, 'hotel', rt.hotel_id from room_type rt
    where rt.hotel_id = ${p.hotelId} and rt.id <> all(${intArray(ids(p.roomTypes))})
      and exists (select 1 from inventory i where i.room_type_id = rt.id and i.sold > 0)`);
  const found = rowsOf<{ collection: string; id: number; owner_kind: string; owner: number }>(
    await tx.execute(sql.join(parts, sql` union all `)),
  );
  const collections: Record<string, readonly { id: number }[]> = Object.fromEntries([
    ...hotelOwned.map(([key, , rows]) => [key, rows] as const),
    ["channels", p.channels],
    ["destinations", p.destinations],
  ]);
  return found.map((row) => {
    if (row.collection === "soldRoomTypes")
      return {
        path: "roomTypes",
        message: `room type ${row.id} has rooms sold, so it must stay in the file`,
      };
    const index = collections[row.collection]?.findIndex((r) => r.id === row.id) ?? -1;
    return {
      path: `${row.collection}[${index}].id`,
      message: `id ${row.id} already belongs to ${row.owner_kind} ${row.owner}`,
    };
  });
}

function inventoryDays(rows: readonly Row[]): SQL {
  return sql`
    select distinct on (x.room_type_id, d.day) x.i, x.room_type_id, d.day, x.allotment, x.closed
    from jsonb_to_recordset(${json(rows)}) as x(${sql.raw(PERIOD_COLUMNS)}, room_type_id int, allotment smallint, closed boolean)
    ${PERIOD_DAYS}
    order by x.room_type_id, d.day, x.i desc`;
}

/** Inventory nights whose new allotment would be below the rooms already sold. */
async function findOversold(tx: SqlExecutor, p: Prepared): Promise<ImportIssue[]> {
  if (p.inventory.length === 0) return [];
  const found = rowsOf<{
    i: number;
    room_type_id: number;
    first_day: string;
    sold: number;
    allotment: number;
  }>(
    await tx.execute(sql`
      select x.i, x.room_type_id, min(x.day)::text as first_day, max(inv.sold)::int as sold, min(x.allotment)::int as allotment
      from (${inventoryDays(p.inventory)}) x
      join inventory inv on inv.room_type_id = x.room_type_id and inv.day = x.day
      where inv.sold > x.allotment
      group by x.i, x.room_type_id
      order by x.i`),
  );
  return found.map((row) => ({
    path: `inventory[${row.i}].allotment`,
    message: `${row.allotment} is below the ${row.sold} room(s) of room type ${row.room_type_id} already sold (first on ${row.first_day})`,
  }));
}

async function writeProperty(
  tx: SqlExecutor,
  p: Prepared,
  trustReferences: boolean,
): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  const hotelId = p.hotelId;
  const hotelRatePlans = sql`(select id from rate_plan where hotel_id = ${hotelId})`;

  rows.currencies = await upsertCurrencies(tx);
  const conflicts = await findConflicts(tx, p);
  if (conflicts.length > 0) throw new ImportRejected(conflicts);

  rows.group = await upsertRows(
    tx,
    "hotel_group",
    ["id"],
    [
      ["id", "int"],
      ["name", "text"],
    ],
    [p.group],
  );
  // Keep the serial ahead of ids given by files, for groups created later without an id.
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('hotel_group', 'id'), (select max(id) from hotel_group))`,
  );
  rows.channels = await upsertRows(
    tx,
    "channel",
    ["id"],
    [
      ["id", "int"],
      ["group_id", "int"],
      ["name", "text"],
      ["kind", "channel_kind"],
      ["trade_associated_id", "int"],
      ["colors", "jsonb"],
      ["custom_scripts", "jsonb"],
      ["tracking", "jsonb"],
      ["installments", "jsonb"],
      ["trade_conf_hour", "smallint"],
      ["settings", "jsonb"],
    ],
    p.channels,
  );
  rows.hosts = await upsertRows(
    tx,
    "channel_host",
    ["host"],
    [
      ["host", "text"],
      ["channel_id", "int"],
      ["hotel_id", "int"],
      ["page_title", "text"],
      ["icon_url", "text"],
    ],
    p.hosts,
  );
  rows.destinations = await upsertRows(
    tx,
    "destination",
    ["id"],
    [
      ["id", "int"],
      ["group_id", "int"],
      ["name", "jsonb"],
    ],
    p.destinations,
  );
  rows.exchangeRates = await upsertRows(
    tx,
    "exchange_rate",
    ["code"],
    [
      ["code", "text"],
      ["per_eur", "numeric"],
    ],
    p.exchangeRates,
    "updated_at",
  );
  rows.hotel = await upsertHotel(tx, p.hotel);

  await tx.execute(sql`delete from hotel_channel where hotel_id = ${hotelId}`);
  rows.hotelChannels = await upsertRows(
    tx,
    "hotel_channel",
    ["hotel_id", "channel_id"],
    [
      ["hotel_id", "int"],
      ["channel_id", "int"],
    ],
    p.hotelChannels,
  );
  await tx.execute(sql`delete from hotel_destination where hotel_id = ${hotelId}`);
  rows.hotelDestinations = await upsertRows(
    tx,
    "hotel_destination",
    ["hotel_id", "destination_id"],
    [
      ["hotel_id", "int"],
      ["destination_id", "int"],
    ],
    p.hotelDestinations,
  );

  rows.ageGroups = await replaceEntities(
    tx,
    "age_group",
    hotelId,
    [
      ["id", "int"],
      ["hotel_id", "int"],
      ["min_age", "smallint"],
      ["max_age", "smallint"],
    ],
    p.ageGroups,
  );
  // Room types and rate plans go through the back office's write functions: one write path per entity.
  rows.roomTypes = await upsertRoomTypes(tx, hotelId, p.roomTypes);
  await deleteMissing(tx, "room_type", hotelId, ids(p.roomTypes));
  const ratePlans = await upsertRatePlans(tx, hotelId, p.ratePlans, p.digits);
  rows.ratePlans = ratePlans.ratePlans;
  await deleteMissing(tx, "rate_plan", hotelId, ids(p.ratePlans));
  rows.ratePlanChannels = ratePlans.ratePlanChannels;

  rows.serviceCategories = await writeServiceCategories(tx, p.serviceCategories);
  rows.services = await writeServices(tx, p.services);
  await deleteMissing(tx, "service", hotelId, ids(p.services));
  await deleteMissing(tx, "service_category", hotelId, ids(p.serviceCategories));

  // Daily rows only reference the room types, rate plans and age groups just written in this transaction (the
  // schema check guarantees it), so on PGlite their per-row foreign-key triggers are skipped: they cost two thirds
  // of the load time there. CHECK constraints and unique keys still apply. Nothing cascades from these tables.
  if (trustReferences) await tx.execute(sql`set local session_replication_role = replica`);

  // Inventory keeps `sold`: nights in the file are upserted (allotment and closed only), nights of the hotel
  // missing from the file are deleted unless rooms were sold on them.
  const oversold = await findOversold(tx, p);
  if (oversold.length > 0) throw new ImportRejected(oversold);
  rows.inventory = affectedRows(
    await tx.execute(sql`
      with x as (${inventoryDays(p.inventory)}),
      stale as (
        delete from inventory inv using room_type rt
        where rt.id = inv.room_type_id and rt.hotel_id = ${hotelId} and inv.sold = 0
          and not exists (select 1 from x where x.room_type_id = inv.room_type_id and x.day = inv.day))
      insert into inventory (room_type_id, day, allotment, closed)
      select room_type_id, day, allotment, closed from x
      on conflict (room_type_id, day) do update set allotment = excluded.allotment, closed = excluded.closed`),
  );

  // Prices, child prices and restrictions are wholly described by the file: replaced.
  await tx.execute(sql`delete from price where rate_plan_id in ${hotelRatePlans}`);
  rows.prices = affectedRows(
    await tx.execute(sql`
      insert into price (rate_plan_id, room_type_id, day, adults, amount_minor)
      select distinct on (x.room_type_id, d.day, x.rate_plan_id, x.adults)
        x.rate_plan_id, x.room_type_id, d.day, x.adults, x.amount_minor
      from jsonb_to_recordset(${json(p.prices)}) as x(${sql.raw(PERIOD_COLUMNS)},
        room_type_id int, rate_plan_id int, adults smallint, amount_minor int)
      ${PERIOD_DAYS}
      order by x.room_type_id, d.day, x.rate_plan_id, x.adults, x.i desc`),
  );
  await tx.execute(sql`delete from child_price where rate_plan_id in ${hotelRatePlans}`);
  rows.childPrices = affectedRows(
    await tx.execute(sql`
      insert into child_price (rate_plan_id, room_type_id, day, age_group_id, amount_minor)
      select distinct on (x.room_type_id, d.day, x.rate_plan_id, x.age_group_id)
        x.rate_plan_id, x.room_type_id, d.day, x.age_group_id, x.amount_minor
      from jsonb_to_recordset(${json(p.childPrices)}) as x(${sql.raw(PERIOD_COLUMNS)},
        room_type_id int, rate_plan_id int, age_group_id int, amount_minor int)
      ${PERIOD_DAYS}
      order by x.room_type_id, d.day, x.rate_plan_id, x.age_group_id, x.i desc`),
  );
  await tx.execute(sql`delete from restriction where rate_plan_id in ${hotelRatePlans}`);
  rows.restrictions = affectedRows(
    await tx.execute(sql`
      insert into restriction (rate_plan_id, day, closed_to_arrival, closed_to_departure, min_stay, max_stay)
      select distinct on (x.rate_plan_id, d.day)
        x.rate_plan_id, d.day, x.closed_to_arrival, x.closed_to_departure, x.min_stay, x.max_stay
      from jsonb_to_recordset(${json(p.restrictions)}) as x(${sql.raw(PERIOD_COLUMNS)},
        rate_plan_id int, closed_to_arrival boolean, closed_to_departure boolean, min_stay smallint, max_stay smallint)
      ${PERIOD_DAYS}
      order by x.rate_plan_id, d.day, x.i desc`),
  );

  if (trustReferences) await tx.execute(sql`set local session_replication_role = origin`);

  rows.promoCodes = await writePromoCodes(tx, p.promoCodes);
  await deleteMissing(tx, "promo_code", hotelId, ids(p.promoCodes));
  rows.packages = await writePackages(tx, p.packages);
  await deleteMissing(tx, "package", hotelId, ids(p.packages));
  rows.reservationLinks = await replaceEntities(
    tx,
    "reservation_link",
    hotelId,
    [
      ["id", "int"],
      ["hotel_id", "int"],
      ["channel_id", "int"],
      ["title", "jsonb"],
      ["message", "jsonb"],
      ["arrival", "date"],
      ["departure", "date"],
      ["rooms", "jsonb"],
      ["room_type_ids", "int[]"],
      ["rate_plan_ids", "int[]"],
      ["promo_code", "text"],
      ["total_minor", "int"],
      ["expires_at", "timestamptz"],
    ],
    p.reservationLinks,
  );
  rows.customPrivacy = await replaceEntities(
    tx,
    "custom_privacy",
    hotelId,
    [
      ["id", "int"],
      ["hotel_id", "int"],
      ["channel_id", "int"],
      ["title", "jsonb"],
      ["text", "jsonb"],
      ["mandatory", "boolean"],
    ],
    p.customPrivacy,
  );
  // Trade customers belong to a channel, shared by the group's hotels: upserted, never deleted by one hotel.
  rows.tradeCustomers = await upsertRows(
    tx,
    "trade_customer",
    ["id"],
    [
      ["id", "int"],
      ["channel_id", "int"],
      ["name", "text"],
      ["agency_type", "smallint"],
      ["active", "boolean"],
      ["extra_discount_percent", "numeric"],
    ],
    p.tradeCustomers,
  );
  return rows;
}

/** The file field a violated constraint points at, so a data problem reads like a validation issue. */
const CONSTRAINT_PATHS: Record<string, string> = {
  inventory_sold_within_allotment: "inventory",
  room_type_hotel_code: "roomTypes",
  rate_plan_hotel_code: "ratePlans",
  promo_code_hotel_code: "promoCodes",
  age_group_range: "ageGroups",
  room_type_occupancy: "roomTypes",
  rate_plan_stay: "ratePlans",
  price_positive: "prices",
  child_price_positive: "childPrices",
};

type DriverError = {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  detail?: unknown;
  cause?: unknown;
};

/** The PostgreSQL error under drizzle's wrapper, when it is a data problem (SQLSTATE class 22 or 23). */
function findDataError(error: unknown): DriverError | null {
  let current = error as DriverError | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === "string" && /^2[23]/.test(current.code)) return current;
    current = current.cause as DriverError | undefined;
  }
  return null;
}

/**
 * Validates a property file and writes it in one transaction: the group, channels, hosts, destinations and
 * exchange rates are upserted; the hotel is upserted and its collections replaced by the file's. Every table
 * is written with one set-based statement. A bad file, or data the database refuses, gives issues and writes
 * nothing.
 */
export async function importProperty(database: Database, file: unknown): Promise<ImportResult> {
  const parsed = parsePropertyFile(file);
  if (!parsed.ok) return parsed;
  const prepared = prepareRows(parsed.file);
  try {
    const trustReferences = database.kind === "pglite";
    const rows = await database.db.transaction((tx) => writeProperty(tx, prepared, trustReferences));
    return { ok: true, hotelId: prepared.hotelId, rows };
  } catch (error) {
    if (error instanceof ImportRejected) return { ok: false, issues: error.issues };
    const dataError = findDataError(error);
    if (!dataError) throw error;
    const constraint = typeof dataError.constraint === "string" ? dataError.constraint : "";
    const detail = typeof dataError.detail === "string" && dataError.detail ? ` (${dataError.detail})` : "";
    return {
      ok: false,
      issues: [
        {
          path: CONSTRAINT_PATHS[constraint] ?? "",
          message: `the database refused the data: ${String(dataError.message)}${detail}`,
        },
      ],
    };
  }
}
