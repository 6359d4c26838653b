/**
 * The offers feature's statements (ADR 0034, 0035, 0039): offers with their options, rooms, history and access
 * tokens, the hotels' API keys, attachments and the reservation an offer made. Named functions, the executor first.
 */
import type { CroResponse } from "@alloggio/domain/contract/offers/cro";
import type { OfferState } from "@alloggio/domain/offers/offer-state";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../../db/client";
import {
  hotelApiKey,
  type LocalizedText,
  type OfferVideo,
  offer,
  offerAccess,
  offerAttachment,
  offerAttachmentContent,
  offerHistory,
  offerOption,
  offerOptionRoom,
  staffUser,
} from "../../db/schema";

// ── API keys ───────────────────────────────────────────────────────────────────────────────────────────────

export async function insertHotelApiKey(
  db: Db,
  values: { hotelId: number; name: string; keySha256: string; prefix: string },
): Promise<number> {
  const [row] = await db.insert(hotelApiKey).values(values).returning({ id: hotelApiKey.id });
  return row!.id;
}

/** The live (not revoked) key with this hash, its last use set to `now`; undefined for an unknown or revoked one. */
export async function touchLiveApiKey(db: Db, keySha256: string, now: Date) {
  const [key] = await db
    .update(hotelApiKey)
    .set({ lastUsedAt: now })
    .where(and(eq(hotelApiKey.keySha256, keySha256), isNull(hotelApiKey.revokedAt)))
    .returning({ id: hotelApiKey.id, hotelId: hotelApiKey.hotelId });
  return key;
}

// ── the reservation an offer made (CRO) ───────────────────────────────────────────────────────────────────

export type StoredCro = {
  code: string;
  status: CroResponse["reservation"]["status"];
  arrival: string;
  departure: string;
  totalMinor: number;
  currency: { code: string; decimalDigits: number };
  createdAt: string;
  hotel: { id: number; name: string };
  channelId: number;
  languageId: number;
  recipientName: string;
  offerCode: string;
  offerState: OfferState;
  offerLanguageId: number;
  option: number;
  title: string | null;
  rooms: {
    roomName: LocalizedText;
    rateName: LocalizedText;
    mealPlan: string;
    adults: number;
    ages: number[];
    priceMinor: number;
  }[];
  services: { name: LocalizedText; quantity: number; priceMinor: number }[];
};

/** The reservation of this (normalised) code made by confirming an offer, with the option booked. */
export async function findCroByCode(database: Database, code: string): Promise<StoredCro | undefined> {
  const [row] = await database.query<StoredCro>(sql`
    select r.code, r.status, to_char(r.arrival, 'YYYYMMDD') as arrival, to_char(r.departure, 'YYYYMMDD') as departure,
      r.total_minor as "totalMinor",
      json_build_object('code', c.code, 'decimalDigits', c.decimal_digits) as currency,
      to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      json_build_object('id', h.id, 'name', h.name) as hotel,
      r.channel_id as "channelId", r.language_id as "languageId", o.recipient_name as "recipientName",
      o.code as "offerCode", o.state as "offerState", o.language_id as "offerLanguageId",
      op.position as option, op.title,
      coalesce((select json_agg(json_build_object('roomName', rt.name, 'rateName', rp.name,
          'mealPlan', rp.meal_plan, 'adults', x.adults, 'ages', x.child_ages, 'priceMinor', x.price_minor)
          order by x.position)
        from offer_option_room x join room_type rt on rt.id = x.room_type_id
        join rate_plan rp on rp.id = x.rate_plan_id where x.option_id = op.id), '[]'::json) as rooms,
      coalesce((select json_agg(json_build_object('name', s.name, 'quantity', (y.item->>'quantity')::int,
          'priceMinor', (y.item->>'priceMinor')::int) order by y.n)
        from jsonb_array_elements(op.services) with ordinality as y(item, n)
        join service s on s.id = (y.item->>'serviceId')::int), '[]'::json) as services
    from reservation r
    join offer o on o.reservation_id = r.id
    join offer_option op on op.id = o.confirmed_option_id
    join hotel h on h.id = r.hotel_id
    join currency c on c.code = r.currency_code
    where r.code = ${code}`);
  return row;
}

// ── attachments ────────────────────────────────────────────────────────────────────────────────────────────

export type AttachmentRow = typeof offerAttachment.$inferSelect;

