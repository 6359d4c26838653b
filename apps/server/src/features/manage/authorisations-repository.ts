import { sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { paymentDue, paymentTransaction } from "../../db/schema";
import { rowsOf } from "../../db/upsert-rows";

/** A card the hotel holds for a reservation: a pre-authorisation (an amount) or a card guarantee (nothing). */
export type HeldPayment = {
  id: number;
  gateway: string;
  gateway_ref: string;
  amount_minor: number;
  status: string;
  card_last4: string | null;
};

/** The payment kinds that hold an amount on a card: the booking's pre-authorisation, or one from the voucher. */
const HOLD_KINDS = sql`('authorise', 'authorise_now')`;

/** The reservation's latest pre-authorisation (`amount`: held) or card guarantee (`guarantee`: nothing held). */
export async function findHeldPayment(
  executor: Database | Tx,
  reservationId: number,
  which: "amount" | "guarantee",
): Promise<HeldPayment | undefined> {
  const amount = which === "amount" ? sql`t.amount_minor > 0` : sql`t.amount_minor = 0`;
  const query = sql`select t.id, t.gateway, t.gateway_ref, t.amount_minor, t.status, t.card_last4
      from payment_transaction t
      where t.reservation_id = ${reservationId} and t.kind in ${HOLD_KINDS} and ${amount}
        and t.status in ('authorised', 'captured', 'refunded', 'released')
      order by t.id desc limit 1`;
  const on = "db" in executor ? executor.db : executor;
  return rowsOf<HeldPayment>(await on.execute(query))[0];
}

/**
 * The pre-authorisation is captured, once: its row becomes the card payment of what was taken (the refunds split
 * over it like any capture); false when it was no longer held.
 */
export async function markHeldCaptured(tx: Tx, id: number, capturedMinor: number): Promise<boolean> {
  return (
    rowsOf(
      await tx.execute(sql`update payment_transaction set status = 'captured', amount_minor = ${capturedMinor},
        claimed_until = null where id = ${id} and status = 'authorised' returning id`),
    ).length > 0
  );
}

/** The pre-authorisation is released, once; false when it was no longer held. */
export async function markHeldReleased(tx: Tx, id: number): Promise<boolean> {
  return (
    rowsOf(
      await tx.execute(sql`update payment_transaction set status = 'released', claimed_until = null
        where id = ${id} and status = 'authorised' returning id`),
    ).length > 0
  );
}

/** The payments due a capture may settle: held by the authorisation, or still scheduled, in date order. */
export async function openOrHeldDues(
  tx: Tx,
  reservationId: number,
): Promise<{ id: number; status: string; amountMinor: number; dueDate: string; kind: string }[]> {
  return rowsOf<{ id: number; status: string; amountMinor: number; dueDate: string; kind: string }>(
    await tx.execute(sql`select id, status, amount_minor as "amountMinor", due_date::text as "dueDate", kind
      from payment_due where reservation_id = ${reservationId} and status in ('authorised', 'due')
      order by due_date, id`),
  );
}

/** One payment due paid by the capture `ref` (for `amountMinor` of it), or (`paidMinor` 0) no longer held. */
export async function settleHeldDue(
  tx: Tx,
  id: number,
  paidMinor: number,
  ref: string,
  now: Date,
): Promise<void> {
  await tx.execute(
    paidMinor > 0
      ? sql`update payment_due set status = 'paid', amount_minor = ${paidMinor}, payment_ref = ${ref},
          paid_at = ${now.toISOString()}::timestamptz where id = ${id}`
      : sql`update payment_due set status = 'cancelled' where id = ${id}`,
  );
}

/** Payments due added (the rest of a split one, a capture beyond the schedule, a guarantee charge). */
export async function insertDues(tx: Tx, rows: (typeof paymentDue.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(paymentDue).values(rows);
}

/** What the authorisation held and nobody captured is no longer held: the guest pays it at the hotel. */
export async function releaseHeldDues(tx: Tx, reservationId: number): Promise<void> {
  await tx.execute(sql`update payment_due set status = 'cancelled'
    where reservation_id = ${reservationId} and status = 'authorised'`);
}

/** A guarantee charge the gateway answered (taken, waiting for the holder, or refused), once per reference. */
export async function insertCharge(tx: Tx, row: typeof paymentTransaction.$inferInsert): Promise<boolean> {
  const made = await tx.insert(paymentTransaction).values(row).onConflictDoNothing().returning({
    id: paymentTransaction.id,
  });
  return made.length > 0;
}

/** How many guarantee charges the reservation's history records (each attempt asks the gateway anew). */
export async function countGuaranteeCharges(executor: Database, reservationId: number): Promise<number> {
  const [row] = await executor.query<{ n: number }>(sql`select count(*)::int as n from reservation_history
    where reservation_id = ${reservationId} and action like 'guarantee_charge%'`);
  return row?.n ?? 0;
}

/** Whether a guarantee charge was taken, or waits for the guest's approval. */
export async function guaranteeChargeOpen(tx: Tx, reservationId: number): Promise<boolean> {
  return (
    rowsOf(
      await tx.execute(sql`select 1 from payment_transaction where reservation_id = ${reservationId}
        and kind = 'penalty' and status in ('captured', 'refunded', 'requires_action', 'requires_challenge')`),
    ).length > 0
  );
}

/** The gateways and hotels holding pre-authorisations now (each gateway says how long it holds them). */
export async function heldGateways(database: Database): Promise<{ gateway: string; hotel_id: number }[]> {
  return database.query<{ gateway: string; hotel_id: number }>(sql`select distinct t.gateway, r.hotel_id
    from payment_transaction t join reservation r on r.id = t.reservation_id
    where t.kind in ${HOLD_KINDS} and t.status = 'authorised' and t.amount_minor > 0`);
}

/** A pre-authorisation the timed release claimed. */
export type ClaimedHold = { id: number; reservation_id: number; gateway_ref: string; created_at: Date };

/**
 * ONE statement: claims the gateway's pre-authorisations of a hotel made before `before` that no one holds, over
 * rows locked `FOR UPDATE SKIP LOCKED`, marking them held until `until` (two processes never release one twice).
 */
export async function claimLapsingHolds(
  database: Database,
  input: { gateway: string; hotelId: number; before: Date; now: Date; until: Date; limit: number },
): Promise<ClaimedHold[]> {
  const now = input.now.toISOString();
  return database.query<ClaimedHold>(sql`
    update payment_transaction set claimed_until = ${input.until.toISOString()}::timestamptz
    where id in (select t.id from payment_transaction t join reservation r on r.id = t.reservation_id
                 where t.kind in ${HOLD_KINDS} and t.status = 'authorised' and t.amount_minor > 0
                   and t.gateway = ${input.gateway} and r.hotel_id = ${input.hotelId}
                   and t.created_at <= ${input.before.toISOString()}::timestamptz
                   and (t.claimed_until is null or t.claimed_until <= ${now}::timestamptz)
                 order by t.id limit ${input.limit} for update of t skip locked)
    returning id, reservation_id, gateway_ref, created_at`);
}

/** A claim given up (the gateway failed): the next run tries again. */
export async function unclaimHold(database: Database, id: number): Promise<void> {
  await database.query(sql`update payment_transaction set claimed_until = null where id = ${id}`);
}
