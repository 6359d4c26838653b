import { bankTransferDetailsOf } from "@alloggio/domain/booking/bank-transfer";
import { cardHoldOf as holdOfCard } from "@alloggio/domain/booking/card-holds";
import { resaleDeadline } from "@alloggio/domain/booking/resale";
import { isCardMethod } from "@alloggio/domain/booking/reservation-state";
import type { Reservation, RetrieveQuery } from "@alloggio/domain/contract/booking/retrieve";
import { pickText } from "@alloggio/domain/i18n/languages";
import { fromMinor } from "@alloggio/domain/money/money";
import { addDays, isoToYmd, nightsBetween, todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import type { Database } from "../../db/client";
import type { BookedFlight } from "../../db/schema";
import { AppError } from "../../http/errors";
import { boardNameOf, guestSeesNoPrices } from "../mail";
import { redirectMethodsOf } from "../payments";
import { type AttemptLimiter, tooManyAttempts } from "../rate-limits";
import { toResaleOffer } from "./resale-offer-view";
import { findReservationForGuest, type StoredReservation } from "./retrieve-repository";

/** Failed recoveries of one code allowed per window (ARCHITECTURE §3: recover is rate limited per code). */
export const RETRIEVE_FAILURES_PER_CODE = 20;
export const RETRIEVE_CODE_WINDOW_MS = 60 * 60 * 1000;

export type RetrieveDeps = { database: Database; now: () => Date; codeLimiter: AttemptLimiter };

/** One answer for a wrong code, a wrong e-mail and a wrong channel (SPEC §8 "check details"). */
export function reservationNotFound(): AppError {
  return new AppError("reservation_not_found", 404, "Reservation not found: check the details", [
    { field: "reservation", message: "check the details" },
  ]);
}

const ymd = (iso: string) => isoToYmd(iso);
/** Birth dates may precede the years stay dates allow: "1979-03-02" → "02/03/1979". */
const toDdMmYyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const instant = (value: string) => new Date(value).toISOString();

function toExtra(
  s: StoredReservation["services"][number],
  language: number,
  digits: number,
  pricesHidden = false,
) {
  return {
    id: s.id,
    serviceId: s.serviceId,
    name: pickText(s.name, language),
    price: pricesHidden ? 0 : fromMinor(s.priceMinor, digits),
    quantity: s.quantity,
    date: s.day ? ymd(s.day) : null,
    timeSlot: s.timeSlot,
    transfer: s.transfer
      ? {
          time: s.transfer.time ?? null,
          placeCode: s.transfer.placeCode ?? null,
          transportNumber: s.transfer.transportNumber ?? null,
          note: s.transfer.note ?? null,
        }
      : null,
  };
}

/** A resellable room's resale: its deadline, its rate's fee and its latest offer (ADR 0065). */
function resaleOf(r: StoredReservation, room: StoredReservation["rooms"][number]) {
  const offers = (r.resale ?? []).filter((o) => o.reservation_room_id === room.id);
  const latest = offers.find((o) => o.status === "listed") ?? offers.at(-1);
  return {
    deadline: resaleDeadline(ymd(room.arrival), r.hotel.timeZone).toISOString(),
    feePercent: Number(room.resaleFeePercent ?? 0),
    offer: latest ? toResaleOffer(latest, r.currency) : null,
  };
}

function toFlight(f: BookedFlight) {
  return {
    code: f.code,
    from: f.from,
    to: f.to,
    date: f.date,
    time: f.time,
    arrivalTime: f.arrivalTime ?? null,
  };
}

/**
 * The stored reservation as the voucher shows it (SPEC §3), names in `language`. The guest's voucher (`guest`) of a
 * trade booking names its rates by their board and, on a net rate, carries no amount of the agency's (ADR 0062);
 * the property's page (`property`) shows them as booked.
 */
export function toVoucherReservation(
  r: StoredReservation,
  language: number,
  reader: "guest" | "property" = "guest",
): Reservation {
  const digits = r.decimalDigits;
  const forGuest = reader === "guest";
  const pricesHidden = forGuest && guestSeesNoPrices(r);
  const money = (minor: number) => (pricesHidden ? 0 : fromMinor(minor, digits));
  const arrival = ymd(r.arrival);
  const first = r.rooms[0];
  const refundable = first?.refundable ?? false;
  const bookingDay = todayInZone(new Date(r.createdAt), r.hotel.timeZone);
  const blank = (value: string | undefined | null) => (value ? value : null);
  return {
    code: r.code,
    status: r.status,
    language: r.languageId,
    hotel: {
      id: r.hotel.id,
      name: r.hotel.name,
      city: r.hotel.city,
      country: r.hotel.country,
      address: r.hotel.address,
      phone: blank(r.hotel.phone),
      email: blank(r.hotel.email),
    },
    arrival,
    departure: ymd(r.departure),
    nights: nightsBetween(arrival, ymd(r.departure)),
    booker: {
      fullname: r.booker.fullname,
      email: r.booker.email,
      alternativeEmail: blank(r.booker.alternativeEmail),
      phone: r.booker.phone,
      address: blank(r.booker.address),
      city: blank(r.booker.city),
      cap: blank(r.booker.cap),
      country: r.booker.country,
      cf: blank(r.booker.cf),
      note: blank(r.booker.note),
      arrivalTime: blank(r.booker.arrivalTime),
    },
    invoice: r.invoice
      ? {
          name: r.invoice.name,
          address: r.invoice.address,
          zip: r.invoice.zip,
          city: r.invoice.city,
          country: r.invoice.country,
          vat: blank(r.invoice.vat),
          sdi: blank(r.invoice.sdi),
        }
      : null,
    agency: r.agency
      ? {
          fullname: r.agency.fullname,
          address: blank(r.agency.address),
          cap: blank(r.agency.cap),
          city: blank(r.agency.city),
          country: blank(r.agency.country),
          mail: blank(r.agency.mail),
          phone: blank(r.agency.phone),
          referentName: blank(r.agency.referentName),
          vatNumber: blank(r.agency.vatNumber),
          iataCode: blank(r.agency.iataCode),
          code: blank(r.agency.code),
          type: r.agency.type === 2 ? 2 : 1,
        }
      : null,
    rooms: r.rooms.map((room) => {
      const roomArrival = ymd(room.arrival);
      return {
        id: room.id,
        roomTypeId: room.roomTypeId,
        name: pickText(room.name, language),
        status: room.status === "C" || room.status === "W" ? room.status : "A",
        adults: room.adults,
        children: room.childAges,
        rateId: room.ratePlanId,
        // A trade rate is named by its board where the guest reads it, never "Trade – net rate".
        rateName:
          forGuest && (r.agency || r.customerId !== null)
            ? pickText(boardNameOf(room.mealPlan), language)
            : pickText(room.rateName, language),
        mealPlan: room.mealPlan,
        resellable: room.resellable,
        ...(room.resellable && !pricesHidden ? { resale: resaleOf(r, room) } : {}),
        minStay: room.minStay,
        maxStay: room.maxStay,
        roomTotal: money(room.totalMinor),
        penalty: money(room.penaltyMinor),
        nightly: room.nightlyMinor.map((price, n) => ({
          date: addDays(roomArrival, n),
          price: money(price),
        })),
        refundProtection: room.refundProtection,
        arrival: roomArrival,
        departure: ymd(room.departure),
        included: room.included.map((name) => pickText(name, language)),
        flights: room.flights
          ? {
              outbound: toFlight(room.flights.outbound),
              return: toFlight(room.flights.return),
              passengers: room.flights.passengers,
              flightTotal: money(room.flightMinor),
            }
          : null,
        extra: r.services
          .filter((s) => s.roomId === room.id)
          .map((s) => toExtra(s, language, digits, pricesHidden)),
        guests: r.guests
          .filter((g) => g.roomId === room.id)
          .map((g) => ({
            firstName: g.firstName,
            lastName: g.lastName,
            type: g.type === "child" ? ("child" as const) : ("adult" as const),
            birthDate: g.birthDate ? toDdMmYyyy(g.birthDate) : null,
            sex: g.sex === "male" || g.sex === "female" ? g.sex : null,
          })),
      };
    }),
    extra: r.services.filter((s) => s.roomId === null).map((s) => toExtra(s, language, digits, pricesHidden)),
    total: money(r.totalMinor),
    roomTotal: money(r.roomsTotalMinor),
    servicesTotal: money(r.servicesTotalMinor),
    cityTax: fromMinor(r.cityTaxMinor, digits),
    refundProtection: money(r.refundProtectionMinor),
    currency: r.currency,
    // Rows an installment plan replaced are history, not something to pay.
    prepayments: r.payments
      .filter((p) => !pricesHidden && p.status !== "replaced")
      .map((p) => ({
        id: p.id,
        date: ymd(p.dueDate),
        amount: money(p.amountMinor),
        status:
          (["due", "paid", "authorised", "failed", "cancelled"] as const).find((s) => s === p.status) ??
          "due",
        kind: p.kind === "installment" ? ("installment" as const) : ("prepayment" as const),
      })),
    refunds: r.refunds
      .filter(() => !pricesHidden)
      .map((refund) => ({
        date: todayInZone(new Date(refund.at), r.hotel.timeZone),
        amount: money(refund.amountMinor),
        status:
          (["pending", "refunded", "manual", "failed"] as const).find((s) => s === refund.status) ??
          "pending",
      })),
    policy: {
      refundable,
      // The first room's rate speaks for the booking; a refundable rate without days is free until arrival.
      freeUntil: refundable ? addDays(arrival, -(first?.freeCancellationDays ?? 0)) : null,
    },
    paymentMethod: r.paymentMethod,
    // A cancelled booking is owed nothing: no bank details to pay it by.
    bankTransfer:
      pricesHidden || r.status === "cancelled"
        ? null
        : bankTransferDetailsOf({
            paymentMethod: r.paymentMethod,
            settings: r.hotel.bankTransfer,
            code: r.code,
            bookingDay,
            arrival,
            payments: r.payments
              .filter((p) => p.status !== "replaced")
              .map((p) => ({ date: ymd(p.dueDate), status: p.status, amountMinor: p.amountMinor })),
          }),
    cardLast4: r.cardLast4,
    cardHold: pricesHidden ? null : cardHoldOf(r, digits),
    notes: { guest: blank(r.booker.note), property: blank(r.propertyNote) },
    customerMail: r.email,
    gateway: isCardMethod(r.paymentMethod) ? r.hotel.paymentGatewayKey : null,
    payMethods: r.hotel.stripeMethods ? redirectMethodsOf(r.hotel.stripeMethods) : null,
    promoCode: r.promoCode,
    optionExpiresAt: r.optionExpiresAt ? instant(r.optionExpiresAt) : null,
    createdAt: instant(r.createdAt),
    pricesHidden,
  };
}

/**
 * `retrieve.do`: the reservation for its code, booker e-mail and channel. Any mismatch answers the same 404; a
 * code that failed too often is refused (429) whatever the e-mail, so the refusal reveals nothing either.
 */
export async function retrieveReservation(deps: RetrieveDeps, query: RetrieveQuery): Promise<Reservation> {
  if (await deps.codeLimiter.isBlocked(query.code)) throw tooManyAttempts();
  const stored = await findReservationForGuest(deps.database, query);
  if (!stored) {
    await deps.codeLimiter.recordFailure(query.code);
    throw reservationNotFound();
  }
  return toVoucherReservation(stored, query.language ?? stored.languageId);
}

/** The card's pre-authorisation or guarantee as it stands (a refund after a capture is in the refunds). */
function cardHoldOf(r: StoredReservation, digits: number): Reservation["cardHold"] {
  const hold = holdOfCard(r.transactions);
  if (!hold) return null;
  const status = hold.status === "refunded" ? "captured" : hold.status;
  return { amount: fromMinor(hold.amountMinor, digits), status };
}
