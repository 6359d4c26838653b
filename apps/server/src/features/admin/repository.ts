// The statements of the property file import, in the order the import runs them inside its one transaction.

import { type SQL, sql } from "drizzle-orm";
import type { SqlExecutor } from "../../db/client";
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

/** A collection of the file whose ids live in a hotel-owned table. */
export type HotelOwnedIds = readonly [collection: string, table: string, ids: readonly number[]];

export type IdConflictRow = { collection: string; id: number; owner_kind: string; owner: number };

/**
 * Ids of the file already owned by another hotel or group, and the hotel's room types missing from the file that
 * have rooms sold (collection `soldRoomTypes`).
 */
export async function findIdConflicts(
  tx: SqlExecutor,
  input: {
    hotelId: number;
    groupId: number;
    hotelOwned: readonly HotelOwnedIds[];
    channelIds: readonly number[];
    destinationIds: readonly number[];
    roomTypeIds: readonly number[];
  },
): Promise<IdConflictRow[]> {
  const parts: SQL[] = input.hotelOwned.map(
    ([key, table, ids]) => sql`
      select ${key} as collection, id, 'hotel' as owner_kind, hotel_id as owner
      from ${sql.raw(`"${table}"`)} where id = any(${intArray(ids)}) and hotel_id <> ${input.hotelId}`,
  );
  parts.push(sql`
    select 'channels', id, 'group', group_id from channel
    where id = any(${intArray(input.channelIds)}) and group_id <> ${input.groupId}`);
  parts.push(sql`
    select 'destinations', id, 'group', group_id from destination
    where id = any(${intArray(input.destinationIds)}) and group_id <> ${input.groupId}`);
  parts.push(sql`
    select 'soldRoomTypes', rt.id, 'hotel', rt.hotel_id from room_type rt
    where rt.hotel_id = ${input.hotelId} and rt.id <> all(${intArray(input.roomTypeIds)})
      and exists (select 1 from inventory i where i.room_type_id = rt.id and i.sold > 0)`);
  return rowsOf<IdConflictRow>(await tx.execute(sql.join(parts, sql` union all `)));
}

// The per-day expansion shared by prices, child prices, inventory and restrictions: one row per day of each
// period (`from`..`to`, optionally only some weekdays, 0 = Sunday). Later entries win where periods overlap.
const PERIOD_COLUMNS = `i int, "from" date, "to" date, weekdays int[]`;
const PERIOD_DAYS = sql.raw(`
  cross join lateral generate_series(0, x."to" - x."from") as g(n)
  cross join lateral (select x."from" + g.n as day) d
  where x.weekdays is null or extract(dow from d.day)::int = any(x.weekdays)`);

function inventoryDays(rows: readonly Row[]): SQL {
  return sql`
    select distinct on (x.room_type_id, d.day) x.i, x.room_type_id, d.day, x.allotment, x.closed
    from jsonb_to_recordset(${json(rows)}) as x(${sql.raw(PERIOD_COLUMNS)}, room_type_id int, allotment smallint, closed boolean)
    ${PERIOD_DAYS}
    order by x.room_type_id, d.day, x.i desc`;
}

export type OversoldRow = {
  i: number;
  room_type_id: number;
  first_day: string;
  sold: number;
  allotment: number;
};

/** Inventory nights of the file whose new allotment would be below the rooms already sold. */
export async function findOversoldNights(tx: SqlExecutor, inventory: readonly Row[]): Promise<OversoldRow[]> {
  return rowsOf<OversoldRow>(
    await tx.execute(sql`
      select x.i, x.room_type_id, min(x.day)::text as first_day, max(inv.sold)::int as sold, min(x.allotment)::int as allotment
      from (${inventoryDays(inventory)}) x
      join inventory inv on inv.room_type_id = x.room_type_id and inv.day = x.day
      where inv.sold > x.allotment
      group by x.i, x.room_type_id
      order by x.i`),
  );
}

