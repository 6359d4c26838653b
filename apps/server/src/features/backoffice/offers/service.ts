/**
 * The back office's offers (ADR 0038): list, detail, create by hand (the exposed API's create, with the
 * staff user as creator), withdraw and resend. Every offer is read with the hotel in the WHERE clause, so another
 * hotel's id answers 404 like a missing one; every change writes its history row and audit entry in its transaction.
 */
import type {
  BoCreateOfferResponse,
  BoOfferDetail,
  BoOfferList,
  OfferChoices,
  OfferListQuery,
  OfferOptionPrice,
  OfferOptionPriceRequest,
  OfferPrice,
  OfferPriceRequest,
} from "@alloggio/domain/contract/backoffice/offers";
import type { CreateOfferRequest } from "@alloggio/domain/contract/offers/create";
import { LANGUAGES, pickText } from "@alloggio/domain/i18n/languages";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_OFFER } from "@alloggio/domain/offers/attachment-type";
import { isOpenOffer, offerStateAt } from "@alloggio/domain/offers/offer-state";
import { isoToYmd, nightsBetween, todayInZone, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { Db, Tx } from "../../../db/client";
import type { OfferVideo } from "../../../db/schema";
import { AppError, badInput, notFound } from "../../../http/errors";
import { insertOutboxMails } from "../../mail";
import { loadQuoteHotel, priceQuotedStay } from "../../manage";
import {
  addHistory,
  applyEvent,
  attachmentError,
  createOffer,
  deleteAttachment,
  insertAttachment,
  listAttachments,
  loadOffer,
  offerMailDataOf,
  offerUrl,
  priceOfferDraft,
  type readAttachmentFile,
  refused,
  renderOfferMail,
  storedAttachment,
  toAttachment,
} from "../../offers";
import type { Staff } from "../access";
import { audit, auditEntity } from "../audit";
import type { BackOfficeDeps } from "../deps";
import {
  countAttachmentsOfOffer,
  findOfferChoices,
  findOfferCode,
  findOfferDetail,
  findOfferOfHotel,
  findOffersOfHotel,
  findServiceNamesOfHotel,
  type OfferStateRow,
} from "./repository";

const iso = (d: Date | string) => new Date(d).toISOString();

/** The SPEC §3 language id whose texts the staff user reads (their UI language), English when none. */
export function staffLanguageId(staff: Pick<Staff, "language">): number {
  const code = staff.language.slice(0, 2).toLowerCase();
  return LANGUAGES.find((l) => l.text === code)?.id ?? 1;
}

export async function listOffers(
  deps: BackOfficeDeps,
  hotelId: number,
  q: OfferListQuery,
): Promise<BoOfferList> {
  const { count, rows } = await findOffersOfHotel(deps.database, hotelId, deps.now(), q);
  return {
    items: rows.map((r) => ({
      id: r.id,
      offerCode: r.code,
      recipientName: r.recipientName,
      email: r.email,
      arrival: r.arrival,
      departure: r.departure,
      nights: nightsBetween(isoToYmd(r.arrival), isoToYmd(r.departure)),
      options: r.options,
      minTotalMinor: r.minTotal ?? 0,
      maxTotalMinor: r.maxTotal ?? 0,
      currency: r.currency,
      state: r.state,
      expiresAt: iso(r.expiresAt),
      createdAt: iso(r.createdAt),
      createdBy: { kind: r.creatorKind, name: r.creatorName },
    })),
    total: count?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
    timeZone: count?.timeZone ?? "UTC",
  };
}

/** The code of an offer of the hotel (the hotel in the WHERE clause: another hotel's id answers 404). */
async function codeOf(on: { execute: Tx["execute"] }, hotelId: number, offerId: number): Promise<string> {
  const code = await findOfferCode(on, hotelId, offerId);
  if (code === undefined) throw notFound("offerId", "No such offer");
  return code;
}

const pickVideo = (v: OfferVideo) => ({
  provider: v.provider,
  kind: v.kind,
  url: v.url,
  embedUrl: v.embedUrl,
});

export async function getOffer(
  deps: BackOfficeDeps,
  staff: Pick<Staff, "language">,
  hotelId: number,
  offerId: number,
  baseUrl: string,
): Promise<BoOfferDetail> {
  const row = await findOfferDetail(deps.database, hotelId, offerId);
  if (!row) throw notFound("offerId", "No such offer");
  const lang = staffLanguageId(staff);
  const expiresAt = iso(row.expiresAt);
  const actorOf = (actor: string) => {
    if (actor.startsWith("staff:"))
      return { actorKind: "staff", actorName: row.staffNames?.[actor.slice(6)] ?? null };
    if (actor.startsWith("api-key:"))
      return { actorKind: "api_key", actorName: row.keyPrefixes?.[actor.slice(8)] ?? null };
    return { actorKind: actor, actorName: null };
  };
  return {
    id: row.id,
    offerCode: row.code,
    state: offerStateAt({ state: row.state, expiresAt: new Date(expiresAt) }, deps.now()),
    recipient: { name: row.recipientName, email: row.email, language: row.languageId },
    channel: { id: row.channelId, name: row.channelName },
    arrival: row.arrival,
    departure: row.departure,
    nights: nightsBetween(isoToYmd(row.arrival), isoToYmd(row.departure)),
    currency: row.currency,
    timeZone: row.timeZone,
    message: row.message,
    video: row.video ? pickVideo(row.video) : null,
    playlist: row.playlist.map(pickVideo),
    expiresAt,
    createdAt: iso(row.createdAt),
    createdBy: { kind: row.creatorKind, name: row.creatorName },
    url: offerUrl(baseUrl, row.code),
    options: row.options.map((o) => ({
      id: o.id,
      position: o.position,
      title: o.title,
      totalMinor: o.totalMinor,
      confirmed: row.confirmedOptionId === o.id,
      rooms: o.rooms.map((r) => ({
        roomId: r.roomId,
        roomName: pickText(r.roomName, lang),
        rateId: r.rateId,
        rateName: pickText(r.rateName, lang),
        adults: r.adults,
        ages: r.ages,
        priceMinor: r.priceMinor,
      })),
      services: o.services.map((s) => ({
        serviceId: s.serviceId,
        name: pickText(s.name, lang),
        quantity: s.quantity,
        priceMinor: s.priceMinor,
      })),
    })),
    rejection:
      row.rejectionReason && row.rejectedAt ? { reason: row.rejectionReason, at: iso(row.rejectedAt) } : null,
    reservationId: row.reservationId,
    history: row.history.map((h) => ({
      at: iso(h.at),
      action: h.action,
      fromState: h.fromState,
      toState: h.toState,
      ...actorOf(h.actor),
    })),
  };
}

/** What the audit keeps of an offer: no prices per line, the shape and the totals. */
function auditView(body: CreateOfferRequest) {
  return {
    recipient: { name: body.recipient.name, email: body.recipient.email, language: body.recipient.language },
    channel: body.channel,
    arrival: body.arrival,
    departure: body.departure,
    expiresAt: body.expiresAt,
    options: body.options.map((o) => ({
      title: o.title ?? null,
      rooms: o.rooms.map((r) => ({ roomId: r.roomId, rateId: r.rateId, priceMinor: r.priceMinor })),
      services: o.services.map((s) => ({
        serviceId: s.serviceId,
        quantity: s.quantity,
        priceMinor: s.priceMinor,
      })),
    })),
  };
}

/** A staff user creates an offer: the exposed API's create (same checks, same mail), audited in its transaction. */
export async function createStaffOffer(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  body: CreateOfferRequest,
  baseUrl: string,
): Promise<BoCreateOfferResponse> {
  return createOffer(
    deps,
    { hotelId, createdBy: { kind: "staff", id: staff.userId } },
    body,
    baseUrl,
    (tx, id) =>
      audit(tx, staff, {
        hotelId,
        action: "offer.create",
        entity: "offer",
        entityId: id,
        before: null,
        after: { state: "locked", ...auditView(body) },
      }),
  );
}

/** The hotel withdraws an open offer: `withdraw` → unavailable (history and audit); 409 on a final state. */
export async function withdrawOffer(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  offerId: number,
): Promise<void> {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const code = await codeOf(tx, hotelId, offerId);
    const stored = (await loadOffer(tx, code, true))!;
    const before = stored.state;
    const result = await applyEvent(tx, stored, "withdraw", now, `staff:${staff.userId}`);
    if (!result.ok) throw refused(result.reason, stored.state);
    await auditEntity(tx, staff, {
      hotelId,
      action: "offer.withdraw",
      entityId: offerId,
      before: { state: before },
      after: { state: stored.state },
    });
  });
}

