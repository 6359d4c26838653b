import { randomBytes } from "node:crypto";
import type {
  Link,
  LinkCreateSchema,
  LinkList,
  QuoteDetail,
  QuoteList,
  QuoteListQuery,
  QuotePrice,
  QuotePriceRequest,
  QuoteSend,
} from "@alloggio/domain/contract/backoffice/quotes";
import { MAX_NIGHTS } from "@alloggio/domain/contract/common";
import { findLanguage } from "@alloggio/domain/i18n/languages";
import { quotedTotalMinor } from "@alloggio/domain/pricing/quoted-total";
import {
  addDays,
  isoToYmd,
  nightsBetween,
  startOfDayInZone,
  todayInZone,
  ymdToIso,
} from "@alloggio/domain/stay-dates/stay-dates";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import type { LocalizedText } from "../../../db/schema";
import { AppError, badInput, notFound } from "../../../http/errors";
import { insertOutboxMails, QUOTE_TEXTS, renderAnsweredQuoteMail } from "../../mail";
import {
  inTransaction,
  loadQuoteHotel,
  priceQuotedStay,
  type QuotedStay,
  quoteServiceName,
} from "../../manage";
import type { Staff } from "../access";
import { audit, auditEntity } from "../audit";
import type { BackOfficeDeps } from "../deps";
import {
  allocateLinkId,
  countQuotesOfHotel,
  deleteLinkById,
  findHotelCurrency,
  findKnownLinkIds,
  findLinkPickLists,
  findLinksOfHotel,
  findQuoteExtras,
  findQuoteOfHotel,
  findQuotesPageOfHotel,
  insertLink,
  insertLinkReturning,
  isLinkBooked,
  type LinkRow,
  lockLinkOfHotel,
  markQuoteAnswered,
  markQuoteClosed,
  type QuoteRow,
} from "./repository";

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const dateOf = (d: string) => d.slice(0, 10);

// ── public ids ──────────────────────────────────────────────────────────────────────────────────────────────────

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** 20 random base32 characters: 100 bits (ADR 0027). */
export function newLinkPublicId(): string {
  const bytes = randomBytes(20);
  let out = "";
  for (const b of bytes) out += BASE32[b & 31];
  return out;
}

/** The guest's page of a link. */
export function linkGuestUrl(
  baseUrl: string,
  link: { hotelId: number; channelId: number; id: number; publicId: string | null },
  languageId = 1,
): string {
  const ref = link.publicId ?? String(link.id);
  return `${baseUrl.replace(/\/+$/, "")}/hotel/${link.hotelId}/channel/${link.channelId}/language/${findLanguage(languageId).id}/reservationLink/view/${ref}`;
}

// ── quotes ──────────────────────────────────────────────────────────────────────────────────────────────────────

async function currencyOf(deps: BackOfficeDeps, hotelId: number) {
  const row = await findHotelCurrency(deps.database, hotelId);
  if (!row) throw notFound("hotelId", "No such hotel");
  return row;
}

function summaryOf(row: QuoteRow) {
  return {
    id: row.id,
    status: row.status as "new" | "answered" | "closed",
    createdAt: iso(row.createdAt)!,
    fullName: row.fullName,
    email: row.email,
    arrival: dateOf(row.arrival),
    departure: dateOf(row.departure),
    nights: nightsBetween(isoToYmd(dateOf(row.arrival)), isoToYmd(dateOf(row.departure))),
    rooms: row.rooms.length,
    guests: row.rooms.reduce((sum, r) => sum + r.adults + r.ages.length, 0),
    totalMinor: row.totalMinor,
    currency: row.currencyCode,
    answeredAt: iso(row.answeredAt),
  };
}

export async function listQuotes(
  deps: BackOfficeDeps,
  hotelId: number,
  q: QuoteListQuery,
): Promise<QuoteList> {
  const db = deps.database.db;
  const total = await countQuotesOfHotel(db, hotelId, q.status);
  const rows = await findQuotesPageOfHotel(db, hotelId, q.status, q.pageSize, (q.page - 1) * q.pageSize);
  return { items: rows.map(summaryOf), total, page: q.page, pageSize: q.pageSize };
}

/** A quote of the hotel (the hotel in the WHERE clause: another hotel's id answers 404). */
async function findQuote(db: Db, hotelId: number, quoteId: number, lock = false): Promise<QuoteRow> {
  const row = await findQuoteOfHotel(db, hotelId, quoteId, lock);
  if (!row) throw notFound("quoteId", "No such quote request");
  return row;
}

