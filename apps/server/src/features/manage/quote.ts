/**
 * `quote.do` (ADR 0010): the search bar's quote form. The stay and the rooms and rates chosen in the
 * results are priced as a booking prices them (`priceBooking`, same statement and evaluation), and two mails go
 * to the outbox: the guest's quote in their language and the hotel's copy in its own, with the guest's contacts.
 * Nothing is held or booked. Limited per client address (the route) and per recipient (here), so the form cannot
 * be used to send mail to strangers in bulk.
 */
import type { GuestDataRequest } from "@alloggio/domain/contract/booking/guestdata";
import type { QuoteRequest, QuoteResponse } from "@alloggio/domain/contract/booking/manage";
import { fromMinor } from "@alloggio/domain/money/money";
import { firstArrivalInZone, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { Database } from "../../db/client";
import type { LocalizedText } from "../../db/schema";
import { AppError, badInput, notFound } from "../../http/errors";
import { type BookingDeps, type PricedBooking, priceBooking } from "../booking";
import type { MealPlanKey } from "../mail";
import { insertOutboxMails, type QuoteMailData, renderHotelQuote, renderQuoteMail } from "../mail";
import { type AttemptLimiter, createAttemptLimiter, tooManyAttempts } from "../rate-limits";
import { aStaySearch, findCheapestRates } from "../search";
import { findQuoteHotel, insertQuoteRequest } from "./repository";

/** quote.do calls per client address (the route's @fastify/rate-limit). */
export const QUOTES_PER_ADDRESS = 5;
export const QUOTE_ADDRESS_WINDOW_MS = 10 * 60_000;
/** Quotes one e-mail address receives, whatever the client addresses asking (counted by every process). */
export const QUOTES_PER_RECIPIENT = 5;
export const QUOTE_RECIPIENT_WINDOW_MS = 24 * 60 * 60_000;

export function createQuoteRecipientLimiter(database: Database, now: () => Date): AttemptLimiter {
  return createAttemptLimiter({
    database,
    scope: "quote-to",
    max: QUOTES_PER_RECIPIENT,
    windowMs: QUOTE_RECIPIENT_WINDOW_MS,
    now,
  });
}

export type QuoteHotel = QuoteMailData["hotel"] & {
  timeZone: string;
  currency: { code: string; decimalDigits: number };
  roomTypes: { id: number; name: LocalizedText }[];
  rates: { id: number; name: LocalizedText; mealPlan: MealPlanKey }[];
  /** Per mandatory service category, its least expensive service: a booking cannot go without one. */
  mandatory: { id: number; name: LocalizedText; needsDate: boolean }[];
  /** Every service's name: the priced quote may count any of them (a resort fee per adult, a kids club per child). */
  serviceNames: { id: number; name: LocalizedText }[];
};

/** A priced service's name as a quote's mail prints it, in every language the hotel wrote. */
export function quoteServiceName(hotel: Pick<QuoteHotel, "serviceNames">, serviceId: number): LocalizedText {
  return hotel.serviceNames.find((s) => s.id === serviceId)?.name ?? {};
}

/** The hotel on the channel, with the names the quote prints: one statement. */
export async function loadQuoteHotel(
  deps: Pick<BookingDeps, "database">,
  hotelId: number,
  channelId: number,
) {
  return findQuoteHotel<QuoteHotel>(deps.database, hotelId, channelId);
}

/**
 * Prices the rooms that have a room type and rate chosen, as one booking of those rooms would be priced (with
 * the least expensive service of each mandatory category, as a booking must have one). A refusal names the
 * field of the request's own room.
 */
async function priceChosenRooms(
  deps: Pick<BookingDeps, "database" | "now" | "overrideSecret">,
  req: QuoteRequest,
  hotel: QuoteHotel,
  chosen: readonly { index: number; roomId: number; rateId: number }[],
  rlId?: string,
): Promise<PricedBooking> {
  const booking: Pick<
    GuestDataRequest,
    "hotel" | "channel" | "language" | "arrival" | "departure" | "promoCode" | "rooms" | "services"
  > = {
    hotel: req.hotel,
    channel: req.channel,
    language: req.language,
    arrival: req.arrival,
    departure: req.departure,
    promoCode: req.promoCode || undefined,
    ...(rlId ? { rlId } : {}),
    rooms: chosen.map((c, slot) => ({
      slot,
      roomId: c.roomId,
      rateId: c.rateId,
      adults: req.rooms[c.index]!.adults,
      ages: req.rooms[c.index]!.ages,
      refundProtection: false,
    })),
    services: hotel.mandatory.map((s) => ({
      serviceId: s.id,
      quantity: 1,
      ...(s.needsDate ? { date: req.arrival } : {}),
    })),
  };
  try {
    return await priceBooking(deps.database, booking as GuestDataRequest, deps);
  } catch (err) {
    // `rooms.<slot>.roomId` of the priced subset → the request's own room index.
    if (err instanceof AppError && err.details)
      throw new AppError(
        err.code,
        err.status,
        err.message,
        err.details.map((d) => {
          const match = /^rooms\.(\d+)\.(.+)$/.exec(d.field);
          const original = match ? chosen[Number(match[1])]?.index : undefined;
          return original === undefined ? d : { ...d, field: `rooms.${original}.${match![2]}` };
        }),
      );
    throw err;
  }
}

/** The least expensive bookable room and rate for each room of the request the guest did not choose one for. */
async function suggestRooms(deps: BookingDeps, req: QuoteRequest, asked: number[]) {
  const open = req.rooms.flatMap((r, index) => (asked.includes(index) ? [] : [{ index, room: r }]));
  if (open.length === 0) return [];
  const cheapest = await findCheapestRates(
    deps,
    aStaySearch({
      channel: req.channel,
      hotel: req.hotel,
      language: req.language,
      arrival: req.arrival,
      departure: req.departure,
      rooms: open.map((o) => ({ adults: o.room.adults, ages: o.room.ages })),
      promoCode: req.promoCode || undefined,
    }),
  );
  return open.flatMap((o, i) => {
    const pick = cheapest[i];
    return pick ? [{ index: o.index, ...pick, suggested: true }] : [];
  });
}

/** `quote.do`: prices the stay and the chosen rooms, and puts the guest's quote and the hotel's copy in the outbox. */
export async function requestQuote(
  deps: BookingDeps,
  req: QuoteRequest,
  baseUrl: string,
  recipients: AttemptLimiter,
): Promise<QuoteResponse> {
  const email = req.email.trim().toLowerCase();
  if (await recipients.isBlocked(email)) throw tooManyAttempts();
  const hotel = await loadQuoteHotel(deps, req.hotel, req.channel);
  if (!hotel) throw notFound("hotel", "Unknown hotel or channel");
  if (req.arrival < firstArrivalInZone(deps.now(), hotel.timeZone))
    throw badInput("arrival", "cannot be in the past");

  const asked = req.rooms.flatMap((r, index) =>
    r.roomId !== undefined && r.rateId !== undefined
      ? [{ index, roomId: r.roomId, rateId: r.rateId, suggested: false }]
      : [],
  );
  // A room the guest left open is quoted at the least expensive room and rate the search offers it.
  const suggested = await suggestRooms(
    deps,
    req,
    asked.map((c) => c.index),
  );
  const chosen = [...asked, ...suggested].sort((a, b) => a.index - b.index);
  let priced: PricedBooking | null = null;
  if (chosen.length > 0)
    try {
      priced = await priceChosenRooms(deps, req, hotel, chosen);
    } catch (err) {
      // The suggestions cannot all be had together: quote what the guest chose, the hotel answers the rest.
      if (!(err instanceof AppError) || err.code !== "sold_out" || suggested.length === 0) throw err;
      chosen.splice(0, chosen.length, ...asked);
      priced = asked.length > 0 ? await priceChosenRooms(deps, req, hotel, asked) : null;
    }
  const allPriced = chosen.length === req.rooms.length;
  const currency = priced ? { code: priced.currency, decimalDigits: priced.digits } : hotel.currency;

  const data: QuoteMailData = {
    baseUrl,
    channelId: req.channel,
    languageId: req.language,
    arrival: ymdToIso(req.arrival),
    departure: ymdToIso(req.departure),
    promoCode: req.promoCode || undefined,
    currency,
    hotel,
    rooms: req.rooms.map((room, index) => {
      const slot = chosen.findIndex((c) => c.index === index);
      const pick = chosen[slot];
      const rate = hotel.rates.find((r) => r.id === pick?.rateId);
      return {
        adults: room.adults,
        ages: room.ages,
        roomName: hotel.roomTypes.find((t) => t.id === pick?.roomId)?.name ?? null,
        rateName: rate?.name ?? null,
        mealPlan: rate?.mealPlan ?? null,
        suggested: pick?.suggested ?? false,
        totalMinor: slot >= 0 && priced ? (priced.rooms[slot]?.totalMinor ?? null) : null,
      };
    }),
    services: priced
      ? priced.services.map((s) => ({
          name: quoteServiceName(hotel, s.serviceId),
          priceMinor: s.priceMinor,
        }))
      : [],
    totalMinor: allPriced && priced ? priced.totalMinor : null,
    cityTaxMinor: allPriced && priced ? priced.cityTaxMinor : null,
    guest: {
      fullName: req.fullName,
      email,
      phone: req.phone || undefined,
      message: req.message || undefined,
    },
  };
  // The request is kept for the back office with the mails it queues: both or neither.
  await deps.database.db.transaction(async (tx) => {
    await insertQuoteRequest(tx, {
      hotelId: req.hotel,
      channelId: req.channel,
      languageId: req.language,
      fullName: req.fullName,
      email,
      phone: req.phone || null,
      message: req.message || null,
      arrival: data.arrival,
      departure: data.departure,
      promoCode: req.promoCode || null,
      rooms: req.rooms.map((room, index) => {
        const slot = chosen.findIndex((c) => c.index === index);
        const pick = chosen[slot];
        return {
          adults: room.adults,
          ages: room.ages,
          roomTypeId: pick?.roomId ?? null,
          ratePlanId: pick?.rateId ?? null,
          suggested: pick?.suggested ?? false,
          totalMinor: data.rooms[index]?.totalMinor ?? null,
        };
      }),
      currencyCode: currency.code,
      totalMinor: data.totalMinor,
      createdAt: deps.now(),
    });
    await insertOutboxMails(tx, [
      { ...renderQuoteMail(data), reservationId: null, now: deps.now() },
      { ...renderHotelQuote(data), reservationId: null, now: deps.now() },
    ]);
  });
  await recipients.recordFailure(email);
  return {
    queued: true,
    currency: currency.code,
    total: data.totalMinor === null ? null : fromMinor(data.totalMinor, currency.decimalDigits),
  };
}

/** A stored quote request's stay, as the back office prices it again. */
export type QuotedStay = Pick<QuoteRequest, "hotel" | "channel" | "language" | "arrival" | "departure"> & {
  promoCode: string | undefined;
  rooms: { adults: number; ages: number[] }[];
};

/**
 * Prices a quote's stay with one room type and rate per room, exactly as quote.do and a booking price it (with the
 * least expensive service of each mandatory category). With `rlId`, the reservation link's fixed prices apply: the
 * total the guest will pay when they book the link.
 */
export async function priceQuotedStay(
  deps: Pick<BookingDeps, "database" | "now" | "overrideSecret">,
  hotel: QuoteHotel,
  stay: QuotedStay,
  picks: readonly { roomId: number; rateId: number }[],
  rlId?: string,
): Promise<PricedBooking> {
  const req = { ...stay, promoCode: stay.promoCode ?? "", rooms: stay.rooms } as unknown as QuoteRequest;
  return priceChosenRooms(
    deps,
    req,
    hotel,
    picks.map((p, index) => ({ index, ...p })),
    rlId,
  );
}
