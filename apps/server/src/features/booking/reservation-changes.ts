import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { reservation, reservationHistory } from "../../db/schema";
import { closeResaleOfRooms, nightsToGiveBack, unsellResaleNights } from "../resale";

export type ReservationStatus = typeof reservation.$inferSelect.status;

/** `any('{1,2,3}'::int[])`: a list of ids as one literal (integers only, so nothing can be injected). */
export function anyId(ids: readonly number[]): SQL {
  return sql`any(${sql.raw(`'{${ids.map((id) => Math.trunc(Number(id))).join(",")}}'`)}::int[])`;
}

/**
 * Who changed a reservation: the guest (voucher), the property, the trade agency that booked it (agency area), or
 * the system (payments, timed jobs).
 */
export type Actor = "guest" | "property" | "agency" | "system";

/**
 * Moves a reservation from one of `from` to `to` with a conditional update, and writes its history, in the
 * caller's transaction. False when the reservation was no longer in one of `from`: the change happened once,
 * elsewhere (another request, another process), and nothing is written.
 */
export async function setStatus(
  tx: Tx,
  id: number,
  from: readonly ReservationStatus[],
  to: ReservationStatus,
  action: string,
  details: Record<string, unknown> = {},
  actor: Actor = "system",
): Promise<boolean> {
  const updated = await tx
    .update(reservation)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(reservation.id, id), inArray(reservation.status, [...from])))
    .returning({ id: reservation.id });
  if (updated.length === 0) return false;
  await tx.insert(reservationHistory).values({ reservationId: id, actor, action, toStatus: to, details });
  return true;
}

/**
 * Gives active rooms of a reservation back to inventory (all of them, or those of `roomIds`) and marks them
 * cancelled, in the transaction that cancels them. Answers how many rooms went back.
 */
export async function releaseInventory(
  tx: Tx,
  reservationId: number,
  roomIds?: readonly number[],
): Promise<number> {
  const only = roomIds ? sql`and rr.id = ${anyId(roomIds)}` : sql``;
  const rooms = await tx.execute(sql`
    update reservation_room rr set status = 'C'
    where rr.reservation_id = ${reservationId} and rr.status = 'A' ${only}
    returning rr.id, rr.room_type_id, rr.arrival, rr.departure`);
  const released = (rooms as unknown as { rows: { id: number }[] }).rows;
  if (released.length === 0) return 0;
  await closeResaleOfRooms(
    tx,
    released.map((r) => r.id),
    null,
  );
  await returnNights(
    tx,
    released.map((r) => r.id),
  );
  return released.length;
}

/**
 * Puts the nights of these reservation rooms back on sale (`onlyActive`: of those still active only); a holder's
 * nights that were resold stay sold, to their buyer (ADR 0065).
 */
export async function returnNights(tx: Tx, roomIds: readonly number[], onlyActive = false): Promise<void> {
  if (roomIds.length === 0) return;
  await tx.execute(sql`
    update inventory i set sold = i.sold - r.n
    from (${nightsToGiveBack(anyId(roomIds), onlyActive)}) r
    where i.room_type_id = r.room_type_id and i.day = r.day`);
  await unsellResaleNights(tx, roomIds);
}
