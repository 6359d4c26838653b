import { z } from "zod";
import { GUARANTEE_CHARGE_REASONS } from "../../booking/card-holds";
import { ReservationSchema } from "../booking/retrieve";
import { HotelParamsSchema } from "./access";

// The back office's reservations: the list with its filters, one reservation in full, and what the
// property does to it. Money is in minor units of the reservation's currency; dates are YYYY-MM-DD.

/** Rows per page of the list. */
export const RESERVATIONS_PAGE_SIZE = 25;
/** The longest property note. */
export const PROPERTY_NOTE_MAX = 1000;

/**
 * The list's status filter: the reservation statuses, `option` for a pending confirmation (an option held until
 * its expiry) and `waiting` for a reservation with a waiting room (SPEC §4, room status W).
 */
export const BO_STATUS_FILTERS = [
  "option",
  "confirmed",
  "payment_required",
  "preauth_required",
  "cancelled",
  "waiting",
] as const;
export type BoStatusFilter = (typeof BO_STATUS_FILTERS)[number];

const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "not a date");
const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const blankToUndefined = (v: unknown) => (v === "" ? undefined : v);

export const ReservationListQuerySchema = z
  .strictObject({
    /** Stays overlapping these days (arrival before the end, departure after the start). */
    stayFrom: z.preprocess(blankToUndefined, IsoDateSchema.optional()),
    stayTo: z.preprocess(blankToUndefined, IsoDateSchema.optional()),
    /** Booked on these hotel-local days. */
    bookedFrom: z.preprocess(blankToUndefined, IsoDateSchema.optional()),
    bookedTo: z.preprocess(blankToUndefined, IsoDateSchema.optional()),
    status: z.preprocess(blankToUndefined, z.enum(BO_STATUS_FILTERS).optional()),
    channel: z.preprocess(blankToUndefined, Id.optional()),
    /** A trade customer (agency or company). */
    customer: z.preprocess(blankToUndefined, Id.optional()),
    /** The reservation code or its first characters (spaces, dashes and look-alike letters forgiven). */
    code: z.preprocess(blankToUndefined, z.string().max(40).optional()),
    /** Part of the guest's name, any case. */
    guest: z.preprocess(blankToUndefined, z.string().max(100).optional()),
    /** Part of the booker's e-mail, any case. */
    email: z.preprocess(blankToUndefined, z.string().max(200).optional()),
    /** Only reservations a card holder's bank disputed a payment of (a chargeback). */
    disputed: z.preprocess(
      (v) => (v === "" || v === "false" ? undefined : v),
      z
        .literal("true")
        .transform(() => true as const)
        .optional(),
    ),
    sort: z.preprocess(blankToUndefined, z.enum(["arrival", "created"]).default("arrival")),
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  })
  .superRefine((q, ctx) => {
    if (q.stayFrom && q.stayTo && q.stayTo < q.stayFrom)
      ctx.addIssue({ code: "custom", path: ["stayTo"], message: "before stayFrom" });
    if (q.bookedFrom && q.bookedTo && q.bookedTo < q.bookedFrom)
      ctx.addIssue({ code: "custom", path: ["bookedTo"], message: "before bookedFrom" });
  });
export type ReservationListQuery = z.output<typeof ReservationListQuerySchema>;

export const BoReservationStatusSchema = z.enum([
  "pending_confirmation",
  "confirmed",
  "payment_required",
  "preauth_required",
  "cancelled",
]);

export const ReservationRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: BoReservationStatusSchema,
  /** A room waits (SPEC §4 W). */
  waiting: z.boolean(),
  /** An option's expiry (ISO 8601 instant). */
  optionExpiresAt: z.string().nullable(),
  guest: z.string(),
  email: z.string(),
  arrival: z.string(),
  departure: z.string(),
  nights: z.number().int(),
  /** Rooms not cancelled. */
  rooms: z.number().int(),
  channel: z.object({ id: z.number().int(), name: z.string() }),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  currency: z.string(),
  decimalDigits: z.number().int(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  dueMinor: z.number().int(),
  /** Neither scheduled nor paid: what the guest pays at the hotel (0 once cancelled). */
  atHotelMinor: z.number().int(),
  paymentMethod: z.string(),
  /** ISO 8601 instant */
  createdAt: z.string(),
});
export type ReservationRow = z.infer<typeof ReservationRowSchema>;

