/**
 * Managing a booking from the voucher (SPEC §2, §4, §6, §7; ADR 0010): cancel, verify and preview a
 * change, confirm it, edit transfer details, pay now, authorise now, activate installments, and the quote request.
 * Recovering the reservation is `retrieve.do` (./retrieve.ts), whose `ReservationSchema` these calls answer with.
 *
 * The booking holder proves who they are with the reservation code and the booker's e-mail (`mail`, as
 * `retrieve.do`); a wrong pair answers like `retrieve.do` ("check details"), rate limited the same way.
 * Every call that changes something needs the `Idempotency-Key` header (`IdempotencyHeadersSchema`).
 * Money in answers is a decimal number in the hotel currency; dates are `YYYYMMDD`; instants ISO 8601.
 */
import { z } from "zod";
import { isValidEmail, normalizeEmail } from "../../booking/guest-form";
import { INSTALLMENT_NOTICE_DAYS, MAX_INSTALLMENTS, MIN_INSTALLMENTS } from "../../booking/installments";
import { RESERVATION_STATUSES } from "../../booking/reservation-state";
import { TRANSFER_MAX_LENGTH, TRANSFER_TIME_PATTERN } from "../../booking/transfer";
import {
  MAX_ADULTS,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
  MIN_ADULTS,
  MIN_CHILD_AGE,
} from "../../occupancy/occupancy";
import { isValidYmd } from "../../stay-dates/stay-dates";
import {
  checkStay,
  EmailSchema,
  IdSchema,
  MAX_ROOMS,
  MoneySchema,
  ReservationCodeSchema,
  YmdSchema,
} from "../common";
import { ReservationSchema } from "./retrieve";

/** Where each call lives (API.md: Group A under `/api/<name>`, Group B under `/api/<path>`). */
export const MANAGE_PATHS = {
  cancel: "/api/delete.do",
  verifyDispo: "/api/bol/reservation/verifyDispo",
  recalc: "/api/bol/reservation/:code/recalc",
  modify: "/api/bol/reservation/:code/modify",
  transferUpdate: "/api/bol/transfer-update/:prId/:seId",
  payNow: "/api/bol/reservation/:code/pay",
  authoriseNow: "/api/bol/reservation/:code/authorise",
  activateInstallments: "/api/bol/reservation/:code/installments",
  /** The payment link in the guest's mail: a redirect to the gateway's page as it now stands. */
  paymentLink: "/api/bol/reservation/:code/payment-link",
  quote: "/api/quote.do",
} as const;

/**
 * The codes of the error answers (`error.code`, ARCHITECTURE §4) these calls give for expected refusals; the
 * web app shows `errors.<code>`. The reasons of the domain (booking/cancellation.ts, modification.ts,
 * transfer.ts) map one to one where the names match.
 */
export const MANAGE_ERROR_CODES = [
  /** 404: wrong code or e-mail, the same answer for both (SPEC §8 "check details"). */
  "check_details",
  /** 409: a resellable rate cannot be cancelled or changed. */
  "resellable",
  /** 409: the stay has begun (after the arrival day, hotel-local). */
  "stay_started",
  /** 409: the reservation or the room is already cancelled. */
  "already_cancelled",
  /** 409: a payment or authorisation is waiting: pay or authorise first. */
  "payment_pending",
  /** 409: dates can be swapped only while cancellation is free. */
  "after_deadline",
  "non_refundable",
  /** 422: SPEC §8 "Room swap dates not selectable". */
  "swap_dates_not_selectable",
  /** 409: SPEC §8 "Room swap … no availability". */
  "swap_not_available",
  /** 409: the price differs from the preview the guest confirmed: preview again. */
  "prices_changed",
  /** 409: SPEC §8 "Transfer update error": too late, not a transfer, cancelled. */
  "transfer_update_refused",
  /** 409: nothing to pay, authorise or split. */
  "nothing_due",
  /** 402: the gateway declined (SPEC §8 "Payment error", "Card not accepted"). */
  "payment_failed",
] as const;
export type ManageErrorCode = (typeof MANAGE_ERROR_CODES)[number];

