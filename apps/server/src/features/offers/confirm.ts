/**
 * Confirming a personalised offer into a reservation (ADR 0035). The option is booked through the booking
 * workflow (`confirmBooking`: hotel rules, payment methods, card and 3-D Secure, options, mails, voucher), priced by
 * the one pricing function with the offer's held prices: the rooms' as signed `hpcc` overrides (ADR 0002), the
 * services' as held service prices. The offer row is locked and marked confirmed inside the booking's transaction,
 * before the inventory is taken, so two tabs confirming two options give one reservation.
 */

import type { ConfirmOfferRequest } from "@alloggio/domain/contract/offers/confirm";
import { offerTransition } from "@alloggio/domain/offers/offer-state";
import type { FastifyRequest } from "fastify";
import { AppError, badInput } from "../../http/errors";
import {
  type BookingDeps,
  type ConfirmAnswer,
  checkPrepaid,
  confirmBooking,
  type PrepaidCheck,
} from "../booking";
import { insertOutboxMails } from "../mail";
import { renderConfirmedNotice } from "./mails";
import { type OfferOption, offerBookingRequest, offerPricing } from "./option-request";
import {
  applyEvent,
  hasAccess,
  loadOffer,
  offerMailDataOf,
  offerNotFound,
  refused,
  type StoredOffer,
  unlockRequired,
} from "./service";

/** The offer is no longer available: its rooms are gone (SPEC §8 "no longer available"). */
export const offerUnavailable = () =>
  new AppError("offer_unavailable", 409, "This offer is no longer available", [
    { field: "offerCode", message: "no longer available" },
  ]);

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
 * `guestdata.do` with `checkPrepaid` answers for the same booking. Rooms gone: the offer becomes unavailable, 409
 * `offer_unavailable`.
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
    // The rooms are gone: the offer says so for good (as a confirmation would), not "try again".
    if (isSoldOut(err)) throw await markUnavailable(deps, offer.code);
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
 * reservation and opens the offer again (booking's `cancelForPayment`). The hotel is mailed.
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
    ...offerMailDataOf(offer, baseUrl),
    option: {
      position: option.position,
      title: option.title,
      rooms: option.rooms.map((r) => r.roomName),
    },
    reservation: {
      code: answer.reservation.code,
      status: answer.reservation.status,
      total: answer.reservation.total,
      currency: answer.reservation.currency,
    },
  });
  await insertOutboxMails(deps.database.db, [{ ...notice, now: deps.now() }]);
  return answer;
}
