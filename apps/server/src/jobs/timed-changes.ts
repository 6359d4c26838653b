import { Cron } from "croner";
import type { Tx } from "../db/client";
import { releaseInventory, setStatus } from "../features/booking";
import { mailChatReplies } from "../features/chat";
import { agencyMailRecipe, enqueueReservationMails, insertReservationRecipes } from "../features/mail";
import {
  cancelOpenDues,
  lockAgencyOptionsToRemind,
  lockExpiredOptions,
  lockOverdueTransfers,
  retryPendingRefunds,
} from "../features/manage";
import { expireOffers } from "../features/offers";
import { expireResales, settleResales } from "../features/resale";
import { releaseLapsingHolds } from "./authorisation-release";
import type { TimedChangeDeps } from "./deps";
import { sendInstallmentNotices } from "./installment-notices";

export type { TimedChangeDeps } from "./deps";

/** One kind of timed change: which reservations are due, and the status move with its history action. */
type Sweep = {
  action: "option_expired" | "bank_transfer_overdue";
  from: "pending_confirmation" | "confirmed";
  /** Ids due at `now`, locked FOR UPDATE SKIP LOCKED so that two processes never take the same row. */
  due: (tx: Tx, now: string, limit: number) => Promise<number[]>;
};

const SWEEPS: Sweep[] = [
  {
    // An option (pending confirmation, valid N hours) that nobody confirmed in time.
    action: "option_expired",
    from: "pending_confirmation",
    due: lockExpiredOptions,
  },
  {
    // A bank transfer that has not arrived by its deadline (a hotel-local day, so the hotel's zone decides).
    action: "bank_transfer_overdue",
    from: "confirmed",
    due: lockOverdueTransfers,
  },
];

/**
 * One batch of one sweep in one transaction: each due reservation is cancelled with a conditional update, its
 * rooms go back on sale, what was still due is cancelled, and the guest's and the hotel's mails are queued. A
 * failure rolls the whole batch back for the next run; a reservation changed elsewhere meanwhile is skipped.
 */
async function runSweep(deps: TimedChangeDeps, sweep: Sweep, limit: number): Promise<number[]> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const done: number[] = [];
    for (const id of await sweep.due(tx, now.toISOString(), limit)) {
      if (!(await setStatus(tx, id, [sweep.from], "cancelled", sweep.action))) continue;
      await releaseInventory(tx, id);
      await cancelOpenDues(tx, id);
      await enqueueReservationMails(tx, id, { baseUrl: deps.baseUrl, now, change: { kind: sweep.action } });
      done.push(id);
    }
    return done;
  });
}

/** How long before an agency's option runs out it is reminded: 6 hours, or half the hold when that is shorter. */
export const OPTION_REMINDER_HOURS = 6;

/**
 * Reminds the agency of each of its options that runs out soon, once (ADR 0062): the reminder in the outbox is
 * the mark, so two processes or a later run do not send it again.
 */
async function remindAgencyOptions(deps: TimedChangeDeps, limit: number): Promise<number> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
    const due = await lockAgencyOptionsToRemind(tx, now, OPTION_REMINDER_HOURS, limit);
    for (const id of due)
      await insertReservationRecipes(tx, id, [agencyMailRecipe(deps.baseUrl, undefined, true)], now);
    return due.length;
  });
}

export type TimedChangeCounts = Record<
  | Sweep["action"]
  | "installment_notice"
  | "refunded"
  | "offer_expired"
  | "chat_reply_mailed"
  | "option_reminder"
  | "resale_settled"
  | "resale_expired"
  | "authorisation_released",
  number
>;

/**
 * Runs every sweep until nothing is due, then the installment activation e-mails whose day has come, then the
 * pending refunds whose retry is due (with a gateway): a missed run
 * (the process was down) is caught up by the next, since sweeps look at deadlines, not at ticks. Safe to run in
 * several processes at once.
 */
export async function runTimedChanges(deps: TimedChangeDeps, batchSize = 50): Promise<TimedChangeCounts> {
  const counts: TimedChangeCounts = {
    option_expired: 0,
    bank_transfer_overdue: 0,
    installment_notice: 0,
    refunded: 0,
    offer_expired: 0,
    chat_reply_mailed: 0,
    option_reminder: 0,
    resale_settled: 0,
    resale_expired: 0,
    authorisation_released: 0,
  };
  for (const sweep of SWEEPS) {
    for (;;) {
      const done = await runSweep(deps, sweep, batchSize);
      counts[sweep.action] += done.length;
      if (done.length < batchSize) break;
    }
  }
  for (;;) {
    const reminded = await remindAgencyOptions(deps, batchSize);
    counts.option_reminder += reminded;
    if (reminded < batchSize) break;
  }
  // Resold nights are refunded before the refunds below are sent; then unsold listings past their deadline close.
  counts.resale_settled = await settleResales(deps, batchSize);
  for (;;) {
    const expired = await expireResales(deps, batchSize);
    counts.resale_expired += expired;
    if (expired < batchSize) break;
  }
  counts.offer_expired = await expireOffers(deps, batchSize);
  counts.chat_reply_mailed = await mailChatReplies(deps, batchSize);
  for (;;) {
    const sent = await sendInstallmentNotices(deps, batchSize);
    counts.installment_notice += sent;
    if (sent < batchSize) break;
  }
  if (deps.gateways) {
    const { gateways, database, now } = deps;
    counts.refunded = (await retryPendingRefunds({ database, gateways, now }, batchSize)).refunded;
  }
  counts.authorisation_released = await releaseLapsingHolds(deps, batchSize);
  return counts;
}

/** Runs the timed changes every minute, never two runs of this process at once; `stop()` waits for a run. */
export function startTimedChanges(
  deps: TimedChangeDeps,
  onError: (error: unknown) => void = (error) => console.error("[alloggio] timed changes failed", error),
): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runTimedChanges(deps)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const job = new Cron("30 * * * * *", () => tick());
  tick();
  return {
    stop: async () => {
      job.stop();
      await running;
    },
  };
}
