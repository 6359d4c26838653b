import { sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { paymentTransaction, quoteRequest, reservationHistory } from "../../db/schema";
import { rowsOf } from "../../db/upsert-rows";

/** One row of a reservation's history. */
export async function writeHistory(tx: Tx, row: typeof reservationHistory.$inferInsert): Promise<void> {
  await tx.insert(reservationHistory).values(row);
}

/** A cancelled room keeps only its penalty. */
export async function setRoomPenalty(tx: Tx, roomId: number, penaltyMinor: number): Promise<void> {
  await tx.execute(sql`update reservation_room set penalty_minor = ${penaltyMinor} where id = ${roomId}`);
}

/** A booked transfer's details, as the guest gave them. */
export async function setServiceTransfer(
  tx: Tx,
  reservationId: number,
  serviceId: number,
  transfer: Record<string, unknown>,
): Promise<void> {
  await tx.execute(sql`update reservation_service set transfer = ${JSON.stringify(transfer)}::jsonb
      where id = ${serviceId} and reservation_id = ${reservationId}`);
}

/** The reservation's status as it now is. */
export async function findReservationStatus<S extends string>(
  database: Database,
  reservationId: number,
): Promise<S | undefined> {
  const [now] = await database.query<{ status: S }>(
    sql`select status from reservation where id = ${reservationId}`,
  );
  return now?.status;
}

/** The reservation as the property's actions read it, locked. */
export type LockedForAction = {
  id: number;
  status: string;
  option_expires_at: string | null;
  payment_method: string;
  arrival: string;
  time_zone: string;
  bank_transfer: unknown;
};

export async function lockReservationForAction(
  tx: Tx,
  reservationId: number,
): Promise<LockedForAction | undefined> {
  const result = await tx.execute(sql`select r.id, r.status, r.option_expires_at::text, r.payment_method,
      r.arrival::text, h.time_zone, h.settings->'bankTransfer' as bank_transfer
    from reservation r join hotel h on h.id = r.hotel_id where r.id = ${reservationId} for update of r`);
  return (result as unknown as { rows: LockedForAction[] }).rows[0];
}

export async function setPaymentMethod(tx: Tx, reservationId: number, method: string): Promise<void> {
  await tx.execute(
    sql`update reservation set payment_method = ${method}::payment_method where id = ${reservationId}`,
  );
}

export async function setPaymentDeadline(tx: Tx, reservationId: number, deadline: string): Promise<void> {
  await tx.execute(
    sql`update reservation set payment_deadline = ${deadline}::date where id = ${reservationId}`,
  );
}

/** A bank transfer received; its id. */
export async function insertBankTransfer(
  tx: Tx,
  row: typeof paymentTransaction.$inferInsert,
): Promise<number> {
  const [received] = await tx.insert(paymentTransaction).values(row).returning({ id: paymentTransaction.id });
  return received!.id;
}

/** What bank transfers brought in, and how much of it already settled dues. */
export async function bankTransferBalance(
  tx: Tx,
  reservationId: number,
): Promise<{ received: number; settled: number }> {
  const [balance] = rowsOf<{ received: number; settled: number }>(
    await tx.execute(sql`select
        (select coalesce(sum(amount_minor), 0)::int from payment_transaction
          where reservation_id = ${reservationId} and kind = 'bank_transfer' and status = 'received') as received,
        (select coalesce(sum(amount_minor), 0)::int from payment_due
          where reservation_id = ${reservationId} and status = 'paid' and payment_ref like 'bank_transfer:%') as settled`),
  );
  return balance!;
}

/** The dues still open, in the order they fall due. */
export async function openDues(
  tx: Tx,
  reservationId: number,
): Promise<{ id: number; amount_minor: number }[]> {
  return rowsOf<{ id: number; amount_minor: number }>(
    await tx.execute(sql`select id, amount_minor from payment_due
        where reservation_id = ${reservationId} and status = 'due' order by due_date, id`),
  );
}

/** A due paid by a bank transfer. */
export async function settleDueByTransfer(
  tx: Tx,
  dueId: number,
  paidAt: Date,
  transferId: number,
): Promise<void> {
  await tx.execute(sql`update payment_due set status = 'paid', paid_at = ${paidAt.toISOString()}::timestamptz,
        payment_ref = ${`bank_transfer:${transferId}`} where id = ${dueId} and status = 'due'`);
}

/** ONE statement: the hotel on the channel with the names a quote prints (null when not on the channel). */
export async function findQuoteHotel<H>(
  database: Database,
  hotelId: number,
  channelId: number,
): Promise<H | null> {
  const [row] = await database.query<{ hotel: H }>(sql`
    select json_build_object(
      'id', h.id, 'name', h.name, 'address', h.address, 'city', h.city, 'country', h.country,
      'email', h.email, 'phone', h.phone, 'timeZone', h.time_zone, 'checkInFrom', h.check_in_from,
      'checkInUntil', h.check_in_until, 'checkOutUntil', h.check_out_until, 'cityTaxMinor', h.city_tax_minor,
      'mailLanguage', h.settings->>'mailLanguage',
      'currency', json_build_object('code', c.code, 'decimalDigits', c.decimal_digits),
      'roomTypes', coalesce((select json_agg(json_build_object('id', rt.id, 'name', rt.name))
        from room_type rt where rt.hotel_id = h.id), '[]'::json),
      'rates', coalesce((select json_agg(json_build_object('id', rp.id, 'name', rp.name, 'mealPlan', rp.meal_plan))
        from rate_plan rp where rp.hotel_id = h.id), '[]'::json),
      'mandatory', coalesce((select json_agg(json_build_object('id', m.id, 'name', m.name, 'needsDate', m.needs_date))
        from (select distinct on (s.category_id) s.id, s.name, s.needs_date
              from service s join service_category k on k.id = s.category_id
              where s.hotel_id = h.id and k.mandatory
              order by s.category_id, s.price_minor, s.id) m), '[]'::json),
      'serviceNames', coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name))
        from service s where s.hotel_id = h.id), '[]'::json)
    ) as hotel
    from hotel h
    join hotel_channel hc on hc.hotel_id = h.id and hc.channel_id = ${channelId}
    join currency c on c.code = h.currency_code
    where h.id = ${hotelId}`);
  return row?.hotel ?? null;
}

/** A quote request kept for the back office. */
export async function insertQuoteRequest(tx: Tx, row: typeof quoteRequest.$inferInsert): Promise<void> {
  await tx.insert(quoteRequest).values(row);
}
