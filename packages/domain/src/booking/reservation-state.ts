/**
 * SPEC §4 Reservation as a state machine. The states match the `reservation_status` enum of the database.
 *
 * | from \ event          | confirm   | payment_succeeded | preauth_succeeded | payment_failed   | cancel    | option_expired | bank_transfer_overdue | modify               | modify_payment_due |
 * |-----------------------|-----------|-------------------|-------------------|------------------|-----------|----------------|-----------------------|----------------------|--------------------|
 * | pending_confirmation  | confirmed | ✗                 | ✗                 | ✗                | cancelled | cancelled      | cancelled             | pending_confirmation | ✗                  |
 * | confirmed             | ✗         | confirmed         | ✗                 | payment_required | cancelled | ✗              | cancelled             | confirmed            | payment_required   |
 * | payment_required      | ✗         | confirmed         | ✗                 | payment_required | cancelled | cancelled      | ✗                     | ✗                    | ✗                  |
 * | preauth_required      | ✗         | ✗                 | confirmed         | preauth_required | cancelled | cancelled      | ✗                     | ✗                    | ✗                  |
 * | cancelled             | ✗         | ✗                 | ✗                 | ✗                | ✗         | ✗              | ✗                     | ✗                    | ✗                  |
 *
 * Why the less obvious cells:
 * - confirmed + payment_succeeded stays confirmed: a later step of the prepayment schedule was charged.
 * - confirmed + payment_failed → payment_required: a later step failed; the guest is asked to "Pay now".
 * - payment_failed while payment or pre-authorisation is required keeps the state: the guest may try again.
 * - option_expired also ends a payment or pre-authorisation that was never completed (an abandoned 3-D Secure
 *   challenge), so the held rooms return to sale.
 * - cancelled is final; the server answers a repeated gateway event with an idempotent no-op, not a transition.
 * - modify (a confirmed change: services added, dates swapped, ADR 0010) keeps the state; modify_payment_due is a
 *   change of a fully prepaid booking that costs more, which waits for "Pay now". A booking that still waits for
 *   the gateway cannot be changed until it is paid or authorised, and an option's extra cost joins its balance, so
 *   pending_confirmation has no modify_payment_due. Cancelling a single room is not a reservation event unless it
 *   is the last room (then it is cancel).
 */
export const RESERVATION_STATUSES = [
  "pending_confirmation",
  "confirmed",
  "payment_required",
  "preauth_required",
  "cancelled",
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export const RESERVATION_EVENTS = [
  "confirm",
  "payment_succeeded",
  "preauth_succeeded",
  "payment_failed",
  "cancel",
  "option_expired",
  "bank_transfer_overdue",
  "modify",
  "modify_payment_due",
] as const;
export type ReservationEvent = (typeof RESERVATION_EVENTS)[number];

/** The `payment_method` enum of the database. */
export const PAYMENT_METHODS = [
  "card_guarantee",
  "card_payment",
  "pre_authorisation",
  "bank_transfer",
  "pay_at_hotel",
  "instant_bank",
  "wallet",
  "mobile",
  "pay_by_link",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods whose booking payload carries a gateway card token and the last four digits. */
export const CARD_METHODS: readonly PaymentMethod[] = ["card_guarantee", "card_payment", "pre_authorisation"];

export function isCardMethod(method: PaymentMethod): boolean {
  return CARD_METHODS.includes(method);
}

const TRANSITIONS: Record<ReservationStatus, Partial<Record<ReservationEvent, ReservationStatus>>> = {
  pending_confirmation: {
    confirm: "confirmed",
    cancel: "cancelled",
    option_expired: "cancelled",
    bank_transfer_overdue: "cancelled",
    modify: "pending_confirmation",
  },
  confirmed: {
    payment_succeeded: "confirmed",
    payment_failed: "payment_required",
    cancel: "cancelled",
    bank_transfer_overdue: "cancelled",
    modify: "confirmed",
    modify_payment_due: "payment_required",
  },
  payment_required: {
    payment_succeeded: "confirmed",
    payment_failed: "payment_required",
    cancel: "cancelled",
    option_expired: "cancelled",
  },
  preauth_required: {
    preauth_succeeded: "confirmed",
    payment_failed: "preauth_required",
    cancel: "cancelled",
    option_expired: "cancelled",
  },
  cancelled: {},
};

export type TransitionResult =
  | { ok: true; state: ReservationStatus }
  | { ok: false; reason: "invalid_transition" };

export function transition(state: ReservationStatus, event: ReservationEvent): TransitionResult {
  const next = TRANSITIONS[state][event];
  return next ? { ok: true, state: next } : { ok: false, reason: "invalid_transition" };
}

export type InitialStatusOptions = {
  /** The gateway answered the first call with a 3-D Secure challenge. */
  challengeRequired: boolean;
  /** The hotel or trade channel saves the booking as an option valid this many hours; 0 = no option. */
  optionHours: number;
};

/**
 * The status a new reservation is written with, once the gateway has answered the first call.
 *
 * | method                        | challenge | option (hours > 0)   | otherwise        |
 * |-------------------------------|-----------|----------------------|------------------|
 * | card_payment                  | yes       | —                    | payment_required |
 * | card_payment                  | no        | —                    | confirmed        |
 * | pre_authorisation             | yes       | —                    | preauth_required |
 * | pre_authorisation             | no        | —                    | confirmed        |
 * | card_guarantee                | yes       | —                    | preauth_required |
 * | card_guarantee                | no        | pending_confirmation | confirmed        |
 * | bank_transfer, pay_at_hotel   | —         | pending_confirmation | confirmed        |
 * | instant_bank, wallet, mobile  | —         | —                    | payment_required |
 * | pay_by_link                   | —         | —                    | payment_required |
 *
 * A guarantee the gateway wants to authenticate is not a guarantee until it is: it waits like a
 * pre-authorisation. Methods that take money or an authorisation now ignore options, and the redirect methods
 * always wait for the gateway's return; pay-by-link waits until the guest pays through the link.
 */
export function initialStatus(method: PaymentMethod, options: InitialStatusOptions): ReservationStatus {
  const isOption = options.optionHours > 0;
  switch (method) {
    case "card_payment":
      return options.challengeRequired ? "payment_required" : "confirmed";
    case "pre_authorisation":
      return options.challengeRequired ? "preauth_required" : "confirmed";
    case "card_guarantee":
      if (options.challengeRequired) return "preauth_required";
      return isOption ? "pending_confirmation" : "confirmed";
    case "bank_transfer":
    case "pay_at_hotel":
      return isOption ? "pending_confirmation" : "confirmed";
    case "instant_bank":
    case "wallet":
    case "mobile":
    case "pay_by_link":
      return "payment_required";
  }
}
