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
import type { FastifyRequest } from "fastify";
import type { Database, Tx } from "../../db/client";
import type { OfferVideo, offer } from "../../db/schema";
import { AppError, retryAfter } from "../../http/errors";
import { insertOutboxMails } from "../mail";
import { type AttemptLimiter, tooManyAttempts } from "../rate-limits";
import type { SearchCache } from "../search";
import { sha256Hex } from "./api-key";
import { type OfferMailData, renderOfferMail, renderRejectedNotice } from "./mails";
import { type PricedOption, priceOfferOption } from "./option-request";
import {
  addHistory,
  type HotelContext,
  hasLiveOfferAccess,
  insertOffer,
  insertOfferAccess,
  insertOfferOption,
  insertOfferOptionRooms,
  loadHotelContext,
  loadOffer,
  markOfferExpired,
  type StoredOffer,
  updateOfferState,
} from "./repository";

export type { StoredOffer } from "./repository";
export { addHistory, loadOffer };

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

/** What every mail of a stored offer says of it: its code and link, recipient, hotel, stay, expiry and message. */
export const offerMailDataOf = (stored: StoredOffer, base: string): OfferMailData => ({
  code: stored.code,
  url: offerUrl(base, stored.code),
  languageId: stored.languageId,
  recipient: { name: stored.recipientName, email: stored.email },
  hotel: stored.hotel,
  arrival: ymdToIso(stored.arrival),
  departure: ymdToIso(stored.departure),
  expiresAt: new Date(stored.expiresAt),
  message: stored.message,
});

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
    const offerId = await insertOffer(tx, {
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
    });
    for (const [i, option] of body.options.entries()) {
      const price = priced[i]!;
      const optionId = await insertOfferOption(tx, {
        offerId,
        position: i + 1,
        title: option.title || null,
        services: price.services,
        totalMinor: price.totalMinor,
        cityTaxMinor: price.cityTaxMinor,
      });
      await insertOfferOptionRooms(
        tx,
        option.rooms.map((room, j) => ({
          optionId,
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

/** The access cookie's Path: the offer's own API path, which its chat and attachments share. */
export function offerCookiePath(code: string) {
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
  return hasLiveOfferAccess(deps.database.db, sha256Hex(token), offerId, deps.now());
}

// ── routes' use cases ──────────────────────────────────────────────────────────────────────────────────────

/**
 * What anyone with the code sees of an offer (SPEC §7): its public state (an open offer reads "locked"), the hotel,
 * the channel and the language, no personal data; null for an unknown code. The offer page's first paint reads it
 * too (ADR 0079), so the page and `GET /api/v2/offers/:offerCode` cannot disagree.
 */
export async function offerSummary(
  deps: Pick<OfferDeps, "database" | "now">,
  code: string,
): Promise<OfferSummary | null> {
  return (await readSummary(deps, code))?.summary ?? null;
}

async function readSummary(deps: Pick<OfferDeps, "database" | "now">, code: string) {
  const stored = await loadOffer(deps.database, code);
  if (!stored) return null;
  const now = deps.now();
  const state = stateAt(stored, now);
  const summary: OfferSummary = {
    state: publicOfferState({ state, expiresAt: new Date(stored.expiresAt) }, now),
    hotel: { id: stored.hotel.id, name: stored.hotel.name, email: stored.hotel.email },
    unavailableReason: state === "unavailable" ? stored.unavailableReason : null,
    channel: stored.channelId,
    language: stored.languageId,
  };
  return { stored, state, summary };
}

/** GET: the public state; the whole offer only with this offer's live access token. */
export async function viewOffer(
  deps: Pick<OfferDeps, "database" | "now">,
  code: string,
  request: FastifyRequest,
): Promise<OfferSummary> {
  const read = await readSummary(deps, code);
  if (!read) throw offerNotFound();
  const { stored, state, summary } = read;
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
    await markOfferExpired(tx, stored.id, now);
    await addHistory(tx, stored.id, "system", "expired", stored.state, "expired", {}, now);
    stored.state = "expired";
  }
  const next = offerTransition({ ...current, state: stored.state }, event, now);
  if (!next.ok) return next;
  if (next.state !== stored.state) {
    await updateOfferState(tx, stored.id, stored.state, next.state, set, now);
    await addHistory(tx, stored.id, actor, action, stored.state, next.state, details, now);
    stored.state = next.state;
  }
  return next;
}

/**
 * The recipient's e-mail opens the offer: the same 404 for an unknown code and a wrong e-mail (each counted
 * against the code); a code that failed too often is refused (429) whatever the e-mail. The first unlock marks the
 * offer viewed; every unlock makes a new access token, given back for the route to set as the HttpOnly cookie on
 * the offer's own API path.
 */
export async function unlockOffer(
  deps: OfferDeps,
  code: string,
  email: string,
): Promise<{ answer: { offer: Offer; accessExpiresAt: string }; accessToken: string }> {
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
    await insertOfferAccess(tx, {
      tokenSha256: sha256Hex(token),
      offerId: locked.id,
      createdAt: now,
      expiresAt: accessExpiresAt,
    });
    return locked;
  });
  return {
    answer: { offer: toOffer(stored, stored.state), accessExpiresAt: accessExpiresAt.toISOString() },
    accessToken: token,
  };
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
    const notice = renderRejectedNotice({ ...offerMailDataOf(stored, linkBase), reason });
    await insertOutboxMails(tx, [{ ...notice, now }]);
    return { offer: toOffer(stored, stored.state) };
  });
}
