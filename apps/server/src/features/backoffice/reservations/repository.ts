import {
  normalizeReservationCodePrefix,
  RESERVATION_CODE_LENGTH,
} from "@alloggio/domain/booking/reservation-code";
import {
  RESERVATIONS_PAGE_SIZE,
  type ReservationListQuery,
  type ReservationRow,
} from "@alloggio/domain/contract/backoffice/reservations";
import { isoToYmd, startOfDayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import { type SQL, sql } from "drizzle-orm";
import type { Database, Tx } from "../../../db/client";
import { reservationHistory } from "../../../db/schema";
import { UNUSED_LINK_STATUSES } from "../../booking";
import { hotelTimeZone } from "../repository";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export { hotelTimeZone };

const like = (text: string) => `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const nextDay = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** The list's WHERE clause: the hotel, then each filter given (null: a code no reservation can have). */
export async function reservationFilter(
  database: Database,
  hotelId: number,
  q: ReservationListQuery,
): Promise<SQL | null> {
  const parts: SQL[] = [sql`r.hotel_id = ${hotelId}`];
  // Stays overlapping [stayFrom, stayTo]: they arrive before the day after the end and leave after the start.
  if (q.stayTo) parts.push(sql`r.arrival < ${nextDay(q.stayTo)}::date`);
  if (q.stayFrom) parts.push(sql`r.departure > ${q.stayFrom}::date`);
  if (q.bookedFrom || q.bookedTo) {
    // Hotel-local days become instants, so the (hotel_id, created_at) index serves the range.
    const zone = (await hotelTimeZone(database, hotelId)) ?? "UTC";
    if (q.bookedFrom)
      parts.push(
        sql`r.created_at >= ${startOfDayInZone(isoToYmd(q.bookedFrom), zone).toISOString()}::timestamptz`,
      );
    if (q.bookedTo)
      parts.push(
        sql`r.created_at < ${startOfDayInZone(isoToYmd(nextDay(q.bookedTo)), zone).toISOString()}::timestamptz`,
      );
  }
  if (q.status === "option") parts.push(sql`r.status = 'pending_confirmation'`);
  else if (q.status === "waiting")
    parts.push(
      sql`exists (select 1 from reservation_room w where w.reservation_id = r.id and w.status = 'W')`,
    );
  else if (q.status) parts.push(sql`r.status = ${q.status}`);
  if (q.channel) parts.push(sql`r.channel_id = ${q.channel}`);
  if (q.customer) parts.push(sql`r.customer_id = ${q.customer}`);
  if (q.code) {
    // A whole code or its first characters: the prefix holds only code letters, so it needs no escaping.
    const code = normalizeReservationCodePrefix(q.code);
    if (!code) return null;
    parts.push(
      code.length === RESERVATION_CODE_LENGTH ? sql`r.code = ${code}` : sql`r.code like ${`${code}%`}`,
    );
  }
  if (q.guest?.trim()) parts.push(sql`(r.booker->>'fullname') ilike ${like(q.guest)} escape '\\'`);
  if (q.email?.trim())
    parts.push(
      sql`(r.email ilike ${like(q.email)} escape '\\' or (r.booker->>'email') ilike ${like(q.email)} escape '\\')`,
    );
  if (q.disputed) parts.push(sql`exists (select 1 from payment_dispute d where d.reservation_id = r.id)`);
  return sql.join(parts, sql` and `);
}

export type RowRecord = {
  id: number;
  code: string;
  status: ReservationRow["status"];
  waiting: boolean;
  option_expires_at: string | null;
  guest: string;
  email: string;
  arrival: string;
  departure: string;
  rooms: number;
  channel_id: number;
  channel_name: string;
  customer_id: number | null;
  customer_name: string | null;
  currency: string;
  decimal_digits: number;
  total_minor: number;
  paid_minor: number;
  due_minor: number;
  at_hotel_minor: number;
  payment_method: string;
  created_at: string;
  full_count: number;
};

/** The money the back office shows beside the total: captured less refunded, and what is still due. */
const PAID_SQL = sql`coalesce((select sum(amount_minor) from payment_due where reservation_id = r.id and status = 'paid'), 0)
  - coalesce((select sum(amount_minor) from payment_transaction where reservation_id = r.id and kind = 'refund'
      and status = 'refunded'), 0)`;
const DUE_SQL = sql`coalesce((select sum(amount_minor) from payment_due where reservation_id = r.id and status = 'due'), 0)`;

/** What no schedule line asks for and nobody paid yet: the guest pays it at the hotel (none once cancelled). */
const AT_HOTEL_SQL = sql`case when r.status = 'cancelled' then 0
  else greatest(r.total_minor - (${PAID_SQL}) - (${DUE_SQL}), 0) end`;

/** One page of the list, in the order asked, each row with the window count of all rows. */
export async function findReservationPage(
  database: Database,
  where: SQL,
  sort: ReservationListQuery["sort"],
  offset: number,
): Promise<RowRecord[]> {
  const order =
    sort === "created" ? sql`r.created_at desc, r.id desc` : sql`r.arrival asc, r.created_at asc, r.id asc`;
  return database.query<RowRecord>(sql`
    select r.id, r.code, r.status, r.option_expires_at, r.booker->>'fullname' as guest, r.email,
      r.arrival::text as arrival, r.departure::text as departure,
      exists (select 1 from reservation_room w where w.reservation_id = r.id and w.status = 'W') as waiting,
      (select count(*)::int from reservation_room rr where rr.reservation_id = r.id and rr.status <> 'C') as rooms,
      r.channel_id, ch.name as channel_name, r.customer_id, tc.name as customer_name,
      r.currency_code as currency, c.decimal_digits, r.total_minor,
      (${PAID_SQL})::int as paid_minor, (${DUE_SQL})::int as due_minor,
      (${AT_HOTEL_SQL})::int as at_hotel_minor,
      r.payment_method, r.created_at, count(*) over ()::int as full_count
    from reservation r
    join channel ch on ch.id = r.channel_id
    join currency c on c.code = r.currency_code
    left join trade_customer tc on tc.id = r.customer_id
    where ${where}
    order by ${order}
    limit ${RESERVATIONS_PAGE_SIZE} offset ${offset}`);
}

/** How many reservations the filter matches. */
export async function countReservations(database: Database, where: SQL): Promise<number | undefined> {
  const [counted] = await database.query<{ n: number }>(
    sql`select count(*)::int as n from reservation r where ${where}`,
  );
  return counted?.n;
}

/** The channels of the hotel's group, by name. */
export async function channelsOfHotel(
  database: Database,
  hotelId: number,
): Promise<{ id: number; name: string }[]> {
  return database.query<{ id: number; name: string }>(sql`
    select ch.id, ch.name from channel ch join hotel h on h.group_id = ch.group_id
    where h.id = ${hotelId} order by ch.name, ch.id`);
}

/** The trade customers of the hotel's group's channels, by name. */
export async function customersOfHotel(
  database: Database,
  hotelId: number,
): Promise<{ id: number; name: string }[]> {
  return database.query<{ id: number; name: string }>(sql`
    select tc.id, tc.name from trade_customer tc join channel ch on ch.id = tc.channel_id
    join hotel h on h.group_id = ch.group_id where h.id = ${hotelId} order by tc.name, tc.id`);
}

/** Whether the reservation is one of this hotel's. */
export async function reservationOfHotelExists(
  database: Database,
  hotelId: number,
  id: number,
): Promise<boolean> {
  const [found] = await database.query<{ id: number }>(
    sql`select id from reservation where id = ${id} and hotel_id = ${hotelId}`,
  );
  return Boolean(found);
}

/** The reservation's payment links the guest has not used, on whichever gateway (none once cancelled). */
export async function findUnusedLinks(
  database: Database,
  hotelId: number,
  reservationId: number,
): Promise<{ id: number; gateway: string; gateway_ref: string; status: string }[]> {
  return database.query<{ id: number; gateway: string; gateway_ref: string; status: string }>(sql`
        select t.id, t.gateway, t.gateway_ref, t.status from payment_transaction t
        join reservation r on r.id = t.reservation_id
        where t.reservation_id = ${reservationId} and r.hotel_id = ${hotelId} and r.status <> 'cancelled'
          and t.kind <> 'refund'
          and t.status in (${sql.join(
            UNUSED_LINK_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )})`);
}

/** Marks the voided links' transactions cancelled, then frees the dues they were for; returns the freed dues. */
export async function cancelLinks(tx: Tx, reservationId: number, refs: string[]): Promise<{ id: number }[]> {
  const refList = sql.join(
    refs.map((ref) => sql`${ref}`),
    sql`, `,
  );
  await tx.execute(sql`update payment_transaction set status = 'cancelled'
          where reservation_id = ${reservationId} and gateway_ref in (${refList})`);
  // What the link was for stays due, to be paid another way (or by the deadline's rules).
  return rowsOf<{ id: number }>(
    await tx.execute(sql`update payment_due set payment_ref = null
            where reservation_id = ${reservationId} and status = 'due' and payment_ref in (${refList}) returning id`),
  );
}

/** Sets (or clears, null) the property's note to the guest. */
export async function updatePropertyNote(tx: Tx, reservationId: number, note: string | null): Promise<void> {
  await tx.execute(
    sql`update reservation set property_note = ${note}, updated_at = now() where id = ${reservationId}`,
  );
}

/** A history row of something the property did (the status does not change). */
export async function insertPropertyHistory(
  tx: Tx,
  row: { reservationId: number; action: string; status: string; details: Record<string, unknown> },
): Promise<void> {
  await tx.insert(reservationHistory).values({
    reservationId: row.reservationId,
    actor: "property",
    action: row.action,
    fromStatus: row.status,
    toStatus: row.status,
    details: row.details,
  });
}
