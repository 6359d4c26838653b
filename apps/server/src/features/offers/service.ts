/**
 * Personalised offers (ADR 0034): created by a hotel's API key, mailed to the recipient, opened with the
 * recipient's e-mail (one 404 for a wrong code and a wrong e-mail, limited per code and per address), rejected with a
 * reason. The state machine is the domain's (offers/offer-state.ts); every change is a conditional update with a
 * history row in the same transaction.
 */
import { randomBytes } from "node:crypto";
import type { CreateOfferRequest, CreateOfferResponse } from "@alloggio/domain/contract/offers/create";
import type { Offer, OfferSummary } from "@alloggio/domain/contract/offers/view";
import { pickText } from "@alloggio/domain/i18n/languages";
import { fromMinor } from "@alloggio/domain/money/money";
import { newOfferCode } from "@alloggio/domain/offers/offer-code";
import {
  type OfferEvent,
  type OfferState,
  offerTransition,
  publicOfferState,
} from "@alloggio/domain/offers/offer-state";
import { parseVideoLink } from "@alloggio/domain/offers/video";
import {
  addDays,
  nightsBetween,
  startOfDayInZone,
  todayInZone,
  ymdToIso,
} from "@alloggio/domain/stay-dates/stay-dates";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database, Tx } from "../../db/client";
import {
  type LocalizedText,
  type OfferVideo,
  offer,
  offerAccess,
  offerHistory,
  offerOption,
  offerOptionRoom,
} from "../../db/schema";
import { AppError, retryAfter } from "../../http/errors";
import { insertOutboxMails } from "../mail";
import { type AttemptLimiter, tooManyAttempts } from "../rate-limits";
import type { SearchCache } from "../search";
import { sha256Hex } from "./api-key";
import { type OfferMailData, renderOfferMail, renderRejectedNotice } from "./mails";
import { type PricedOption, priceOfferOption } from "./option-request";

export type OfferDeps = {
  database: Database;
  now: () => Date;
  /** Failed unlocks per offer code (shared by every process: the rate_limit table). */
  offerCodeLimiter: AttemptLimiter;
};

/** How long an unlock lets the recipient act (confirm, reject, chat) before the e-mail is asked again. */
export const OFFER_ACCESS_MINUTES = 60;
export const OFFER_COOKIE = "alloggio_offer";

/** The offer page's address: `<public origin>/offer/<code>`. */
export const offerUrl = (base: string, code: string) => `${base.replace(/\/+$/, "")}/offer/${code}`;

// ── errors ─────────────────────────────────────────────────────────────────────────────────────────────────

/** One answer for an unknown code and a wrong e-mail (SPEC §5, §8: "wrong e-mail"). */
export function offerNotFound(): AppError {
  return new AppError("offer_not_found", 404, "No offer matches this code and e-mail", [
    { field: "offerCode", message: "no offer for this code and e-mail" },
  ]);
}

export function refused(reason: "expired" | "locked" | "closed" | "not_due", state: OfferState): AppError {
  if (reason === "expired")
    return new AppError("offer_expired", 409, "This offer has expired", [
      { field: "offerCode", message: "expired" },
    ]);
  if (reason === "locked")
    return new AppError("offer_locked", 409, "Open the offer with its e-mail first", [
      { field: "offerCode", message: "locked" },
    ]);
  if (state === "unavailable")
    return new AppError("offer_unavailable", 409, "This offer is no longer available", [
      { field: "offerCode", message: "no longer available" },
    ]);
  return new AppError("offer_closed", 409, `This offer is already ${state}`, [
    { field: "offerCode", message: state },
  ]);
}

export const unlockRequired = () =>
  new AppError("offer_unlock_required", 401, "Open the offer with its e-mail first", [
    { field: "offerCode", message: "enter the e-mail the offer was sent to" },
  ]);

// ── create ─────────────────────────────────────────────────────────────────────────────────────────────────

