/** The SQL of resale (ADR 0065): offers and their nights (the free-stock fragment is search's `freeRoomsOf`). */

import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { reservationHistory } from "../../db/schema";
import type { StoredResaleOffer as StoredOffer } from "../booking";

type Executor = { execute: Tx["execute"] };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function offersOfReservation(db: Executor, reservationId: number): Promise<StoredOffer[]> {
  return rowsOf<StoredOffer>(
    await db.execute(sql`
      select o.id, o.reservation_room_id, o.status, to_json(o.deadline_at) #>> '{}' as deadline_at,
        o.fee_percent::text as fee_percent,
        (select json_agg(json_build_object('day', to_char(n.day, 'YYYYMMDD'), 'status', n.status,
            'holder', n.holder_minor, 'recovered', n.recovered_minor) order by n.day)
          from resale_night n where n.offer_id = o.id) as nights
      from resale_offer o where o.reservation_id = ${reservationId} order by o.id`),
  );
}

export async function hasListedOffer(db: Executor, roomId: number): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(
      sql`select 1 from resale_offer where reservation_room_id = ${roomId} and status = 'listed'`,
    ),
  );
  return rows.length > 0;
}

export async function resaleFeeOf(db: Executor, ratePlanId: number): Promise<string> {
  const [row] = rowsOf<{ fee: string }>(
    await db.execute(sql`select resale_fee_percent::text as fee from rate_plan where id = ${ratePlanId}`),
  );
  return row?.fee ?? "0";
}

export async function insertOffer(
  db: Executor,
  offer: {
    reservationId: number;
    roomId: number;
    hotelId: number;
    roomTypeId: number;
    arrival: string;
    departure: string;
    deadline: Date;
    feePercent: string;
    now: Date;
    nights: { day: string; holderMinor: number }[];
  },
): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      with o as (
        insert into resale_offer (reservation_id, reservation_room_id, hotel_id, room_type_id, arrival, departure,
          deadline_at, fee_percent, listed_at)
        values (${offer.reservationId}, ${offer.roomId}, ${offer.hotelId}, ${offer.roomTypeId},
          ${offer.arrival}::date, ${offer.departure}::date, ${offer.deadline.toISOString()}::timestamptz,
          ${offer.feePercent}::numeric, ${offer.now.toISOString()}::timestamptz)
        returning id),
      n as (insert into resale_night (offer_id, room_type_id, day, holder_minor)
        select o.id, ${offer.roomTypeId}, x.day, x.holder_minor
        from o, jsonb_to_recordset(${JSON.stringify(offer.nights.map((n) => ({ day: n.day, holder_minor: n.holderMinor })))}::jsonb)
          as x(day date, holder_minor int))
      select id from o`),
  );
  return row!.id;
}

/** Withdraws a listed offer none of whose nights sold; false when it is not such an offer. */
export async function withdrawOffer(db: Executor, offerId: number, now: Date): Promise<boolean> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      with o as (
        update resale_offer set status = 'withdrawn', closed_at = ${now.toISOString()}::timestamptz
        where id = ${offerId} and status = 'listed'
          and not exists (select 1 from resale_night where offer_id = ${offerId} and status = 'sold')
        returning id),
      n as (update resale_night set status = 'withdrawn'
        where offer_id in (select id from o) and status = 'listed')
      select id from o`),
  );
  return row !== undefined;
}

/** Moves the hotel's search version, not its catalogue's (ADR 0045, 0057): resale stock changed. */
export async function bumpSearchVersion(db: Executor, hotelId: number): Promise<void> {
  await db.execute(sql`select alloggio_bump_search_version(${`{${hotelId}}`}::int[], true, false)`);
}

/** An offer's nights sold to one buyer room: a group the settle sweep refunds in one transaction. */
export type SettleGroup = {
  offer_id: number;
  buyer_room_id: number | null;
  reservation_id: number;
  hotel_id: number;
};

