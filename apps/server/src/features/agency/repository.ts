import type { AgencyListQuery } from "@alloggio/domain/contract/trade/agency-reservations";
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

/**
 * The rooms a row counts (its rooms and adults): those still booked, or all of them once the reservation is
 * cancelled. The row's mapper counts the read model's rooms by the same rule.
 */
const COUNTED_ROOM = sql`rr.reservation_id = r.id and (rr.status <> 'C' or r.status = 'cancelled')`;

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

/** The customer's reservations that match, with what the filters and the order need (rows come from the read model). */
const matching = (customerId: number, q: AgencyListQuery) => {
  const { where, outerWhere } = listFilters(customerId, q);
  return sql`(select r.id, r.created_at,
      (select count(*)::int from reservation_room rr where ${COUNTED_ROOM}) as rooms,
      (select coalesce(sum(rr.adults), 0)::int from reservation_room rr where ${COUNTED_ROOM}) as adults
    from reservation r join currency c on c.code = r.currency_code where ${where}) x ${outerWhere}`;
};

/** The ids of one page of the customer's reservations, newest first, each with the count of all that match. */
export async function listAgencyReservationIds(
  database: Database,
  customerId: number,
  q: AgencyListQuery,
): Promise<{ id: number; full_count: number }[]> {
  const offset = (q.page - 1) * q.pageSize;
  return database.query<{ id: number; full_count: number }>(sql`
    select x.id, count(*) over ()::int as full_count from ${matching(customerId, q)}
    order by x.created_at desc, x.id desc
    limit ${q.pageSize} offset ${offset}`);
}

/** How many of the customer's reservations match the filters (a page past the last has no row to say it). */
export async function countAgencyReservationRecords(
  database: Database,
  customerId: number,
  q: AgencyListQuery,
): Promise<number> {
  const [counted] = await database.query<{ n: number }>(
    sql`select count(*)::int as n from ${matching(customerId, q)}`,
  );
  return counted?.n ?? 0;
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
