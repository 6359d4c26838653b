// The statements of the back office's offers area.

import type { OfferListQuery } from "@alloggio/domain/contract/backoffice/offers";
import type { OfferState } from "@alloggio/domain/offers/offer-state";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../../../db/client";
import { type LocalizedText, type OfferVideo, offer, offerAttachment } from "../../../db/schema";

export type OfferStateRow = { id: number; state: string; expiresAt: Date };

/** The offer of this hotel (hotel in the WHERE: another hotel's id reads as missing), locked when asked. */
export async function findOfferOfHotel(
  db: Db,
  hotelId: number,
  offerId: number,
  lock = false,
): Promise<OfferStateRow | undefined> {
  const query = db
    .select({ id: offer.id, state: offer.state, expiresAt: offer.expiresAt })
    .from(offer)
    .where(and(eq(offer.id, offerId), eq(offer.hotelId, hotelId)));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function countAttachmentsOfOffer(tx: Db, offerId: number): Promise<number> {
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(offerAttachment)
    .where(eq(offerAttachment.offerId, offerId));
  return count?.n ?? 0;
}

/** The state as of now, in SQL: an open offer past its expiry is expired before the sweep writes it. */
const stateNow = (now: Date) =>
  sql`(case when o.state in ('locked', 'unlocked') and o.expires_at <= ${now.toISOString()}::timestamptz
    then 'expired' else o.state end)`;

/** Who created the offer (the history's first row): a staff user by name, an API key by prefix. */
const creatorColumns = sql`
  case when cr.actor like 'staff:%' then 'staff' else 'api_key' end as "creatorKind",
  case when cr.actor like 'staff:%'
    then (select su.name from staff_user su where su.id = substring(cr.actor from 7)::int)
    else (select k.prefix from hotel_api_key k where k.id = o.api_key_id) end as "creatorName"`;
const creatorJoin = sql`left join lateral (select h0.actor from offer_history h0
  where h0.offer_id = o.id and h0.action = 'created' order by h0.id limit 1) cr on true`;

function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type OfferListRow = {
  id: number;
  code: string;
  recipientName: string;
  email: string;
  arrival: string;
  departure: string;
  options: number;
  minTotal: number | null;
  maxTotal: number | null;
  currency: string;
  state: OfferState;
  expiresAt: string;
  createdAt: string;
  creatorKind: "staff" | "api_key";
  creatorName: string | null;
};

/** The hotel's offers matching the list's filters: how many, and one page of them (newest first). */
export async function findOffersOfHotel(
  database: Database,
  hotelId: number,
  now: Date,
  q: OfferListQuery,
): Promise<{ count: { n: number; timeZone: string } | undefined; rows: OfferListRow[] }> {
  const state = stateNow(now);
  const conditions = [sql`o.hotel_id = ${hotelId}`];
  if (q.state) conditions.push(sql`${state} = ${q.state}`);
  if (q.text) {
    const like = likePattern(q.text);
    conditions.push(
      sql`(o.recipient_name ilike ${like} or o.email ilike ${like} or o.code ilike ${likePattern(q.text.toUpperCase())})`,
    );
  }
  if (q.createdFrom)
    conditions.push(sql`(o.created_at at time zone h.time_zone)::date >= ${q.createdFrom}::date`);
  if (q.createdTo)
    conditions.push(sql`(o.created_at at time zone h.time_zone)::date <= ${q.createdTo}::date`);
  const where = sql.join(conditions, sql` and `);
  const [count] = await database.query<{ n: number; timeZone: string }>(sql`
    select count(*)::int as n, (select time_zone from hotel where id = ${hotelId}) as "timeZone"
    from offer o join hotel h on h.id = o.hotel_id where ${where}`);
  const rows = await database.query<OfferListRow>(sql`
    select o.id, o.code, o.recipient_name as "recipientName", o.email,
      to_char(o.arrival, 'YYYY-MM-DD') as arrival, to_char(o.departure, 'YYYY-MM-DD') as departure,
      (select count(*)::int from offer_option op where op.offer_id = o.id) as options,
      (select min(op.total_minor)::int from offer_option op where op.offer_id = o.id) as "minTotal",
      (select max(op.total_minor)::int from offer_option op where op.offer_id = o.id) as "maxTotal",
      o.currency_code as currency, ${state} as state, o.expires_at as "expiresAt", o.created_at as "createdAt",
      ${creatorColumns}
    from offer o join hotel h on h.id = o.hotel_id ${creatorJoin}
    where ${where}
    order by o.created_at desc, o.id desc
    limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
  return { count, rows };
}

/** The code of an offer of the hotel, none when another hotel's or missing. */
export async function findOfferCode(
  on: { execute: Tx["execute"] },
  hotelId: number,
  offerId: number,
): Promise<string | undefined> {
  const result = (await on.execute(
    sql`select code from offer where id = ${offerId} and hotel_id = ${hotelId}`,
  )) as unknown as { rows: { code: string }[] };
  return result.rows[0]?.code;
}

export type DetailRow = {
  id: number;
  timeZone: string;
  code: string;
  state: OfferState;
  recipientName: string;
  email: string;
  languageId: number;
  channelId: number;
  channelName: string;
  arrival: string;
  departure: string;
  currency: { code: string; decimalDigits: number };
  message: string | null;
  video: OfferVideo | null;
  playlist: OfferVideo[];
  expiresAt: string;
  createdAt: string;
  rejectionReason: string | null;
  rejectedAt: string | null;
  reservationId: number | null;
  confirmedOptionId: number | null;
  creatorKind: "staff" | "api_key";
  creatorName: string | null;
  options: {
    id: number;
    position: number;
    title: string | null;
    totalMinor: number;
    rooms: {
      roomId: number;
      roomName: LocalizedText;
      rateId: number;
      rateName: LocalizedText;
      adults: number;
      ages: number[];
      priceMinor: number;
    }[];
    services: { serviceId: number; name: LocalizedText; quantity: number; priceMinor: number }[];
  }[];
  history: { at: string; action: string; fromState: string | null; toState: string | null; actor: string }[];
  staffNames: Record<string, string> | null;
  keyPrefixes: Record<string, string> | null;
};

/** An offer of the hotel with its options, history and the names of who acted on it. */
export async function findOfferDetail(
  database: Database,
  hotelId: number,
  offerId: number,
): Promise<DetailRow | undefined> {
  const [row] = await database.query<DetailRow>(sql`
    select o.id, o.code, o.state, o.recipient_name as "recipientName", o.email, o.language_id as "languageId",
      o.channel_id as "channelId", ch.name as "channelName",
      to_char(o.arrival, 'YYYY-MM-DD') as arrival, to_char(o.departure, 'YYYY-MM-DD') as departure,
      json_build_object('code', c.code, 'decimalDigits', c.decimal_digits) as currency,
      (select h.time_zone from hotel h where h.id = o.hotel_id) as "timeZone",
      o.message, o.video, o.playlist, o.expires_at as "expiresAt", o.created_at as "createdAt",
      o.rejection_reason as "rejectionReason", o.rejected_at as "rejectedAt",
      o.reservation_id as "reservationId", o.confirmed_option_id as "confirmedOptionId",
      ${creatorColumns},
      coalesce((select json_agg(json_build_object(
          'id', op.id, 'position', op.position, 'title', op.title, 'totalMinor', op.total_minor,
          'rooms', coalesce((select json_agg(json_build_object(
              'roomId', r.room_type_id, 'roomName', rt.name, 'rateId', r.rate_plan_id, 'rateName', rp.name,
              'adults', r.adults, 'ages', r.child_ages, 'priceMinor', r.price_minor) order by r.position)
            from offer_option_room r join room_type rt on rt.id = r.room_type_id
            join rate_plan rp on rp.id = r.rate_plan_id where r.option_id = op.id), '[]'::json),
          'services', coalesce((select json_agg(json_build_object(
              'serviceId', s.id, 'name', s.name, 'quantity', (x.item->>'quantity')::int,
              'priceMinor', (x.item->>'priceMinor')::int) order by x.n)
            from jsonb_array_elements(op.services) with ordinality as x(item, n)
            join service s on s.id = (x.item->>'serviceId')::int), '[]'::json)
        ) order by op.position) from offer_option op where op.offer_id = o.id), '[]'::json) as options,
      coalesce((select json_agg(json_build_object('at', oh.at, 'action', oh.action, 'fromState', oh.from_state,
          'toState', oh.to_state, 'actor', oh.actor) order by oh.at, oh.id)
        from offer_history oh where oh.offer_id = o.id), '[]'::json) as history,
      (select json_object_agg(su.id::text, su.name) from staff_user su where su.id in (
        select substring(oh.actor from 7)::int from offer_history oh
        where oh.offer_id = o.id and oh.actor like 'staff:%')) as "staffNames",
      (select json_object_agg(k.id::text, k.prefix) from hotel_api_key k where k.hotel_id = o.hotel_id and k.id in (
        select substring(oh.actor from 9)::int from offer_history oh
        where oh.offer_id = o.id and oh.actor like 'api-key:%')) as "keyPrefixes"
    from offer o join channel ch on ch.id = o.channel_id join currency c on c.code = o.currency_code
      ${creatorJoin}
    where o.id = ${offerId} and o.hotel_id = ${hotelId}`);
  return row;
}

export type OfferChoicesRow = {
  currency: { code: string; decimalDigits: number };
  timeZone: string;
  channels: { id: number; name: string }[];
  roomTypes: {
    id: number;
    name: LocalizedText;
    maxAdults: number;
    maxChildren: number;
    maxOccupancy: number;
  }[];
  rates: { id: number; name: LocalizedText; channelIds: number[] }[];
  services: { id: number; name: LocalizedText; priceMinor: number; included: boolean }[];
};

/** The hotel's currency, time zone, channels, room types, rates (with their channels) and services. */
export async function findOfferChoices(
  database: Database,
  hotelId: number,
): Promise<OfferChoicesRow | undefined> {
  const [row] = await database.query<OfferChoicesRow>(sql`
    select json_build_object('code', c.code, 'decimalDigits', c.decimal_digits) as currency,
      h.time_zone as "timeZone",
      coalesce((select json_agg(json_build_object('id', ch.id, 'name', ch.name) order by ch.id)
        from hotel_channel hc join channel ch on ch.id = hc.channel_id where hc.hotel_id = h.id), '[]'::json)
        as channels,
      coalesce((select json_agg(json_build_object('id', rt.id, 'name', rt.name, 'maxAdults', rt.max_adults,
          'maxChildren', rt.max_children, 'maxOccupancy', rt.max_occupancy) order by rt.sort_order, rt.id)
        from room_type rt where rt.hotel_id = h.id), '[]'::json) as "roomTypes",
      coalesce((select json_agg(json_build_object('id', rp.id, 'name', rp.name, 'channelIds',
          coalesce((select json_agg(rpc.channel_id order by rpc.channel_id) from rate_plan_channel rpc
            where rpc.rate_plan_id = rp.id), '[]'::json)) order by rp.sort_order, rp.id)
        from rate_plan rp where rp.hotel_id = h.id), '[]'::json) as rates,
      coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'priceMinor', s.price_minor,
          -- The cheapest service of each mandatory category: every option must include one (ADR 0035).
          'included', sc.mandatory and s.id = (select s2.id from service s2 where s2.category_id = sc.id
            order by s2.price_minor, s2.id limit 1))
          order by s.id)
        from service s join service_category sc on sc.id = s.category_id where s.hotel_id = h.id), '[]'::json)
        as services
    from hotel h join currency c on c.code = h.currency_code
    where h.id = ${hotelId}`);
  return row;
}

/** The names of the hotel's services. */
export function findServiceNamesOfHotel(
  database: Database,
  hotelId: number,
): Promise<{ id: number; name: LocalizedText }[]> {
  return database.query<{ id: number; name: LocalizedText }>(
    sql`select id, name from service where hotel_id = ${hotelId}`,
  );
}
