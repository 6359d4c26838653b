import type { PaymentMethod, ReservationStatus } from "@alloggio/domain/booking/reservation-state";
import type { BookingAgency } from "@alloggio/domain/booking/trade-booking";
import type { Attribution } from "@alloggio/domain/tracking/attribution";
import type { BookedFlights, Booker, InvoiceData, LocalizedText, PrepaymentStep } from "../../db/schema";
import type { MealPlanKey } from "./texts";

// The read model's shape sits here, below booking (which reads it with its one statement, retrieve-repository.ts),
// so that the mails and the PDFs render the reservation as read, and this low layer reads no reservation itself.

/** A hotel as every mail names it: its contacts, check-in and check-out times, city tax and mail language. */
export type MailHotel = {
  id: number;
  name: string;
  address: string;
  city: string;
  country: string;
  email: string;
  phone: string;
  /** hh:mm:ss */
  checkInFrom: string;
  /** hh:mm:ss: the check-in cut-off, which ends a free cancellation until the arrival day. */
  checkInUntil: string;
  /** hh:mm:ss */
  checkOutUntil: string;
  /** City tax per adult per night, minor units. */
  cityTaxMinor: number;
  /** `settings.mailLanguage`, unchecked: the language of the hotel's own mails (hotelTextsFor reads it). */
  mailLanguage: string | null;
};

/**
 * The one read model of a reservation: as stored, with its hotel, rooms (room type and rate), services, guests and
 * payments. The voucher, retrieve.do, the mails, the PDFs and the agency's list map from it.
 */
export type StoredReservation = {
  /** Internal id: never shown to the guest. */
  id: number;
  channelId: number;
  channelName: string;
  code: string;
  status: ReservationStatus;
  languageId: number;
  /** ISO dates */
  arrival: string;
  departure: string;
  booker: Booker;
  email: string;
  invoice: InvoiceData | null;
  agency: BookingAgency | null;
  /** The trade customer that booked; null on a guest's booking. */
  customerId: number | null;
  customerName: string | null;
  /** That customer's own e-mail (where the agency's mails go when the booking's agency data has none). */
  agencyAccountEmail: string | null;
  currency: string;
  decimalDigits: number;
  roomsTotalMinor: number;
  servicesTotalMinor: number;
  refundProtectionMinor: number;
  cityTaxMinor: number;
  totalMinor: number;
  paymentMethod: PaymentMethod;
  promoCode: string | null;
  /** timestamps as PostgreSQL writes them in JSON */
  optionExpiresAt: string | null;
  /** YYYY-MM-DD hotel-local: the last day a bank transfer may arrive. */
  paymentDeadline: string | null;
  createdAt: string;
  cardLast4: string | null;
  /** The property's note to the guest (back office); null when none. */
  propertyNote: string | null;
  /** The gateway's page where the guest pays a payment link (pay-by-link later), while it waits. */
  paymentLink: string | null;
  /** Where the booking came from (metasearch, campaign), as stored. */
  attribution: Attribution | null;
  hotel: MailHotel & {
    timeZone: string;
    paymentGatewayKey: string;
    /** What the hotel's Stripe account takes (Stripe's names), when it is on Stripe and that is known. */
    stripeMethods?: string[] | null;
    /** `settings.bankTransfer` as the property file gave it: unchecked JSON (booking/bank-transfer.ts reads it). */
    bankTransfer: unknown;
    ageGroups: { id: number; min: number; max: number }[];
  };
  /** Captured so far (payments due marked paid), less what was refunded. */
  paidMinor: number;
  rooms: {
    /** reservation_room id: services and guests point at it */
    id: number;
    roomTypeId: number;
    name: LocalizedText;
    status: string;
    arrival: string;
    departure: string;
    adults: number;
    childAges: number[];
    ratePlanId: number;
    rateName: LocalizedText;
    /** A net rate: its amounts are what the agency owes the hotel. */
    isNet: boolean;
    /** How the rate is paid (`rate_plan.payment`): at the hotel, prepaid, by bank transfer… */
    ratePayment: string;
    mealPlan: MealPlanKey;
    refundable: boolean;
    freeCancellationDays: number | null;
    resellable: boolean;
    /** The rate's resale fee (numeric, as JSON gives it). */
    resaleFeePercent: number | string;
    minStay: number;
    maxStay: number | null;
    totalMinor: number;
    nightlyMinor: number[];
    refundProtection: boolean;
    refundProtectionMinor: number;
    /** What the room still costs once cancelled (its penalty). */
    penaltyMinor: number;
    /** The rate's prepayment steps when booked. */
    prepayment: PrepaymentStep[];
    /** A fly & stay room's flights out and back; null without flights. */
    flights: BookedFlights | null;
    /** What those flights cost (part of `totalMinor`). */
    flightMinor: number;
    /** The names of the services the rate and the package booked include, in that order. */
    included: LocalizedText[];
    /** A trade booking's commission on this room (ADR 0031): percent (null when none) and amount. */
    commissionPercent: number | null;
    commissionMinor: number;
  }[];
  services: {
    /** reservation_service id */
    id: number;
    serviceId: number;
    isTransfer: boolean;
    roomId: number | null;
    name: LocalizedText;
    quantity: number;
    day: string | null;
    timeSlot: string | null;
    priceMinor: number;
    transfer: { time?: string; placeCode?: string; transportNumber?: string; note?: string } | null;
  }[];
  guests: {
    roomId: number | null;
    firstName: string;
    lastName: string;
    type: string;
    birthDate: string | null;
    sex: string | null;
  }[];
  payments: {
    id: number;
    dueDate: string;
    amountMinor: number;
    status: string;
    kind: string;
    paidAt: string | null;
    /** Still due and waiting for a payment link the guest has not used yet. */
    linkPending: boolean;
  }[];
  /** Refunds recorded (pending, refunded, manual, failed), oldest first; `at` is an instant. */
  refunds: { id: number; at: string; amountMinor: number; status: string }[];
  /** Every payment transaction (payments, links, refunds), oldest first: the property's ledger. */
  transactions: {
    id: number;
    at: string;
    kind: string;
    gateway: string;
    amountMinor: number;
    status: string;
    cardLast4: string | null;
    sourceId: number | null;
  }[];
  /** What happened to it, oldest first (`by` and `waivedMinor` from the row's details). */
  history: {
    id: number;
    at: string;
    actor: string;
    action: string;
    fromStatus: string | null;
    toStatus: string | null;
    by: string | null;
    waivedMinor: number | null;
  }[];
  /** The mails written about it, oldest first. */
  mails: {
    id: number;
    to: string;
    subject: string;
    status: string;
    createdAt: string;
    sentAt: string | null;
  }[];
  /** Its rooms' resale offers, oldest first (ADR 0065). */
  resale: StoredResaleOffer[];
};

/** A resale offer of the reservation, as the read model gives it (ADR 0065). */
export type StoredResaleOffer = {
  id: number;
  reservation_room_id: number;
  status: "listed" | "settled" | "expired" | "withdrawn";
  deadline_at: string;
  fee_percent: string;
  nights: {
    day: string;
    status: "listed" | "sold" | "expired" | "withdrawn";
    holder: number;
    recovered: number | null;
  }[];
};
