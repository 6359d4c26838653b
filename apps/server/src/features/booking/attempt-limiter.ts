import type { Database } from "../../db/client";
import { type Executor, hitRateLimit, readRateLimit } from "../rate-limits/rate-limits";

/**
 * Counts failed attempts per key (a reservation code, a quote's recipient) in a window that starts with the
 * first failure; once a key reaches `max`, every attempt on it is refused until the window ends — the right one
 * too, so a refusal tells nothing about the key.
 *
 * The counts live in the `rate_limit` table (ADR 0015): every server process shares them. The per-address limit
 * of `@fastify/rate-limit` (on the same table) stands in front of it.
 */
export type AttemptLimiter = {
  /** `on`: the transaction the caller is in, if any. */
  isBlocked(key: string, on?: Executor): Promise<boolean>;
  recordFailure(key: string): Promise<void>;
};

export function createAttemptLimiter(options: {
  database: Database;
  /** Names the counter in the table: `<scope>:<key>`. */
  scope: string;
  max: number;
  windowMs: number;
  now: () => Date;
}): AttemptLimiter {
  const { database, scope, max, windowMs, now } = options;
  return {
    async isBlocked(key, on = database.db) {
      return (await readRateLimit(on, `${scope}:${key}`, now())) >= max;
    },
    async recordFailure(key) {
      await hitRateLimit(database.db, `${scope}:${key}`, windowMs, now());
    },
  };
}