const IDEMPOTENCY_KEY_DESCRIPTION =
  "Required on every call that changes the reservation: 8–128 letters, digits or _.:- chosen by the client, the same " +
  "for a retry. The first answer is kept: a replay gets it back, a concurrent duplicate 409, the same key with " +
  "another body 422 (ARCHITECTURE §3).";

/**
 * The headers of every mutating call here (Fastify `schema.headers`); other headers pass. No OpenAPI id: the
 * documentation lists headers one by one, not as a referenced object.
 */
export const IdempotencyHeadersSchema = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,128}$/, "must be 8–128 letters, digits or _.:-")
    .describe(IDEMPOTENCY_KEY_DESCRIPTION),
});

/** Ids in a JSON body are numbers, not the coerced strings of a query. */
const BodyIdSchema = z.number().int().min(1).max(2_147_483_647);
const text = (max: number) => z.string().trim().max(max);
/** `HH:MM`; the message is the guest-form code, as in the booking payload. */
const TimeSchema = z.string().trim().regex(TRANSFER_TIME_PATTERN, "invalid_date");
const HolderMailSchema = EmailSchema.describe("The booker's e-mail: with the code, the holder's proof");
/** The page's language: the answer names rooms, rates and services in it, as `retrieve.do` does (ADR 0019). */
const NamesLanguageSchema = z.number().int().min(1).max(9).optional();

/** The `:code` of `bol/reservation/:code/…`. */
export const ReservationCodeParamsSchema = z.strictObject({ code: ReservationCodeSchema });
export type ReservationCodeParams = z.output<typeof ReservationCodeParamsSchema>;

/** The payment link's query: the booker's e-mail, as every voucher link carries it. */
export const PaymentLinkQuerySchema = z.strictObject({ mail: HolderMailSchema });

/**
 * Transfer details as the guest sends them (SPEC §3 "Transfer detail"); empty fields clear. One truth for the
 * booking payload and `bol/transfer-update` (booking/transfer.ts holds the rules).
 */
export const TransferDetailsSchema = z
  .strictObject({
    time: TimeSchema.optional(),
    placeCode: text(TRANSFER_MAX_LENGTH.placeCode).optional(),
    /** Flight, train or boat number. */
    transportNumber: text(TRANSFER_MAX_LENGTH.transportNumber).optional(),
    note: text(TRANSFER_MAX_LENGTH.note).optional(),
  })
  .meta({ id: "TransferDetails" });
export type TransferDetails = z.output<typeof TransferDetailsSchema>;

// ── delete.do ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * `delete.do` (SPEC §7, API.md `{ channel, reservation }`): cancel the reservation, or one room with `room`.
 * With `preview: true` nothing changes and the answer is the quote (free, or the penalty) to show before
 * confirming; without it, the cancellation is made (header `Idempotency-Key`), the nights go back on sale in the
 * same transaction, any refund goes through the gateway, and the answer is the reservation as it now stands.
 */
export const CancelRequestSchema = z
  .strictObject({
    channel: BodyIdSchema,
    /** The reservation code. */
    reservation: ReservationCodeSchema,
    mail: HolderMailSchema,
    /** The reservation room to cancel (`rooms[].id` of the reservation); absent = the whole reservation. */
    room: BodyIdSchema.optional(),
    preview: z.boolean().optional(),
    /** The language of the names (rooms, rates, services) in the answer; the reservation's own when absent. */
    language: NamesLanguageSchema,
  })
  .meta({ id: "CancelRequest" });
export type CancelRequest = z.output<typeof CancelRequestSchema>;

