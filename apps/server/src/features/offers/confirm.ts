/**
 * Confirming a personalised offer into a reservation (issue 14, ADR 0035). The option is booked through the booking
 * workflow (`confirmBooking`: hotel rules, payment methods, card and 3-D Secure, options, mails, voucher), priced by
 * the one pricing function with the offer's held prices: the rooms' as signed `hpcc` overrides (ADR 0002), the
 * services' as held service prices. The offer row is locked and marked confirmed inside the booking's transaction,
 * before the inventory is taken, so two tabs confirming two options give one reservation.
 */

import type { GuestDataRequest } from "@alloggio/domain/contract/booking/guestdata";
import type { ConfirmOfferRequest } from "@alloggio/domain/contract/offers/confirm";
import { pickText } from "@alloggio/domain/i18n/languages";
import { fromMinor } from "@alloggio/domain/money/money";
import { offerTransition } from "@alloggio/domain/offers/offer-state";
import { formatOverride } from "@alloggio/domain/pricing/overrides";
import { ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { FastifyRequest } from "fastify";
import { AppError, badInput } from "../../http/errors";
import type { PricingOptions } from "../booking/pricing";
import {
  type BookingDeps,
  type ConfirmAnswer,
  checkPrepaid,
  confirmBooking,
  type PrepaidCheck,
} from "../booking/service";
import { insertOutboxMails } from "../mail/repository";
import { signOverrideText } from "../search/overrides";
import { renderConfirmedNotice } from "./mails";
import {
  applyEvent,
  hasAccess,
  loadOffer,
  offerNotFound,
  offerUrl,
  refused,
  type StoredOffer,
  unlockRequired,
} from "./service";

export type OfferOption = StoredOffer["options"][number];

/** What only the recipient gives when confirming: the rest of the booking comes from the offer. */
export type OfferGuestPart = Pick<
  ConfirmOfferRequest,
  "booker" | "guests" | "privacy" | "terms" | "invoice" | "payment" | "expectedTotal"
>;

/** The guest part of a price check: `checkPrepaid` reads none of it. */
const PRICE_ONLY: OfferGuestPart = {
  booker: { fullname: "", email: "", emailConfirm: "", phone: { dialCode: "", number: "" }, country: "" },
  privacy: { marketing: false, report: false, profile: false, custom: [] },
  terms: { cancellationPolicy: false, generalTerms: false, dataProcessing: false },
  payment: { method: "pay_at_hotel", cardToken: undefined, cardLast4: undefined, bank: undefined },
};

/** The offer is no longer available: its rooms are gone (SPEC §8 "no longer available"). */
export const offerUnavailable = () =>
  new AppError("offer_unavailable", 409, "This offer is no longer available", [
    { field: "offerCode", message: "no longer available" },
  ]);

/**
 * The option's held room prices as signed overrides, one per room type and rate (the override is per room, so rooms
 * of one type and rate share their held prices evenly; their sum is kept).
 */
function heldRoomOverrides(offer: StoredOffer, option: OfferOption, overrideSecret: string): string {
  const groups = new Map<string, { roomId: number; rateId: number; minor: number; count: number }>();
  for (const room of option.rooms) {
    const key = `${room.roomId}~${room.rateId}`;
    const group = groups.get(key) ?? { roomId: room.roomId, rateId: room.rateId, minor: 0, count: 0 };
    group.minor += room.priceMinor;
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((g) => {
      const total = fromMinor(Math.round(g.minor / g.count), offer.currency.decimalDigits);
      if (total <= 0)
        throw new AppError("offer_unavailable", 409, "A room of this option has no price to book", [
          { field: "option", message: "a held price of 0 cannot be booked" },
        ]);
      const signed = formatOverride({
        roomId: g.roomId,
        rateId: g.rateId,
        arrival: offer.arrival,
        departure: offer.departure,
        total,
      });
      return `${signed}~${signOverrideText(overrideSecret, signed)}`;
    })
    .join(",");
}

/**
 * The booking request of one option: the offer's hotel, channel, language, stay, rooms (with held prices as signed
 * overrides) and services, with the recipient's part. The ONE place both the payment answer and the confirmation
 * build it, so what is shown is what is booked.
 */
export function offerBookingRequest(
  offer: StoredOffer,
  option: OfferOption,
  guestPart: OfferGuestPart | null,
  overrideSecret: string,
): GuestDataRequest {
  const guest = guestPart ?? PRICE_ONLY;
  return {
    method: "confirm",
    hotel: offer.hotel.id,
    channel: offer.channelId,
    language: offer.languageId,
    arrival: offer.arrival,
    departure: offer.departure,
    rooms: option.rooms.map((room, slot) => ({
      slot,
      roomId: room.roomId,
      rateId: room.rateId,
      adults: room.adults,
      ages: room.ages,
      refundProtection: false,
      ...(guest.guests?.[slot] ? { guests: guest.guests[slot] } : {}),
    })),
    hpcc: heldRoomOverrides(offer, option, overrideSecret),
    booker: guest.booker,
    privacy: guest.privacy,
    terms: guest.terms,
    ...(guest.invoice ? { invoice: guest.invoice } : {}),
    services: option.services.map((s) => ({
      serviceId: s.serviceId,
      slot: null,
      quantity: s.quantity,
      // A service booked for a day is booked for the arrival day; the hotel may move it.
      ...(s.needsDate ? { date: offer.arrival } : {}),
    })),
    payment: guest.payment,
    ...(guest.expectedTotal !== undefined ? { expectedTotal: guest.expectedTotal } : {}),
  };
}

/** The option's held service prices, for the one pricing function (`PricingOptions.heldServicePrices`). */
export function offerPricing(option: OfferOption): PricingOptions {
  return { heldServicePrices: option.services.map((s) => s.priceMinor) };
}

/** The offer of the request's access cookie: 404 for an unknown code, 401 without this offer's live cookie. */
export async function requireOfferAccess(
  deps: Pick<BookingDeps, "database" | "now">,
  code: string,
  request: FastifyRequest,
): Promise<StoredOffer> {
  const found = await loadOffer(deps.database, code);
  if (!found) throw offerNotFound();
  if (!(await hasAccess(deps, request, found.id))) throw unlockRequired();
  return found;
}

function optionOf(offer: StoredOffer, position: number, field: string): OfferOption {
  const option = offer.options.find((o) => o.position === position);
  if (!option) throw badInput(field, "not an option of this offer");
  return option;
}

/** The state as of now must allow a confirmation: unlocked and not past its expiry. */
function assertConfirmable(offer: StoredOffer, now: Date) {
  const next = offerTransition({ state: offer.state, expiresAt: new Date(offer.expiresAt) }, "confirm", now);
  if (!next.ok) throw refused(next.reason, offer.state);
}

const isSoldOut = (err: unknown) => err instanceof AppError && err.code === "sold_out";

/**
 * `GET …/options/:position/payment`: what confirming the option costs and how it can be paid, exactly as
 * `guestdata.do` with `checkPrepaid` answers for the same booking. Rooms gone: 409 `offer_unavailable`.
 */
export async function offerOptionPayment(
  deps: BookingDeps,
  offer: StoredOffer,
  position: number,
): Promise<PrepaidCheck> {
  assertConfirmable(offer, deps.now());
  const option = optionOf(offer, position, "position");
  try {
    return await checkPrepaid(
      deps,
      offerBookingRequest(offer, option, null, deps.overrideSecret),
      offerPricing(option),
    );
  } catch (err) {
    if (isSoldOut(err)) throw offerUnavailable();
    throw err;
  }
}

/**
 * The rooms are gone: the offer becomes "no longer available" in a transaction of its own (the booking's rolled
 * back). When another tab confirmed it meanwhile, that is the answer instead (409 `offer_closed`).
 */
async function markUnavailable(deps: Pick<BookingDeps, "database" | "now">, code: string): Promise<AppError> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const stored = (await loadOffer(tx, code, true))!;
    const result = await applyEvent(
      tx,
      stored,
      "withdraw",
      now,
      "system",
      {},
      { reason: "rooms_gone" },
      "unavailable",
    );
    return result.ok ? offerUnavailable() : refused(result.reason, stored.state);
  });
}