export async function upsertGroup(tx: SqlExecutor, group: Row): Promise<number> {
  const written = await upsertRows(
    tx,
    "hotel_group",
    ["id"],
    [
      ["id", "int"],
      ["name", "text"],
    ],
    [group],
  );
  // Keep the serial ahead of ids given by files, for groups created later without an id.
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('hotel_group', 'id'), (select max(id) from hotel_group))`,
  );
  return written;
}

export function upsertChannels(tx: SqlExecutor, rows: readonly Row[]): Promise<number> {
  return upsertRows(
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
    rows,
  );
}

export function upsertChannelHosts(tx: SqlExecutor, rows: readonly Row[]): Promise<number> {
  return upsertRows(
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
    rows,
  );
}

export function upsertDestinations(tx: SqlExecutor, rows: readonly Row[]): Promise<number> {
  return upsertRows(
    tx,
    "destination",
    ["id"],
    [
      ["id", "int"],
      ["group_id", "int"],
      ["name", "jsonb"],
    ],
    rows,
  );
}

export function upsertExchangeRates(tx: SqlExecutor, rows: readonly Row[]): Promise<number> {
  return upsertRows(
    tx,
    "exchange_rate",
    ["code"],
    [
      ["code", "text"],
      ["per_eur", "numeric"],
    ],
    rows,
    "updated_at",
  );
}

/** Replaces the hotel's links to the group's channels or destinations with the file's. */
export async function replaceHotelLinks(
  tx: SqlExecutor,
  link: readonly ["hotel_channel", "channel_id"] | readonly ["hotel_destination", "destination_id"],
  hotelId: number,
  rows: readonly Row[],
): Promise<number> {
  const [table, column] = link;
  await tx.execute(sql`delete from ${sql.raw(table)} where hotel_id = ${hotelId}`);
  return upsertRows(
    tx,
    table,
    ["hotel_id", column],
    [
      ["hotel_id", "int"],
      [column, "int"],
    ],
    rows,
  );
}

/** The hotel's entity tables the file describes wholly, with their columns. */
const ENTITY_TABLES = {
  age_group: [
    ["id", "int"],
    ["hotel_id", "int"],
    ["min_age", "smallint"],
    ["max_age", "smallint"],
  ],
  reservation_link: [
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
  custom_privacy: [
    ["id", "int"],
    ["hotel_id", "int"],
    ["channel_id", "int"],
    ["title", "jsonb"],
    ["text", "jsonb"],
    ["mandatory", "boolean"],
  ],
} satisfies Record<string, readonly Column[]>;

/** Replaces the hotel's rows of an entity table: upsert those in the file, delete the others. */
export async function replaceEntities(
  tx: SqlExecutor,
  table: keyof typeof ENTITY_TABLES,
  hotelId: number,
  rows: readonly Row[],
): Promise<number> {
  const written = await upsertRows(tx, table, ["id"], ENTITY_TABLES[table], rows);
  await deleteMissing(
    tx,
    table,
    hotelId,
    rows.map((r) => r.id as number),
    table === "reservation_link",
  );
  return written;
}

/** The hotel-owned tables whose rows are written by another feature's function and pruned here. */
export type PrunedTable =
  | "room_type"
  | "rate_plan"
  | "service"
  | "service_category"
  | "promo_code"
  | "package";

/** Deletes the hotel's rows of `table` whose id is not in the file. */
export function deleteHotelRowsNotIn(
  tx: SqlExecutor,
  table: PrunedTable,
  hotelId: number,
  ids: readonly number[],
): Promise<void> {
  return deleteMissing(tx, table, hotelId, ids);
}

// Daily rows only reference the room types, rate plans and age groups just written in this transaction (the
// schema check guarantees it), so on PGlite their per-row foreign-key triggers are skipped: they cost two thirds
// of the load time there. CHECK constraints and unique keys still apply. Nothing cascades from these tables.
export async function skipReferenceTriggers(tx: SqlExecutor): Promise<void> {
  await tx.execute(sql`set local session_replication_role = replica`);
}

export async function restoreReferenceTriggers(tx: SqlExecutor): Promise<void> {
  await tx.execute(sql`set local session_replication_role = origin`);
}

/**
 * Inventory keeps `sold`: nights in the file are upserted (allotment and closed only), nights of the hotel
 * missing from the file are deleted unless rooms were sold on them.
 */
export async function replaceInventory(
  tx: SqlExecutor,
  hotelId: number,
  inventory: readonly Row[],
): Promise<number> {
  return affectedRows(
    await tx.execute(sql`
      with x as (${inventoryDays(inventory)}),
      stale as (
        delete from inventory inv using room_type rt
        where rt.id = inv.room_type_id and rt.hotel_id = ${hotelId} and inv.sold = 0
          and not exists (select 1 from x where x.room_type_id = inv.room_type_id and x.day = inv.day))
      insert into inventory (room_type_id, day, allotment, closed)
      select room_type_id, day, allotment, closed from x
      on conflict (room_type_id, day) do update set allotment = excluded.allotment, closed = excluded.closed`),
  );
}

// Prices, child prices and restrictions are wholly described by the file: replaced.
const hotelRatePlans = (hotelId: number) => sql`(select id from rate_plan where hotel_id = ${hotelId})`;

/** The per-day tables of a hotel's rate plans: the file's columns of each, and the key of its one row a day. */
const DAILY_TABLES = {
  price: {
    record: [
      ["room_type_id", "int"],
      ["rate_plan_id", "int"],
      ["adults", "smallint"],
      ["amount_minor", "int"],
    ],
    key: ["room_type_id", "day", "rate_plan_id", "adults"],
  },
  child_price: {
    record: [
      ["room_type_id", "int"],
      ["rate_plan_id", "int"],
      ["age_group_id", "int"],
      ["amount_minor", "int"],
    ],
    key: ["room_type_id", "day", "rate_plan_id", "age_group_id"],
  },
  restriction: {
    record: [
      ["rate_plan_id", "int"],
      ["closed_to_arrival", "boolean"],
      ["closed_to_departure", "boolean"],
      ["min_stay", "smallint"],
      ["max_stay", "smallint"],
    ],
    key: ["rate_plan_id", "day"],
  },
} satisfies Record<string, { record: readonly Column[]; key: readonly string[] }>;

/** Replaces a hotel's rows of a per-day table with the file's: one row per day of each period and key. */
export async function replaceDailyRows(
  tx: SqlExecutor,
  table: keyof typeof DAILY_TABLES,
  hotelId: number,
  rows: readonly Row[],
): Promise<number> {
  const { record, key } = DAILY_TABLES[table];
  const pick = (name: string) => (name === "day" ? "d.day" : `x.${name}`);
  const columns = [...record.map(([name]) => name), "day"];
  const keyList = sql.raw(key.map(pick).join(", "));
  const recordColumns = record.map(([name, type]) => `${name} ${type}`).join(", ");
  await tx.execute(sql`delete from ${sql.raw(table)} where rate_plan_id in ${hotelRatePlans(hotelId)}`);
  return affectedRows(
    await tx.execute(sql`
      insert into ${sql.raw(`${table} (${columns.join(", ")})`)}
      select distinct on (${keyList}) ${sql.raw(columns.map(pick).join(", "))}
      from jsonb_to_recordset(${json(rows)}) as x(${sql.raw(`${PERIOD_COLUMNS}, ${recordColumns}`)})
      ${PERIOD_DAYS}
      order by ${keyList}, x.i desc`),
  );
}

// Trade customers belong to a channel, shared by the group's hotels: upserted, never deleted by one hotel.
export function upsertTradeCustomers(tx: SqlExecutor, rows: readonly Row[]): Promise<number> {
  return upsertRows(
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
    rows,
  );
}
