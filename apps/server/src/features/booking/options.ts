import { isOptionMethod } from "@alloggio/domain/booking/rate-payment-methods";
import { tradeOptionExpiry } from "@alloggio/domain/booking/trade-booking";
import type { Database } from "../../db/client";
import type { PricedBooking } from "./pricing";
import { shortestOptionHoursOf, tradeConfirmationHoursOf } from "./pricing-repository";

/**
 * When a new booking's option runs out, or null when the booking is confirmed at once. A booking is an option
 * (SPEC §4: pending confirmation, "valid for N hours") when one of its rates holds as an option (`optionHours`)
 * and its payment takes nothing now; with several such rates the shortest hold wins. A trade booking (`trade`)
 * whose payment takes nothing now is an option for the channel's `tradeConfHour` hours (SPEC §9, ADR 0031),
 * whatever its rates say; a channel with 0 falls back to the rates' rule.
 */
export async function optionExpiry(
  database: Database,
  priced: Pick<PricedBooking, "rooms" | "optionHours"> & { ctx: { channel: { id: number } | null } },
  method: string,
  now: Date,
  trade = false,
): Promise<Date | null> {
  if (!isOptionMethod(method)) return null;
  if (trade && priced.ctx.channel) {
    const channel = await tradeConfirmationHoursOf(database, priced.ctx.channel.id);
    const expiry = channel ? tradeOptionExpiry(now, channel.hours) : null;
    if (expiry) return expiry;
  }
  const ids = [...new Set(priced.rooms.map((r) => r.ratePlanId))];
  if (priced.optionHours) {
    // Loaded with the booking's price (pricing.ts): no statement of its own.
    const hours = ids.flatMap((id) => {
      const h = priced.optionHours?.get(id);
      return h === undefined ? [] : [h];
    });
    const shortest = hours.length > 0 ? Math.min(...hours) : 0;
    return shortest ? new Date(now.getTime() + shortest * 3_600_000) : null;
  }
  const row = await shortestOptionHoursOf(database, ids);
  return row?.hours ? new Date(now.getTime() + row.hours * 3_600_000) : null;
}
