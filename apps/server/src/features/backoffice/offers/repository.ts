// The statements of the back office's offers area.

import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { offer, offerAttachment } from "../../../db/schema";

export type OfferStateRow = { id: number; state: string; expiresAt: Date };

/** The offer of this hotel (hotel in the WHERE: another hotel's id reads as missing), locked when asked. */
export async function findOfferOfHotel(
  db: Db,
  hotelId: number,
  offerId: number,
  lock = false,
): Promise<OfferStateRow | undefined> {
  const query = db
    .select({ id: offer.id, state: offer.state, expiresAt: offer.expiresAt })
    .from(offer)
    .where(and(eq(offer.id, offerId), eq(offer.hotelId, hotelId)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function countAttachmentsOfOffer(tx: Db, offerId: number): Promise<number> {
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(offerAttachment)
    .where(eq(offerAttachment.offerId, offerId));
  return count?.n ?? 0;
}