const RoomCancellationSchema = z.object({
  id: z.number(),
  outcome: z.enum(["free", "penalty"]),
  reason: z.enum(["before_deadline", "option", "after_deadline", "non_refundable", "waived"]),
  penalty: MoneySchema,
  /** The last hotel-local day of free cancellation (YYYYMMDD); null when non-refundable. */
  freeUntil: z.string().nullable(),
  /** The instant free cancellation ends (exclusive, ISO 8601); null when non-refundable. */
  freeBefore: z.string().nullable(),
});

/** The answer to a `delete.do` preview: what cancelling now costs and gives back. */
export const CancellationQuoteSchema = z
  .object({
    currency: z.string(),
    /** The last active room goes too, so the reservation is cancelled. */
    cancelsReservation: z.boolean(),
    free: z.boolean(),
    penalty: MoneySchema,
    /** The reservation's total afterwards: what stays booked plus the penalties. */
    newTotal: MoneySchema,
    /** Paid beyond the new total, given back through the gateway. */
    refund: MoneySchema,
    /** What the guest still owes afterwards (a penalty not yet paid is charged to the guarantee). */
    stillOwed: MoneySchema,
    rooms: z.array(RoomCancellationSchema),
  })
  .meta({ id: "CancellationQuote" });
export type CancellationQuote = z.infer<typeof CancellationQuoteSchema>;

/** A preview answers the quote; a cancellation answers the reservation as it now stands. */
export const CancelResponseSchema = z.union([CancellationQuoteSchema, ReservationSchema]);
export type CancelResponse = z.infer<typeof CancelResponseSchema>;

// ── verifyDispo, recalc, modify ─────────────────────────────────────────────────────────────────────────────

const NewDatesShape = {
  /** The reservation room to move; absent = every active room of the stay. */
  room: BodyIdSchema.optional(),
  arrival: YmdSchema,
  departure: YmdSchema,
};

function checkNewDates(body: { arrival: string; departure: string }, ctx: z.RefinementCtx): void {
  if (isValidYmd(body.arrival) && isValidYmd(body.departure)) checkStay(body, ctx);
}

/**
 * `bol/reservation/verifyDispo` (SPEC §7): are these new dates selectable (the rate's rules, ADR 0010) and free
 * for the room or the whole stay? Reads only. The web app logs a failure and shows nothing (SPEC §8).
 */
export const VerifyDispoRequestSchema = z
  .strictObject({ reservation: ReservationCodeSchema, mail: HolderMailSchema, ...NewDatesShape })
  .superRefine(checkNewDates)
  .meta({ id: "VerifyDispoRequest" });
export type VerifyDispoRequest = z.output<typeof VerifyDispoRequestSchema>;

export const VerifyDispoResponseSchema = z
  .object({
    available: z.boolean(),
    /** Why not (SPEC §8 "not selectable or no availability"); null when available. */
    reason: z.enum(["swap_dates_not_selectable", "swap_not_available"]).nullable(),
    /**
     * The rule behind `swap_dates_not_selectable`: `same_dates`, `in_the_past`, `departure_not_after_arrival`,
     * `below_min_stay`, `above_max_stay`, or a refusal of the change itself (`after_deadline`, `non_refundable`,
     * `resellable`, `stay_started`, `payment_pending`, …).
     */
    detail: z.string().nullable(),
    /** The rooms that would move, with their new dates. */
    rooms: z.array(
      z.object({ id: z.number(), arrival: z.string(), departure: z.string(), nights: z.number() }),
    ),
  })
  .meta({ id: "VerifyDispoResponse" });
export type VerifyDispoResponse = z.infer<typeof VerifyDispoResponseSchema>;

/** A service to add (the hotel's offer of `serviceAvail.do`). */
export const AddServiceSchema = z.strictObject({
  serviceId: BodyIdSchema,
  /** The reservation room it belongs to (`rooms[].id`); null or absent = the whole booking. */
  room: BodyIdSchema.nullable().optional(),
  quantity: z.number().int().min(1).max(99),
  date: YmdSchema.optional(),
  timeSlot: TimeSchema.optional(),
  transfer: TransferDetailsSchema.optional(),
});

