import { sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { anyId, rowsOf } from "../../db/upsert-rows";

/** A payment link still owed money: its gateway, its page as last made, and what is still due through it. */
export type OpenLink = {
  id: number;
  kind: string;
  gateway: string;
  gateway_ref: string;
  redirect_url: string | null;
  due: number;
};

/**
 * The reservation's newest payment link (pay-by-link, or a guarantee charge the bank wants approved) whose payments
 * are still due through it (one the property cancelled frees them, one paid settled them): the mail's link.
 */
export async function findOpenLink(database: Database, reservationId: number): Promise<OpenLink | undefined> {
  const [link] = await database.query<OpenLink>(sql`
    select t.id, t.kind, t.gateway, t.gateway_ref, t.redirect_url,
      (select coalesce(sum(d.amount_minor), 0)::int from payment_due d
        where d.reservation_id = t.reservation_id and d.payment_ref = t.gateway_ref and d.status = 'due') as due
    from payment_transaction t
    where t.reservation_id = ${reservationId} and t.kind in ('link', 'penalty') and t.status <> 'cancelled'
    order by t.id desc limit 1`);
  return link && link.due > 0 ? link : undefined;
}

/**
 * The link gets a fresh page: its row and the payments due through it follow the new reference, only if the link
 * is still the one read (another click may have renewed it first: false, and the caller uses that one).
 */
export async function renewLink(
  tx: Tx,
  link: OpenLink,
  fresh: { ref: string; url: string; amountMinor: number },
): Promise<boolean> {
  const moved = rowsOf(
    await tx.execute(sql`update payment_transaction
      set gateway_ref = ${fresh.ref}, redirect_url = ${fresh.url}, status = 'requires_action',
        amount_minor = ${fresh.amountMinor}
      where id = ${link.id} and gateway_ref = ${link.gateway_ref} and status <> 'cancelled'
      returning id`),
  );
  if (moved.length === 0) return false;
  await tx.execute(sql`update payment_due set payment_ref = ${fresh.ref}
      where reservation_id = (select reservation_id from payment_transaction where id = ${link.id})
        and payment_ref = ${link.gateway_ref} and status = 'due'`);
  return true;
}

/** The link's page as its gateway now tells it (paid, or closed unpaid). */
export async function markLink(database: Database, id: number, status: string): Promise<void> {
  await database.db.execute(sql`update payment_transaction set status = ${status} where id = ${id}`);
}

/** The payments still waiting on a gateway's page for any of these dues (a link, an earlier Pay now). */
export async function findWaitingPaymentsOfDues(
  database: Database,
  reservationId: number,
  dueIds: number[],
): Promise<{ id: number; gateway: string; gateway_ref: string }[]> {
  if (dueIds.length === 0) return [];
  return database.query<{ id: number; gateway: string; gateway_ref: string }>(sql`
    select t.id, t.gateway, t.gateway_ref from payment_transaction t
    where t.reservation_id = ${reservationId} and t.status in ('requires_action', 'requires_challenge')
      and t.gateway_ref in (select d.payment_ref from payment_due d
        where d.id = ${anyId(dueIds)} and d.payment_ref is not null)`);
}
