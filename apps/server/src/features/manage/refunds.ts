import { randomBytes } from "node:crypto";
import { allocateRefund } from "@alloggio/domain/booking/refund-allocation";
import type { Database, Tx } from "../../db/client";
import type { PaymentGateways } from "../payments";
import {
  type Claimed,
  claimRefunds,
  findGatewayRef,
  insertPendingRefund,
  insertRefunds,
  keepFirstPart,
  lockReservationRow,
  markRefunded,
  markRefundFailed,
  markRefundManual,
  refundSources,
  scheduleRefundRetry,
} from "./refunds-repository";
import { writeHistory } from "./repository";

/** How long one process holds a pending refund it claimed before another may take it (a crash frees it). */
export const REFUND_CLAIM_SECONDS = 300;
/** Attempts before a refund is given up as `failed` and left to the hotel (about 17 hours of backoff). */
export const REFUND_MAX_ATTEMPTS = 12;
/** Minutes to wait after the n-th failed attempt: 1, 2, 4, … at most 4 hours. */
export const refundBackoffMinutes = (attempt: number) => Math.min(2 ** (attempt - 1), 240);

type RefundDeps = { database: Database; gateways: PaymentGateways; now: () => Date };
type Outcome = "refunded" | "manual" | "pending" | "failed";

/**
 * Claims pending refunds that are due (never asked, or their backoff is over) and that no one holds: one
 * statement marks them held until `now + REFUND_CLAIM_SECONDS` and counts the attempt, over rows locked
 * `FOR UPDATE SKIP LOCKED`, so two processes never claim the same refund. `id` claims that one refund only.
 */
async function claim(deps: RefundDeps, limit: number, id?: number): Promise<Claimed[]> {
  const now = deps.now().toISOString();
  const until = new Date(deps.now().getTime() + REFUND_CLAIM_SECONDS * 1000).toISOString();
  return claimRefunds(deps.database, now, until, limit, id);
}

/**
 * Decides, once, which captures a refund goes back to (`allocateRefund`: newest first, never more than a capture
 * still holds). The claimed refund becomes the part for the first capture; the other parts are new pending refunds
 * (their keys derived from its key, so a retry makes none twice) and what no capture holds is left to the hotel
 * (`manual`). The reservation's row lock makes two refunds of one reservation split one after the other.
 */
async function split(
  deps: RefundDeps,
  refund: Claimed,
): Promise<{ first: Claimed | null; parts: number[] } | "lost"> {
  return deps.database.db.transaction(async (tx) => {
    await lockReservationRow(tx, refund.reservation_id);
    const sources = await refundSources(tx, refund);
    const { parts, manualMinor } = allocateRefund(
      refund.amount_minor,
      sources.map((c) => ({ id: c.id, capturedMinor: c.captured, refundedMinor: c.refunded })),
    );
    const [first, ...rest] = parts;
    const kept = await keepFirstPart(tx, refund, first);
    if (kept.length === 0) return "lost";
    const at = new Date(kept[0]!.created_at);
    const others = [
      ...rest.map((p, i) => ({
        gatewayRef: `${refund.gateway_ref}_${i + 2}`,
        amountMinor: p.amountMinor,
        sourceId: p.sourceId,
        status: "pending",
        nextAttemptAt: deps.now(),
      })),
      ...(first && manualMinor > 0
        ? [
            {
              gatewayRef: `${refund.gateway_ref}_manual`,
              amountMinor: manualMinor,
              sourceId: null,
              status: "manual",
            },
          ]
        : []),
    ];
    const inserted =
      others.length === 0
        ? []
        : await insertRefunds(
            tx,
            others.map((o) => ({
              ...o,
              createdAt: at,
              reservationId: refund.reservation_id,
              gateway: "pending",
              kind: "refund",
            })),
          );
    return {
      first: first ? { ...refund, amount_minor: first.amountMinor, source_id: first.sourceId } : null,
      parts: inserted.filter((p) => p.status === "pending").map((p) => p.id),
    };
  });
}

/** Sends one claimed refund, split first when it has no capture yet, then the parts the split made. */
async function attemptAll(deps: RefundDeps, refund: Claimed): Promise<Outcome[]> {
  if (refund.source_id !== null) return [await attempt(deps, refund)];
  const parts = await split(deps, refund);
  if (parts === "lost") return ["pending"];
  // Nothing was captured by card (a bank transfer, a payment at the hotel): the hotel refunds it by hand.
  if (!parts.first) return ["manual"];
  const outcomes = [await attempt(deps, parts.first)];
  for (const id of parts.parts) {
    const [part] = await claim(deps, 1, id);
    if (part) outcomes.push(await attempt(deps, part));
  }
  return outcomes;
}

