import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { paymentDue, paymentTransaction } from "../../db/schema";
import { anyId } from "../../db/upsert-rows";

/** A payment asked of the gateway (none twice for one reference), then the dues it pays point at it. */
export async function recordGatewayPayment(
  tx: Tx,
  row: typeof paymentTransaction.$inferInsert,
  dueIds: number[],
): Promise<void> {
  await tx.insert(paymentTransaction).values(row).onConflictDoNothing();
  if (dueIds.length > 0)
    await tx.execute(sql`update payment_due set payment_ref = ${row.gatewayRef}
        where id = ${anyId(dueIds)} and status = 'due'`);
}

/** An installment plan replaces what was due: those rows stay, marked replaced, and the plan's rows are added. */
export async function replaceDuesWithPlan(
  tx: Tx,
  dueIds: number[],
  plan: (typeof paymentDue.$inferInsert)[],
): Promise<{ id: number }[]> {
  await tx.execute(sql`update payment_due set status = 'replaced'
      where id = ${anyId(dueIds)}`);
  return tx.insert(paymentDue).values(plan).returning({ id: paymentDue.id });
}

/** The plan is dropped and what was due is due again, as it was. */
export async function restoreReplacedDues(tx: Tx, planIds: number[], dueIds: number[]): Promise<void> {
  await tx.execute(sql`delete from payment_due
        where id = ${anyId(planIds)} and status = 'due'`);
  await tx.execute(sql`update payment_due set status = 'due'
        where id = ${anyId(dueIds)} and status = 'replaced'`);
}

/**
 * The installments still due whose notice day has come (hotel-local) and whose notice has not gone, locked
 * FOR UPDATE SKIP LOCKED so two processes never take the same one.
 */
export async function lockDueInstallmentNotices(
  tx: Tx,
  now: Date,
  limit: number,
): Promise<{ id: number; reservation_id: number }[]> {
  const due = (await tx.execute(sql`select pd.id, pd.reservation_id from payment_due pd
      join reservation r on r.id = pd.reservation_id join hotel h on h.id = r.hotel_id
      where pd.kind = 'installment' and pd.status = 'due' and pd.notice_sent_at is null
        and pd.notice_date is not null
        and pd.notice_date <= (${now.toISOString()}::timestamptz at time zone h.time_zone)::date
        and r.status <> 'cancelled'
      order by pd.notice_date, pd.id limit ${limit} for update of pd skip locked`)) as unknown as {
    rows: { id: number; reservation_id: number }[];
  };
  return due.rows;
}

/** Marks an installment's notice sent, once: false when it was already, or the installment is no longer due. */
export async function markInstallmentNoticeSent(tx: Tx, dueId: number, now: Date): Promise<boolean> {
  const marked =
    (await tx.execute(sql`update payment_due set notice_sent_at = ${now.toISOString()}::timestamptz
        where id = ${dueId} and notice_sent_at is null and status = 'due' returning id`)) as unknown as {
      rows: unknown[];
    };
  return marked.rows.length > 0;
}