/**
 * `POST …/confirm`: books the chosen option for the recipient. Inside the booking's transaction the offer row is
 * locked (`FOR UPDATE`), checked (unlocked, not expired) and marked confirmed with the reservation and the option;
 * a second confirmation waits on the lock, then finds it confirmed (409 `offer_closed`) and its reservation rolls
 * back. Rooms gone: the offer becomes unavailable, 409 `offer_unavailable`. A declined payment cancels the
 * reservation and opens the offer again (`cancelForPayment` → reopen.ts). The hotel is mailed.
 */
export async function confirmOffer(
  deps: BookingDeps,
  offer: StoredOffer,
  body: ConfirmOfferRequest,
  idempotencyKey: string,
  baseUrl: string,
): Promise<ConfirmAnswer> {
  assertConfirmable(offer, deps.now());
  const option = optionOf(offer, body.option, "option");
  const req = offerBookingRequest(offer, option, body, deps.overrideSecret);
  let answer: ConfirmAnswer;
  try {
    answer = await confirmBooking(deps, req, `offer:${offer.code}:${idempotencyKey}`, baseUrl, null, {
      pricing: offerPricing(option),
      inTransaction: async (tx, reservationId) => {
        const stored = (await loadOffer(tx, offer.code, true))!;
        const result = await applyEvent(
          tx,
          stored,
          "confirm",
          deps.now(),
          "recipient",
          { reservationId, confirmedOptionId: option.id },
          { option: option.position, reservationId },
        );
        if (!result.ok) throw refused(result.reason, stored.state);
      },
    });
  } catch (err) {
    if (isSoldOut(err)) throw await markUnavailable(deps, offer.code);
    throw err;
  }
  const notice = renderConfirmedNotice({
    code: offer.code,
    url: offerUrl(baseUrl, offer.code),
    languageId: offer.languageId,
    recipient: { name: offer.recipientName, email: offer.email },
    hotel: offer.hotel,
    arrival: ymdToIso(offer.arrival),
    departure: ymdToIso(offer.departure),
    expiresAt: new Date(offer.expiresAt),
    message: offer.message,
    option: {
      position: option.position,
      title: option.title,
      rooms: option.rooms.map((r) => pickText(r.roomName, 1)),
    },
    reservation: {
      code: answer.reservation.code,
      status: answer.reservation.status,
      total: `${answer.reservation.total} ${answer.reservation.currency}`,
    },
  });
  await insertOutboxMails(deps.database.db, [{ ...notice, now: deps.now() }]);
  return answer;
}
