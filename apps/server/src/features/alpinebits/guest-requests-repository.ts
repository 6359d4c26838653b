// The statements of GuestRequests (ADR 0081): which reservations and quote requests a client is due, what it was
// sent, what it acknowledged.

import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

type Executor = Pick<Db, "execute">;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type DeliveryKind = "reservation" | "quote";

/** A record due to the client: its version now, when it last changed, and what the client was sent and acked. */
export type DueRecord = {
  kind: DeliveryKind;
  id: number;
  status: string;
  version: string;
  modifiedAt: string;
  sentStatus: string | null;
  ackedVersion: string | null;
};

/** At most this many records a read; the rest follow once these are acknowledged. */
export const MAX_RECORDS_A_READ = 100;

/**
 * The hotel's reservations and quote requests the client is due, oldest change first: without `start`, those whose
 * version the client has not acknowledged; with `start`, every one changed since, acknowledged or not. Only stays
 * not yet departed (from the hotel's `today`); a reservation once booked (confirmed, an option, or confirmed once
 * and now waiting for a payment), and a cancellation only of one the client was sent before.
 */
export async function findDueRecords(
  db: Executor,
  q: { clientId: number; hotelId: number; today: string; start: Date | null },
): Promise<DueRecord[]> {
  const start = q.start?.toISOString() ?? null;
  const rows = rowsOf<{
    kind: DeliveryKind;
    id: number;
    status: string;
    version: string;
    modified_at: string;
    sent_status: string | null;
    acked_version: string | null;
  }>(
    await db.execute(sql`
      with records as (
        select 'reservation' as kind, r.id, r.status::text as status,
          -- A version changes with every change: the history only grows, and updated_at moves with the rest.
          (select count(*) from reservation_history h where h.reservation_id = r.id)::text || '@'
            || to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as version,
          greatest(r.updated_at, (select max(h.at) from reservation_history h where h.reservation_id = r.id))
            as modified_at
        from reservation r
        where r.hotel_id = ${q.hotelId} and r.departure >= ${q.today}::date
          and (r.status in ('confirmed', 'cancelled')
            -- An option holds its rooms until it is confirmed or runs out: the PMS must count it.
            or (r.status = 'pending_confirmation' and r.option_expires_at is not null)
            -- Confirmed once, now waiting for a later payment; one still waiting for the gateway is no booking yet.
            or exists (select 1 from reservation_history h where h.reservation_id = r.id and h.to_status = 'confirmed'))
        union all
        select 'quote', qr.id, 'requested', 'requested', qr.created_at
        from quote_request qr
        where qr.hotel_id = ${q.hotelId} and qr.departure >= ${q.today}::date
      )
      select x.kind, x.id, x.status, x.version, x.modified_at, d.sent_status, d.acked_version
      from records x
      left join alpinebits_delivery d
        on d.client_id = ${q.clientId} and d.kind = x.kind and d.record_id = x.id
      where (x.status <> 'cancelled' or d.record_id is not null)
        and (case when ${start}::timestamptz is null then d.acked_version is distinct from x.version
             else x.modified_at >= ${start}::timestamptz end)
      order by x.modified_at, x.kind, x.id
      limit ${MAX_RECORDS_A_READ}`),
  );
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    status: r.status,
    version: r.version,
    modifiedAt: new Date(r.modified_at).toISOString(),
    sentStatus: r.sent_status,
    ackedVersion: r.acked_version,
  }));
}

/** Records what the client was sent: the version and ResStatus of each record, replacing what it was sent before. */
export async function markSent(
  db: Executor,
  clientId: number,
  sent: { kind: DeliveryKind; id: number; version: string; status: string }[],
  now: Date,
): Promise<void> {
  for (const s of sent)
    await db.execute(sql`
      insert into alpinebits_delivery (client_id, kind, record_id, sent_version, sent_status, sent_at)
      values (${clientId}, ${s.kind}, ${s.id}, ${s.version}, ${s.status}, ${now.toISOString()})
      on conflict (client_id, kind, record_id) do update
        set sent_version = excluded.sent_version, sent_status = excluded.sent_status, sent_at = excluded.sent_at`);
}

