import {
  captureDues,
  type GuaranteeChargeReason,
  guaranteeChargeDefaults,
} from "@alloggio/domain/booking/card-holds";
import { todayInZone, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { Database, Tx } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import {
  findReservationOfHotel,
  lockReservationOfHotel,
  paymentProblem,
  type StoredReservation,
  voucherPath,
} from "../booking";
import { enqueueReservationMails } from "../mail";
import type { AuthoriseResult, PaymentGateway, PaymentGateways } from "../payments";
import {
  type ClaimedHold,
  claimLapsingHolds,
  countGuaranteeCharges,
  findHeldPayment,
  guaranteeChargeOpen,
  type HeldPayment,
  heldGateways,
  insertCharge,
  insertDues,
  markHeldCaptured,
  markHeldReleased,
  openOrHeldDues,
  releaseHeldDues,
  settleHeldDue,
  unclaimHold,
} from "./authorisations-repository";
import { refused } from "./holder";
import type { InsideAction } from "./property-actions";
import { writeHistory } from "./repository";

/**
 * What the hotel does with a card it holds (ADR 0074): captures or releases a pre-authorisation, charges a card
 * guarantee for a no-show or a late cancellation. The gateway is asked outside any transaction; its answer is
 * recorded once, over the locked reservation, with the history, the guest's mail and the caller's audit.
 */
export type CardHoldDeps = {
  database: Database;
  gateways: PaymentGateways;
  now: () => Date;
  baseUrl: string;
};

/** Released this long before the gateway's authorisation window ends, so a late run still comes in time. */
export const RELEASE_MARGIN_HOURS = 12;

const noSuchReservation = () => notFound("reservationId", "No such reservation");
/** An amount the rules refuse: 422 naming `amountMinor`, the reason as the code. */
const amountRefused = (code: string, message: string) =>
  new AppError(code, 422, `amountMinor: ${message}`, [{ field: "amountMinor", message: code }]);

async function reservationOf(deps: CardHoldDeps, hotelId: number, reservationId: number) {
  const r = await findReservationOfHotel(deps.database, hotelId, reservationId);
  if (!r) throw noSuchReservation();
  return r;
}

/** The reservation's pre-authorisation, still held; a 409 naming `payment` otherwise. */
async function heldAmountOf(deps: CardHoldDeps, r: StoredReservation): Promise<HeldPayment> {
  const held = await findHeldPayment(deps.database, r.id, "amount");
  if (!held)
    throw refused("not_a_pre_authorisation", "The reservation holds no pre-authorisation", "payment");
  if (held.status === "captured" || held.status === "refunded")
    throw refused("already_captured", "It was captured already", "payment");
  if (held.status === "released") throw refused("already_released", "It was released already", "payment");
  return held;
}

async function gatewayOf(
  deps: CardHoldDeps,
  held: HeldPayment,
  hotelId: number,
  can: "capture" | "release" | "chargeSaved",
): Promise<PaymentGateway> {
  const gateway = await deps.gateways.named(held.gateway, hotelId);
  if (!gateway?.[can])
    throw refused("gateway_unavailable", "The gateway that holds the card cannot do this", "payment");
  return gateway;
}

/** The gateway's call, its failure a 402 the staff read (nothing is recorded). */
async function ask(call: () => Promise<AuthoriseResult> | undefined): Promise<AuthoriseResult> {
  try {
    const answer = await call();
    if (!answer) throw new Error("the gateway gave no answer");
    return answer;
  } catch (err) {
    throw paymentProblem(String((err as Error).message));
  }
}

async function lockedOf(tx: Tx, hotelId: number, id: number) {
  const r = await lockReservationOfHotel(tx, hotelId, id);
  if (!r) throw noSuchReservation();
  return r;
}

export type CaptureOutcome = { capturedMinor: number; releasedMinor: number };

/**
 * Captures a pre-authorisation, all of it (`amountMinor` absent) or less, the rest released as the gateway does:
 * the payments due it held are paid up to the amount, the rest no longer held; the guest is mailed the payment.
 */
export async function captureAuthorisation(
  deps: CardHoldDeps,
  input: { hotelId: number; reservationId: number; amountMinor?: number | undefined },
  by: string,
  inside?: InsideAction<CaptureOutcome>,
): Promise<CaptureOutcome> {
  const r = await reservationOf(deps, input.hotelId, input.reservationId);
  const held = await heldAmountOf(deps, r);
  const amount = input.amountMinor ?? held.amount_minor;
  if (amount > held.amount_minor) throw amountRefused("amount_above_authorised", "more than is authorised");
  const gateway = await gatewayOf(deps, held, input.hotelId, "capture");
  // The same capture asked twice (two clicks, a retry) is the same call at the gateway: it captures once.
  const answer = await ask(() => gateway.capture?.(held.gateway_ref, amount, `capture-${held.id}-${amount}`));
  if (answer.status !== "captured")
    throw refused("authorisation_lapsed", "The card's authorisation is no longer held", "payment");
  return deps.database.db.transaction(async (tx) => {
    const locked = await lockedOf(tx, input.hotelId, input.reservationId);
    if (!(await markHeldCaptured(tx, held.id, amount)))
      throw refused("already_captured", "It was captured already", "payment");
    const now = deps.now();
    const dues = await openOrHeldDues(tx, r.id);
    const plan = captureDues(dues, amount);
    const today = ymdToIso(todayInZone(now, r.hotel.timeZone));
    const added: Parameters<typeof insertDues>[1] = [];
    for (const row of plan.rows) {
      await settleHeldDue(tx, row.id, row.paidMinor, held.gateway_ref, now);
      const due = dues.find((d) => d.id === row.id)!;
      if (row.paidMinor > 0 && row.restMinor > 0)
        added.push({
          reservationId: r.id,
          dueDate: due.dueDate,
          amountMinor: row.restMinor,
          status: row.restStatus,
          kind: due.kind,
        });
    }
    if (plan.extraMinor > 0)
      added.push({
        reservationId: r.id,
        dueDate: today,
        amountMinor: plan.extraMinor,
        status: "paid",
        paidAt: now,
        paymentRef: held.gateway_ref,
      });
    await insertDues(tx, added);
    const outcome = { capturedMinor: amount, releasedMinor: held.amount_minor - amount };
    await writeHistory(tx, {
      reservationId: r.id,
      actor: "property",
      action: "pre_authorisation_captured",
      fromStatus: locked.status,
      toStatus: locked.status,
      details: { by, ...outcome, ref: held.gateway_ref },
    });
    await enqueueReservationMails(tx, r.id, {
      baseUrl: deps.baseUrl,
      now,
      change: { kind: "payment_received", amountMinor: amount },
    });
    if (inside) await inside(tx, { status: locked.status }, outcome);
    return outcome;
  });
}

export type ReleaseOutcome = { releasedMinor: number };

/** Records a release the gateway made: the hold and the payments due it held are no longer held. */
async function recordRelease(
  tx: Tx,
  r: { id: number; status: string },
  held: Pick<HeldPayment, "id" | "gateway_ref" | "amount_minor">,
  history: { actor: "property" | "system"; action: string; details: Record<string, unknown> },
): Promise<boolean> {
  if (!(await markHeldReleased(tx, held.id))) return false;
  await releaseHeldDues(tx, r.id);
  await writeHistory(tx, {
    reservationId: r.id,
    actor: history.actor,
    action: history.action,
    fromStatus: r.status,
    toStatus: r.status,
    details: { ...history.details, releasedMinor: held.amount_minor, ref: held.gateway_ref },
  });
  return true;
}

/** Releases a pre-authorisation the hotel will not capture: nothing is taken; the guest pays at the hotel. */
export async function releaseAuthorisation(
  deps: CardHoldDeps,
  input: { hotelId: number; reservationId: number },
  by: string,
  inside?: InsideAction<ReleaseOutcome>,
): Promise<ReleaseOutcome> {
  const r = await reservationOf(deps, input.hotelId, input.reservationId);
  const held = await heldAmountOf(deps, r);
  const gateway = await gatewayOf(deps, held, input.hotelId, "release");
  const answer = await ask(() => gateway.release?.(held.gateway_ref));
  if (answer.status === "captured") throw refused("already_captured", "It was captured already", "payment");
  return deps.database.db.transaction(async (tx) => {
    const locked = await lockedOf(tx, input.hotelId, input.reservationId);
    const outcome = { releasedMinor: held.amount_minor };
    const done = await recordRelease(tx, locked, held, {
      actor: "property",
      action: "pre_authorisation_released",
      details: { by },
    });
    if (!done) throw refused("already_released", "It was released already", "payment");
    if (inside) await inside(tx, { status: locked.status }, outcome);
    return outcome;
  });
}

/**
 * The timed release: every pre-authorisation older than its gateway's window less RELEASE_MARGIN_HOURS is
 * released at the gateway and recorded in the reservation's history (the hotel reads it there). Claimed
 * FOR UPDATE SKIP LOCKED first, so two processes never release one twice; a gateway failure leaves it for the next
 * run.
 */
export async function releaseLapsingAuthorisations(
  deps: Pick<CardHoldDeps, "database" | "gateways" | "now">,
  limit = 50,
): Promise<number> {
  let released = 0;
  for (const { gateway: name, hotel_id: hotelId } of await heldGateways(deps.database)) {
    const gateway = await deps.gateways.named(name, hotelId);
    if (!gateway?.release || !gateway.authorisationWindowHours) continue;
    const hours = gateway.authorisationWindowHours;
    const now = deps.now();
    const claimed = await claimLapsingHolds(deps.database, {
      gateway: name,
      hotelId,
      before: new Date(now.getTime() - (hours - RELEASE_MARGIN_HOURS) * 3_600_000),
      now,
      until: new Date(now.getTime() + 5 * 60_000),
      limit,
    });
    for (const hold of claimed) if (await releaseClaimed(deps, gateway, hotelId, hold, hours)) released += 1;
  }
  return released;
}

async function releaseClaimed(
  deps: Pick<CardHoldDeps, "database">,
  gateway: PaymentGateway,
  hotelId: number,
  hold: ClaimedHold,
  hours: number,
): Promise<boolean> {
  let answer: AuthoriseResult | undefined;
  try {
    answer = await gateway.release?.(hold.gateway_ref);
  } catch (err) {
    console.error("[alloggio] a pre-authorisation could not be released", err);
  }
  // Not released (a failure, or captured meanwhile at the gateway): the staff or the next run see to it.
  if (!answer || answer.status === "captured") {
    await unclaimHold(deps.database, hold.id);
    return false;
  }
  return deps.database.db.transaction(async (tx) => {
    const r = await lockReservationOfHotel(tx, hotelId, hold.reservation_id);
    if (!r) return false;
    const held = await findHeldPayment(tx, hold.reservation_id, "amount");
    if (held?.id !== hold.id) return false;
    return recordRelease(tx, r, held, {
      actor: "system",
      action: "pre_authorisation_released_window",
      details: {
        windowHours: hours,
        lapsesAt: new Date(new Date(hold.created_at).getTime() + hours * 3_600_000).toISOString(),
      },
    });
  });
}

export type GuaranteeOutcome = {
  /** charged: the card paid; link_sent: the bank asked the holder, who got a link by mail. */
  result: "charged" | "link_sent";
  amountMinor: number;
};

/** The rate's own charge of a no-show or a late cancellation (its penalty), for the staff's default. */
export function guaranteeDefaultsOf(r: StoredReservation): Record<GuaranteeChargeReason, number> {
  return guaranteeChargeDefaults({
    totalMinor: r.totalMinor,
    paidMinor: r.paidMinor,
    rooms: r.rooms.map((room) => ({
      status: room.status,
      policy: {
        refundable: room.refundable,
        freeCancellationDays: room.freeCancellationDays,
        resellable: room.resellable,
      },
      nightlyMinor: room.nightlyMinor,
      totalMinor: room.totalMinor,
      penaltyMinor: room.penaltyMinor,
    })),
  });
}

/**
 * Charges a card guarantee off-session for a no-show or a late cancellation: `amountMinor` (the rate's penalty
 * when absent, never more than the reservation's total). When the bank asks for the holder's approval the guest
 * is mailed the gateway's page, which settles like any payment link; a refusal is recorded in the history only.
 */
export async function chargeGuarantee(
  deps: CardHoldDeps,
  input: {
    hotelId: number;
    reservationId: number;
    reason: GuaranteeChargeReason;
    amountMinor?: number | undefined;
  },
  by: string,
  inside?: InsideAction<GuaranteeOutcome & { reason: GuaranteeChargeReason }>,
): Promise<GuaranteeOutcome> {
  const r = await reservationOf(deps, input.hotelId, input.reservationId);
  const held = await findHeldPayment(deps.database, r.id, "guarantee");
  if (held?.status !== "authorised")
    throw refused("not_a_card_guarantee", "The reservation holds no card guarantee", "payment");
  if (input.reason === "late_cancellation" && r.status !== "cancelled")
    throw refused(
      "not_cancelled",
      "A late cancellation is charged once the reservation is cancelled",
      "reason",
    );
  if (input.reason === "no_show" && r.status === "cancelled")
    throw refused(
      "reservation_cancelled",
      "A cancelled reservation is charged for its late cancellation",
      "reason",
    );
  const amount = input.amountMinor ?? guaranteeDefaultsOf(r)[input.reason];
  if (amount < 1) throw amountRefused("nothing_to_charge", "nothing to charge");
  if (amount > r.totalMinor) throw amountRefused("amount_above_total", "more than the reservation's total");
  const open = await deps.database.db.transaction((tx) => guaranteeChargeOpen(tx, r.id));
  if (open) throw refused("already_charged", "The guarantee was charged already", "payment");
  const gateway = await gatewayOf(deps, held, input.hotelId, "chargeSaved");
  // Each attempt is its own call; the same attempt asked twice (two clicks) charges once.
  const attempt = await countGuaranteeCharges(deps.database, r.id);
  const answer = await ask(() =>
    gateway.chargeSaved?.({
      ref: held.gateway_ref,
      amountMinor: amount,
      currency: r.currency,
      reference: r.code,
      idempotencyKey: `guarantee-${held.id}-${attempt}`,
      returnUrl: voucherPath(
        { hotel: r.hotel.id, channel: r.channelId, language: r.languageId },
        r.code,
        r.email,
        "3ds",
      ),
    }),
  );
  const waiting = answer.status === "requires_action" || answer.status === "requires_challenge";
  const outcome = await deps.database.db.transaction(async (tx) => {
    const locked = await lockedOf(tx, input.hotelId, input.reservationId);
    const now = deps.now();
    const made = await insertCharge(tx, {
      reservationId: r.id,
      gateway: gateway.name,
      gatewayRef: answer.ref,
      kind: "penalty",
      amountMinor: amount,
      status: answer.status,
      cardLast4: answer.cardLast4 ?? held.card_last4,
      redirectUrl: waiting ? (answer.challengeUrl ?? null) : null,
    });
    const details = { by, reason: input.reason, amountMinor: amount, ref: answer.ref };
    const history = (action: string, extra: Record<string, unknown> = {}) =>
      writeHistory(tx, {
        reservationId: r.id,
        actor: "property",
        action,
        fromStatus: locked.status,
        toStatus: locked.status,
        details: { ...details, ...extra },
      });
    if (answer.status === "declined") {
      if (made)
        await history("guarantee_charge_declined", { declineReason: answer.declineReason ?? "declined" });
      return null;
    }
    if (!made) throw refused("already_charged", "The guarantee was charged already", "payment");
    const today = ymdToIso(todayInZone(now, r.hotel.timeZone));
    if (waiting) {
      // The guest's approval settles this due, as a payment link's does.
      await insertDues(tx, [
        { reservationId: r.id, dueDate: today, amountMinor: amount, kind: "penalty", paymentRef: answer.ref },
      ]);
      await history("guarantee_charge_link_sent");
      await enqueueReservationMails(tx, r.id, {
        baseUrl: deps.baseUrl,
        now,
        change: { kind: "payment_requested", amountMinor: amount },
      });
    } else {
      await insertDues(tx, [
        {
          reservationId: r.id,
          dueDate: today,
          amountMinor: amount,
          kind: "penalty",
          status: "paid",
          paidAt: now,
          paymentRef: answer.ref,
        },
      ]);
      await history("guarantee_charged");
      await enqueueReservationMails(tx, r.id, {
        baseUrl: deps.baseUrl,
        now,
        change: { kind: "payment_received", amountMinor: amount },
      });
    }
    const result: GuaranteeOutcome = { result: waiting ? "link_sent" : "charged", amountMinor: amount };
    if (inside) await inside(tx, { status: locked.status }, { ...result, reason: input.reason });
    return result;
  });
  if (!outcome)
    throw new AppError(
      answer.declineReason === "insufficient_funds" ? "card_insufficient_funds" : "card_declined",
      402,
      "The card was not accepted",
      [{ field: "payment", message: answer.declineReason ?? "declined" }],
    );
  return outcome;
}
