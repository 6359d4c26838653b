/**
 * The statements that change a stored reservation: its status and history, its rooms given back to inventory (and
 * the resale nights those rooms listed or bought, ADR 0065), its money.
 */

import type { ReservationTotals } from "@alloggio/domain/booking/reservation-money";
import { type Ymd, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { reservation, reservationHistory } from "../../db/schema";
import { anyId } from "../../db/upsert-rows";

type Executor = { execute: Tx["execute"] };

export type ReservationStatus = typeof reservation.$inferSelect.status;

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

/**
 * A holder's rooms are cancelled: their listed nights are withdrawn, and each offer closes (`settled` when a night
 * sold, its refund still to come from the sweep; else `withdrawn`). Before the nights are given back.
 */
export async function closeResaleOfRooms(
  db: Executor,
  roomIds: readonly number[],
  now: Date | null,
): Promise<void> {
  await db.execute(sql`
    with o as (select id from resale_offer where reservation_room_id = any(${`{${roomIds.join(",")}}`}::int[])
        and status = 'listed' for update),
      n as (update resale_night set status = 'withdrawn' where offer_id in (select id from o) and status = 'listed')
    update resale_offer ro set closed_at = coalesce(${now?.toISOString() ?? null}::timestamptz, now()),
      status = case when exists (select 1 from resale_night x where x.offer_id = ro.id and x.status = 'sold')
        then 'settled' else 'withdrawn' end
    where ro.id in (select id from o)`);
}

/**
 * Of the given rooms' nights, those to give back to inventory: a holder's night that was resold is the buyer's
 * now (ADR 0065), so it is not given back. The relation `(room_type_id, day, n)`.
 */
export function nightsToGiveBack(roomIds: SQL, onlyActive: boolean): SQL {
  const active = onlyActive ? sql`and rr.status = 'A'` : sql``;
  return sql`select rr.room_type_id, d::date as day, count(*)::int as n
      from reservation_room rr, generate_series(rr.arrival, rr.departure - 1, interval '1 day') d
      where rr.id = ${roomIds} ${active}
        and not exists (select 1 from resale_offer o join resale_night rn on rn.offer_id = o.id
          where o.reservation_room_id = rr.id and rn.day = d::date and rn.status = 'sold')
        and not exists (select 1 from resale_night rn
          where rn.buyer_room_id = rr.id and rn.day = d::date and rn.status = 'sold' and rn.settled_at is null)
      group by rr.room_type_id, d`;
}

/**
 * A buyer's rooms go before their resale nights were settled (an option that lapsed, a payment abandoned, a
 * cancellation): nothing was sold for good, so the nights are the holder's resale stock again, not free stock.
 * Run after the nights are given back (`nightsToGiveBack` skips these).
 */
export async function unsellResaleNights(db: Executor, roomIds: readonly number[]): Promise<void> {
  await db.execute(sql`update resale_night set status = 'listed', buyer_room_id = null, recovered_minor = null
    where buyer_room_id = any(${`{${roomIds.join(",")}}`}::int[]) and status = 'sold' and settled_at is null`);
}

/** The reservation's totals (and its dates, when they changed), in the caller's transaction. */
export async function writeTotals(
  tx: Tx,
  reservationId: number,
  t: ReservationTotals,
  dates?: { arrival: string; departure: string },
): Promise<void> {
  await tx.execute(sql`update reservation set rooms_total_minor = ${t.roomsTotalMinor},
    services_total_minor = ${t.servicesTotalMinor}, refund_protection_minor = ${t.refundProtectionMinor},
    city_tax_minor = ${t.cityTaxMinor}, total_minor = ${t.totalMinor},
    arrival = coalesce(${dates?.arrival ?? null}::date, arrival),
    departure = coalesce(${dates?.departure ?? null}::date, departure), updated_at = now()
    where id = ${reservationId}`);
}

/** A payment due cut to `amountMinor` (0: cancelled). */
export async function cutDue(tx: Tx, cut: { id: number; amountMinor: number }): Promise<void> {
  await tx.execute(
    cut.amountMinor === 0
      ? sql`update payment_due set status = 'cancelled' where id = ${cut.id}`
      : sql`update payment_due set amount_minor = ${cut.amountMinor} where id = ${cut.id}`,
  );
}

/** A new payment due on `date`. */
export async function addDue(
  tx: Tx,
  reservationId: number,
  add: { date: Ymd; amountMinor: number },
): Promise<void> {
  await tx.execute(sql`insert into payment_due (reservation_id, due_date, amount_minor, status)
      values (${reservationId}, ${ymdToIso(add.date)}::date, ${add.amountMinor}, 'due')`);
}
