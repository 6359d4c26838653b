import { eq, or, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { rateLimit } from "../../db/schema";

/** Deletes an account's own failure counter and every account-and-address pair counter under `pairs` (a key prefix). */
export async function deleteAccountFailures(db: Db, accountKey: string, pairs: string): Promise<void> {
  await db
    .delete(rateLimit)
    .where(or(eq(rateLimit.key, accountKey), sql`left(${rateLimit.key}, ${pairs.length}) = ${pairs}`));
}

/** Deletes the expired rows of a table of short-lived credentials (an `expires_at` column); answers how many. */
export async function deleteExpiredRows(database: Database, table: string, now: Date): Promise<number> {
  const rows = await database.query<{ n: number }>(
    sql`with gone as (delete from ${sql.identifier(table)} where expires_at <= ${now.toISOString()}::timestamptz
          returning 1) select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
