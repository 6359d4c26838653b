/**
 * The statements of a booking's payments: the gateway's transactions, the payments due they settle, the status a
 * payment's answer reads, and the offer a failed payment opens again (ADR 0008, 0035).
 */
import type { OfferState } from "@alloggio/domain/offers/offer-state";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../../db/client";
import { offer, offerHistory, paymentTransaction, reservation, reservationHistory } from "../../db/schema";

export type StoredPayment = typeof paymentTransaction.$inferSelect;

/** A gateway's answer, written once per reference (a retry of the same call writes nothing). */
export async function insertPayment(db: Db, values: typeof paymentTransaction.$inferInsert): Promise<void> {
  await db.insert(paymentTransaction).values(values).onConflictDoNothing();
}

/** Settles (`paid`: paid or authorised) the reservation's payments due up to hotel-local today at `now`. */
export async function settleDuesUpToToday(
  tx: Tx,
  id: number,
  paid: "paid" | "authorised",
  now: string,
): Promise<void> {
  await tx.execute(sql`update payment_due set status = ${paid}, paid_at = ${now}::timestamptz
        where reservation_id = ${id} and status = 'due'
          and due_date <= (select (${now}::timestamptz at time zone h.time_zone)::date
                           from reservation r join hotel h on h.id = r.hotel_id where r.id = ${id})`);
}

/** The reservation's payments still due are the ones the gateway's payment `ref` (a payment link) pays. */
export async function linkDuesToPayment(database: Database, id: number, ref: string): Promise<void> {
  await database.db.execute(
    sql`update payment_due set payment_ref = ${ref} where reservation_id = ${id} and status = 'due'`,
  );
}

/** Whether the reservation was confirmed at some point (its history says so). */
export async function wasEverConfirmed(deps: { database: Database }, id: number): Promise<boolean> {
  const [row] = await deps.database.query<{
    yes: boolean;
  }>(sql`select exists (select 1 from reservation_history
    where reservation_id = ${id} and to_status = 'confirmed') as yes`);
  return row?.yes === true;
}

/** Settles the payments due that payment `ref` was started for; answers how many it settled. */
export async function settleDuesOfPayment(
  tx: Tx,
  id: number,
  ref: string,
  paid: "paid" | "authorised",
  now: Date,
): Promise<number> {
  const settled = await tx.execute(
    sql`update payment_due set status = ${paid}, paid_at = ${now.toISOString()}::timestamptz
          where reservation_id = ${id} and payment_ref = ${ref} and status = 'due' returning id`,
  );
  return (settled as unknown as { rows: unknown[] }).rows.length;
}

/** A payment came in on a reservation whose status it does not change: its history says so. */
export async function insertPaymentReceived(tx: Tx, id: number, ref: string): Promise<void> {
  // The status the payment found, unchanged: a penalty paid on a cancelled booking leaves it cancelled.
  const [row] = await tx
    .select({ status: reservation.status })
    .from(reservation)
    .where(eq(reservation.id, id));
  const status = row?.status ?? "confirmed";
  await tx.insert(reservationHistory).values({
    reservationId: id,
    actor: "system",
    action: "payment_succeeded",
    fromStatus: status,
    toStatus: status,
    details: { ref },
  });
}

/** What kind of payment `ref` is, and its amount. */
export async function paymentKindOf(
  tx: Tx,
  ref: string,
): Promise<{ kind: StoredPayment["kind"]; amountMinor: number } | undefined> {
  const [payment] = await tx
    .select({ kind: paymentTransaction.kind, amountMinor: paymentTransaction.amountMinor })
    .from(paymentTransaction)
    .where(eq(paymentTransaction.gatewayRef, ref))
    .limit(1);
  return payment;
}

/** The reservation with this code. */
export async function findReservationByCode(db: Db, code: string) {
  const [row] = await db.select().from(reservation).where(eq(reservation.code, code));
  return row;
}

/** The reservation's latest payment (refunds aside). */
export async function latestPaymentOf(db: Db, reservationId: number): Promise<StoredPayment | undefined> {
  const [tx] = await db
    .select()
    .from(paymentTransaction)
    .where(and(eq(paymentTransaction.reservationId, reservationId), ne(paymentTransaction.kind, "refund")))
    .orderBy(desc(paymentTransaction.id))
    .limit(1);
  return tx;
}

/**
 * The reservation's payment with gateway reference `ref` (not a refund: a refund's event is about the payment it
 * returns), or undefined when none of its payments has it.
 */
export async function paymentOfRef(
  db: Db,
  reservationId: number,
  gateway: string,
  ref: string,
): Promise<StoredPayment | undefined> {
  const [tx] = await db
    .select()
    .from(paymentTransaction)
    .where(
      and(
        eq(paymentTransaction.reservationId, reservationId),
        eq(paymentTransaction.gateway, gateway),
        eq(paymentTransaction.gatewayRef, ref),
        ne(paymentTransaction.kind, "refund"),
      ),
    )
    .orderBy(desc(paymentTransaction.id))
    .limit(1);
  return tx;
}