/** Groups with sold, unsettled nights whose buyer's booking is confirmed (an option or unpaid booking may lapse). */
export async function findSettleGroups(db: Executor, limit: number): Promise<SettleGroup[]> {
  return rowsOf<SettleGroup>(
    await db.execute(sql`
      select distinct n.offer_id, n.buyer_room_id, o.reservation_id, o.hotel_id
      from resale_night n join resale_offer o on o.id = n.offer_id
        join reservation_room br on br.id = n.buyer_room_id join reservation b on b.id = br.reservation_id
      where n.status = 'sold' and n.settled_at is null and b.status = 'confirmed'
      order by n.offer_id, n.buyer_room_id limit ${limit}`),
  );
}

export type UnsettledNight = {
  day: string;
  holder: number;
  recovered: number;
  room_id: number;
  fee: string;
  buyer_code: string | null;
};

/** A group's unsettled nights, locked `FOR UPDATE SKIP LOCKED` (another process has them: none). */
export async function lockUnsettledNights(db: Executor, g: SettleGroup): Promise<UnsettledNight[]> {
  return rowsOf<UnsettledNight>(
    await db.execute(sql`
      select n.day::text as day, n.holder_minor as holder, n.recovered_minor as recovered,
        o.reservation_room_id as room_id, o.fee_percent::text as fee,
        (select b.code from reservation_room br join reservation b on b.id = br.reservation_id
          where br.id = n.buyer_room_id) as buyer_code
      from resale_night n join resale_offer o on o.id = n.offer_id
      where n.offer_id = ${g.offer_id} and n.buyer_room_id is not distinct from ${g.buyer_room_id}
        and n.status = 'sold' and n.settled_at is null
      order by n.day for update of n skip locked`),
  );
}

/**
 * Marks the nights settled: the holder's room price lowered by the refund, the nights' `settled_at`, and the offer
 * settled at once when no night of it is still listed.
 */
export async function markSettled(
  db: Executor,
  s: { offerId: number; roomId: number; refundMinor: number; days: readonly string[]; now: Date },
): Promise<void> {
  const now = s.now.toISOString();
  await db.execute(
    sql`update reservation_room set total_minor = greatest(0, total_minor - ${s.refundMinor}) where id = ${s.roomId}`,
  );
  await db.execute(sql`update resale_night set settled_at = ${now}::timestamptz
    where offer_id = ${s.offerId} and day = any(${`{${s.days.join(",")}}`}::date[])`);
  await db.execute(sql`update resale_offer o set status = 'settled', closed_at = ${now}::timestamptz
    where o.id = ${s.offerId} and o.status = 'listed'
      and not exists (select 1 from resale_night n where n.offer_id = o.id and n.status = 'listed')`);
}

export type ExpiredOffer = {
  id: number;
  reservation_id: number;
  hotel_id: number;
  status: string;
  room_id: number;
};

/**
 * Closes up to `limit` listed offers past their deadline (`FOR UPDATE SKIP LOCKED`): listed nights `expired`, the
 * offer `settled` when a night sold, else `expired`.
 */
export async function expireDueOffers(db: Executor, now: Date, limit: number): Promise<ExpiredOffer[]> {
  const at = now.toISOString();
  return rowsOf<ExpiredOffer>(
    await db.execute(sql`
      with due as (select id from resale_offer where status = 'listed' and deadline_at < ${at}::timestamptz
          order by deadline_at, id limit ${limit} for update skip locked),
        n as (update resale_night set status = 'expired' where offer_id in (select id from due) and status = 'listed')
      update resale_offer o set closed_at = ${at}::timestamptz,
        status = case when exists (select 1 from resale_night x where x.offer_id = o.id and x.status = 'sold')
          then 'settled' else 'expired' end
      where o.id in (select id from due)
      returning o.id, o.reservation_id, o.hotel_id, o.status, o.reservation_room_id as room_id`),
  );
}

/** Rows of the reservations' history (resale listed, withdrawn, sold, settled, expired). */
export async function writeHistory(
  tx: Tx,
  rows: typeof reservationHistory.$inferInsert | (typeof reservationHistory.$inferInsert)[],
): Promise<void> {
  await tx.insert(reservationHistory).values(Array.isArray(rows) ? rows : [rows]);
}