/** The attachment's row and its bytes, in that order. */
export async function insertAttachmentRows(
  tx: Db,
  values: Omit<typeof offerAttachment.$inferInsert, "id">,
  content: Buffer,
): Promise<AttachmentRow> {
  const [row] = await tx.insert(offerAttachment).values(values).returning();
  await tx.insert(offerAttachmentContent).values({ attachmentId: row!.id, content });
  return row!;
}

/** Removes an attachment of this offer; the removed row, or null when the offer has no such attachment. */
export async function deleteAttachment(tx: Db, offerId: number, attachmentId: number) {
  const [row] = await tx
    .delete(offerAttachment)
    .where(and(eq(offerAttachment.id, attachmentId), eq(offerAttachment.offerId, offerId)))
    .returning();
  return row ?? null;
}

/** An offer's attachments with the name of the staff user who uploaded each, in upload order. */
export async function listAttachmentRows(db: Db, offerId: number) {
  return db
    .select({ attachment: offerAttachment, uploadedBy: staffUser.name })
    .from(offerAttachment)
    .leftJoin(staffUser, eq(staffUser.id, offerAttachment.uploadedBy))
    .where(eq(offerAttachment.offerId, offerId))
    .orderBy(asc(offerAttachment.id));
}

/** An attachment of this offer with its bytes; undefined when the offer has no such attachment. */
export async function findAttachmentContent(db: Db, offerId: number, attachmentId: number) {
  const [row] = await db
    .select({
      filename: offerAttachment.filename,
      contentType: offerAttachment.contentType,
      content: offerAttachmentContent.content,
    })
    .from(offerAttachment)
    .innerJoin(offerAttachmentContent, eq(offerAttachmentContent.attachmentId, offerAttachment.id))
    .where(and(eq(offerAttachment.id, attachmentId), eq(offerAttachment.offerId, offerId)));
  return row;
}

/** The id of the offer with this code; undefined for an unknown code. */
export async function findOfferIdByCode(db: Db, code: string) {
  const [found] = await db.select({ id: offer.id }).from(offer).where(eq(offer.code, code));
  return found;
}

// ── offers ─────────────────────────────────────────────────────────────────────────────────────────────────

export type HotelContext = {
  id: number;
  name: string;
  email: string;
  timeZone: string;
  currencyCode: string;
  decimalDigits: number;
  onChannel: boolean;
  rooms: { id: number; maxAdults: number; maxChildren: number; maxOccupancy: number }[];
  /** Rates of the hotel sold on the offer's channel. */
  rates: number[];
  services: number[];
  /** The services booked for a day of the stay. */
  datedServices: number[];
  /** The hotel's mandatory service categories, each with its services: every booking needs one of each. */
  mandatoryCategories: { id: number; services: number[] }[];
};

export async function loadHotelContext(database: Database, hotelId: number, channelId: number) {
  const [row] = await database.query<{ hotel: HotelContext }>(sql`
    select json_build_object(
      'id', h.id, 'name', h.name, 'email', h.email, 'timeZone', h.time_zone, 'currencyCode', h.currency_code,
      'decimalDigits', (select c.decimal_digits from currency c where c.code = h.currency_code),
      'onChannel', exists (select 1 from hotel_channel hc where hc.hotel_id = h.id and hc.channel_id = ${channelId}),
      'rooms', coalesce((select json_agg(json_build_object('id', rt.id, 'maxAdults', rt.max_adults,
          'maxChildren', rt.max_children, 'maxOccupancy', rt.max_occupancy))
        from room_type rt where rt.hotel_id = h.id), '[]'::json),
      'rates', coalesce((select json_agg(rp.id) from rate_plan rp
        join rate_plan_channel rpc on rpc.rate_plan_id = rp.id and rpc.channel_id = ${channelId}
        where rp.hotel_id = h.id), '[]'::json),
      'services', coalesce((select json_agg(s.id) from service s where s.hotel_id = h.id), '[]'::json),
      'datedServices', coalesce((select json_agg(s.id) from service s where s.hotel_id = h.id and s.needs_date),
        '[]'::json),
      'mandatoryCategories', coalesce((select json_agg(json_build_object('id', sc.id,
          'services', coalesce((select json_agg(s.id) from service s where s.category_id = sc.id), '[]'::json)))
        from service_category sc where sc.hotel_id = h.id and sc.mandatory), '[]'::json)
    ) as hotel
    from hotel h where h.id = ${hotelId}`);
  return row?.hotel ?? null;
}

