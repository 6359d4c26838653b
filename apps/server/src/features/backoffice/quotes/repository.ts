// The statements of the back office's quote requests and reservation links.
import { and, eq, sql } from "drizzle-orm";
import type { Database, Db } from "../../../db/client";
import { type LocalizedText, quoteRequest, reservationLink } from "../../../db/schema";
import { findOwnedRow } from "../repository";

export type QuoteRow = typeof quoteRequest.$inferSelect;
export type LinkRow = typeof reservationLink.$inferSelect;

/** The hotel's currency and time zone. */
export async function findHotelCurrency(
  database: Database,
  hotelId: number,
): Promise<{ code: string; digits: number; time_zone: string } | undefined> {
  const [row] = await database.query<{ code: string; digits: number; time_zone: string }>(sql`
    select c.code, c.decimal_digits as digits, h.time_zone from hotel h join currency c on c.code = h.currency_code
    where h.id = ${hotelId}`);
  return row;
}

function quotesWhere(hotelId: number, status: QuoteRow["status"] | undefined) {
  return status
    ? and(eq(quoteRequest.hotelId, hotelId), eq(quoteRequest.status, status))
    : eq(quoteRequest.hotelId, hotelId);
}

/** How many quotes of the hotel (in this status, when given). */
export async function countQuotesOfHotel(
  db: Db,
  hotelId: number,
  status?: QuoteRow["status"],
): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(quoteRequest)
    .where(quotesWhere(hotelId, status));
  return count?.n ?? 0;
}

/** One page of the hotel's quotes, newest first. */
export function findQuotesPageOfHotel(
  db: Db,
  hotelId: number,
  status: QuoteRow["status"] | undefined,
  limit: number,
  offset: number,
): Promise<QuoteRow[]> {
  return db
    .select()
    .from(quoteRequest)
    .where(quotesWhere(hotelId, status))
    .orderBy(sql`${quoteRequest.createdAt} desc, ${quoteRequest.id} desc`)
    .limit(limit)
    .offset(offset);
}

/** A quote of the hotel (the hotel in the WHERE clause: another hotel's id reads as missing), locked when asked. */
export async function findQuoteOfHotel(
  db: Db,
  hotelId: number,
  quoteId: number,
  lock = false,
): Promise<QuoteRow | undefined> {
  return findOwnedRow(db, quoteRequest, [quoteRequest.hotelId, hotelId], quoteId, lock);
}

export type QuoteExtras = {
  room_types: { id: number; name: LocalizedText }[];
  rate_plans: { id: number; name: LocalizedText }[];
  answered_by: string | null;
  link: { id: number; public_id: string | null; channel_id: number } | null;
};

/** What a quote's page shows beside it: the pick lists, who answered and the link made. */
export async function findQuoteExtras(
  database: Database,
  hotelId: number,
  row: Pick<QuoteRow, "channelId" | "answeredBy" | "reservationLinkId">,
): Promise<QuoteExtras | undefined> {
  const [extra] = await database.query<QuoteExtras>(sql`
    select
      coalesce((select json_agg(json_build_object('id', id, 'name', name) order by sort_order, id)
        from room_type where hotel_id = ${hotelId}), '[]') as room_types,
      coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.sort_order, r.id)
        from rate_plan r where r.hotel_id = ${hotelId} and exists (select 1 from rate_plan_channel c
          where c.rate_plan_id = r.id and c.channel_id = ${row.channelId})), '[]') as rate_plans,
      (select email from staff_user where id = ${row.answeredBy}) as answered_by,
      (select json_build_object('id', id, 'public_id', public_id, 'channel_id', channel_id)
        from reservation_link where id = ${row.reservationLinkId} and hotel_id = ${hotelId}) as link`);
  return extra;
}

export async function markQuoteAnswered(
  tx: Db,
  quoteId: number,
  set: {
    answeredBy: number;
    answeredAt: Date;
    answer: NonNullable<QuoteRow["answer"]>;
    reservationLinkId: number;
  },
): Promise<void> {
  await tx
    .update(quoteRequest)
    .set({
      status: "answered",
      answeredBy: set.answeredBy,
      answeredAt: set.answeredAt,
      answer: set.answer,
      reservationLinkId: set.reservationLinkId,
    })
    .where(eq(quoteRequest.id, quoteId));
}