export async function getQuote(
  deps: BackOfficeDeps,
  hotelId: number,
  quoteId: number,
  baseUrl: string,
): Promise<QuoteDetail> {
  const row = await findQuote(deps.database.db, hotelId, quoteId);
  const currency = await currencyOf(deps, hotelId);
  const extra = await findQuoteExtras(deps.database, hotelId, row);
  return {
    ...summaryOf(row),
    channelId: row.channelId,
    languageId: row.languageId,
    phone: row.phone,
    message: row.message,
    promoCode: row.promoCode,
    roomsAsked: row.rooms,
    currencyDigits: currency.digits,
    closedAt: iso(row.closedAt),
    answer: row.answer
      ? {
          ...row.answer,
          answeredBy: extra?.answered_by ?? null,
          linkUrl: extra?.link
            ? linkGuestUrl(
                baseUrl,
                {
                  hotelId,
                  channelId: extra.link.channel_id,
                  id: extra.link.id,
                  publicId: extra.link.public_id,
                },
                row.languageId,
              )
            : null,
        }
      : null,
    roomTypes: extra?.room_types ?? [],
    ratePlans: extra?.rate_plans ?? [],
  };
}

function stayOf(row: QuoteRow): QuotedStay {
  return {
    hotel: row.hotelId,
    channel: row.channelId,
    language: row.languageId,
    arrival: isoToYmd(dateOf(row.arrival)),
    departure: isoToYmd(dateOf(row.departure)),
    promoCode: row.promoCode ?? undefined,
    rooms: row.rooms.map((r) => ({ adults: r.adults, ages: r.ages })),
  };
}

function checkRooms(row: QuoteRow, rooms: readonly unknown[]) {
  if (rooms.length !== row.rooms.length)
    throw badInput("rooms", `must have one entry per room asked (${row.rooms.length})`);
}

/** The search's price of the stay for the rooms and rates picked: what the send form starts from. */
export async function priceQuote(
  deps: BackOfficeDeps,
  hotelId: number,
  quoteId: number,
  body: QuotePriceRequest,
): Promise<QuotePrice> {
  const row = await findQuote(deps.database.db, hotelId, quoteId);
  checkRooms(row, body.rooms);
  const hotel = await loadQuoteHotel(deps, hotelId, row.channelId);
  if (!hotel) throw notFound("hotelId", "The hotel is no longer sold on the quote's channel");
  const priced = await priceQuotedStay(
    deps,
    hotel,
    stayOf(row),
    body.rooms.map((r) => ({ roomId: r.roomTypeId, rateId: r.ratePlanId })),
  );
  const rooms = priced.rooms.map((r) => ({ totalMinor: r.totalMinor }));
  return { rooms, totalMinor: quotedTotalMinor(rooms) };
}

function notOpen(row: QuoteRow): AppError {
  return new AppError("quote_not_open", 409, `The quote is ${row.status}`, [
    { field: "status", message: row.status },
  ]);
}

function lastValidDay(validUntil: string, timeZone: string, now: Date): Date {
  const day = isoToYmd(validUntil);
  if (day < todayInZone(now, timeZone)) throw badInput("validUntil", "cannot be in the past");
  return startOfDayInZone(addDays(day, 1), timeZone);
}

/**
 * The hotel completes a quote: a reservation link holds the stay with the hotel's price per room, and the guest
 * gets the priced quote in their language with the link. One transaction: link, quote, mail and audit.
 */
