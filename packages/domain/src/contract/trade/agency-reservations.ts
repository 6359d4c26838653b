import { z } from "zod";
import { OPTION_METHODS } from "../../booking/rate-payment-methods";
import { IdSchema, MoneySchema, ReservationCodeSchema } from "../common";

// The agency area's reservation calls (SPEC §2 agencyReservations, §4, §7 `agency/*`; ADR 0032). The
// agency is always the trade session's customer, never a request parameter: another agency's code answers 404.

export const AGENCY_PATHS = {
  list: "/api/agency/list-reservations",
  hotels: "/api/agency/associated-hotels",
  confirm: "/api/agency/confirm-reservation/:code",
  cancel: "/api/agency/reservations/:code",
  cancelQuote: "/api/agency/reservations/:code/cancellation",
  print: "/api/agency/print/:code/:version",
} as const;

/** SPEC §4: the agency's status filter. The mapping from reservation statuses is ADR 0032's. */
export const AGENCY_STATUS_FILTERS = ["all", "active", "canceled", "waiting"] as const;
export type AgencyStatusFilter = (typeof AGENCY_STATUS_FILTERS)[number];

/** Where one reservation stands in the agency's filter (each reservation in exactly one of the three). */
export const AGENCY_STATUSES = ["active", "canceled", "waiting"] as const;
export type AgencyStatus = (typeof AGENCY_STATUSES)[number];

export const AGENCY_PAGE_SIZE_MAX = 50;

/** The methods an agency may choose when it confirms an option (ADR 0032): no card flow in the agency area. */
export const AGENCY_CONFIRM_METHODS = OPTION_METHODS;
export type AgencyConfirmMethod = (typeof AGENCY_CONFIRM_METHODS)[number];

const Count = z.coerce.number().int().min(1).max(99);

export const AgencyListRequestSchema = z
  .strictObject({
    status: z.enum(AGENCY_STATUS_FILTERS).default("all"),
    /** A hotel (property) the account is enabled for. */
    hotel: IdSchema.optional(),
    /** The reservation's total, in major units of its currency: at least … */
    priceMin: z.number().min(0).max(100_000_000).optional(),
    /** … and at most. */
    priceMax: z.number().min(0).max(100_000_000).optional(),
    /** Reservations with exactly this many adults (all rooms together). */
    adults: Count.optional(),
    /** Reservations with exactly this many rooms. */
    rooms: Count.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(AGENCY_PAGE_SIZE_MAX).default(20),
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    message: "must not be below priceMin",
    path: ["priceMax"],
  })
  .meta({ id: "AgencyListRequest" });
export type AgencyListRequest = z.input<typeof AgencyListRequestSchema>;
export type AgencyListQuery = z.output<typeof AgencyListRequestSchema>;

export const AgencyReservationRowSchema = z
  .object({
    code: z.string(),
    /** With its IANA time zone: the option's deadline is written in hotel time. */
    hotel: z.object({ id: z.number(), name: z.string(), timeZone: z.string() }),
    channel: z.number(),
    /** YYYY-MM-DD */
    arrival: z.string(),
    departure: z.string(),
    guest: z.string(),
    /** The agency's own reference of the booking; null when it gave none. */
    reference: z.string().nullable().optional(),
    /** The guest's e-mail the booking was made with: it opens the reservation's voucher. */
    email: z.string().optional(),
    /** Rooms not cancelled (all rooms of a cancelled reservation). */
    rooms: z.number(),
    adults: z.number(),
    currency: z.string(),
    total: MoneySchema,
    /** What the agency earns on it, when its rooms were booked at commissionable rates; null otherwise. */
    commission: MoneySchema.nullable(),
    /** The reservation's own status, and its place in the agency's filter. */
    status: z.enum([
      "pending_confirmation",
      "confirmed",
      "payment_required",
      "preauth_required",
      "cancelled",
    ]),
    agencyStatus: z.enum(AGENCY_STATUSES),
    /** ISO instant: an option's expiry (null when not an option). */
    optionExpiresAt: z.string().nullable(),
    /** The methods this option may be confirmed with (empty when not a live option). */
    confirmMethods: z.array(z.enum(AGENCY_CONFIRM_METHODS)),
    createdAt: z.string(),
  })
  .meta({ id: "AgencyReservationRow" });
export type AgencyReservationRow = z.infer<typeof AgencyReservationRowSchema>;

export const AgencyListResponseSchema = z
  .object({
    rows: z.array(AgencyReservationRowSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  })
  .meta({ id: "AgencyList" });
export type AgencyList = z.infer<typeof AgencyListResponseSchema>;

export const AgencyHotelsResponseSchema = z
  .object({
    hotels: z.array(
      z.object({
        hotel: z.number(),
        name: z.string(),
        channel: z.number(),
        channelName: z.string(),
      }),
    ),
  })
  .meta({ id: "AgencyHotels" });
export type AgencyHotels = z.infer<typeof AgencyHotelsResponseSchema>;

export const AgencyCodeParamsSchema = z.object({ code: ReservationCodeSchema });

export const AgencyConfirmRequestSchema = z
  .strictObject({ paymentMethod: z.enum(AGENCY_CONFIRM_METHODS) })
  .meta({ id: "AgencyConfirmRequest" });
export type AgencyConfirmRequest = z.infer<typeof AgencyConfirmRequestSchema>;

/** Answer of a confirmation or a cancellation: the reservation's row as it now stands. */
export const AgencyChangeResponseSchema = z
  .object({ reservation: AgencyReservationRowSchema })
  .meta({ id: "AgencyChange" });
export type AgencyChange = z.infer<typeof AgencyChangeResponseSchema>;

/** What cancelling would cost now, before the agency confirms it (the guest's rules; minor units). */
export const AgencyCancelQuoteSchema = z
  .object({
    currency: z.string(),
    decimalDigits: z.number().int(),
    cancelsReservation: z.boolean(),
    free: z.boolean(),
    penaltyMinor: z.number().int(),
    refundMinor: z.number().int(),
    stillOwedMinor: z.number().int(),
  })
  .meta({ id: "AgencyCancelQuote" });
export type AgencyCancelQuote = z.infer<typeof AgencyCancelQuoteSchema>;

export const AGENCY_PRINT_VERSIONS = ["agency", "guest"] as const;
export type AgencyPrintVersion = (typeof AGENCY_PRINT_VERSIONS)[number];

export const AgencyPrintParamsSchema = z.object({
  code: ReservationCodeSchema,
  version: z.enum(AGENCY_PRINT_VERSIONS),
});
export const AgencyPrintQuerySchema = z.object({
  /** 1 en … 9 ja; the reservation's language when absent. */
  language: z.coerce.number().int().min(1).max(9).optional(),
});

/** The agency's status of a reservation (ADR 0032). */
export function agencyStatusOf(status: string, hasWaitingRoom: boolean): AgencyStatus {
  if (status === "cancelled") return "canceled";
  if (status === "confirmed" && !hasWaitingRoom) return "active";
  return "waiting";
}