/**
 * Asks the gateway for one claimed refund and records its answer. The refund's own first reference is its
 * idempotency key at the gateway, so a retry after a crash (the gateway refunded, the answer was never stored)
 * gets the same refund back instead of a second one. Every write is conditional on the attempt still being ours
 * (`attempts`), so a process whose claim ran out cannot overwrite a later attempt.
 */
async function attempt(deps: RefundDeps, refund: Claimed): Promise<Outcome> {
  const { database } = deps;
  const source = await findGatewayRef(database, refund.source_id);
  // The refund goes back through the gateway that took the money.
  const gateway = source ? await deps.gateways.named(source.gateway, source.hotel_id) : null;
  if (!source || !gateway) {
    // Its capture is gone from the books: the hotel refunds it by hand.
    await markRefundManual(database, refund);
    return "manual";
  }
  let problem: string;
  try {
    const answer = await gateway.refund(source.gateway_ref, refund.amount_minor, refund.gateway_ref);
    if (answer.status === "refunded") {
      await markRefunded(database, refund, gateway.name, answer.ref);
      return "refunded";
    }
    problem = `${answer.status}${answer.declineReason ? `: ${answer.declineReason}` : ""}`;
  } catch (err) {
    problem = err instanceof Error ? err.message : String(err);
  }
  if (refund.attempts >= REFUND_MAX_ATTEMPTS) {
    await database.db.transaction(async (tx) => {
      if (await markRefundFailed(tx, refund, problem))
        await writeHistory(tx, {
          reservationId: refund.reservation_id,
          actor: "system",
          action: "refund_failed",
          details: {
            refundId: refund.id,
            amountMinor: refund.amount_minor,
            attempts: refund.attempts,
            problem,
          },
        });
    });
    console.error(
      `[alloggio] refund ${refund.id} failed ${refund.attempts} times, left to the hotel: ${problem}`,
    );
    return "failed";
  }
  const next = new Date(deps.now().getTime() + refundBackoffMinutes(refund.attempts) * 60_000);
  await scheduleRefundRetry(database, refund, problem, next);
  console.warn(`[alloggio] refund ${refund.id} attempt ${refund.attempts} failed, retried later: ${problem}`);
  return "pending";
}

/**
 * Refunds in two steps, like the booking's hold → pay (ADR 0012, 0020): the transaction that changes the
 * reservation records the refund as `pending` (so it cannot be lost or made twice), then it is sent outside any
 * transaction and the row says what the gateway answered. A refund the gateway did not take stays pending and is
 * retried by `retryPendingRefunds` with backoff.
 */
export const refundPayment = {
  async record(tx: Tx, reservationId: number, amountMinor: number, at: Date): Promise<number> {
    return insertPendingRefund(tx, {
      createdAt: at,
      reservationId,
      gateway: "pending",
      // Also the refund's idempotency key at the gateway.
      gatewayRef: `refund_${randomBytes(10).toString("hex")}`,
      kind: "refund",
      amountMinor,
      status: "pending",
      nextAttemptAt: at,
    });
  },

  /**
   * Sends one refund now (right after the change that owes it), to every capture it is split over; "done" when
   * someone else holds or sent it.
   */
  async send(deps: RefundDeps, refundId: number): Promise<string> {
    const [refund] = await claim(deps, 1, refundId);
    return refund ? (await attemptAll(deps, refund))[0]! : "done";
  },
};

/**
 * The refund sweep of the timed job (ADR 0020): claims the pending refunds that are due, in batches, and sends
 * each once. Safe in several processes at once; a process that dies holding a claim frees it when the claim runs
 * out, and the retry uses the same idempotency key.
 */
export async function retryPendingRefunds(
  deps: RefundDeps,
  batchSize = 20,
): Promise<Record<Outcome, number>> {
  const counts = { refunded: 0, manual: 0, pending: 0, failed: 0 };
  for (;;) {
    const batch = await claim(deps, batchSize);
    for (const refund of batch) for (const outcome of await attemptAll(deps, refund)) counts[outcome]++;
    if (batch.length < batchSize) return counts;
  }
}