type HotelContext = {
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

async function loadHotelContext(database: Database, hotelId: number, channelId: number) {
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

type Issue = { field: string; message: string };

/** What the zod contract cannot know: the hotel's own rooms, rates and services, its today, the clock. */
function checkAgainstHotel(body: CreateOfferRequest, hotel: HotelContext, now: Date): Issue[] {
  const issues: Issue[] = [];
  if (!hotel.onChannel) issues.push({ field: "channel", message: "the hotel is not sold on this channel" });
  if (body.arrival < todayInZone(now, hotel.timeZone))
    issues.push({ field: "arrival", message: "is in the past" });
  const expiresAt = Date.parse(body.expiresAt);
  if (expiresAt <= now.getTime()) issues.push({ field: "expiresAt", message: "must be in the future" });
  // An offer cannot be confirmed for a stay that has begun: it ends with the arrival day, hotel-local, at the latest.
  else if (expiresAt > startOfDayInZone(addDays(body.arrival, 1), hotel.timeZone).getTime())
    issues.push({ field: "expiresAt", message: "must not be after the arrival day" });
  body.options.forEach((option, i) => {
    option.rooms.forEach((room, j) => {
      const at = `options.${i}.rooms.${j}`;
      const type = hotel.rooms.find((r) => r.id === room.roomId);
      if (!type) issues.push({ field: `${at}.roomId`, message: "not a room type of this hotel" });
      if (!hotel.rates.includes(room.rateId))
        issues.push({ field: `${at}.rateId`, message: "not a rate of this hotel on this channel" });
      if (type && room.adults > type.maxAdults)
        issues.push({ field: `${at}.adults`, message: `the room takes at most ${type.maxAdults} adults` });
      if (type && room.ages.length > type.maxChildren)
        issues.push({ field: `${at}.ages`, message: `the room takes at most ${type.maxChildren} children` });
      else if (type && room.adults + room.ages.length > type.maxOccupancy)
        issues.push({ field: `${at}.ages`, message: `the room takes at most ${type.maxOccupancy} guests` });
    });
    option.services.forEach((service, k) => {
      if (!hotel.services.includes(service.serviceId))
        issues.push({
          field: `options.${i}.services.${k}.serviceId`,
          message: "not a service of this hotel",
        });
    });
    // Confirming books the option as any booking (ADR 0035): a mandatory category needs one of its services.
    for (const category of hotel.mandatoryCategories)
      if (!option.services.some((s) => category.services.includes(s.serviceId)))
        issues.push({
          field: `options.${i}.services`,
          message: `needs a service of the hotel's mandatory category ${category.id}`,
        });
  });
  return issues;
}

/** What an offer's price depends on: its stay, channel and options. */
export type OfferDraft = Pick<CreateOfferRequest, "channel" | "arrival" | "departure" | "options"> & {
  language: number;
};

/**
 * The new-offer form's price of one option, as sending it will price it (`priceOptions`): the total and the extras
 * the booking adds, or why the option cannot be sent (its field and reason), as a warning before sending.
 */
export async function priceOfferDraft(
  deps: Pick<OfferDeps, "database" | "now"> & PricingDeps,
  hotelId: number,
  body: OfferDraft,
): Promise<{ priced: PricedOption[]; issue: null } | { priced: null; issue: Issue }> {
  const hotel = await loadHotelContext(deps.database, hotelId, body.channel);
  if (!hotel)
    throw new AppError("invalid_input", 400, "hotel: unknown", [{ field: "hotel", message: "unknown" }]);
  try {
    return { priced: await priceOptions(deps, body, hotel), issue: null };
  } catch (err) {
    if (err instanceof AppError && err.code === "offer_rate_unavailable" && err.details?.[0])
      return { priced: null, issue: err.details[0] };
    throw err;
  }
}

/** What pricing an option needs besides the database and the clock. */
type PricingDeps = { overrideSecret: string; searchCache?: SearchCache | null };

/** The room or service of an option that the booking refused, as the create body names it. */
function optionField(i: number, err: AppError): string {
  const field = err.details?.[0]?.field ?? "rooms";
  const room = /^rooms\.(\d+)/.exec(field);
  if (room) return `options.${i}.rooms.${room[1]}.rateId`;
  if (field.startsWith("services")) return `options.${i}.${field}`;
  return `options.${i}.rooms`;
}

/**
 * Each option priced as its booking will be (`priceOfferOption`): the total with the mandatory extras the hotel's
 * rules add, the city tax beside it. An option its booking would refuse (the rate cannot be sold on these dates, a
 * service day outside the stay) is refused now, naming the option, instead of failing its recipient later.
 */
async function priceOptions(
  deps: Pick<OfferDeps, "database" | "now"> & PricingDeps,
  body: OfferDraft,
  hotel: Pick<HotelContext, "id" | "currencyCode" | "decimalDigits" | "datedServices">,
): Promise<PricedOption[]> {
  const stay = {
    hotel: { id: hotel.id },
    channelId: body.channel,
    languageId: body.language,
    arrival: body.arrival,
    departure: body.departure,
    currency: { code: hotel.currencyCode, decimalDigits: hotel.decimalDigits },
  };
  const priced: PricedOption[] = [];
  for (const [i, option] of body.options.entries()) {
    try {
      priced.push(
        await priceOfferOption(deps, stay, {
          rooms: option.rooms,
          services: option.services.map((s) => ({
            ...s,
            needsDate: hotel.datedServices.includes(s.serviceId),
            slot: null,
          })),
        }),
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      const field = optionField(i, err);
      const reason =
        err.code === "sold_out"
          ? "cannot be sold on these dates"
          : (err.details?.[0]?.message ?? err.message);
      throw new AppError("offer_rate_unavailable", 409, `Option ${i + 1}: ${reason}`, [
        { field, message: reason },
      ]);
    }
  }
  return priced;
}

const toVideo = (url: string): OfferVideo => parseVideoLink(url)! as OfferVideo;

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

/** Who creates an offer: one of the hotel's API keys (exposed API) or a staff user (back office). */
export type OfferCreator = { kind: "api_key"; id: number } | { kind: "staff"; id: number };

/** The offer_history actor of a creator: `api-key:<id>` or `staff:<id>`. */
export const creatorActor = (by: OfferCreator) =>
  by.kind === "api_key" ? `api-key:${by.id}` : `staff:${by.id}`;

/**
 * Creates an offer of `hotelId` and queues the recipient's mail, in one transaction (the API key's and the back
 * office's create alike). 403 (a key) or 400 (a staff user) when the body names another hotel; 400 naming the field
 * for rooms, rates, services, dates and expiry the hotel cannot offer. `inTx` runs in the same transaction once the
 * offer is written (the back office's audit entry).
 */
export async function createOffer(
  deps: Pick<OfferDeps, "database" | "now"> & PricingDeps,
  by: { hotelId: number; createdBy: OfferCreator },
  body: CreateOfferRequest,
  linkBase: string,
  inTx?: (tx: Tx, offerId: number) => Promise<void>,
): Promise<CreateOfferResponse & { id: number }> {
  if (body.hotel !== by.hotelId) {
    if (by.createdBy.kind === "api_key")
      throw new AppError("api_key_forbidden", 403, "This API key belongs to another hotel", [
        { field: "hotel", message: "not the API key's hotel" },
      ]);
    throw new AppError("invalid_input", 400, "hotel: not the hotel of the page", [
      { field: "hotel", message: "not the hotel of the page" },
    ]);
  }
  const now = deps.now();
  const hotel = await loadHotelContext(deps.database, body.hotel, body.channel);
  if (!hotel)
    throw new AppError("invalid_input", 400, "hotel: unknown", [{ field: "hotel", message: "unknown" }]);
  const issues = checkAgainstHotel(body, hotel, now);
  if (issues.length > 0)
    throw new AppError(
      "invalid_input",
      400,
      issues.map((i) => `${i.field}: ${i.message}`).join("; "),
      issues,
    );
  const priced = await priceOptions(deps, { ...body, language: body.recipient.language }, hotel);

  const code = newOfferCode((bytes) => {
    bytes.set(randomBytes(bytes.length));
    return bytes;
  });
  const url = offerUrl(linkBase, code);
  const expiresAt = new Date(body.expiresAt);
  const id = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offer)
      .values({
        code,
        hotelId: hotel.id,
        channelId: body.channel,
        languageId: body.recipient.language,
        recipientName: body.recipient.name,
        email: body.recipient.email,
        state: "locked",
        arrival: ymdToIso(body.arrival),
        departure: ymdToIso(body.departure),
        currencyCode: hotel.currencyCode,
        message: body.message || null,
        video: body.video ? toVideo(body.video) : null,
        playlist: body.playlist.map(toVideo),
        expiresAt,
        createdAt: now,
        updatedAt: now,
        apiKeyId: by.createdBy.kind === "api_key" ? by.createdBy.id : null,
      })
      .returning({ id: offer.id });
    const offerId = row!.id;
    for (const [i, option] of body.options.entries()) {
      const price = priced[i]!;
      const [inserted] = await tx
        .insert(offerOption)
        .values({
          offerId,
          position: i + 1,
          title: option.title || null,
          services: price.services,
          totalMinor: price.totalMinor,
          cityTaxMinor: price.cityTaxMinor,
        })
        .returning({ id: offerOption.id });
      await tx.insert(offerOptionRoom).values(
        option.rooms.map((room, j) => ({
          optionId: inserted!.id,
          position: j + 1,
          roomTypeId: room.roomId,
          ratePlanId: room.rateId,
          adults: room.adults,
          childAges: room.ages,
          priceMinor: room.priceMinor,
        })),
      );
    }
    await addHistory(tx, offerId, creatorActor(by.createdBy), "created", null, "locked", {}, now);
    await insertOutboxMails(tx, [
      {
        ...renderOfferMail({
          code,
          url,
          languageId: body.recipient.language,
          recipient: { name: body.recipient.name, email: body.recipient.email },
          hotel,
          arrival: ymdToIso(body.arrival),
          departure: ymdToIso(body.departure),
          expiresAt,
          message: body.message || null,
        }),
        now,
      },
    ]);
    await inTx?.(tx, offerId);
    return offerId;
  });
  return { id, offerCode: code, url };
}

