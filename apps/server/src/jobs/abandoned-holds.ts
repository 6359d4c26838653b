import { Cron } from "croner";
import { type BookingDeps, reconcileLaterPayments, releaseAbandonedHolds } from "../features/booking";
import { STRIPE_SESSION_LIFETIME_MS } from "../features/payments";

/** Runs the sweeps every minute; a missed run is caught up by the next (it looks at ages, not at ticks). */
export function startAbandonedHoldSweep(deps: BookingDeps, baseUrl: string): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    // Then the payments after the booking whose Stripe page should be over: a lost webhook repaired, a page closed.
    running = releaseAbandonedHolds(deps, baseUrl)
      .then(() =>
        reconcileLaterPayments(deps, baseUrl, {
          gateway: "stripe",
          pageLifetimeMs: STRIPE_SESSION_LIFETIME_MS,
        }),
      )
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
