import {
  normalizeReservationCodePrefix,
  RESERVATION_CODE_LENGTH,
} from "@alloggio/domain/booking/reservation-code";
import {
  RESERVATIONS_PAGE_SIZE,
  type ReservationDetail,
  type ReservationList,
  type ReservationListQuery,
  type ReservationRow,
} from "@alloggio/domain/contract/backoffice/reservations";
import { isoToYmd, startOfDayInZone, todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import type { Attribution } from "@alloggio/domain/tracking/attribution";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { notFound } from "../../../http/errors";
import { findReservationOfHotel, toVoucherReservation } from "../../booking";

/** Payment rows that wait for the guest on the gateway's page (a payment or pre-authorisation link not used). */
export const UNUSED_LINK_STATUSES = ["requires_action", "requires_challenge"] as const;

const like = (text: string) => `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const nextDay = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** The list's WHERE clause: the hotel, then each filter given. */
async function whereOf(database: Database, hotelId: number, q: ReservationListQuery): Promise<SQL | null> {
  const parts: SQL[] = [sql`r.hotel_id = ${hotelId}`];
  // Stays overlapping [stayFrom, stayTo]: they arrive before the day after the end and leave after the start.
  if (q.stayTo) parts.push(sql`r.arrival < ${nextDay(q.stayTo)}::date`);
  if (q.stayFrom) parts.push(sql`r.departure > ${q.stayFrom}::date`);
  if (q.bookedFrom || q.bookedTo) {
    // Hotel-local days become instants, so the (hotel_id, created_at) index serves the range.
    const [h] = await database.query<{ time_zone: string }>(
      sql`select time_zone from hotel where id = ${hotelId}`,
    );
    const zone = h?.time_zone ?? "UTC";
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
  return sql.join(parts, sql` and `);
}

type RowRecord = {
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

const iso = (v: string | Date) => new Date(v).toISOString();
const day = (v: string | Date) => (typeof v === "string" ? v.slice(0, 10) : v.toISOString().slice(0, 10));
const nightsOf = (a: string, d: string) =>
  Math.round((Date.parse(`${day(d)}T00:00:00Z`) - Date.parse(`${day(a)}T00:00:00Z`)) / 86_400_000);

/** The money the back office shows beside the total: captured less refunded, and what is still due. */
const PAID_SQL = sql`coalesce((select sum(amount_minor) from payment_due where reservation_id = r.id and status = 'paid'), 0)
  - coalesce((select sum(amount_minor) from payment_transaction where reservation_id = r.id and kind = 'refund'
      and status = 'refunded'), 0)`;
const DUE_SQL = sql`coalesce((select sum(amount_minor) from payment_due where reservation_id = r.id and status = 'due'), 0)`;

/** What no schedule line asks for and nobody paid yet: the guest pays it at the hotel (none once cancelled). */
const AT_HOTEL_SQL = sql`case when r.status = 'cancelled' then 0
  else greatest(r.total_minor - (${PAID_SQL}) - (${DUE_SQL}), 0) end`;

/** One page of the hotel's reservations (one statement, with a window count) and the filters' choices. */
export async function listReservations(
  database: Database,
  hotelId: number,
  q: ReservationListQuery,
): Promise<ReservationList> {
  const where = await whereOf(database, hotelId, q);
  const order =
    q.sort === "created" ? sql`r.created_at desc, r.id desc` : sql`r.arrival asc, r.created_at asc, r.id asc`;
  const offset = (q.page - 1) * RESERVATIONS_PAGE_SIZE;
  const rows: RowRecord[] = where
    ? await database.query<RowRecord>(sql`
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
      limit ${RESERVATIONS_PAGE_SIZE} offset ${offset}`)
    : [];
  let total = rows[0]?.full_count ?? 0;
  if (rows.length === 0 && where && q.page > 1) {
    // A page past the end has no row to carry the count.
    const [counted] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from reservation r where ${where}`,
    );
    total = counted?.n ?? 0;
  }
  const channels = await database.query<{ id: number; name: string }>(sql`
    select ch.id, ch.name from channel ch join hotel h on h.group_id = ch.group_id
    where h.id = ${hotelId} order by ch.name, ch.id`);
  const [zone] = await database.query<{ time_zone: string }>(
    sql`select time_zone from hotel where id = ${hotelId}`,
  );
  const customers = await database.query<{ id: number; name: string }>(sql`
    select tc.id, tc.name from trade_customer tc join channel ch on ch.id = tc.channel_id
    join hotel h on h.group_id = ch.group_id where h.id = ${hotelId} order by tc.name, tc.id`);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      code: r.code,
      status: r.status,
      waiting: r.waiting,
      optionExpiresAt: r.option_expires_at ? iso(r.option_expires_at) : null,
      guest: r.guest ?? "",
      email: r.email,
      arrival: day(r.arrival),
      departure: day(r.departure),
      nights: nightsOf(r.arrival, r.departure),
      rooms: r.rooms,
      channel: { id: r.channel_id, name: r.channel_name },
      customer: r.customer_id !== null ? { id: r.customer_id, name: r.customer_name ?? "" } : null,
      currency: r.currency,
      decimalDigits: r.decimal_digits,
      totalMinor: r.total_minor,
      paidMinor: r.paid_minor,
      dueMinor: r.due_minor,
      atHotelMinor: r.at_hotel_minor,
      paymentMethod: r.payment_method,
      createdAt: iso(r.created_at),
    })),
    total,
    page: q.page,
    pageSize: RESERVATIONS_PAGE_SIZE,
    channels,
    customers,
    timeZone: zone?.time_zone ?? "UTC",
  };
}