// ── read ───────────────────────────────────────────────────────────────────────────────────────────────────

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

export function toOffer(stored: StoredOffer, state: OfferState): Offer {
  const lang = stored.languageId;
  const money = (minor: number) => fromMinor(minor, stored.currency.decimalDigits);
  return {
    offerCode: stored.code,
    state,
    language: lang,
    hotel: { id: stored.hotel.id, name: stored.hotel.name, email: stored.hotel.email },
    channel: stored.channelId,
    unavailableReason: state === "unavailable" ? stored.unavailableReason : null,
    recipient: { name: stored.recipientName },
    currency: stored.currency,
    arrival: stored.arrival,
    departure: stored.departure,
    nights: nightsBetween(stored.arrival, stored.departure),
    expiresAt: stored.expiresAt,
    message: stored.message,
    video: stored.video ? pickVideo(stored.video) : null,
    playlist: stored.playlist.map(pickVideo),
    options: stored.options.map((o) => ({
      position: o.position,
      title: o.title,
      rooms: o.rooms.map((r) => ({
        roomId: r.roomId,
        roomName: pickText(r.roomName, lang),
        rateId: r.rateId,
        rateName: pickText(r.rateName, lang),
        mealPlan: r.mealPlan,
        adults: r.adults,
        ages: r.ages,
        price: money(r.priceMinor),
      })),
      services: o.services.map((s) => ({
        serviceId: s.serviceId,
        name: pickText(s.name, lang),
        quantity: s.quantity,
        price: money(s.priceMinor),
      })),
      total: money(o.totalMinor),
      cityTax: money(o.cityTaxMinor),
    })),
    attachments: stored.attachments,
    rejection:
      stored.rejectionReason && stored.rejectedAt
        ? { reason: stored.rejectionReason, at: stored.rejectedAt }
        : null,
    reservation: stored.reservation,
  };
}

