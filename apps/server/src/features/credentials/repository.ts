import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimit } from "../../db/schema";

/** Deletes an account's own failure counter and every account-and-address pair counter under `pairs` (a key prefix). */
export async function deleteAccountFailures(db: Db, accountKey: string, pairs: string): Promise<void> {
  await db
    .delete(rateLimit)
    .where(or(eq(rateLimit.key, accountKey), sql`left(${rateLimit.key}, ${pairs.length}) = ${pairs}`));
}