/** The recipient's mail again (open offers only): a history row and an audit entry, no change of state. */
export async function resendOffer(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  offerId: number,
  baseUrl: string,
): Promise<void> {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const code = await codeOf(tx, hotelId, offerId);
    const stored = (await loadOffer(tx, code, true))!;
    const state = offerStateAt({ state: stored.state, expiresAt: new Date(stored.expiresAt) }, now);
    if (!isOpenOffer(state)) throw refused(state === "expired" ? "expired" : "closed", state);
    await insertOutboxMails(tx, [
      {
        ...renderOfferMail(offerMailDataOf(stored, baseUrl)),
        now,
      },
    ]);
    await addHistory(tx, stored.id, `staff:${staff.userId}`, "resent", state, state, {}, now);
    await auditEntity(tx, staff, {
      hotelId,
      action: "offer.resend",
      entityId: offerId,
      before: { state },
      after: { state, mailedTo: stored.email },
    });
  });
}

/** Channels, room types, rates (with their channels) and services of the hotel, names in the staff's language. */
export async function offerChoices(
  deps: BackOfficeDeps,
  staff: Pick<Staff, "language">,
  hotelId: number,
): Promise<OfferChoices> {
  const row = await findOfferChoices(deps.database, hotelId);
  if (!row) throw notFound("hotelId", "No such hotel");
  const lang = staffLanguageId(staff);
  const today = todayInZone(deps.now(), row.timeZone);
  return {
    currency: row.currency,
    timeZone: row.timeZone,
    today: ymdToIso(today),
    channels: row.channels,
    roomTypes: row.roomTypes.map((r) => ({ ...r, name: pickText(r.name, lang) })),
    rates: row.rates.map((r) => ({ ...r, name: pickText(r.name, lang) })),
    services: row.services.map((s) => ({ ...s, name: pickText(s.name, lang) })),
  };
}

