/**
 * A confirmed offer whose reservation is cancelled because its payment failed (declined card, failed 3-D Secure,
 * abandoned redirect: `cancelForPayment`) opens again for its recipient (ADR 0035), in the cancellation's own
 * transaction, with a history row. Kept apart from confirm.ts so the booking service can call it without a cycle.
 */
import { type OfferState, offerTransition } from "@alloggio/domain/offers/offer-state";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { offer, offerHistory } from "../../db/schema";

export async function reopenOfferForPayment(
  tx: Tx,
  reservationId: number,
  reason: string,
  now: Date,
): Promise<boolean> {
  const result = (await tx.execute(sql`
    select id, state, expires_at as "expiresAt", confirmed_option_id as "optionId"
    from offer where reservation_id = ${reservationId} for update`)) as unknown as {
    rows: { id: number; state: OfferState; expiresAt: string | Date; optionId: number | null }[];
  };
  const row = result.rows[0];
  if (!row) return false;
  const next = offerTransition(
    { state: row.state, expiresAt: new Date(row.expiresAt) },
    "payment_failed",
    now,
  );
  if (!next.ok) return false;
  await tx
    .update(offer)
    .set({ state: next.state, reservationId: null, confirmedOptionId: null, updatedAt: now })
    .where(and(eq(offer.id, row.id), eq(offer.state, row.state)));
  await tx.insert(offerHistory).values({
    offerId: row.id,
    actor: "system",
    action: "payment_failed",
    fromState: row.state,
    toState: next.state,
    details: { reservationId, optionId: row.optionId, reason },
    at: now,
  });
  return true;
}
