/**
 * An offer option as the booking it becomes: the request (held room prices as signed `hpcc` overrides, held service
 * prices) and its price by the one pricing function. Creating an offer, its payment answer and its confirmation all
 * go through here, so the total the recipient is shown is the total the booking charges (ADR 0035, 0063).
 */
import type { GuestDataRequest } from "@alloggio/domain/contract/booking/guestdata";
import type { ConfirmOfferRequest } from "@alloggio/domain/contract/offers/confirm";
import { fromMinor } from "@alloggio/domain/money/money";
import { formatOverride } from "@alloggio/domain/pricing/overrides";
import type { Database } from "../../db/client";
import { AppError } from "../../http/errors";
import { type PricedBooking, type PricingOptions, priceBooking } from "../booking";
import type { SearchCache } from "../search";
import { signOverrideText } from "../search";
import type { StoredOffer } from "./repository";

export type OfferOption = StoredOffer["options"][number];

/** What pricing an option reads of its offer. */
export type OfferStay = Pick<
  StoredOffer,
  "channelId" | "languageId" | "arrival" | "departure" | "currency"
> & {
  hotel: { id: number };
};

/** What pricing reads of an option. */
export type OptionToPrice = {
  rooms: Pick<OfferOption["rooms"][number], "roomId" | "rateId" | "adults" | "ages" | "priceMinor">[];
  services: Pick<
    OfferOption["services"][number],
    "serviceId" | "quantity" | "priceMinor" | "needsDate" | "slot"
  >[];
};

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

/**
 * The option's held room prices as signed overrides, one per room type and rate (the override is per room, so rooms
 * of one type and rate share their held prices evenly; their sum is kept).
 */
function heldRoomOverrides(offer: OfferStay, option: OptionToPrice, overrideSecret: string): string {
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
  offer: OfferStay,
  option: OptionToPrice,
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
      // A mandatory extra of one room (all its adults or children) stays that room's.
      slot: s.slot ?? null,
      quantity: s.quantity,
      // A service booked for a day is booked for the arrival day; the hotel may move it.
      ...(s.needsDate ? { date: offer.arrival } : {}),
    })),
    payment: guest.payment,
    ...(guest.expectedTotal !== undefined ? { expectedTotal: guest.expectedTotal } : {}),
  };
}

/** The option's held service prices, for the one pricing function (`PricingOptions.heldServicePrices`). */
export function offerPricing(option: OptionToPrice): PricingOptions {
  return { heldServicePrices: option.services.map((s) => s.priceMinor) };
}

/** An option's stored services: the ones the hotel named, then the mandatory extras the booking adds (by room). */
export type PricedOfferService = { serviceId: number; quantity: number; priceMinor: number; slot?: number };

export type PricedOption = {
  totalMinor: number;
  cityTaxMinor: number;
  services: PricedOfferService[];
};

/** The option's total as its booking will charge it, with the services the booking adds and the city tax beside. */
export function toPricedOption(priced: PricedBooking, named: number): PricedOption {
  return {
    totalMinor: priced.totalMinor,
    cityTaxMinor: priced.cityTaxMinor,
    services: priced.services.map((s, i) => ({
      serviceId: s.serviceId,
      quantity: s.quantity,
      priceMinor: s.priceMinor,
      ...(i >= named && s.slot !== null ? { slot: s.slot } : {}),
    })),
  };
}

/** Prices an option exactly as its payment answer and its confirmation will (throws `sold_out` as they do). */
export async function priceOfferOption(
  deps: { database: Database; now: () => Date; overrideSecret: string; searchCache?: SearchCache | null },
  offer: OfferStay,
  option: OptionToPrice,
): Promise<PricedOption> {
  const priced = await priceBooking(
    deps.database,
    offerBookingRequest(offer, option, null, deps.overrideSecret),
    deps,
    offerPricing(option),
  );
  return toPricedOption(priced, option.services.length);
}