export async function insertOffer(tx: Tx, values: typeof offer.$inferInsert): Promise<number> {
  const [row] = await tx.insert(offer).values(values).returning({ id: offer.id });
  return row!.id;
}

export async function insertOfferOption(tx: Tx, values: typeof offerOption.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(offerOption).values(values).returning({ id: offerOption.id });
  return inserted!.id;
}

export async function insertOfferOptionRooms(tx: Tx, rows: (typeof offerOptionRoom.$inferInsert)[]) {
  await tx.insert(offerOptionRoom).values(rows);
}

export async function addHistory(
  tx: Tx,
  offerId: number,
  actor: string,
  action: string,
  from: OfferState | null,
  to: OfferState,
  details: Record<string, unknown> = {},
  at?: Date,
) {
  await tx
    .insert(offerHistory)
    .values({ offerId, actor, action, fromState: from, toState: to, details, ...(at ? { at } : {}) });
}

export type StoredOffer = {
  id: number;
  code: string;
  state: OfferState;
  languageId: number;
  channelId: number;
  recipientName: string;
  email: string;
  hotel: { id: number; name: string; email: string; timeZone: string; mailLanguage: string | null };
  /** Why an unavailable offer is: the hotel withdrew it, or its rooms were gone. */
  unavailableReason: "withdrawn" | "rooms_gone" | null;
  currency: { code: string; decimalDigits: number };
  arrival: string;
  departure: string;
  expiresAt: string;
  message: string | null;
  video: OfferVideo | null;
  playlist: OfferVideo[];
  rejectionReason: string | null;
  rejectedAt: string | null;
  options: {
    /** The option's row id (offer.confirmed_option_id). */
    id: number;
    position: number;
    title: string | null;
    /** What the booking of the option charges: held prices and the mandatory extras (offer-price rules). */
    totalMinor: number;
    /** Paid at the hotel, beside the total. */
    cityTaxMinor: number;
    rooms: {
      roomId: number;
      roomName: LocalizedText;
      rateId: number;
      rateName: LocalizedText;
      mealPlan: string;
      adults: number;
      ages: number[];
      priceMinor: number;
    }[];
    services: {
      serviceId: number;
      name: LocalizedText;
      quantity: number;
      priceMinor: number;
      /** The service is booked for a day of the stay (the booking takes the arrival day). */
      needsDate: boolean;
      /** A mandatory extra of one room (its index in the option); null: the whole booking's. */
      slot: number | null;
    }[];
  }[];
  attachments: { id: number; filename: string; contentType: string; size: number }[];
  /** The reservation a confirmation made, and the option booked. */
  reservation: { code: string; option: number } | null;
};

