/**
 * SPEC §4 Offer as a state machine (ADR 0034). An offer is created `locked`; the recipient's first unlock
 * with the matching e-mail makes it `unlocked` (viewed); from there the recipient confirms one option or rejects it
 * with a reason. At its expiry time an open offer (locked or unlocked) becomes `expired`; the hotel may withdraw it,
 * or a confirmation may find the rooms gone: `unavailable` ("no longer available"). The last four are final.
 *
 * | from \ event | unlock   | confirm   | reject   | expire  | withdraw    | payment_failed |
 * |--------------|----------|-----------|----------|---------|-------------|----------------|
 * | locked       | unlocked | ✗         | ✗        | expired | unavailable | ✗              |
 * | unlocked     | unlocked | confirmed | rejected | expired | unavailable | ✗              |
 * | confirmed    | ✗        | ✗         | ✗        | ✗       | ✗           | unlocked       |
 * | rejected     | ✗        | ✗         | ✗        | ✗       | ✗           | ✗              |
 * | expired      | ✗        | ✗         | ✗        | ✗       | ✗           | ✗              |
 * | unavailable  | ✗        | ✗         | ✗        | ✗       | ✗           | ✗              |
 *
 * - unlock on an unlocked offer keeps it unlocked: the recipient views it again.
 * - confirm and reject need the offer unlocked: only the recipient, who proved the e-mail, decides.
 * - payment_failed (ADR 0035): the reservation a confirmation made was cancelled because its payment failed (a
 *   declined card, a failed 3-D Secure challenge, an abandoned payment): the offer opens again, so the recipient may
 *   try another card. Past its expiry it then reads as expired, like any open offer.
 * - Time decides too: at or after `expiresAt` an open offer is expired whatever the timed job has written yet, so
 *   every event but `expire` is refused with `expired` (a guest cannot confirm in the minute before the sweep).
 */
export const OFFER_STATES = [
  "locked",
  "unlocked",
  "confirmed",
  "rejected",
  "expired",
  "unavailable",
] as const;
export type OfferState = (typeof OFFER_STATES)[number];

export const OFFER_EVENTS = ["unlock", "confirm", "reject", "expire", "withdraw", "payment_failed"] as const;
export type OfferEvent = (typeof OFFER_EVENTS)[number];

/** States from which the recipient may still act and the offer may still expire. */
export const OPEN_OFFER_STATES = ["locked", "unlocked"] as const satisfies readonly OfferState[];

const TRANSITIONS: Record<OfferState, Partial<Record<OfferEvent, OfferState>>> = {
  locked: { unlock: "unlocked", expire: "expired", withdraw: "unavailable" },
  unlocked: {
    unlock: "unlocked",
    confirm: "confirmed",
    reject: "rejected",
    expire: "expired",
    withdraw: "unavailable",
  },
  confirmed: { payment_failed: "unlocked" },
  rejected: {},
  expired: {},
  unavailable: {},
};

export function isOpenOffer(state: OfferState): boolean {
  return state === "locked" || state === "unlocked";
}

/** An offer is expired from its expiry instant on (inclusive), whatever is stored. */
export function isPastExpiry(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/** The state as of `now`: an open offer past its expiry is expired even before the timed job writes it. */
export function offerStateAt(offer: { state: OfferState; expiresAt: Date }, now: Date): OfferState {
  return isOpenOffer(offer.state) && isPastExpiry(offer.expiresAt, now) ? "expired" : offer.state;
}

export type OfferRefusal =
  /** The offer is past its expiry (or already expired). */
  | "expired"
  /** confirm or reject before the e-mail unlocked it. */
  | "locked"
  /** The offer is confirmed, rejected or no longer available: nothing more happens to it. */
  | "closed"
  /** expire before its time. */
  | "not_due";

export type OfferTransition = { ok: true; state: OfferState } | { ok: false; reason: OfferRefusal };

/** One event on an offer at `now`; a refusal says why, so the caller answers the guest with the right error. */
export function offerTransition(
  offer: { state: OfferState; expiresAt: Date },
  event: OfferEvent,
  now: Date,
): OfferTransition {
  const current = offerStateAt(offer, now);
  if (event === "expire") {
    if (!isOpenOffer(offer.state))
      return { ok: false, reason: offer.state === "expired" ? "expired" : "closed" };
    return current === "expired" ? { ok: true, state: "expired" } : { ok: false, reason: "not_due" };
  }
  if (current === "expired") return { ok: false, reason: "expired" };
  const next = TRANSITIONS[current][event];
  if (next) return { ok: true, state: next };
  return { ok: false, reason: current === "locked" ? "locked" : "closed" };
}

/** What a guest without the e-mail may learn: an open offer is "locked", a finished one says how it ended. */
export function publicOfferState(offer: { state: OfferState; expiresAt: Date }, now: Date): OfferState {
  const state = offerStateAt(offer, now);
  return state === "unlocked" ? "locked" : state;
}
