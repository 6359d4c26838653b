import type { FastifyRateLimitOptions, FastifyRateLimitStore } from "@fastify/rate-limit";
import type { Database } from "../../db/client";
import { type Executor, hitRateLimit, readRateLimitWindow } from "./repository";

/** The hits on `key` in its current window (0 once the window has ended), without counting one. */
export async function readRateLimit(on: Executor, key: string, now: Date): Promise<number> {
  return (await readRateLimitWindow(on, key, now)).count;
}

/**
 * A store of `@fastify/rate-limit` on the `rate_limit` table: the per-address limits of the routes that have
 * one. Each route's child store counts under its own prefix (`addr:POST/api/retrieve.do:<address>`).
 */
export function databaseRateLimitStore(database: Database, now: () => Date) {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = "addr:",
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const at = now();
      hitRateLimit(database.db, this.prefix + key, timeWindow, at).then(
        ({ count, resetAt }) =>
          callback(null, { current: count, ttl: Math.max(0, resetAt.getTime() - at.getTime()) }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      // At run time the plugin passes the route's merged limit options, the route itself under `routeInfo`.
      const route = (routeOptions as unknown as { routeInfo?: { method?: unknown; url?: unknown } })
        .routeInfo;
      return new DatabaseRateLimitStore({}, `${this.prefix}${String(route?.method)}${String(route?.url)}:`);
    }
  }
  return DatabaseRateLimitStore;
}

/** The options of a route scope's `@fastify/rate-limit`: per route only, counted in the database. */
export function addressRateLimits(deps: { database: Database; now: () => Date }): FastifyRateLimitOptions {
  return { global: false, store: databaseRateLimitStore(deps.database, deps.now) };
}