export const ReservationListSchema = z
  .object({
    rows: z.array(ReservationRowSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** What the channel and customer filters offer. */
    channels: z.array(z.object({ id: z.number().int(), name: z.string() })),
    customers: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** The hotel's IANA time zone: the page shows every instant in hotel time. */
    timeZone: z.string(),
  })
  .meta({ id: "BoReservationList" });
export type ReservationList = z.infer<typeof ReservationListSchema>;

export const ReservationParamsSchema = HotelParamsSchema.extend({ reservationId: Id });
/** One resale offer of a reservation (ADR 0070): the hotel's staff withdraw it while it is listed. */
export const ResaleOfferParamsSchema = ReservationParamsSchema.extend({ offerId: Id });

/** The actions the reservation's state allows now (the role decides the rest). */
export const ReservationActionsSchema = z.object({
  confirmOption: z.boolean(),
  recordTransfer: z.boolean(),
  cancel: z.boolean(),
  cancelPaymentLink: z.boolean(),
  resendConfirmation: z.boolean(),
  /** A pre-authorisation still held: capture it (all or less) or release it. */
  captureAuthorisation: z.boolean(),
  releaseAuthorisation: z.boolean(),
  /** A card guarantee not charged yet: charge a no-show or a late cancellation. */
  chargeGuarantee: z.boolean(),
});
export type ReservationActions = z.infer<typeof ReservationActionsSchema>;

export const ReservationDetailSchema = z
  .object({
    id: z.number().int(),
    /** The reservation as the guest's voucher shows it (dates YYYYMMDD, money in major units). */
    reservation: ReservationSchema,
    channel: z.object({ id: z.number().int(), name: z.string() }),
    customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** The hotel's IANA time zone: the page shows every instant in hotel time. */
    timeZone: z.string(),
    decimalDigits: z.number().int(),
    totalMinor: z.number().int(),
    paidMinor: z.number().int(),
    dueMinor: z.number().int(),
    /** Neither scheduled nor paid: what the guest pays at the hotel (0 once cancelled). */
    atHotelMinor: z.number().int(),
    propertyNote: z.string().nullable(),
    /** A trade booking's commission on its rooms still booked (what each stored when sold); null when none. */
    commissionMinor: z.number().int().nullable().optional(),
    /**
     * Where the booking came from: the metasearch click references and the campaign the guest landed
     * with; null for a direct booking.
     */
    attribution: z
      .object({
        trivago: z.string().optional(),
        tripadvisor: z.string().optional(),
        campaign: z.string().optional(),
      })
      .nullable(),
    /** Every payment due row, replaced ones included, oldest first. */
    dues: z.array(
      z.object({
        id: z.number().int(),
        dueDate: z.string(),
        amountMinor: z.number().int(),
        status: z.string(),
        kind: z.string(),
        paidAt: z.string().nullable(),
        /** Waits for a payment link the guest has not used yet. */
        linkPending: z.boolean(),
      }),
    ),
    /** Every gateway call, bank transfer and refund. */
    transactions: z.array(
      z.object({
        id: z.number().int(),
        at: z.string(),
        kind: z.string(),
        gateway: z.string(),
        amountMinor: z.number().int(),
        status: z.string(),
        cardLast4: z.string().nullable(),
        /** A refund to a card: the payment (another transaction's id) it gives money back to. */
        sourceId: z.number().int().nullable(),
      }),
    ),
    history: z.array(
      z.object({
        id: z.number().int(),
        at: z.string(),
        actor: z.string(),
        action: z.string(),
        fromStatus: z.string().nullable(),
        toStatus: z.string().nullable(),
        by: z.string().nullable(),
        /** A cancellation whose penalty the property waived: how much. */
        waivedMinor: z.number().int().nullable(),
      }),
    ),
    /**
     * Disputes (chargebacks) the card holder's bank opened on the reservation's payments, as the gateway last told
     * them, newest first: Stripe's reason and status codes, the evidence deadline an instant.
     */
    disputes: z
      .array(
        z.object({
          id: z.number().int(),
          amountMinor: z.number().int(),
          currency: z.string(),
          reason: z.string(),
          status: z.string(),
          evidenceDueBy: z.string().nullable(),
          openedAt: z.string(),
        }),
      )
      .optional(),
    mails: z.array(
      z.object({
        id: z.number().int(),
        to: z.string(),
        subject: z.string(),
        status: z.string(),
        createdAt: z.string(),
        sentAt: z.string().nullable(),
      }),
    ),
    actions: ReservationActionsSchema,
    /**
     * The card the hotel holds (ADR 0074): a pre-authorisation (`authorisedMinor` held, or what became of it) or a
     * card guarantee, with what the rate charges for a no-show and a late cancellation; null when none.
     */
    cardHold: z
      .object({
        kind: z.enum(["pre_authorisation", "card_guarantee"]),
        status: z.string(),
        authorisedMinor: z.number().int(),
        chargeDefaults: z.object({ no_show: z.number().int(), late_cancellation: z.number().int() }),
      })
      .nullable(),
  })
  .meta({ id: "BoReservationDetail" });
export type ReservationDetail = z.infer<typeof ReservationDetailSchema>;

export const RecordTransferRequestSchema = z
  .strictObject({
    amountMinor: z.number().int().min(1).max(2_000_000_000),
    /** The day the transfer arrived (hotel-local), not in the future. */
    receivedOn: IsoDateSchema,
  })
  .meta({ id: "BoRecordTransferRequest" });
export type RecordTransferRequest = z.infer<typeof RecordTransferRequestSchema>;

export const RecordTransferResponseSchema = z.object({
  settledDueIds: z.array(z.number().int()),
  creditMinor: z.number().int(),
  stillDueMinor: z.number().int(),
});

export const ConfirmOptionResponseSchema = z.object({
  status: z.literal("confirmed"),
  /** YYYY-MM-DD: a bank transfer's new deadline. */
  paymentDeadline: z.string().nullable(),
});

export const BoCancelRequestSchema = z
  .strictObject({
    /** The reservation room to cancel; absent = the whole reservation. */
    roomId: Id.optional(),
    /** true: only what it would cost (nothing changes). */
    preview: z.boolean(),
    /** true: the property gives up the penalty (recorded in the history and the audit). */
    waivePenalty: z.boolean().optional(),
  })
  .meta({ id: "BoCancelRequest" });
export type BoCancelRequest = z.infer<typeof BoCancelRequestSchema>;

export const BoCancelResponseSchema = z
  .object({
    preview: z.boolean(),
    currency: z.string(),
    decimalDigits: z.number().int(),
    cancelsReservation: z.boolean(),
    free: z.boolean(),
    penaltyMinor: z.number().int(),
    newTotalMinor: z.number().int(),
    refundMinor: z.number().int(),
    stillOwedMinor: z.number().int(),
    /** The penalty the property waived (0 unless it did). */
    waivedMinor: z.number().int(),
  })
  .meta({ id: "BoCancelResponse" });
export type BoCancelResponse = z.infer<typeof BoCancelResponseSchema>;

export const CaptureRequestSchema = z
  .strictObject({
    /** What to capture, at most what is authorised; absent = all of it. The rest is released. */
    amountMinor: z.number().int().min(1).max(2_000_000_000).optional(),
  })
  .meta({ id: "BoCaptureRequest" });
export type CaptureRequest = z.infer<typeof CaptureRequestSchema>;
export const CaptureResponseSchema = z.object({
  capturedMinor: z.number().int(),
  releasedMinor: z.number().int(),
});
export const ReleaseResponseSchema = z.object({ releasedMinor: z.number().int() });

export const ChargeGuaranteeRequestSchema = z
  .strictObject({
    reason: z.enum(GUARANTEE_CHARGE_REASONS),
    /** What to charge, at most the reservation's total; absent = what the rate charges for the reason. */
    amountMinor: z.number().int().min(1).max(2_000_000_000).optional(),
  })
  .meta({ id: "BoChargeGuaranteeRequest" });
export type ChargeGuaranteeRequest = z.infer<typeof ChargeGuaranteeRequestSchema>;
export const ChargeGuaranteeResponseSchema = z.object({
  /** charged: the card paid; link_sent: the bank asked the holder, who was mailed a payment link. */
  result: z.enum(["charged", "link_sent"]),
  amountMinor: z.number().int(),
});

export const CancelLinkResponseSchema = z.object({ cancelledLinks: z.number().int() });
export const ResendResponseSchema = z.object({ mails: z.number().int() });

export const PropertyNoteRequestSchema = z
  .strictObject({ note: z.string().trim().max(PROPERTY_NOTE_MAX).nullable() })
  .meta({ id: "BoPropertyNoteRequest" });
export const PropertyNoteResponseSchema = z.object({ propertyNote: z.string().nullable() });
