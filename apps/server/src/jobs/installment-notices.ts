import { enqueueInstallmentNotice } from "../features/mail";
import { lockDueInstallmentNotices, markInstallmentNoticeSent } from "../features/manage";
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
    const due = await lockDueInstallmentNotices(tx, now, limit);
    let sent = 0;
    for (const row of due) {
      if (!(await markInstallmentNoticeSent(tx, row.id, now))) continue;
      await enqueueInstallmentNotice(tx, Number(row.reservation_id), Number(row.id), {
        baseUrl: deps.baseUrl,
        now,
      });
      sent += 1;
    }
    return sent;
  });
}