const pickVideo = (v: OfferVideo) => ({
  provider: v.provider,
  kind: v.kind,
  url: v.url,
  embedUrl: v.embedUrl,
});

const stateAt = (stored: StoredOffer, now: Date) =>
  offerTransition({ state: stored.state, expiresAt: new Date(stored.expiresAt) }, "expire", now).ok
    ? ("expired" as const)
    : stored.state;

// ── access token ───────────────────────────────────────────────────────────────────────────────────────────

function cookiePath(code: string) {
  return `/api/v2/offers/${code}`;
}

/** Whether the request carries a live access cookie of this offer (the unlock's), for every call that needs it. */
export async function hasAccess(
  deps: Pick<OfferDeps, "database" | "now">,
  request: FastifyRequest,
  offerId: number,
) {
  const token = request.cookies[OFFER_COOKIE];
  if (!token || token.length > 200) return false;
  const [row] = await deps.database.db
    .select({ offerId: offerAccess.offerId })
    .from(offerAccess)
    .where(
      and(
        eq(offerAccess.tokenSha256, sha256Hex(token)),
        eq(offerAccess.offerId, offerId),
        gt(offerAccess.expiresAt, deps.now()),
      ),
    );
  return row !== undefined;
}

// ── routes' use cases ──────────────────────────────────────────────────────────────────────────────────────