/** The change to preview or confirm: new dates for a room or the stay, or services to add. */
export const ReservationChangeSchema = z
  .discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("dates"), ...NewDatesShape }).superRefine(checkNewDates),
    z.strictObject({ kind: z.literal("services"), services: z.array(AddServiceSchema).min(1).max(100) }),
  ])
  .meta({ id: "ReservationChange" });
export type ReservationChange = z.output<typeof ReservationChangeSchema>;

/** `bol/reservation/:code/recalc` (SPEC §7): the preview of a change. Reads only. */
export const RecalcRequestSchema = z
  .strictObject({ mail: HolderMailSchema, change: ReservationChangeSchema })
  .meta({ id: "RecalcRequest" });
export type RecalcRequest = z.output<typeof RecalcRequestSchema>;

/** SPEC §4 "Modified: shows already debited, was, becomes". */
export const RecalcResponseSchema = z
  .object({
    currency: z.string(),
    alreadyDebited: MoneySchema,
    was: MoneySchema,
    becomes: MoneySchema,
    /** becomes − was; negative when the change saves money. */
    difference: MoneySchema,
    /** To pay at once ("Pay now"): what the rooms' rates ask by today and is not paid yet. */
    payNow: MoneySchema,
    /** Still to prepay online on later dates by the rates' schedule, after the change. */
    payLater: MoneySchema,
    /** Left to pay at the hotel after the change (a pay-at-hotel booking: all of it). */
    payAtHotel: MoneySchema,
    /** Given back through the gateway: paid beyond the new total. */
    refund: MoneySchema,
    /** Per changed part: a room (with its services) or, with `id` null, the whole booking's services. */
    rooms: z.array(
      z.object({
        id: z.number().nullable(),
        was: MoneySchema,
        becomes: MoneySchema,
        difference: MoneySchema,
        /** The room's dates after the change; null for the whole booking's services. */
        arrival: z.string().nullable(),
        departure: z.string().nullable(),
      }),
    ),
    /** The reservation's status once confirmed (`payment_required` when there is something to pay now). */
    nextStatus: z.enum(RESERVATION_STATUSES),
  })
  .meta({ id: "RecalcResponse" });
export type RecalcResponse = z.infer<typeof RecalcResponseSchema>;

/**
 * `bol/reservation/:code/modify` (SPEC §7): the guest confirms the previewed change (`expectedBecomes` is the
 * preview's `becomes`; another total answers `prices_changed`) or cancels it (nothing changes; the reservation's
 * history records that the change was dropped). Header `Idempotency-Key`.
 */
export const ModifyRequestSchema = z
  .discriminatedUnion("action", [
    z.strictObject({
      action: z.literal("confirm"),
      mail: HolderMailSchema,
      change: ReservationChangeSchema,
      expectedBecomes: MoneySchema.min(0),
      language: NamesLanguageSchema,
    }),
    z.strictObject({
      action: z.literal("cancel"),
      mail: HolderMailSchema,
      change: ReservationChangeSchema.optional(),
      language: NamesLanguageSchema,
    }),
  ])
  .meta({ id: "ModifyRequest" });
export type ModifyRequest = z.output<typeof ModifyRequestSchema>;

export const ModifyResponseSchema = z
  .object({
    reservation: ReservationSchema,
    /** Left to pay now for the change; the voucher offers "Pay now" when above 0. */
    payNow: MoneySchema,
    /** Given back through the gateway. */
    refund: MoneySchema,
  })
  .meta({ id: "ModifyResponse" });
export type ModifyResponse = z.infer<typeof ModifyResponseSchema>;

// ── bol/transfer-update/:prId/:seId ─────────────────────────────────────────────────────────────────────────

/**
 * SPEC's `:prId` carries the reservation code (never a numeric id, so nothing can be enumerated); `:seId` is the
 * reservation service (`extra[].id` of the reservation).
 */
