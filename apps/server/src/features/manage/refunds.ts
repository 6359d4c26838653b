import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { paymentTransaction } from "../../db/schema";
import type { Tx } from "../booking/repository";
import type { BookingDeps } from "../booking/service";

/**
 * Refunds in two steps, like the booking's hold → pay: the transaction that changes the reservation records the
 * refund as `pending` (so it cannot be lost or made twice), then the gateway is asked outside any transaction and
 * the row says what it answered. A pending refund left by a crash is sent again by `send` with its id.
 */
export const refundPayment = {
  async record(tx: Tx, reservationId: number, amountMinor: number, at: Date): Promise<number> {
    const [row] = await tx
      .insert(paymentTransaction)
      .values({
        createdAt: at,
        reservationId,
        gateway: "pending",
        gatewayRef: `refund_${randomBytes(10).toString("hex")}`,
        kind: "refund",
        amountMinor,
        status: "pending",
      })
      .returning({ id: paymentTransaction.id });
    return row!.id;
  },

  /**
   * Refunds from the reservation's latest captured payment. Without one (a bank transfer, a payment at the
   * hotel) the refund is the hotel's to make by hand: the row says `manual`.
   */
  async send(deps: Pick<BookingDeps, "database" | "gateway">, refundId: number): Promise<string> {
    const { database, gateway } = deps;
    const [refund] = await database.query<{ id: number; reservation_id: number; amount_minor: number }>(
      sql`select id, reservation_id, amount_minor from payment_transaction
          where id = ${refundId} and kind = 'refund' and status = 'pending'`,
    );
    if (!refund) return "done";
    const [source] = await database.query<{
      gateway_ref: string;
    }>(sql`select gateway_ref from payment_transaction
      where reservation_id = ${refund.reservation_id} and kind in ('capture', 'link') and status = 'captured'
        and gateway = ${gateway.name}
      order by id desc limit 1`);
    if (!source) {
      await database.query(sql`update payment_transaction set status = 'manual' where id = ${refund.id}`);
      return "manual";
    }
    try {
      const answer = await gateway.refund(source.gateway_ref, refund.amount_minor);
      const status = answer.status === "refunded" ? "refunded" : "failed";
      await database.query(sql`update payment_transaction set status = ${status}, gateway = ${gateway.name},
        gateway_ref = ${answer.ref} where id = ${refund.id} and status = 'pending'`);
      return status;
    } catch (err) {
      // Left pending: the next attempt sends it again.
      console.error("[alloggio] refund failed, left pending", err);
      return "pending";
    }
  },
};