/** GET: the public state; the whole offer only with this offer's live access token. */
export async function viewOffer(
  deps: Pick<OfferDeps, "database" | "now">,
  code: string,
  request: FastifyRequest,
): Promise<OfferSummary> {
  const stored = await loadOffer(deps.database, code);
  if (!stored) throw offerNotFound();
  const now = deps.now();
  const state = stateAt(stored, now);
  const summary: OfferSummary = {
    state: publicOfferState({ state, expiresAt: new Date(stored.expiresAt) }, now),
    hotel: { id: stored.hotel.id, name: stored.hotel.name, email: stored.hotel.email },
    unavailableReason: state === "unavailable" ? stored.unavailableReason : null,
    channel: stored.channelId,
    language: stored.languageId,
  };
  if (await hasAccess(deps, request, stored.id)) summary.offer = toOffer(stored, state);
  return summary;
}

const HISTORY_ACTION: Record<OfferEvent, string> = {
  unlock: "unlocked",
  confirm: "confirmed",
  reject: "rejected",
  expire: "expired",
  withdraw: "withdrawn",
  payment_failed: "payment_failed",
};

/**
 * One event on a locked row: an offer past its expiry is written expired first (the sweep may not have run yet),
 * then the event's conditional update with its history row.
 */
export async function applyEvent(
  tx: Tx,
  stored: StoredOffer,
  event: OfferEvent,
  now: Date,
  actor: string,
  set: Partial<typeof offer.$inferInsert> = {},
  details: Record<string, unknown> = {},
  /** The history's action, when the event's own name says too little (e.g. "unavailable" for a withdraw). */
  action: string = HISTORY_ACTION[event],
) {
  const current = { state: stored.state, expiresAt: new Date(stored.expiresAt) };
  const expiry = offerTransition(current, "expire", now);
  if (expiry.ok) {
    await tx
      .update(offer)
      .set({ state: "expired", updatedAt: now })
      .where(and(eq(offer.id, stored.id), inArray(offer.state, ["locked", "unlocked"])));
    await addHistory(tx, stored.id, "system", "expired", stored.state, "expired", {}, now);
    stored.state = "expired";
  }
  const next = offerTransition({ ...current, state: stored.state }, event, now);
  if (!next.ok) return next;
  if (next.state !== stored.state) {
    await tx
      .update(offer)
      .set({ ...set, state: next.state, updatedAt: now })
      .where(and(eq(offer.id, stored.id), eq(offer.state, stored.state)));
    await addHistory(tx, stored.id, actor, action, stored.state, next.state, details, now);
    stored.state = next.state;
  }
  return next;
}