/**
 * The public search's price of each room for the stay, as quote.do and a booking price it (each room on its own, so
 * one sold-out room does not hide the others' prices): the "current price" the form shows beside the held price.
 */
export async function priceOfferRooms(
  deps: BackOfficeDeps,
  hotelId: number,
  body: OfferPriceRequest,
): Promise<OfferPrice> {
  if (body.departure <= body.arrival) throw badInput("departure", "must be after the arrival");
  const hotel = await loadQuoteHotel(deps, hotelId, body.channel);
  if (!hotel) throw badInput("channel", "the hotel is not sold on this channel");
  const rooms: OfferPrice["rooms"] = [];
  for (const room of body.rooms) {
    try {
      const priced = await priceQuotedStay(
        deps,
        hotel,
        {
          hotel: hotelId,
          channel: body.channel,
          language: 1,
          arrival: body.arrival,
          departure: body.departure,
          promoCode: undefined,
          rooms: [{ adults: room.adults, ages: room.ages }],
        },
        [{ roomId: room.roomId, rateId: room.rateId }],
      );
      rooms.push({ totalMinor: priced.rooms[0]?.totalMinor ?? null, reason: null });
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      rooms.push({ totalMinor: null, reason: err.code });
    }
  }
  return { rooms };
}

/**
 * One option of the new-offer form priced as sending will price it: the total with the mandatory extras the booking
 * adds (named in the staff's language), the city tax beside it, or why sending would be refused.
 */
export async function priceOfferOption(
  deps: BackOfficeDeps,
  staff: Pick<Staff, "language">,
  hotelId: number,
  body: OfferOptionPriceRequest,
): Promise<OfferOptionPrice> {
  if (body.departure <= body.arrival) throw badInput("departure", "must be after the arrival");
  const lang = staffLanguageId(staff);
  const answer = await priceOfferDraft(deps, hotelId, {
    channel: body.channel,
    arrival: body.arrival,
    departure: body.departure,
    language: lang,
    options: [body.option],
  });
  if (!answer.priced) return { totalMinor: null, cityTaxMinor: null, extras: [], issue: answer.issue };
  const option = answer.priced[0]!;
  const added = option.services.slice(body.option.services.length);
  const names = await findServiceNamesOfHotel(deps.database, hotelId);
  const nameOf = (id: number) => pickText(names.find((n) => n.id === id)?.name ?? {}, lang);
  return {
    totalMinor: option.totalMinor,
    cityTaxMinor: option.cityTaxMinor,
    extras: added.map((s) => ({
      serviceId: s.serviceId,
      name: nameOf(s.serviceId),
      quantity: s.quantity,
      priceMinor: s.priceMinor,
    })),
    issue: null,
  };
}

