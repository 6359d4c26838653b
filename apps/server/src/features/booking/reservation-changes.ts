import { and, eq, inArray, sql } from "drizzle-orm";
import { reservation, reservationHistory } from "../../db/schema";
import type { Tx } from "./repository";

export type ReservationStatus = typeof reservation.$inferSelect.status;

/** Who changed a reservation: the guest (voucher), the property, or the system (payments, timed jobs). */
export type Actor = "guest" | "property" | "system";

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
  const only = roomIds
    ? sql`and rr.id = any(${sql.raw(`'{${roomIds.map(Number).join(",")}}'`)}::int[])`
    : sql``;
  const rooms = await tx.execute(sql`
    update reservation_room rr set status = 'C'
    where rr.reservation_id = ${reservationId} and rr.status = 'A' ${only}
    returning rr.id, rr.room_type_id, rr.arrival, rr.departure`);
  const released = (rooms as unknown as { rows: { id: number }[] }).rows;
  if (released.length === 0) return 0;
  const ids = sql.raw(`'{${released.map((r) => Number(r.id)).join(",")}}'`);
  await tx.execute(sql`
    update inventory i set sold = i.sold - r.n
    from (
      select rr.room_type_id, d::date as day, count(*)::int as n
      from reservation_room rr, generate_series(rr.arrival, rr.departure - 1, interval '1 day') d
      where rr.id = any(${ids}::int[])
      group by rr.room_type_id, d
    ) r
    where i.room_type_id = r.room_type_id and i.day = r.day`);
  return released.length;
}