// No OpenAPI id: path parameters are listed one by one, never as a referenced object.
export const TransferUpdateParamsSchema = z.strictObject({ prId: ReservationCodeSchema, seId: IdSchema });
export type TransferUpdateParams = z.output<typeof TransferUpdateParamsSchema>;

/**
 * `bol/transfer-update/:prId/:seId` (SPEC §7): replace a transfer's details, until 23:59 hotel-local the day
 * before the transfer. Header `Idempotency-Key`.
 */
export const TransferUpdateRequestSchema = z
  .strictObject({ mail: HolderMailSchema, transfer: TransferDetailsSchema })
  .meta({ id: "TransferUpdateRequest" });
export type TransferUpdateRequest = z.output<typeof TransferUpdateRequestSchema>;

export const TransferUpdateResponseSchema = z
  .object({
    id: z.number(),
    transfer: z.object({
      time: z.string().nullable(),
      placeCode: z.string().nullable(),
      transportNumber: z.string().nullable(),
      note: z.string().nullable(),
    }),
    /** The last instant the details can be edited (exclusive, ISO 8601). */
    editBefore: z.string(),
  })
  .meta({ id: "TransferUpdateResponse" });
export type TransferUpdateResponse = z.infer<typeof TransferUpdateResponseSchema>;

// ── pay now, authorise now, activate installments ───────────────────────────────────────────────────────────

/**
 * The card of a payment: the token of the gateway's framed card page (a card number is never accepted) and its last
 * four digits. None for a gateway that takes the card on its own page; the server asks for it where it frames it.
 */
const CardTokenShape = {
  cardToken: z.string().trim().min(1).max(500).optional(),
  cardLast4: z
    .string()
    .regex(/^\d{4}$/, "must be the last four digits of the card")
    .optional(),
};