/** The whole offer for its code (the hotel's names in every language), one statement; `lock` for a change. */
export async function loadOffer(on: Database | Tx, code: string, lock = false): Promise<StoredOffer | null> {
  const statement = sql`
    select o.id, o.code, o.state, o.language_id as "languageId", o.channel_id as "channelId",
      o.recipient_name as "recipientName", o.email,
      json_build_object('id', h.id, 'name', h.name, 'email', h.email, 'timeZone', h.time_zone,
        'mailLanguage', h.settings->>'mailLanguage') as hotel,
      json_build_object('code', c.code, 'decimalDigits', c.decimal_digits) as currency,
      (select case when oh.action = 'withdrawn' then 'withdrawn' else 'rooms_gone' end from offer_history oh
        where oh.offer_id = o.id and oh.to_state = 'unavailable' order by oh.id desc limit 1) as "unavailableReason",
      to_char(o.arrival, 'YYYYMMDD') as arrival, to_char(o.departure, 'YYYYMMDD') as departure,
      to_char(o.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "expiresAt",
      o.message, o.video, o.playlist, o.rejection_reason as "rejectionReason",
      (select json_build_object('code', r.code, 'option', op.position) from reservation r
        join offer_option op on op.id = o.confirmed_option_id
        where r.id = o.reservation_id) as reservation,
      to_char(o.rejected_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "rejectedAt",
      coalesce((select json_agg(json_build_object(
          'id', op.id, 'position', op.position, 'title', op.title, 'totalMinor', op.total_minor,
          'cityTaxMinor', op.city_tax_minor,
          'rooms', coalesce((select json_agg(json_build_object(
              'roomId', r.room_type_id, 'roomName', rt.name, 'rateId', r.rate_plan_id, 'rateName', rp.name,
              'mealPlan', rp.meal_plan, 'adults', r.adults, 'ages', r.child_ages, 'priceMinor', r.price_minor)
              order by r.position)
            from offer_option_room r join room_type rt on rt.id = r.room_type_id
            join rate_plan rp on rp.id = r.rate_plan_id where r.option_id = op.id), '[]'::json),
          'services', coalesce((select json_agg(json_build_object(
              'serviceId', s.id, 'name', s.name, 'quantity', (x.item->>'quantity')::int,
              'priceMinor', (x.item->>'priceMinor')::int, 'needsDate', s.needs_date,
              'slot', (x.item->>'slot')::int) order by x.n)
            from jsonb_array_elements(op.services) with ordinality as x(item, n)
            join service s on s.id = (x.item->>'serviceId')::int), '[]'::json)
        ) order by op.position) from offer_option op where op.offer_id = o.id), '[]'::json) as options,
      coalesce((select json_agg(json_build_object('id', a.id, 'filename', a.filename,
          'contentType', a.content_type, 'size', a.size_bytes) order by a.id)
        from offer_attachment a where a.offer_id = o.id), '[]'::json) as attachments
    from offer o join hotel h on h.id = o.hotel_id join currency c on c.code = o.currency_code
    where o.code = ${code}
    ${lock ? sql`for update of o` : sql``}`;
  if ("query" in on && typeof on.query === "function") {
    const [row] = await (on as Database).query<StoredOffer>(statement);
    return row ?? null;
  }
  const result = (await (on as Tx).execute(statement)) as unknown as { rows: StoredOffer[] };
  return result.rows[0] ?? null;
}

/** Whether a live access token with this hash opens this offer. */
export async function hasLiveOfferAccess(db: Db, tokenSha256: string, offerId: number, now: Date) {
  const [row] = await db
    .select({ offerId: offerAccess.offerId })
    .from(offerAccess)
    .where(
      and(
        eq(offerAccess.tokenSha256, tokenSha256),
        eq(offerAccess.offerId, offerId),
        gt(offerAccess.expiresAt, now),
      ),
    );
  return row !== undefined;
}

/** Writes a still-open (locked or unlocked) offer expired. */
export async function markOfferExpired(tx: Tx, offerId: number, now: Date) {
  await tx
    .update(offer)
    .set({ state: "expired", updatedAt: now })
    .where(and(eq(offer.id, offerId), inArray(offer.state, ["locked", "unlocked"])));
}

/** Moves the offer from `from` to `to` (a conditional update), with the other columns of the event. */
export async function updateOfferState(
  tx: Tx,
  offerId: number,
  from: OfferState,
  to: OfferState,
  set: Partial<typeof offer.$inferInsert>,
  now: Date,
) {
  await tx
    .update(offer)
    .set({ ...set, state: to, updatedAt: now })
    .where(and(eq(offer.id, offerId), eq(offer.state, from)));
}

export async function insertOfferAccess(tx: Tx, values: typeof offerAccess.$inferInsert) {
  await tx.insert(offerAccess).values(values);
}

// ── expiry ─────────────────────────────────────────────────────────────────────────────────────────────────

/** A batch of open offers (locked or unlocked) whose `expires_at` has come, locked FOR UPDATE SKIP LOCKED. */
export async function lockDueOffers(tx: Tx, now: string, limit: number) {
  const result = await tx.execute(sql`select id, state from offer
        where state in ('locked', 'unlocked') and expires_at <= ${now}::timestamptz
        order by expires_at, id limit ${limit} for update skip locked`);
  return (result as unknown as { rows: { id: number; state: string }[] }).rows.map((r) => ({
    id: Number(r.id),
    state: r.state,
  }));
}

/** The offer written expired by the sweep, with its history row. */
export async function expireOfferBySweep(tx: Tx, offer: { id: number; state: string }, now: string) {
  await tx.execute(sql`update offer set state = 'expired', updated_at = ${now}::timestamptz
        where id = ${offer.id} and state in ('locked', 'unlocked')`);
  await tx.execute(sql`insert into offer_history (offer_id, at, actor, action, from_state, to_state)
        values (${offer.id}, ${now}::timestamptz, 'system', 'expired', ${offer.state}, 'expired')`);
}
