import { Cron } from "croner";
import { type BookingDeps, releaseAbandonedHolds } from "../features/booking";

/** Runs the sweep every minute; a missed run is caught up by the next (it looks at ages, not at ticks). */
export function startAbandonedHoldSweep(deps: BookingDeps, baseUrl: string): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = releaseAbandonedHolds(deps, baseUrl)
      .catch((err) => console.error("[alloggio] abandoned-hold sweep failed", err))
      .finally(() => {
        running = null;
      });
  };
  const job = new Cron("0 * * * * *", () => tick());
  return {
    stop: async () => {
      job.stop();
      await running;
    },
  };
}
