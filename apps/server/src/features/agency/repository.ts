import type {
  AgencyListQuery,
  AgencyReservationRow,
} from "@alloggio/domain/contract/trade/agency-reservations";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";

// The agency area's statements (ADR 0032): every one carries the trade session's customer in its WHERE clause.

/** SQL of the agency's filter statuses (ADR 0032), `w` being "a room is waiting". */
const WAITING_ROOM = sql`exists (select 1 from reservation_room w where w.reservation_id = r.id and w.status = 'W')`;
const STATUS_SQL: Record<Exclude<AgencyListQuery["status"], "all">, SQL> = {
  canceled: sql`r.status = 'cancelled'`,
  active: sql`(r.status = 'confirmed' and not ${WAITING_ROOM})`,
  waiting: sql`(r.status <> 'cancelled' and (r.status <> 'confirmed' or ${WAITING_ROOM}))`,
};

/** One row of the agency's reservation list, as the list statement reads it. */
export type RowRecord = {
  id: number;
  code: string;
  hotel_id: number;
  hotel_name: string;
  time_zone: string;
  channel_id: number;
  arrival: string;
  departure: string;
  guest: string;
  rooms: number;
  adults: number;
  currency: string;
  decimal_digits: number;
  total_minor: number;
  commission_minor: number | null;
  status: AgencyReservationRow["status"];
  waiting: boolean;
  option_expires_at: string | null;
  bank_transfer: unknown;
  created_at: string;
  /** How the booked rates are paid (rate_plan.payment), of the rooms still booked. */
  payment_kinds: string[];
  reference: string | null;
  email: string;
  full_count: number;
};

/**
 * The commission of the rooms still booked at commissionable rates: what each room stored when it was booked
 * (ADR 0031: the rate's percent of its nights); null when no such room (net rates only, or everything cancelled:
 * nothing is earned). A later change of the rate's percent does not rewrite what was sold.
 */
const COMMISSION_SQL = sql`(select sum(rr.commission_minor)::int from reservation_room rr
  where rr.reservation_id = r.id and rr.commission_percent is not null and rr.status <> 'C')`;

const SELECT = sql`select r.id, r.code, r.hotel_id, h.name as hotel_name, h.time_zone, r.channel_id,
    r.arrival::text as arrival, r.departure::text as departure, r.booker->>'fullname' as guest,
    nullif(r.agency->>'code', '') as reference, r.email,
    (select count(*)::int from reservation_room rr where rr.reservation_id = r.id
      and (rr.status <> 'C' or r.status = 'cancelled')) as rooms,
    (select coalesce(sum(rr.adults), 0)::int from reservation_room rr where rr.reservation_id = r.id
      and (rr.status <> 'C' or r.status = 'cancelled')) as adults,
    r.currency_code as currency, c.decimal_digits, r.total_minor, ${COMMISSION_SQL} as commission_minor,
    r.status, ${WAITING_ROOM} as waiting, r.option_expires_at, h.settings->'bankTransfer' as bank_transfer,
    r.created_at,
    (select coalesce(array_agg(distinct rp.payment::text), '{}') from reservation_room rr
      join rate_plan rp on rp.id = rr.rate_plan_id
      where rr.reservation_id = r.id and rr.status <> 'C') as payment_kinds`;

const FROM = sql`from reservation r join hotel h on h.id = r.hotel_id join currency c on c.code = r.currency_code`;

/** The list's filters as one WHERE clause (on `r`, `c`) and the filters on the counted rooms and adults. */
function listFilters(customerId: number, q: AgencyListQuery): { where: SQL; outerWhere: SQL } {
  const parts: SQL[] = [sql`r.customer_id = ${customerId}`];
  if (q.status !== "all") parts.push(STATUS_SQL[q.status]);
  if (q.hotel !== undefined) parts.push(sql`r.hotel_id = ${q.hotel}`);
  // Major units of the reservation's own currency, compared in its minor units.
  if (q.priceMin !== undefined)
    parts.push(sql`r.total_minor >= round(${q.priceMin}::numeric * power(10, c.decimal_digits))`);
  if (q.priceMax !== undefined)
    parts.push(sql`r.total_minor <= round(${q.priceMax}::numeric * power(10, c.decimal_digits))`);
  const where = sql.join(parts, sql` and `);
  const outer: SQL[] = [];
  if (q.adults !== undefined) outer.push(sql`adults = ${q.adults}`);
  if (q.rooms !== undefined) outer.push(sql`rooms = ${q.rooms}`);
  const outerWhere = outer.length > 0 ? sql`where ${sql.join(outer, sql` and `)}` : sql``;
  return { where, outerWhere };
}

/** One page of the customer's reservations, newest first, each row with the count of all that match. */
export async function listAgencyReservationRecords(
  database: Database,
  customerId: number,
  q: AgencyListQuery,
): Promise<RowRecord[]> {
  const { where, outerWhere } = listFilters(customerId, q);
  const offset = (q.page - 1) * q.pageSize;
  return database.query<RowRecord>(sql`
    select x.*, count(*) over ()::int as full_count from (${SELECT} ${FROM} where ${where}) x
    ${outerWhere}
    order by x.created_at desc, x.id desc
    limit ${q.pageSize} offset ${offset}`);
}

/** How many of the customer's reservations match the filters (a page past the last has no row to say it). */
export async function countAgencyReservationRecords(
  database: Database,
  customerId: number,
  q: AgencyListQuery,
): Promise<number> {
  const { where, outerWhere } = listFilters(customerId, q);
  const [counted] = await database.query<{ n: number }>(
    sql`select count(*)::int as n from (${SELECT} ${FROM} where ${where}) x ${outerWhere}`,
  );
  return counted?.n ?? 0;
}

/** The customer's reservation of this code; null for another customer's code as for an unknown one. */
export async function findAgencyReservationRecord(
  database: Database,
  customerId: number,
  code: string,
): Promise<RowRecord | null> {
  const [row] = await database.query<RowRecord>(
    sql`${SELECT}, 0 as full_count ${FROM} where r.code = ${code} and r.customer_id = ${customerId}`,
  );
  return row ?? null;
}

/** The hotels × channels the customer is enabled for. */
export async function findAssociatedHotels(
  database: Database,
  customerId: number,
): Promise<{ hotel: number; name: string; channel: number; channel_name: string }[]> {
  return database.query<{
    hotel: number;
    name: string;
    channel: number;
    channel_name: string;
  }>(sql`select h.id as hotel, h.name, ch.id as channel, ch.name as channel_name
    from trade_customer_hotel t join hotel h on h.id = t.hotel_id join channel ch on ch.id = t.channel_id
    where t.trade_customer_id = ${customerId}
    order by h.name, h.id, ch.id`);
}
