import { Cron } from "croner";
import type { Database } from "../db/client";
import { purgeAlpineBitsBodies } from "../features/alpinebits";
import { sweepRateLimits } from "../features/rate-limits";
import { sweepExpiredCredentials } from "./expired-credentials";

/**
 * Deletes ended rate-limit windows and expired credentials (sessions, single-use links, offer access), and forgets
 * the AlpineBits exchange bodies older than 14 days, every ten minutes; several processes may sweep at once (plain
 * deletes and updates).
 */
export function startRateLimitSweep(
  database: Database,
  now: () => Date = () => new Date(),
): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const job = new Cron("0 */10 * * * *", () => {
    if (running) return;
    const at = now();
    running = Promise.all([
      sweepRateLimits(database, at),
      sweepExpiredCredentials(database, at),
      purgeAlpineBitsBodies(database, at),
    ])
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
