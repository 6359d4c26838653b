// The per-client-address limits of the public calls a caller could abuse by guessing or by mailing.
import rateLimit from "@fastify/rate-limit";
import type { Database } from "../db/client";
import { addressRateLimits, tooManyAttempts } from "../features/rate-limits";
import type { App } from "./app-type";

/** A route's `config`: at most `max` calls per client address in the window, then 429 `too_many_attempts`. */
export const perAddress = (max: number, timeWindow: number | string = "1 minute") => ({
  rateLimit: {
    max,
    timeWindow,
    errorResponseBuilder: (_request: unknown, context: { after: string }) =>
      tooManyAttempts(`in ${context.after}`),
  },
});

/** Registers routes in a scope of their own, so that their `perAddress` limits apply to them only. */
export function registerAddressLimited(
  app: App,
  deps: { database: Database; now: () => Date },
  routes: (scope: App) => void,
): void {
  app.register(async (scope: App) => {
    await scope.register(rateLimit, addressRateLimits(deps));
    routes(scope);
  });
}