/**
 * The recipient's e-mail opens the offer: the same 404 for an unknown code and a wrong e-mail (each counted
 * against the code); a code that failed too often is refused (429) whatever the e-mail. The first unlock marks the
 * offer viewed; every unlock sets a new access token (HttpOnly cookie on the offer's own API path).
 */
export async function unlockOffer(
  deps: OfferDeps,
  code: string,
  email: string,
  reply: FastifyReply,
  secure: boolean,
): Promise<{ offer: Offer; accessExpiresAt: string }> {
  const blockedUntil = await deps.offerCodeLimiter.blockedUntil(code);
  if (blockedUntil) throw retryAfter(tooManyAttempts(), blockedUntil, deps.now());
  const found = await loadOffer(deps.database, code);
  if (!found || found.email !== email) {
    await deps.offerCodeLimiter.recordFailure(code);
    throw offerNotFound();
  }
  const now = deps.now();
  const token = randomBytes(32).toString("base64url");
  const accessExpiresAt = new Date(now.getTime() + OFFER_ACCESS_MINUTES * 60_000);
  const stored = await deps.database.db.transaction(async (tx) => {
    const locked = (await loadOffer(tx, code, true))!;
    await applyEvent(tx, locked, "unlock", now, "recipient", { unlockedAt: now });
    await tx.insert(offerAccess).values({
      tokenSha256: sha256Hex(token),
      offerId: locked.id,
      createdAt: now,
      expiresAt: accessExpiresAt,
    });
    return locked;
  });
  reply.setCookie(OFFER_COOKIE, token, {
    httpOnly: true,
    sameSite: "strict",
    secure,
    path: cookiePath(code),
    maxAge: OFFER_ACCESS_MINUTES * 60,
  });
  return { offer: toOffer(stored, stored.state), accessExpiresAt: accessExpiresAt.toISOString() };
}

/** The recipient rejects the offer with a reason (needs the unlock's token); the hotel is mailed. */
export async function rejectOffer(
  deps: Pick<OfferDeps, "database" | "now">,
  code: string,
  reason: string,
  request: FastifyRequest,
  linkBase: string,
): Promise<{ offer: Offer }> {
  const found = await loadOffer(deps.database, code);
  if (!found) throw offerNotFound();
  if (!(await hasAccess(deps, request, found.id))) throw unlockRequired();
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const stored = (await loadOffer(tx, code, true))!;
    const result = await applyEvent(tx, stored, "reject", now, "recipient", {
      rejectedAt: now,
      rejectionReason: reason,
    });
    if (!result.ok) throw refused(result.reason, stored.state);
    stored.rejectionReason = reason;
    stored.rejectedAt = now.toISOString();
    const data: OfferMailData = {
      code: stored.code,
      url: offerUrl(linkBase, stored.code),
      languageId: stored.languageId,
      recipient: { name: stored.recipientName, email: stored.email },
      hotel: stored.hotel,
      arrival: ymdToIso(stored.arrival),
      departure: ymdToIso(stored.departure),
      expiresAt: new Date(stored.expiresAt),
      message: stored.message,
    };
    await insertOutboxMails(tx, [{ ...renderRejectedNotice({ ...data, reason }), now }]);
    return { offer: toOffer(stored, stored.state) };
  });
}