/** A token and its last four digits come together (both from the card page), or neither does. */
function lastFourWithToken(
  body: { cardToken?: string | undefined; cardLast4?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (body.cardToken && !body.cardLast4)
    ctx.addIssue({ code: "custom", path: ["cardLast4"], message: "required" });
  if (body.cardLast4 && !body.cardToken)
    ctx.addIssue({ code: "custom", path: ["cardToken"], message: "required" });
}

/**
 * `bol/reservation/:code/pay` — "Pay now" (SPEC §4): pay what is due now (`payment_required`, a bank transfer
 * not yet received, the extra of a change), or the payment due `prepayment`. A card needs the gateway's token;
 * the other methods go to the gateway's page. Header `Idempotency-Key`; the 3-D Secure return goes through
 * `confirmPayment.do`.
 */
export const PayNowRequestSchema = z
  .strictObject({
    mail: HolderMailSchema,
    /** The payment due to settle; absent = everything due up to today. */
    prepayment: BodyIdSchema.optional(),
    method: z.enum(["card_payment", "instant_bank", "wallet", "mobile", "pay_by_link"]),
    ...CardTokenShape,
  })
  .superRefine(lastFourWithToken)
  .meta({ id: "PayNowRequest" });
export type PayNowRequest = z.output<typeof PayNowRequestSchema>;

/**
 * `bol/reservation/:code/authorise` — "Authorise now" (SPEC §4): the card pre-authorisation a
 * `preauth_required` booking waits for. Header `Idempotency-Key`.
 */
export const AuthoriseNowRequestSchema = z
  .strictObject({ mail: HolderMailSchema, ...CardTokenShape })
  .superRefine(lastFourWithToken)
  .meta({ id: "AuthoriseNowRequest" });
export type AuthoriseNowRequest = z.output<typeof AuthoriseNowRequestSchema>;

/**
 * `bol/reservation/:code/installments` — "Activate" (SPEC §4, §9): what is left to pay becomes `count` monthly
 * charges on this card, the first today; an e-mail announces each later charge INSTALLMENT_NOTICE_DAYS before.
 * Header `Idempotency-Key`.
 */
export const ActivateInstallmentsRequestSchema = z
  .strictObject({
    mail: HolderMailSchema,
    count: z.number().int().min(MIN_INSTALLMENTS).max(MAX_INSTALLMENTS),
    ...CardTokenShape,
  })
  .superRefine(lastFourWithToken)
  .meta({
    id: "ActivateInstallmentsRequest",
    description: `Each later charge is announced by e-mail ${INSTALLMENT_NOTICE_DAYS} days before it.`,
  });
export type ActivateInstallmentsRequest = z.output<typeof ActivateInstallmentsRequestSchema>;

/** The answer to pay now, authorise now and activate installments, like `guestdata.do`'s confirm. */
export const PaymentActionResponseSchema = z
  .object({
    status: z.enum(RESERVATION_STATUSES),
    /** Voucher: done; 3ds: send the guest to `redirectUrl`, then `confirmPayment.do`. */
    next: z.enum(["voucher", "3ds"]),
    redirectUrl: z.string().optional(),
    /** Charged (pay now, a first installment) or authorised now. */
    amount: MoneySchema,
    /** Activate installments only: the plan. */
    installments: z
      .array(
        z.object({ number: z.number(), chargeDate: z.string(), noticeDate: z.string(), amount: MoneySchema }),
      )
      .optional(),
  })
  .meta({ id: "PaymentActionResponse" });
export type PaymentActionResponse = z.infer<typeof PaymentActionResponseSchema>;

// ── quote.do ────────────────────────────────────────────────────────────────────────────────────────────────

const QuoteRoomSchema = z.strictObject({
  adults: z.number().int().min(MIN_ADULTS).max(MAX_ADULTS),
  ages: z.array(z.number().int().min(MIN_CHILD_AGE).max(MAX_CHILD_AGE)).max(MAX_CHILDREN),
  /** The room and rate chosen in the results, if any: the quote prices them. */
  roomId: BodyIdSchema.optional(),
  rateId: BodyIdSchema.optional(),
});

/**
 * `quote.do`: the search bar's quote form (SPEC §1, §2). The hotel prices the stay and the selected rooms as a
 * search would and e-mails the quote to the guest and to the hotel, in `language`. Field messages are guest-form
 * codes (`required`, `invalid_email`, `email_mismatch`, `out_of_range`). Header `Idempotency-Key`.
 */
export const QuoteRequestSchema = z
  .strictObject({
    channel: BodyIdSchema,
    hotel: BodyIdSchema,
    language: z.number().int().min(1).max(9),
    arrival: YmdSchema,
    departure: YmdSchema,
    rooms: z.array(QuoteRoomSchema).min(1).max(MAX_ROOMS),
    promoCode: text(40).optional(),
    fullName: text(100).min(1, "required"),
    email: z.string().trim().min(1, "required").pipe(EmailSchema),
    emailConfirm: z.string().trim().min(1, "required"),
    phone: text(30).optional(),
    message: text(2000).optional(),
    privacy: z.literal(true, { error: "required" }),
  })
  .superRefine((body, ctx) => {
    checkNewDates(body, ctx);
    // Only a valid address can be compared; an invalid one already has its own issue.
    if (isValidEmail(body.email) && body.emailConfirm && body.email !== normalizeEmail(body.emailConfirm))
      ctx.addIssue({ code: "custom", path: ["emailConfirm"], message: "email_mismatch" });
    body.rooms.forEach((room, i) => {
      if ((room.roomId === undefined) !== (room.rateId === undefined))
        ctx.addIssue({ code: "custom", path: ["rooms", i, "rateId"], message: "required" });
    });
  })
  .meta({ id: "QuoteRequest" });
export type QuoteRequest = z.output<typeof QuoteRequestSchema>;

export const QuoteResponseSchema = z
  .object({
    /** The mails are in the outbox; they are sent (and retried) from there. */
    queued: z.literal(true),
    currency: z.string(),
    /** The quoted total of the selected rooms; null when no room was selected. */
    total: MoneySchema.nullable(),
  })
  .meta({ id: "QuoteResponse" });
export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;
