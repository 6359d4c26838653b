import type { Database } from "../db/client";
import { deleteExpiredRows } from "../features/credentials";

/**
 * The tables of short-lived credentials (only hashes are stored): sessions of staff and agents, the back office's
 * single-use links, agents' password-reset links and offers' access tokens. Every check already refuses an expired
 * row; the sweep only keeps the tables from growing without end.
 */
const CREDENTIAL_TABLES = [
  "staff_session",
  "staff_token",
  "trade_session",
  "trade_password_token",
  "offer_access",
] as const;

/** Deletes the expired rows of every credential table; answers how many per table. */
export async function sweepExpiredCredentials(
  database: Database,
  now: Date,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of CREDENTIAL_TABLES) {
    counts[table] = await deleteExpiredRows(database, table, now);
  }
  return counts;
}