// An offer's attachments (ADR 0039): the offer's checks, the limit and the audit around the offers feature's own
// attachment store.

type AttachmentFile = Awaited<ReturnType<typeof readAttachmentFile>>;

const offerNotFound = () =>
  new AppError("not_found", 404, "No such offer", [{ field: "offerId", message: "unknown" }]);
const attachmentNotFound = () =>
  new AppError("not_found", 404, "No such attachment", [{ field: "attachmentId", message: "unknown" }]);

/** The offer of this hotel (another hotel's id answers like a missing one). */
async function findOffer(db: Db, hotelId: number, offerId: number, lock = false): Promise<OfferStateRow> {
  const row = await findOfferOfHotel(db, hotelId, offerId, lock);
  if (!row) throw offerNotFound();
  return row;
}

/** Files may change while the offer is open: locked or unlocked, and not past its expiry. */
const isOpen = (row: OfferStateRow, now: Date) =>
  (row.state === "locked" || row.state === "unlocked") && row.expiresAt.getTime() > now.getTime();

const closed = () =>
  new AppError("offer_closed", 409, "Attachments change only while the offer is open", [
    { field: "offerId", message: "the offer is no longer open" },
  ]);

/** 404 unless the hotel has the offer (checked before a download is served). */
export async function requireOfferOfHotel(
  deps: BackOfficeDeps,
  hotelId: number,
  offerId: number,
): Promise<void> {
  await findOffer(deps.database.db, hotelId, offerId);
}

/** 404 or 409 unless the offer is open to a new file (checked before the upload is read). */
export async function requireOpenOffer(
  deps: BackOfficeDeps,
  hotelId: number,
  offerId: number,
): Promise<void> {
  const found = await findOffer(deps.database.db, hotelId, offerId);
  if (!isOpen(found, deps.now())) throw closed();
}

/** Stores the file on the open offer, within the per-offer limit, audited. */
export async function addOfferAttachment(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  offerId: number,
  file: AttachmentFile,
) {
  const saved = await deps.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const locked = await findOffer(tx, hotelId, offerId, true);
    const now = deps.now();
    if (!isOpen(locked, now)) throw closed();
    if ((await countAttachmentsOfOffer(tx, offerId)) >= MAX_ATTACHMENTS_PER_OFFER)
      throw attachmentError(
        "attachment_limit",
        409,
        `an offer has at most ${MAX_ATTACHMENTS_PER_OFFER} attachments`,
      );
    const row = await insertAttachment(tx, offerId, file, staff.userId, now);
    await audit(tx, staff, {
      hotelId,
      action: "offer.attachment_add",
      entity: "offer_attachment",
      entityId: row.id,
      before: null,
      after: { offerId, ...storedAttachment(row) },
    });
    return row;
  });
  return toAttachment(saved, staff.name);
}

/** The offer's attachments, and whether they may change now. */
export async function offerAttachments(deps: BackOfficeDeps, hotelId: number, offerId: number) {
  const found = await findOffer(deps.database.db, hotelId, offerId);
  return {
    attachments: await listAttachments(deps.database.db, offerId),
    editable: isOpen(found, deps.now()),
    max: MAX_ATTACHMENTS_PER_OFFER,
    maxBytes: MAX_ATTACHMENT_BYTES,
  };
}

/** Removes an attachment from the open offer, audited. */
export async function removeOfferAttachment(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  offerId: number,
  attachmentId: number,
): Promise<void> {
  await deps.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const locked = await findOffer(tx, hotelId, offerId, true);
    const removed = await deleteAttachment(tx, offerId, attachmentId);
    if (!removed) throw attachmentNotFound();
    if (!isOpen(locked, deps.now())) throw closed();
    await audit(tx, staff, {
      hotelId,
      action: "offer.attachment_remove",
      entity: "offer_attachment",
      entityId: attachmentId,
      before: { offerId, ...storedAttachment(removed) },
      after: null,
    });
  });
}
