/**
 * The statements of what a gateway tells about money after the booking: refunds made outside Alloggio (the
 * gateway's dashboard) and disputes (chargebacks), each written once however often the gateway says it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

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
