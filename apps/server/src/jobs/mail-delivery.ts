import { Cron } from "croner";
import type { Database } from "../db/client";
import type { DeliveryCounts, MailTransport } from "../features/mail";
import { deliverDueMail, PdfThread } from "../features/voucher-pdf";

export type MailDeliveryOptions = {
  database: Database;
  /** null: no SMTP configured; the job then only renders the mails enqueued as recipes (ADR 0047). */
  transport: MailTransport | null;
  now?: () => Date;
  /** Time between runs; croner counts in whole seconds, so it is rounded up to at least 1 s. */
  intervalMs?: number;
  batchSize?: number;
  /** The share of the event loop's time rendering mails may take (ADR 0047); half unless given. */
  renderShare?: number;
  onError?: (error: unknown) => void;
  onDelivered?: (counts: DeliveryCounts) => void;
  /** Voucher PDFs on a worker thread of the job's (ADR 0055); true unless given. */
  pdfThread?: boolean;
};

/** A run stops draining after this many full batches, so one run never starves the next tick for long. */
const MAX_BATCHES_PER_RUN = 50;

/**
 * Renders and sends due outbox mail on a timer, never two runs of this process at once. It keeps no state: a run that was
 * missed (the process was down, a run was slow) is caught up by the next, which sends everything due by then.
 * Several processes may each run it; the outbox's SKIP LOCKED claim keeps them apart. `stop()` waits for a run
 * in progress, so the database can be closed after it.
 */
export function startMailDelivery(options: MailDeliveryOptions): { stop: () => Promise<void> } {
  const {
    database,
    transport,
    now = () => new Date(),
    intervalMs = 5000,
    // Small batches: a batch's mails are all rendered before any is sent, so a burst of bookings does not keep the
    // first guest waiting for nineteen other PDFs.
    batchSize = 5,
    renderShare = 0.5,
    onError = (error) => console.error("[alloggio] mail delivery failed", error),
    onDelivered,
    pdfThread = true,
  } = options;
  // The PDF (fontkit, pdfkit) is the render's CPU: on a thread of its own it does not hold the event loop, so a
  // request that arrives during a render is not kept waiting for it (ADR 0055). The thread starts with the first PDF.
  const thread = pdfThread ? new PdfThread() : null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const runOnce = async () => {
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !stopped; batch++) {
      const counts = await deliverDueMail(
        database,
        transport,
        now(),
        batchSize,
        renderShare,
        () => stopped,
        thread?.render,
      );
      if (counts.claimed > 0) onDelivered?.(counts);
      if (counts.claimed < batchSize) break;
    }
  };
  const tick = () => {
    if (running || stopped) return running ?? Promise.resolve();
    running = runOnce()
      .catch(onError)
      .finally(() => {
        running = null;
      });
    return running;
  };

  const job = new Cron("* * * * * *", { interval: Math.max(1, Math.ceil(intervalMs / 1000)) }, () => tick());
  void tick();
  return {
    stop: async () => {
      stopped = true;
      job.stop();
      await running;
      await thread?.close();
    },
  };
}