/** A payment's status as the gateway now tells it. */
export async function updatePaymentStatus(
  db: Db,
  paymentId: number,
  status: StoredPayment["status"],
): Promise<void> {
  await db.update(paymentTransaction).set({ status }).where(eq(paymentTransaction.id, paymentId));
}

/** The reservation's status as it stands. */
export async function reservationStatusOf(db: Db, id: number) {
  const [now] = await db
    .select({ status: reservation.status })
    .from(reservation)
    .where(eq(reservation.id, id));
  return now;
}

/** The code of the reservation a gateway's payment `ref` belongs to (its latest payment with that ref). */
export async function reservationCodeOfPayment(
  database: Database,
  gateway: string,
  ref: string,
): Promise<{ code: string } | undefined> {
  const [row] = await database.query<{ code: string }>(sql`select r.code from payment_transaction t
    join reservation r on r.id = t.reservation_id where t.gateway = ${gateway} and t.gateway_ref = ${ref}
    order by t.id desc limit 1`);
  return row;
}

/** The offer a reservation was booked from (ADR 0035), locked for the cancellation's transaction. */
export async function lockOfferOfReservation(
  tx: Tx,
  reservationId: number,
): Promise<{ id: number; state: OfferState; expiresAt: string | Date; optionId: number | null } | undefined> {
  const result = (await tx.execute(sql`
    select id, state, expires_at as "expiresAt", confirmed_option_id as "optionId"
    from offer where reservation_id = ${reservationId} for update`)) as unknown as {
    rows: { id: number; state: OfferState; expiresAt: string | Date; optionId: number | null }[];
  };
  return result.rows[0];
}

/** The offer leaves its reservation for state `next` (if still in `row.state`), with a history row. */
export async function reopenOffer(
  tx: Tx,
  row: { id: number; state: OfferState; optionId: number | null },
  next: OfferState,
  details: { reservationId: number; reason: string },
  now: Date,
): Promise<void> {
  await tx
    .update(offer)
    .set({ state: next, reservationId: null, confirmedOptionId: null, updatedAt: now })
    .where(and(eq(offer.id, row.id), eq(offer.state, row.state)));
  await tx.insert(offerHistory).values({
    offerId: row.id,
    actor: "system",
    action: "payment_failed",
    fromState: row.state,
    toState: next,
    details: { reservationId: details.reservationId, optionId: row.optionId, reason: details.reason },
    at: now,
  });
}

/**
 * Keeps a gateway's event once by its id: true when it is new or was never acted on (a crash mid-way), false when
 * it was acted on already (a duplicate or a replay).
 */
export async function keepGatewayEvent(
  database: Database,
  event: { gateway: string; eventId: string; hotelId: number; type: string; ref: string | null; at: Date },
): Promise<boolean> {
  const [row] = await database.query<{ processed: boolean }>(sql`
    insert into payment_event (gateway, event_id, hotel_id, type, ref, received_at)
    values (${event.gateway}, ${event.eventId}, ${event.hotelId}, ${event.type}, ${event.ref}, ${event.at.toISOString()})
    on conflict (gateway, event_id) do update set gateway = excluded.gateway
    returning processed_at is not null as processed`);
  return !row?.processed;
}

/** The event was acted on. */
export async function markGatewayEventProcessed(
  database: Database,
  gateway: string,
  eventId: string,
  at: Date,
): Promise<void> {
  await database.query(sql`update payment_event set processed_at = ${at.toISOString()}
    where gateway = ${gateway} and event_id = ${eventId} and processed_at is null`);
}

/** The hotel of a reservation, by its code. */
export async function hotelOfReservationCode(database: Database, code: string): Promise<number | null> {
  const [row] = await database.query<{ hotel_id: number }>(
    sql`select hotel_id from reservation where code = ${code}`,
  );
  return row?.hotel_id ?? null;
}

/** A payment started after the booking, still waiting at its gateway. */
export type WaitingLaterPayment = {
  id: number;
  reservationId: number;
  reservationStatus: string;
  hotelId: number;
  gatewayRef: string;
  status: StoredPayment["status"];
};

/**
 * Payments started after the booking (a link, pay now, authorise now, an installment) at `gateway`, still waiting
 * and started before `cutoff`: their gateway page should be over, so the sweep asks about them. Oldest first.
 */
export async function findWaitingLaterPayments(
  database: Database,
  gateway: string,
  cutoff: string,
  limit: number,
): Promise<WaitingLaterPayment[]> {
  return database.query<WaitingLaterPayment>(sql`
    select t.id, t.reservation_id as "reservationId", r.status as "reservationStatus", r.hotel_id as "hotelId",
      t.gateway_ref as "gatewayRef", t.status
    from payment_transaction t join reservation r on r.id = t.reservation_id
    where t.gateway = ${gateway} and t.kind in ('link', 'pay_now', 'authorise_now', 'installment')
      and t.status in ('requires_action', 'requires_challenge') and t.created_at < ${cutoff}::timestamptz
    order by t.id limit ${limit}`);
}
