import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { rateLimit, staffSession, tradeSession } from "../../db/schema";

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

/** The session tables of the back office's staff and of the trade area's users, and the column of their user. */
const SESSION_TABLES = {
  staff: { table: staffSession, userId: staffSession.userId },
  trade: { table: tradeSession, userId: tradeSession.tradeUserId },
} as const;

export type SessionKind = keyof typeof SESSION_TABLES;
export type SessionRowOf<K extends SessionKind> = (typeof SESSION_TABLES)[K]["table"]["$inferSelect"];

/** Touches the live session of a token hash (lastSeenAt = now) and answers it; undefined when none is live. */
export async function touchSessionRow<K extends SessionKind>(
  db: Db,
  kind: K,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<SessionRowOf<K> | undefined> {
  const { table } = SESSION_TABLES[kind];
  const [row] = await db
    .update(table)
    .set({ lastSeenAt: now })
    .where(and(eq(table.tokenHash, tokenHash), gt(table.expiresAt, now), gt(table.lastSeenAt, idleSince)))
    .returning();
  return row as SessionRowOf<K> | undefined;
}

export async function deleteSessionRow(db: Db, kind: SessionKind, tokenHash: string): Promise<void> {
  const { table } = SESSION_TABLES[kind];
  await db.delete(table).where(eq(table.tokenHash, tokenHash));
}

/** Deletes a user's sessions, except the one of `keepHash` if given. */
export async function deleteUserSessionRows(
  db: Db,
  kind: SessionKind,
  userId: number,
  keepHash?: string,
): Promise<void> {
  const { table, userId: user } = SESSION_TABLES[kind];
  await db
    .delete(table)
    .where(keepHash ? and(eq(user, userId), sql`${table.tokenHash} <> ${keepHash}`) : eq(user, userId));
}
