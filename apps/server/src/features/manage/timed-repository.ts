/** The statements of the timed changes to reservations: what is due at a time, each batch locked SKIP LOCKED. */
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

const rowsOf = (result: unknown) => (result as { rows: { id: number }[] }).rows.map((r) => Number(r.id));

/** Options (pending confirmation) that nobody confirmed before they ran out at `now`. */
export async function lockExpiredOptions(tx: Tx, now: string, limit: number): Promise<number[]> {
  return rowsOf(
    await tx.execute(sql`select id from reservation
          where status = 'pending_confirmation' and option_expires_at is not null
            and option_expires_at <= ${now}::timestamptz
          order by option_expires_at, id limit ${limit} for update skip locked`),
  );
}

/** Confirmed bank-transfer reservations whose transfer has not arrived by its (hotel-local) deadline. */
export async function lockOverdueTransfers(tx: Tx, now: string, limit: number): Promise<number[]> {
  return rowsOf(
    await tx.execute(sql`select r.id from reservation r join hotel h on h.id = r.hotel_id
          where r.status = 'confirmed' and r.payment_method = 'bank_transfer' and r.payment_deadline is not null
            and r.payment_deadline < (${now}::timestamptz at time zone h.time_zone)::date
            and exists (select 1 from payment_due d where d.reservation_id = r.id and d.status = 'due'
                          and d.due_date <= r.payment_deadline)
          order by r.payment_deadline, r.id limit ${limit} for update of r skip locked`),
  );
}

/** What was still due on a cancelled reservation is cancelled. */
export async function cancelOpenDues(tx: Tx, reservationId: number): Promise<void> {
  await tx.execute(
    sql`update payment_due set status = 'cancelled' where reservation_id = ${reservationId} and status = 'due'`,
  );
}

/**
 * An agency's options that run out within `hours` (or half their hold when shorter) and were not reminded yet:
 * the reminder in the outbox is the mark.
 */
export async function lockAgencyOptionsToRemind(
  tx: Tx,
  now: Date,
  hours: number,
  limit: number,
): Promise<number[]> {
  return rowsOf(
    await tx.execute(sql`select r.id from reservation r
        where r.status = 'pending_confirmation' and r.option_expires_at > ${now.toISOString()}::timestamptz
          and (jsonb_typeof(r.agency) = 'object' or r.customer_id is not null)
          and r.option_expires_at - ${now.toISOString()}::timestamptz
            <= least(make_interval(hours => ${hours}), (r.option_expires_at - r.created_at) / 2)
          and not exists (select 1 from mail_outbox m where m.reservation_id = r.id
                            and m.render->>'optionReminder' = 'true')
        order by r.option_expires_at, r.id limit ${limit} for update of r skip locked`),
  );
}
