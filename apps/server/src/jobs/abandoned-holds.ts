import { Cron } from "croner";
import { sql } from "drizzle-orm";
import { type BookingDeps, cancelForPayment, confirmPayment } from "../features/booking";

/** How long a booking may wait for its payment (3-D Secure, or a process that died mid-way) before release. */
export const HOLD_MINUTES = 30;

/**
 * Settles bookings left waiting for their payment: the gateway is asked one last time (a payment that went
 * through confirms the booking), otherwise the booking is cancelled and its nights go back on sale. Every change
 * is a conditional update, so several processes may sweep at once and each booking changes state once.
 */
export async function releaseAbandonedHolds(
  deps: BookingDeps,
  baseUrl: string,
  limit = 50,
): Promise<{ checked: number; confirmed: number; released: number }> {
  const cutoff = new Date(deps.now().getTime() - HOLD_MINUTES * 60_000).toISOString();
  const waiting = await deps.database.query<{ id: number; code: string }>(sql`
    select id, code from reservation
    where status in ('pending_confirmation', 'payment_required', 'preauth_required')
      and option_expires_at is null and created_at < ${cutoff}::timestamptz
      -- a hold never reached confirmed; a confirmed booking waiting again (a change's extra) is not a hold
      and not exists (select 1 from reservation_history h
                      where h.reservation_id = reservation.id and h.to_status = 'confirmed')
    order by created_at limit ${limit}`);
  let confirmed = 0;
  let released = 0;
  for (const r of waiting) {
    const answer = await confirmPayment(deps, { reservation: r.code, gateway: deps.gateway.name }, baseUrl);
    if (answer.status === "confirmed") confirmed++;
    else if (answer.status !== "cancelled") {
      await cancelForPayment(deps, r.id, "payment_abandoned");
      released++;
    } else released++;
  }
  return { checked: waiting.length, confirmed, released };
}

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