export async function markQuoteClosed(tx: Db, quoteId: number, now: Date): Promise<void> {
  await tx.update(quoteRequest).set({ status: "closed", closedAt: now }).where(eq(quoteRequest.id, quoteId));
}

/** Next id of a link made here (imported links bring their own numbers); the table lock serialises it. */
export async function allocateLinkId(tx: Db): Promise<number> {
  await tx.execute(sql`lock table reservation_link in share row exclusive mode`);
  const [row] = await tx.select({ id: sql<number>`coalesce(max(id), 0)::int + 1` }).from(reservationLink);
  return row!.id;
}

export async function insertLink(tx: Db, link: typeof reservationLink.$inferInsert): Promise<void> {
  await tx.insert(reservationLink).values(link);
}

export async function insertLinkReturning(
  tx: Db,
  link: typeof reservationLink.$inferInsert,
): Promise<LinkRow | undefined> {
  const [row] = await tx.insert(reservationLink).values(link).returning();
  return row;
}

/** The hotel's links, newest first. */
export function findLinksOfHotel(db: Db, hotelId: number): Promise<LinkRow[]> {
  return db
    .select()
    .from(reservationLink)
    .where(eq(reservationLink.hotelId, hotelId))
    .orderBy(sql`${reservationLink.createdAt} desc nulls last, ${reservationLink.id} desc`);
}

export type LinkPickLists = {
  channels: { id: number; name: string }[];
  room_types: { id: number; name: LocalizedText }[];
  rate_plans: { id: number; name: LocalizedText }[];
};

/** The hotel's channels, room types and rate plans a link may name. */
export async function findLinkPickLists(
  database: Database,
  hotelId: number,
): Promise<LinkPickLists | undefined> {
  const [extra] = await database.query<LinkPickLists>(sql`
    select
      coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.id)
        from hotel_channel hc join channel c on c.id = hc.channel_id where hc.hotel_id = ${hotelId}), '[]') as channels,
      coalesce((select json_agg(json_build_object('id', id, 'name', name) order by sort_order, id)
        from room_type where hotel_id = ${hotelId}), '[]') as room_types,
      coalesce((select json_agg(json_build_object('id', id, 'name', name) order by sort_order, id)
        from rate_plan where hotel_id = ${hotelId}), '[]') as rate_plans`);
  return extra;
}

/** Whether the channel sells the hotel, and the ids of the hotel's room types and rate plans. */
export async function findKnownLinkIds(
  database: Database,
  hotelId: number,
  channelId: number,
): Promise<{ channel: boolean; room_types: number[]; rate_plans: number[] } | undefined> {
  const [known] = await database.query<{
    channel: boolean;
    room_types: number[];
    rate_plans: number[];
  }>(sql`
    select exists (select 1 from hotel_channel where hotel_id = ${hotelId} and channel_id = ${channelId}) as channel,
      coalesce((select array_agg(id) from room_type where hotel_id = ${hotelId}), '{}') as room_types,
      coalesce((select array_agg(id) from rate_plan where hotel_id = ${hotelId}), '{}') as rate_plans`);
  return known;
}

/** A link of the hotel, locked. */
export async function lockLinkOfHotel(tx: Db, hotelId: number, linkId: number): Promise<LinkRow | undefined> {
  return findOwnedRow(tx, reservationLink, [reservationLink.hotelId, hotelId], linkId);
}

/** Whether a reservation was booked with the link. */
export async function isLinkBooked(tx: Db, linkId: number): Promise<boolean> {
  const booked = await tx.execute(
    sql`select 1 from reservation where reservation_link_id = ${linkId} limit 1`,
  );
  return (booked as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function deleteLinkById(tx: Db, linkId: number): Promise<void> {
  await tx.delete(reservationLink).where(eq(reservationLink.id, linkId));
}
