/**
 * The statements of what a gateway tells about money after the booking: refunds made outside Alloggio (the
 * gateway's dashboard) and disputes (chargebacks), each written once however often the gateway says it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { insertOutboxMails, type OutgoingMail } from "../mail";

/** The payment (not a refund) the gateway knows as `ref`, with its reservation. */
export async function findPaymentOfRef(
  database: Database,
  gateway: string,
  ref: string,
): Promise<{ id: number; reservationId: number } | undefined> {
  const [row] = await database.query<{ id: number; reservationId: number }>(sql`
    select id, reservation_id as "reservationId" from payment_transaction
    where gateway = ${gateway} and gateway_ref = ${ref} and kind <> 'refund' order by id desc limit 1`);
  return row;
}

/**
 * A refund the gateway made of payment `sourceId`, recorded unless Alloggio knows it: by the gateway's id (a refund
 * recorded already, or one of Alloggio's, whose row took that id) or by the idempotency key Alloggio sent (one of
 * its own still waiting for its answer to be stored). Under the reservation's row lock, so two events of one refund
 * write one row; true when this call wrote it, with its history line.
 */
export async function insertGatewayRefund(
  database: Database,
  refund: {
    reservationId: number;
    sourceId: number;
    gateway: string;
    ref: string;
    key: string | null;
    amountMinor: number;
    at: Date;
  },
): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select id from reservation where id = ${refund.reservationId} for update`);
    const known = sql.join(
      [refund.ref, ...(refund.key ? [refund.key] : [])].map((ref) => sql`${ref}`),
      sql`, `,
    );
    const inserted = (await tx.execute(sql`
      insert into payment_transaction
        (reservation_id, gateway, gateway_ref, kind, amount_minor, status, source_id, created_at)
      select ${refund.reservationId}, ${refund.gateway}, ${refund.ref}, 'refund', ${refund.amountMinor},
        'refunded', ${refund.sourceId}, ${refund.at.toISOString()}::timestamptz
      where not exists (select 1 from payment_transaction
                        where kind = 'refund' and gateway_ref in (${known}))
      on conflict do nothing
      returning id`)) as unknown as { rows: { id: number }[] };
    if (inserted.rows.length === 0) return false;
    await tx.execute(sql`
      insert into reservation_history (reservation_id, at, actor, action, details)
      values (${refund.reservationId}, ${refund.at.toISOString()}::timestamptz, 'system', 'refund_at_gateway',
        ${JSON.stringify({ refundRef: refund.ref, amountMinor: refund.amountMinor, paymentId: refund.sourceId })}::jsonb)`);
    return true;
  });
}

export type StoredDispute = {
  id: number;
  amountMinor: number;
  currency: string;
  reason: string;
  status: string;
  evidenceDueBy: Date | string | null;
  openedAt: Date | string;
};

/**
 * A dispute as the gateway tells it now, written over what was known (the gateway's answer is the latest word, so
 * the order of its events does not matter); answers the status it had before (null: a dispute new to Alloggio)
 * and the status it has now, under the reservation's row lock, so two events of one dispute change it once. The
 * history lines go with it: the opening, and an outcome when it is reached.
 */
export async function upsertDispute(
  database: Database,
  dispute: {
    reservationId: number;
    paymentId: number;
    gateway: string;
    ref: string;
    amountMinor: number;
    currency: string;
    reason: string;
    status: string;
    evidenceDueBy: Date | null;
    openedAt: Date;
    at: Date;
    /** The history lines to write for a change from `before` (null: new) to the dispute's status. */
    history: (before: string | null) => { action: string; details: Record<string, unknown> }[];
    /** The mails that say a dispute opened: sent with its first row only. */
    openedMails: OutgoingMail[];
  },
): Promise<{ before: string | null; changed: boolean }> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select id from reservation where id = ${dispute.reservationId} for update`);
    const found = (await tx.execute(sql`select status from payment_dispute
      where gateway = ${dispute.gateway} and dispute_ref = ${dispute.ref}`)) as unknown as {
      rows: { status: string }[];
    };
    const before = found.rows[0]?.status ?? null;
    const due = dispute.evidenceDueBy?.toISOString() ?? null;
    const at = dispute.at.toISOString();
    if (before === null)
      await tx.execute(sql`insert into payment_dispute (reservation_id, payment_id, gateway, dispute_ref,
          amount_minor, currency, reason, status, evidence_due_by, opened_at, updated_at)
        values (${dispute.reservationId}, ${dispute.paymentId}, ${dispute.gateway}, ${dispute.ref},
          ${dispute.amountMinor}, ${dispute.currency}, ${dispute.reason}, ${dispute.status},
          ${due}::timestamptz, ${dispute.openedAt.toISOString()}::timestamptz, ${at}::timestamptz)`);
    else
      await tx.execute(sql`update payment_dispute set amount_minor = ${dispute.amountMinor},
          reason = ${dispute.reason}, status = ${dispute.status}, evidence_due_by = ${due}::timestamptz,
          updated_at = ${at}::timestamptz
        where gateway = ${dispute.gateway} and dispute_ref = ${dispute.ref}`);
    const lines = before === dispute.status ? [] : dispute.history(before);
    for (const line of lines)
      await tx.execute(sql`
        insert into reservation_history (reservation_id, at, actor, action, details)
        values (${dispute.reservationId}, ${at}::timestamptz, 'system', ${line.action},
          ${JSON.stringify(line.details)}::jsonb)`);
    if (before === null && dispute.openedMails.length > 0)
      await insertOutboxMails(
        tx,
        dispute.openedMails.map((mail) => ({
          ...mail,
          reservationId: dispute.reservationId,
          now: dispute.at,
        })),
      );
    return { before, changed: before !== dispute.status };
  });
}

/** The reservation's disputes, newest first. */
export async function findDisputesOf(database: Database, reservationId: number): Promise<StoredDispute[]> {
  return database.query<StoredDispute>(sql`
    select id, amount_minor as "amountMinor", currency, reason, status, evidence_due_by as "evidenceDueBy",
      opened_at as "openedAt"
    from payment_dispute where reservation_id = ${reservationId} order by opened_at desc, id desc`);
}

/** What the owners' dispute mail says of the reservation, and the hotel's owners who get it (not disabled). */
export async function findDisputeMailFacts(
  database: Database,
  reservationId: number,
): Promise<{
  hotelId: number;
  hotel: string;
  code: string;
  guest: string;
  decimalDigits: number;
  timeZone: string;
  owners: { email: string; language: string }[];
} | null> {
  const [row] = await database.query<{
    hotelId: number;
    hotel: string;
    code: string;
    guest: string;
    decimalDigits: number;
    timeZone: string;
    owners: { email: string; language: string }[];
  }>(sql`
    select h.id as "hotelId", h.name as hotel, r.code, r.booker->>'fullname' as guest,
      c.decimal_digits as "decimalDigits", h.time_zone as "timeZone",
      coalesce((select json_agg(json_build_object('email', u.email, 'language', u.language) order by u.id)
        from staff_user u
        where u.group_id = h.group_id and u.role = 'owner' and u.disabled_at is null
          and (u.all_hotels or exists (select 1 from staff_user_hotel x
                                       where x.user_id = u.id and x.hotel_id = h.id))), '[]'::json) as owners
    from reservation r join hotel h on h.id = r.hotel_id join currency c on c.code = r.currency_code
    where r.id = ${reservationId}`);
  return row ?? null;
}
