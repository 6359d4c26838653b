import { sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { paymentTransaction } from "../../db/schema";
import { rowsOf } from "../../db/upsert-rows";

/** A pending refund one process claimed. */
export type Claimed = {
  id: number;
  reservation_id: number;
  amount_minor: number;
  gateway_ref: string;
  attempts: number;
  source_id: number | null;
};

/**
 * Every kind of payment that takes money from a card once captured: each can be refunded to it. A
 * pre-authorisation the hotel captured is its own row, its amount what was captured (ADR 0074); a card
 * guarantee's charge is a `penalty`.
 */
const CARD_PAYMENT_KINDS = sql.join(
  ["capture", "link", "pay_now", "authorise", "authorise_now", "installment", "penalty"].map(
    (k) => sql`${k}`,
  ),
  sql`, `,
);

/** Every write to a claimed refund is conditional on the attempt still being ours. */
const mineOf = (refund: Claimed) =>
  sql`id = ${refund.id} and status = 'pending' and attempts = ${refund.attempts}`;

/**
 * ONE statement: claims pending refunds that are due and that no one holds, over rows locked
 * `FOR UPDATE SKIP LOCKED`, marking them held until `until` and counting the attempt. `id` claims that one only.
 */
export async function claimRefunds(
  database: Database,
  now: string,
  until: string,
  limit: number,
  id?: number,
): Promise<Claimed[]> {
  const only = id === undefined ? sql`` : sql`and id = ${id}`;
  return database.query<Claimed>(sql`
    update payment_transaction set attempts = attempts + 1,
      claimed_until = ${until}::timestamptz
    where id in (select id from payment_transaction
                 where kind = 'refund' and status = 'pending'
                   and (next_attempt_at is null or next_attempt_at <= ${now}::timestamptz)
                   and (claimed_until is null or claimed_until <= ${now}::timestamptz) ${only}
                 order by next_attempt_at nulls first, id limit ${limit} for update skip locked)
    returning id, reservation_id, amount_minor, gateway_ref, attempts, source_id`);
}

/** Locks the reservation's row, so two refunds of one reservation split one after the other. */
export async function lockReservationRow(tx: Tx, reservationId: number): Promise<void> {
  await tx.execute(sql`select id from reservation where id = ${reservationId} for update`);
}

/**
 * The reservation's card captures, on whichever gateway took them, newest first, with what other refunds took back
 * from each.
 */
export async function refundSources(
  tx: Tx,
  refund: Claimed,
): Promise<{ id: number; captured: number; refunded: number }[]> {
  return rowsOf<{ id: number; captured: number; refunded: number }>(
    await tx.execute(sql`select c.id, c.amount_minor as captured,
          coalesce((select sum(r.amount_minor) from payment_transaction r
            where r.source_id = c.id and r.kind = 'refund' and r.id <> ${refund.id}), 0)::int as refunded
        from payment_transaction c
        where c.reservation_id = ${refund.reservation_id} and c.kind in (${CARD_PAYMENT_KINDS})
          and c.status in ('captured', 'refunded')
        order by c.id desc`),
  );
}

/**
 * The claimed refund becomes the part for the first capture (or, with none, is left to the hotel); no row when the
 * attempt is no longer ours.
 */
export async function keepFirstPart(
  tx: Tx,
  refund: Claimed,
  first: { amountMinor: number; sourceId: number } | undefined,
): Promise<{ created_at: Date }[]> {
  const mine = mineOf(refund);
  return rowsOf<{ created_at: Date }>(
    await tx.execute(
      first
        ? sql`update payment_transaction set amount_minor = ${first.amountMinor}, source_id = ${first.sourceId}
              where ${mine} returning created_at`
        : sql`update payment_transaction set status = 'manual', claimed_until = null where ${mine}
              returning created_at`,
    ),
  );
}

/** Refund rows (a pending refund's other parts, what is left to the hotel, a new pending refund). */
export async function insertRefunds(
  tx: Tx,
  rows: (typeof paymentTransaction.$inferInsert)[],
): Promise<{ id: number; status: string }[]> {
  return tx
    .insert(paymentTransaction)
    .values(rows)
    .returning({ id: paymentTransaction.id, status: paymentTransaction.status });
}

/** A payment row's gateway, its reference there and the hotel, if it is still on the books. */
export async function findGatewayRef(
  database: Database,
  id: number | null,
): Promise<{ gateway: string; gateway_ref: string; hotel_id: number } | undefined> {
  const [source] = await database.query<{ gateway: string; gateway_ref: string; hotel_id: number }>(
    sql`select t.gateway, t.gateway_ref, r.hotel_id from payment_transaction t
        join reservation r on r.id = t.reservation_id where t.id = ${id}`,
  );
  return source;
}

/** The claimed refund is left to the hotel. */
export async function markRefundManual(database: Database, refund: Claimed): Promise<void> {
  const mine = mineOf(refund);
  await database.query(
    sql`update payment_transaction set status = 'manual', claimed_until = null where ${mine}`,
  );
}

/** The gateway refunded it, under this reference. */
export async function markRefunded(
  database: Database,
  refund: Claimed,
  gateway: string,
  ref: string,
): Promise<void> {
  const mine = mineOf(refund);
  await database.query(sql`update payment_transaction set status = 'refunded', gateway = ${gateway},
        gateway_ref = ${ref}, claimed_until = null, last_error = null where ${mine}`);
}

/** Given up: the refund is `failed`; false when the attempt was no longer ours. */
export async function markRefundFailed(tx: Tx, refund: Claimed, problem: string): Promise<boolean> {
  const mine = mineOf(refund);
  const given = await tx.execute(sql`update payment_transaction set status = 'failed', claimed_until = null,
        last_error = ${problem} where ${mine} returning id`);
  return (given as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The attempt failed: the refund is freed, to be tried again at `next`. */
export async function scheduleRefundRetry(
  database: Database,
  refund: Claimed,
  problem: string,
  next: Date,
): Promise<void> {
  const mine = mineOf(refund);
  await database.query(sql`update payment_transaction set claimed_until = null, last_error = ${problem},
    next_attempt_at = ${next.toISOString()}::timestamptz where ${mine}`);
}

/** A new pending refund; its id. */
export async function insertPendingRefund(
  tx: Tx,
  row: typeof paymentTransaction.$inferInsert,
): Promise<number> {
  const [inserted] = await tx.insert(paymentTransaction).values(row).returning({ id: paymentTransaction.id });
  return inserted!.id;
}