export async function sendQuote(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  quoteId: number,
  body: QuoteSend,
  baseUrl: string,
): Promise<void> {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const row = await findQuote(tx, hotelId, quoteId, true);
    if (row.status !== "new") throw notOpen(row);
    checkRooms(row, body.rooms);
    // A price written for another room type or rate is not this room's: it is priced again before it is sent.
    const stale = body.rooms.flatMap((r, i) =>
      r.pricedFor?.roomTypeId === r.roomTypeId && r.pricedFor.ratePlanId === r.ratePlanId
        ? []
        : [
            {
              field: `rooms.${i}.totalMinor`,
              message: "priced for another room type or rate: price it again",
            },
          ],
    );
    if (stale.length > 0)
      throw new AppError(
        "quote_prices_stale",
        409,
        "A room's price is not for its room type and rate",
        stale,
      );
    const hotel = await loadQuoteHotel(
      { database: inTransaction(deps.database, tx) },
      hotelId,
      row.channelId,
    );
    if (!hotel) throw notFound("hotelId", "The hotel is no longer sold on the quote's channel");
    body.rooms.forEach((r, i) => {
      if (!hotel.roomTypes.some((t) => t.id === r.roomTypeId))
        throw badInput(`rooms.${i}.roomTypeId`, "is not a room type of this hotel");
      if (!hotel.rates.some((t) => t.id === r.ratePlanId))
        throw badInput(`rooms.${i}.ratePlanId`, "is not a rate plan of this hotel");
    });
    const expiresAt = lastValidDay(body.validUntil, hotel.timeZone, now);
    const id = await allocateLinkId(tx);
    const publicId = newLinkPublicId();
    const note = body.note ? body.note : null;
    const lang = findLanguage(row.languageId).text;
    const title: LocalizedText = Object.fromEntries(
      Object.entries(QUOTE_TEXTS).map(([code, texts]) => [code, texts.answered.heading]),
    );
    const roomPrices = body.rooms.map((r) => ({
      roomTypeId: r.roomTypeId,
      ratePlanId: r.ratePlanId,
      totalMinor: r.totalMinor,
    }));
    const link = {
      id,
      publicId,
      hotelId,
      channelId: row.channelId,
      title,
      message: (note ? { en: note, [lang]: note } : {}) as LocalizedText,
      arrival: dateOf(row.arrival),
      departure: dateOf(row.departure),
      rooms: row.rooms.map((r) => ({ adults: r.adults, ages: r.ages })),
      roomTypeIds: [...new Set(body.rooms.map((r) => r.roomTypeId))],
      ratePlanIds: [...new Set(body.rooms.map((r) => r.ratePlanId))],
      promoCode: row.promoCode,
      totalMinor: null,
      roomPrices,
      expiresAt,
      createdAt: now,
    };
    await insertLink(tx, link);
    // The total the guest will pay booking the link: the booking's own pricing, with the link's prices.
    const priced = await priceQuotedStay(
      { ...deps, database: inTransaction(deps.database, tx) },
      hotel,
      stayOf(row),
      body.rooms.map((r) => ({ roomId: r.roomTypeId, rateId: r.ratePlanId })),
      publicId,
    );
    const answer = {
      rooms: roomPrices,
      totalMinor: priced.totalMinor,
      note,
      expiresAt: expiresAt.toISOString(),
    };
    await markQuoteAnswered(tx, row.id, {
      answeredBy: staff.userId,
      answeredAt: now,
      answer,
      reservationLinkId: id,
    });
    const linkUrl = linkGuestUrl(baseUrl, link, row.languageId);
    const mail = renderAnsweredQuoteMail(
      {
        baseUrl,
        channelId: row.channelId,
        languageId: row.languageId,
        arrival: dateOf(row.arrival),
        departure: dateOf(row.departure),
        promoCode: row.promoCode ?? undefined,
        currency: { code: priced.currency, decimalDigits: priced.digits },
        hotel,
        rooms: row.rooms.map((room, i) => {
          const pick = body.rooms[i]!;
          const rate = hotel.rates.find((r) => r.id === pick.ratePlanId);
          return {
            adults: room.adults,
            ages: room.ages,
            roomName: hotel.roomTypes.find((t) => t.id === pick.roomTypeId)?.name ?? null,
            rateName: rate?.name ?? null,
            mealPlan: rate?.mealPlan ?? null,
            suggested: false,
            totalMinor: priced.rooms[i]?.totalMinor ?? pick.totalMinor,
          };
        }),
        services: priced.services.map((s) => ({
          name: quoteServiceName(hotel, s.serviceId),
          priceMinor: s.priceMinor,
        })),
        totalMinor: priced.totalMinor,
        cityTaxMinor: priced.cityTaxMinor,
        guest: { fullName: row.fullName, email: row.email },
      },
      { linkUrl, note, validUntil: body.validUntil },
    );
    await insertOutboxMails(tx, [{ ...mail, reservationId: null, now }]);
    await auditEntity(tx, staff, {
      hotelId,
      action: "reservation_link.create",
      entityId: id,
      before: null,
      after: { ...link, expiresAt: link.expiresAt.toISOString(), createdAt: now.toISOString() },
    });
    await audit(tx, staff, {
      hotelId,
      action: "quote.send",
      entity: "quote_request",
      entityId: row.id,
      before: { status: row.status },
      after: { status: "answered", answer, reservationLinkId: id },
    });
  });
}

export async function closeQuote(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  quoteId: number,
): Promise<void> {
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const row = await findQuote(tx, hotelId, quoteId, true);
    if (row.status === "closed") throw notOpen(row);
    await markQuoteClosed(tx, row.id, now);
    await audit(tx, staff, {
      hotelId,
      action: "quote.close",
      entity: "quote_request",
      entityId: row.id,
      before: { status: row.status },
      after: { status: "closed", closedAt: now.toISOString() },
    });
  });
}

