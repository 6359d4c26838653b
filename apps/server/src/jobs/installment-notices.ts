import { sql } from "drizzle-orm";
import { enqueueInstallmentNotice } from "../features/mail";
import type { TimedChangeDeps } from "./deps";

/**
 * One batch of installment activation e-mails (ADR 0010: INSTALLMENT_NOTICE_DAYS before each later charge) in one
 * transaction: the installments still due whose notice day has come, hotel-local, and whose notice has not gone
 * yet, locked FOR UPDATE SKIP LOCKED so two processes never take the same one; each is marked sent with a
 * conditional update and its mail queued in the same transaction. A late run catches up: the day is a lower
 * bound, not a tick. Answers how many notices were queued.
 */
export async function sendInstallmentNotices(deps: TimedChangeDeps, limit: number): Promise<number> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const due = (await tx.execute(sql`select pd.id, pd.reservation_id from payment_due pd
      join reservation r on r.id = pd.reservation_id join hotel h on h.id = r.hotel_id
      where pd.kind = 'installment' and pd.status = 'due' and pd.notice_sent_at is null
        and pd.notice_date is not null
        and pd.notice_date <= (${now.toISOString()}::timestamptz at time zone h.time_zone)::date
        and r.status <> 'cancelled'
      order by pd.notice_date, pd.id limit ${limit} for update of pd skip locked`)) as unknown as {
      rows: { id: number; reservation_id: number }[];
    };
    let sent = 0;
    for (const row of due.rows) {
      const marked =
        (await tx.execute(sql`update payment_due set notice_sent_at = ${now.toISOString()}::timestamptz
        where id = ${row.id} and notice_sent_at is null and status = 'due' returning id`)) as unknown as {
          rows: unknown[];
        };
      if (marked.rows.length === 0) continue;
      await enqueueInstallmentNotice(tx, Number(row.reservation_id), Number(row.id), {
        baseUrl: deps.baseUrl,
        now,
      });
      sent += 1;
    }
    return sent;
  });
}