export type QuoteRow = {
  id: number;
  hotelId: number;
  hotelName: string;
  languageId: number;
  fullName: string;
  email: string;
  phone: string | null;
  message: string | null;
  arrival: string;
  departure: string;
  rooms: {
    adults: number;
    ages: number[];
    roomTypeId: number | null;
    ratePlanId: number | null;
    totalMinor: number | null;
  }[];
  currency: string;
  decimalDigits: number;
  totalMinor: number | null;
  createdAt: string;
};

/** The quote requests of these ids, as the guest sent them. */
export async function findQuoteRequests(db: Executor, ids: readonly number[]): Promise<QuoteRow[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{
    id: number;
    hotel_id: number;
    hotel_name: string;
    language_id: number;
    full_name: string;
    email: string;
    phone: string | null;
    message: string | null;
    arrival: string;
    departure: string;
    rooms: QuoteRow["rooms"];
    currency_code: string;
    decimal_digits: number;
    total_minor: number | null;
    created_at: string | Date;
  }>(
    await db.execute(sql`
      select q.id, q.hotel_id, h.name as hotel_name, q.language_id, q.full_name, q.email, q.phone, q.message,
        q.arrival::text as arrival, q.departure::text as departure, q.rooms, q.currency_code, c.decimal_digits,
        q.total_minor, q.created_at
      from quote_request q join currency c on c.code = q.currency_code join hotel h on h.id = q.hotel_id
      where q.id in (${list})`),
  );
  return rows.map((r) => ({
    id: r.id,
    hotelId: r.hotel_id,
    hotelName: r.hotel_name,
    languageId: r.language_id,
    fullName: r.full_name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    arrival: r.arrival,
    departure: r.departure,
    rooms: r.rooms,
    currency: r.currency_code,
    decimalDigits: r.decimal_digits,
    totalMinor: r.total_minor,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export type SentRecord = { kind: DeliveryKind; id: number; hotelId: number; groupId: number };

/**
 * The records the client was sent under these UniqueID values (a reservation's code, a quote's `Q<id>`), in the
 * hotels it may touch; a value it was never sent is missing from the answer.
 */
export async function findSentRecords(
  db: Executor,
  clientId: number,
  ids: { codes: string[]; quoteIds: number[] },
): Promise<(SentRecord & { uniqueId: string })[]> {
  const codes = ids.codes.length > 0 ? ids.codes : [""];
  const quoteIds = ids.quoteIds.length > 0 ? ids.quoteIds : [0];
  return rowsOf<{ kind: DeliveryKind; id: number; hotel_id: number; group_id: number; unique_id: string }>(
    await db.execute(sql`
      select d.kind, d.record_id as id, h.id as hotel_id, h.group_id, r.code as unique_id
      from alpinebits_delivery d
      join reservation r on r.id = d.record_id
      join hotel h on h.id = r.hotel_id
      join alpinebits_client_hotel ch on ch.client_id = d.client_id and ch.hotel_id = h.id
      where d.client_id = ${clientId} and d.kind = 'reservation'
        and r.code in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )})
      union all
      select d.kind, d.record_id, h.id, h.group_id, 'Q' || q.id
      from alpinebits_delivery d
      join quote_request q on q.id = d.record_id
      join hotel h on h.id = q.hotel_id
      join alpinebits_client_hotel ch on ch.client_id = d.client_id and ch.hotel_id = h.id
      where d.client_id = ${clientId} and d.kind = 'quote'
        and q.id in (${sql.join(
          quoteIds.map((c) => sql`${c}`),
          sql`, `,
        )})`),
  ).map((r) => ({ kind: r.kind, id: r.id, hotelId: r.hotel_id, groupId: r.group_id, uniqueId: r.unique_id }));
}

/** The client acknowledges what it was last sent of these records. */
export async function markAcked(
  db: Executor,
  clientId: number,
  records: { kind: DeliveryKind; id: number }[],
  now: Date,
): Promise<void> {
  for (const r of records)
    await db.execute(sql`
      update alpinebits_delivery set acked_version = sent_version, acked_at = ${now.toISOString()}
      where client_id = ${clientId} and kind = ${r.kind} and record_id = ${r.id}`);
}
