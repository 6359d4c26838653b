import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

const rowsOf = (result: unknown) =>
  (result as { rows: { id: number; state: string }[] }).rows.map((r) => ({
    id: Number(r.id),
    state: r.state,
  }));

/**
 * Offers expire at their time: one batch of open offers (locked or unlocked) whose `expires_at` has come,
 * locked FOR UPDATE SKIP LOCKED so that two processes never take the same row, each written expired with its
 * history row in the same transaction. Offers hold prices, not rooms (ADR 0034), so there is no inventory to
 * release. Returns how many expired; the caller runs it until a batch is short.
 */
export async function expireDueOffers(
  deps: { database: Database; now: () => Date },
  limit = 50,
): Promise<number> {
  const now = deps.now().toISOString();
  return deps.database.db.transaction(async (tx) => {
    const due = rowsOf(
      await tx.execute(sql`select id, state from offer
        where state in ('locked', 'unlocked') and expires_at <= ${now}::timestamptz
        order by expires_at, id limit ${limit} for update skip locked`),
    );
    for (const offer of due) {
      await tx.execute(sql`update offer set state = 'expired', updated_at = ${now}::timestamptz
        where id = ${offer.id} and state in ('locked', 'unlocked')`);
      await tx.execute(sql`insert into offer_history (offer_id, at, actor, action, from_state, to_state)
        values (${offer.id}, ${now}::timestamptz, 'system', 'expired', ${offer.state}, 'expired')`);
    }
    return due.length;
  });
}

/** Every due offer, batch by batch (a missed run is caught up: the sweep looks at deadlines, not at ticks). */
export async function expireOffers(
  deps: { database: Database; now: () => Date },
  batchSize = 50,
): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await expireDueOffers(deps, batchSize);
    total += done;
    if (done < batchSize) return total;
  }
}
