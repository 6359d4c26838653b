import type { PaymentMethod, ReservationStatus } from "@alloggio/domain/booking/reservation-state";
import type { BookingAgency } from "@alloggio/domain/booking/trade-booking";
import type { BookedFlights, Booker, InvoiceData, LocalizedText } from "../../db/schema";

/**
 * Everything a reservation mail says: the mails' view of a reservation, mapped from the booking's read model
 * (`toMailFacts`), so that this low layer reads no reservation itself.
 */
export type ReservationMailFacts = {
  id: number;
  code: string;
  status: ReservationStatus;
  languageId: number;
  channelId: number;
  arrival: string;
  departure: string;
  booker: Booker;
  email: string;
  invoice: InvoiceData | null;
  /** The property's note to the guest (back office); absent or null when none. */
  propertyNote?: string | null;
  currency: { code: string; decimalDigits: number };
  roomsTotalMinor: number;
  servicesTotalMinor: number;
  refundProtectionMinor: number;
  cityTaxMinor: number;
  totalMinor: number;
  paymentMethod: PaymentMethod;
  promoCode: string | null;
  /** ISO instant */
  optionExpiresAt: string | null;
  /** ISO instant */
  createdAt: string;
  hotel: {
    id: number;
    name: string;
    address: string;
    city: string;
    country: string;
    email: string;
    phone: string;
    timeZone: string;
    /** hh:mm:ss */
    checkInFrom: string;
    checkInUntil: string;
    checkOutUntil: string;
    cityTaxMinor: number;
    /** `settings.bankTransfer`, unchecked JSON: where a bank transfer goes (booking/bank-transfer.ts reads it). */
    bankTransfer?: unknown;
    /** `settings.mailLanguage`, unchecked: the language of the hotel's own mails (hotelTextsFor reads it). */
    mailLanguage?: string | null;
  };
  rooms: {
    id: number;
    arrival: string;
    departure: string;
    adults: number;
    childAges: number[];
    status: string;
    totalMinor: number;
    /** What a cancelled room still costs. */
    penaltyMinor: number;
    /** The room's price of each night, from the arrival on (the voucher PDF lists them). */
    nightlyMinor: number[];
    refundProtection: boolean;
    /** A fly & stay room's flights out and back; null (or absent) without flights. */
    flights?: BookedFlights | null;
    /** What those flights cost: part of `totalMinor`. */
    flightMinor?: number;
    /** The names of the services the rate and the package booked include (absent: none). */
    included?: LocalizedText[];
    name: LocalizedText;
    rate: {
      name: LocalizedText;
      mealPlan: "room_only" | "breakfast" | "half_board" | "full_board" | "all_inclusive" | "unspecified";
      refundable: boolean;
      freeCancellationDays: number | null;
      /** A net rate: its price is what the agency owes, never shown to the guest. */
      isNet?: boolean;
    };
    /** A trade booking's commission on this room (ADR 0031): percent (null when none) and amount. */
    commissionPercent?: number | null;
    commissionMinor?: number;
  }[];
  services: {
    /** reservation_service.id */
    id: number;
    serviceId: number;
    roomId: number | null;
    name: LocalizedText;
    quantity: number;
    day: string | null;
    timeSlot: string | null;
    priceMinor: number;
    transfer: { time?: string; placeCode?: string; transportNumber?: string; note?: string } | null;
  }[];
  guests: { roomId: number | null; firstName: string; lastName: string; type: string }[];
  payments: {
    id: number;
    dueDate: string;
    amountMinor: number;
    /** due, paid, authorised, failed, cancelled, replaced (by an installment plan) */
    status: string;
    /** prepayment or installment */
    kind: string;
  }[];
  /** Refunds recorded for the reservation (pending, refunded, manual, failed); `at` is an instant. */
  refunds: { id: number; at: string; amountMinor: number; status: string }[];
  /** The gateway's page where the guest pays a payment link (pay-by-link later), while it waits. */
  paymentLink: string | null;
  /** A trade booking's agency data as booked (ADR 0031); null (or absent) on a guest's booking. */
  agency?: BookingAgency | null;
  /** The trade customer that booked; null (or absent) on a guest's booking. */
  customerId?: number | null;
  /** That customer's own e-mail (where the agency's mails go when the booking's agency data has none). */
  agencyAccountEmail?: string | null;
};