// ── reservation links ───────────────────────────────────────────────────────────────────────────────────────────

function linkOf(row: LinkRow, baseUrl: string): Link {
  return {
    id: row.id,
    publicId: row.publicId,
    channelId: row.channelId,
    title: row.title,
    message: row.message,
    arrival: dateOf(row.arrival),
    departure: dateOf(row.departure),
    rooms: row.rooms,
    roomTypeIds: row.roomTypeIds,
    ratePlanIds: row.ratePlanIds,
    promoCode: row.promoCode,
    totalMinor: row.totalMinor,
    roomPrices: row.roomPrices,
    expiresAt: iso(row.expiresAt),
    createdAt: iso(row.createdAt),
    guestUrl: linkGuestUrl(baseUrl, row),
  };
}

export async function listLinks(deps: BackOfficeDeps, hotelId: number, baseUrl: string): Promise<LinkList> {
  const currency = await currencyOf(deps, hotelId);
  const rows = await findLinksOfHotel(deps.database.db, hotelId);
  const extra = await findLinkPickLists(deps.database, hotelId);
  return {
    items: rows.map((r) => linkOf(r, baseUrl)),
    currency: currency.code,
    currencyDigits: currency.digits,
    channels: extra?.channels ?? [],
    roomTypes: extra?.room_types ?? [],
    ratePlans: extra?.rate_plans ?? [],
  };
}

export async function createLink(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  body: z.output<typeof LinkCreateSchema>,
  baseUrl: string,
): Promise<Link> {
  const now = deps.now();
  const { time_zone: timeZone } = await currencyOf(deps, hotelId);
  const arrival = isoToYmd(body.arrival);
  const departure = isoToYmd(body.departure);
  if (departure <= arrival) throw badInput("departure", "must be after the arrival");
  if (nightsBetween(arrival, departure) > MAX_NIGHTS)
    throw badInput("departure", `at most ${MAX_NIGHTS} nights`);
  if (arrival < todayInZone(now, timeZone)) throw badInput("arrival", "cannot be in the past");
  const expiresAt = body.validUntil ? lastValidDay(body.validUntil, timeZone, now) : null;
  const known = await findKnownLinkIds(deps.database, hotelId, body.channelId);
  if (!known?.channel) throw badInput("channelId", "is not a channel this hotel is sold on");
  body.roomTypeIds.forEach((id, i) => {
    if (!known.room_types.includes(id))
      throw badInput(`roomTypeIds.${i}`, "is not a room type of this hotel");
  });
  body.ratePlanIds.forEach((id, i) => {
    if (!known.rate_plans.includes(id))
      throw badInput(`ratePlanIds.${i}`, "is not a rate plan of this hotel");
  });
  return deps.database.db.transaction(async (tx) => {
    const id = await allocateLinkId(tx);
    const row = await insertLinkReturning(tx, {
      id,
      publicId: newLinkPublicId(),
      hotelId,
      channelId: body.channelId,
      title: body.title,
      message: body.message ?? {},
      arrival: ymdToIso(arrival),
      departure: ymdToIso(departure),
      rooms: body.rooms,
      roomTypeIds: [...new Set(body.roomTypeIds)],
      ratePlanIds: [...new Set(body.ratePlanIds)],
      promoCode: body.promoCode ? body.promoCode : null,
      totalMinor: body.totalMinor ?? null,
      expiresAt,
      createdAt: now,
    });
    const link = linkOf(row!, baseUrl);
    await auditEntity(tx, staff, {
      hotelId,
      action: "reservation_link.create",
      entityId: id,
      before: null,
      after: link,
    });
    return link;
  });
}

export async function deleteLink(
  deps: BackOfficeDeps,
  staff: Staff,
  hotelId: number,
  linkId: number,
  baseUrl: string,
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const row = await lockLinkOfHotel(tx, hotelId, linkId);
    if (!row) throw notFound("linkId", "No such reservation link");
    if (await isLinkBooked(tx, row.id))
      throw new AppError("link_booked", 409, "A reservation was booked with this link", [
        { field: "linkId", message: "booked" },
      ]);
    await deleteLinkById(tx, row.id);
    await auditEntity(tx, staff, {
      hotelId,
      action: "reservation_link.delete",
      entityId: row.id,
      before: linkOf(row, baseUrl),
      after: null,
    });
  });
}