/** The stored attribution with its empty fields left out; null when it names no source (a direct booking). */
function attributionOf(stored: Attribution | null): Attribution | null {
  if (!stored) return null;
  const out: Attribution = {};
  for (const key of ["trivago", "tripadvisor", "campaign"] as const) if (stored[key]) out[key] = stored[key];
  return Object.keys(out).length > 0 ? out : null;
}

/** 404 unless the reservation is one of this hotel's. */
export async function requireReservation(database: Database, hotelId: number, id: number): Promise<void> {
  const [found] = await database.query<{ id: number }>(
    sql`select id from reservation where id = ${id} and hotel_id = ${hotelId}`,
  );
  if (!found) throw notFound("reservationId", "No such reservation");
}

/**
 * One reservation in full: the voucher's loader and view (the same money as the guest sees), then what only the
 * property sees: every due and transaction, the history, the mails sent and the actions its state allows.
 */
export async function reservationDetail(
  database: Database,
  hotelId: number,
  id: number,
  now: Date,
): Promise<ReservationDetail> {
  const r = await findReservationOfHotel(database, hotelId, id);
  if (!r) throw notFound("reservationId", "No such reservation");
  const [extra] = await database.query<{
    channel: { id: number; name: string };
    customer: { id: number; name: string } | null;
    dues: {
      id: number;
      dueDate: string;
      amountMinor: number;
      status: string;
      kind: string;
      paidAt: string | null;
      linkPending: boolean;
    }[];
    transactions: {
      id: number;
      at: string;
      kind: string;
      gateway: string;
      amountMinor: number;
      status: string;
      cardLast4: string | null;
      sourceId: number | null;
    }[];
    history: {
      id: number;
      at: string;
      actor: string;
      action: string;
      fromStatus: string | null;
      toStatus: string | null;
      by: string | null;
      waivedMinor: number | null;
    }[];
    mails: {
      id: number;
      to: string;
      subject: string;
      status: string;
      createdAt: string;
      sentAt: string | null;
    }[];
    due_minor: number;
    at_hotel_minor: number;
    commission_minor: number | null;
    time_zone: string;
    attribution: Attribution | null;
  }>(sql`
    select json_build_object('id', ch.id, 'name', ch.name) as channel, r.attribution,
      (select json_build_object('id', tc.id, 'name', tc.name) from trade_customer tc where tc.id = r.customer_id) as customer,
      coalesce((select json_agg(json_build_object('id', d.id, 'dueDate', d.due_date, 'amountMinor', d.amount_minor,
          'status', d.status, 'kind', d.kind, 'paidAt', d.paid_at,
          'linkPending', d.status = 'due' and exists (select 1 from payment_transaction t
            where t.reservation_id = r.id and t.gateway_ref = d.payment_ref
              and t.status in ('requires_action', 'requires_challenge')))
        order by d.due_date, d.id) from payment_due d where d.reservation_id = r.id), '[]'::json) as dues,
      coalesce((select json_agg(json_build_object('id', t.id, 'at', t.created_at, 'kind', t.kind,
          'gateway', t.gateway, 'amountMinor', t.amount_minor, 'status', t.status, 'cardLast4', t.card_last4,
          'sourceId', t.source_id)
        order by t.id) from payment_transaction t where t.reservation_id = r.id), '[]'::json) as transactions,
      coalesce((select json_agg(json_build_object('id', x.id, 'at', x.at, 'actor', x.actor, 'action', x.action,
          'fromStatus', x.from_status, 'toStatus', x.to_status, 'by', x.details->>'by',
          'waivedMinor', (x.details->>'waivedMinor')::int)
        order by x.at, x.id) from reservation_history x where x.reservation_id = r.id), '[]'::json) as history,
      coalesce((select json_agg(json_build_object('id', m.id, 'to', m."to", 'subject', m.subject,
          'status', m.status, 'createdAt', m.created_at, 'sentAt', m.sent_at)
        order by m.id) from mail_outbox m where m.reservation_id = r.id), '[]'::json) as mails,
      (${DUE_SQL})::int as due_minor, (${AT_HOTEL_SQL})::int as at_hotel_minor,
      (select sum(rr.commission_minor)::int from reservation_room rr where rr.reservation_id = r.id
        and rr.commission_percent is not null and rr.status <> 'C') as commission_minor,
      (select h.time_zone from hotel h where h.id = r.hotel_id) as time_zone
    from reservation r join channel ch on ch.id = r.channel_id
    where r.id = ${r.id}`);
  if (!extra) throw notFound("reservationId", "No such reservation");
  const live = r.status !== "cancelled";
  const unusedLink = extra.transactions.some(
    (t) => t.kind !== "refund" && (UNUSED_LINK_STATUSES as readonly string[]).includes(t.status),
  );
  return {
    id: r.id,
    reservation: toVoucherReservation(r, r.languageId, "property"),
    channel: extra.channel,
    timeZone: extra.time_zone,
    customer: extra.customer,
    decimalDigits: r.decimalDigits,
    totalMinor: r.totalMinor,
    paidMinor: r.paidMinor,
    dueMinor: extra.due_minor,
    atHotelMinor: extra.at_hotel_minor,
    propertyNote: r.propertyNote,
    commissionMinor: extra.commission_minor,
    attribution: attributionOf(extra.attribution),
    dues: extra.dues.map((d) => ({ ...d, dueDate: day(d.dueDate), paidAt: d.paidAt ? iso(d.paidAt) : null })),
    transactions: extra.transactions.map((t) => ({ ...t, at: iso(t.at) })),
    history: extra.history.map((h) => ({ ...h, at: iso(h.at) })),
    mails: extra.mails.map((m) => ({
      ...m,
      createdAt: iso(m.createdAt),
      sentAt: m.sentAt ? iso(m.sentAt) : null,
    })),
    actions: {
      confirmOption:
        r.status === "pending_confirmation" &&
        r.optionExpiresAt !== null &&
        new Date(r.optionExpiresAt).getTime() > now.getTime(),
      recordTransfer: r.paymentMethod === "bank_transfer" && r.status === "confirmed" && extra.due_minor > 0,
      cancel: live,
      cancelPaymentLink: live && unusedLink,
      resendConfirmation: live,
    },
  };
}

/** The hotel-local day today, YYYY-MM-DD (a transfer cannot arrive later). */
export async function hotelToday(
  database: Database,
  hotelId: number,
  now: Date,
): Promise<{ today: string; zone: string }> {
  const [h] = await database.query<{ time_zone: string }>(
    sql`select time_zone from hotel where id = ${hotelId}`,
  );
  const zone = h?.time_zone ?? "UTC";
  const t = todayInZone(now, zone);
  return { today: `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}`, zone };
}
