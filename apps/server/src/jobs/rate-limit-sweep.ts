import { Cron } from "croner";
import type { Database } from "../db/client";
import { sweepRateLimits } from "../features/rate-limits/rate-limits";

/** Deletes ended rate-limit windows every ten minutes; several processes may sweep at once (a plain delete). */
export function startRateLimitSweep(
  database: Database,
  now: () => Date = () => new Date(),
): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const job = new Cron("0 */10 * * * *", () => {
    if (running) return;
    running = sweepRateLimits(database, now())
      .catch((err) => console.error("[alloggio] rate-limit sweep failed", err))
      .finally(() => {
        running = null;
      });
  });
  return {
    stop: async () => {
      job.stop();
      await running;
    },
  };
}
