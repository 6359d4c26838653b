import { sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";

/**
 * Rate limits in the database (ADR 0015), shared by every server process: a counter per key in a window that
 * starts with the key's first hit. One statement counts a hit atomically (`insert … on conflict do update …
 * returning`), so concurrent processes never lose one; expired rows are swept by `sweepRateLimits`.
 */

/** A connection or the transaction a caller is in (on PGlite a query beside an open transaction would wait). */
export type Executor = Pick<Db, "execute">;

type Row = { count: number; reset_at: Date | string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Counts one hit on `key` and answers the count in the current window and when that window ends. */
export async function hitRateLimit(
  on: Executor,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ count: number; resetAt: Date }> {
  const at = now.toISOString();
  const resetAt = new Date(now.getTime() + windowMs).toISOString();
  const [row] = rowsOf<Row>(
    await on.execute(sql`
      insert into rate_limit (key, count, window_start, reset_at)
      values (${key}, 1, ${at}::timestamptz, ${resetAt}::timestamptz)
      on conflict (key) do update set
        count = case when rate_limit.reset_at <= excluded.window_start then 1 else rate_limit.count + 1 end,
        window_start = case when rate_limit.reset_at <= excluded.window_start
                            then excluded.window_start else rate_limit.window_start end,
        reset_at = case when rate_limit.reset_at <= excluded.window_start
                        then excluded.reset_at else rate_limit.reset_at end
      returning count, reset_at`),
  );
  if (!row) throw new Error(`rate limit ${key}: no row`);
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

/** The hits on `key` in its current window and when it ends (0 and null once it has ended), counting none. */
export async function readRateLimitWindow(
  on: Executor,
  key: string,
  now: Date,
): Promise<{ count: number; resetAt: Date | null }> {
  const [row] = rowsOf<Row>(
    await on.execute(sql`select count, reset_at from rate_limit
      where key = ${key} and reset_at > ${now.toISOString()}::timestamptz`),
  );
  return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : { count: 0, resetAt: null };
}

/** Deletes the rows whose window has ended; answers how many. */
export async function sweepRateLimits(database: Database, now: Date): Promise<number> {
  const rows = await database.query<{ key: string }>(
    sql`delete from rate_limit where reset_at <= ${now.toISOString()}::timestamptz returning key`,
  );
  return rows.length;
}
