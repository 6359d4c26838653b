// The statements of the AlpineBits exchange log (ADR 0083).

import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { alpinebitsExchange } from "../../db/schema";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type NewExchange = typeof alpinebitsExchange.$inferInsert;

export async function insertExchange(db: Db, row: NewExchange): Promise<void> {
  await db.insert(alpinebitsExchange).values(row);
}

/** Sets to null the bodies of exchanges made before `before`; answers how many rows lost them. */
export async function purgeExchangeBodies(db: Db, before: Date): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update alpinebits_exchange set request_gzip = null, response_gzip = null
      where at < ${before.toISOString()} and request_gzip is not null
      returning id`),
  );
  return rows.length;
}

export type ExchangeFilter = {
  groupId: number;
  /** The hotels the reader sees: an exchange naming another hotel is not theirs. */
  hotelIds: number[];
  clientId?: number;
  action?: string;
  result?: string;
  from?: string;
  to?: string;
  exchangeId?: number;
};

export type ExchangeRow = {
  id: number;
  at: Date;
  time_zone: string;
  client_id: number;
  client_name: string;
  client_username: string;
  hotel_id: number | null;
  hotel_name: string | null;
  action: string;
  http_status: number;
  result: string;
  warnings: string[];
  errors: string[];
  request_bytes: number;
  response_bytes: number;
  bodies_kept: boolean;
};

function where(f: ExchangeFilter) {
  const hotels = f.hotelIds.length > 0 ? f.hotelIds : [0];
  const parts = [
    sql`e.group_id = ${f.groupId}`,
    sql`(e.hotel_id is null or e.hotel_id in (${sql.join(
      hotels.map((h) => sql`${h}`),
      sql`, `,
    )}))`,
  ];
  if (f.exchangeId !== undefined) parts.push(sql`e.id = ${f.exchangeId}`);
  if (f.clientId !== undefined) parts.push(sql`e.client_id = ${f.clientId}`);
  if (f.action !== undefined) parts.push(sql`e.action = ${f.action}`);
  if (f.result !== undefined) parts.push(sql`e.result = ${f.result}`);
  if (f.from !== undefined) parts.push(sql`(e.at at time zone z.time_zone)::date >= ${f.from}::date`);
  if (f.to !== undefined) parts.push(sql`(e.at at time zone z.time_zone)::date <= ${f.to}::date`);
  return sql.join(parts, sql` and `);
}

// The time zone of an exchange: its hotel's, else its client's first hotel's, else UTC.
const FROM = sql`
  from alpinebits_exchange e
  join alpinebits_client c on c.id = e.client_id
  left join hotel h on h.id = e.hotel_id
  cross join lateral (
    select coalesce(h.time_zone, (
      select fh.time_zone from alpinebits_client_hotel ch join hotel fh on fh.id = ch.hotel_id
      where ch.client_id = e.client_id order by ch.hotel_id limit 1
    ), 'UTC') as time_zone
  ) z`;

const COLUMNS = sql`
  e.id, e.at, z.time_zone, e.client_id, c.name as client_name, c.username as client_username, e.hotel_id,
  h.name as hotel_name, e.action, e.http_status, e.result, e.warnings, e.errors, e.request_bytes,
  e.response_bytes, (e.request_gzip is not null) as bodies_kept`;

const normalise = (r: ExchangeRow): ExchangeRow => ({
  ...r,
  at: r.at instanceof Date ? r.at : new Date(r.at),
  http_status: Number(r.http_status),
});

/** One page of exchanges, newest first, and how many match. */
export async function findExchanges(
  db: Db,
  filter: ExchangeFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ExchangeRow[]; total: number }> {
  const rows = rowsOf<ExchangeRow>(
    await db.execute(sql`select ${COLUMNS} ${FROM} where ${where(filter)}
      order by e.at desc, e.id desc limit ${page.limit} offset ${page.offset}`),
  );
  const [count] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n ${FROM} where ${where(filter)}`),
  );
  return { rows: rows.map(normalise), total: Number(count?.n ?? 0) };
}

/** One exchange with its gzipped bodies, when the filter (the reader's group and hotels) lets it be seen. */
export async function findExchangeBodies(
  db: Db,
  filter: ExchangeFilter & { exchangeId: number },
): Promise<(ExchangeRow & { request_gzip: unknown; response_gzip: unknown }) | undefined> {
  const [row] = rowsOf<ExchangeRow & { request_gzip: unknown; response_gzip: unknown }>(
    await db.execute(sql`select ${COLUMNS}, e.request_gzip, e.response_gzip ${FROM} where ${where(filter)}`),
  );
  return row ? { ...row, ...normalise(row) } : undefined;
}
