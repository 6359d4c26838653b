import type { Database } from "../../db/client";
import { expireOfferBySweep, lockDueOffers } from "./repository";

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
    const due = await lockDueOffers(tx, now, limit);
    for (const offer of due) await expireOfferBySweep(tx, offer, now);
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
