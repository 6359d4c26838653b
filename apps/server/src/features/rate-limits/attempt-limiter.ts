import type { Database } from "../../db/client";
import { AppError } from "../../http/errors";
import { readRateLimit } from "./rate-limits";
import { type Executor, hitRateLimit, readRateLimitWindow } from "./repository";

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
  /** When a blocked key may try again (the end of its window), or null when it is not blocked. */
  blockedUntil(key: string, on?: Executor): Promise<Date | null>;
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
    async blockedUntil(key, on = database.db) {
      const window = await readRateLimitWindow(on, `${scope}:${key}`, now());
      return window.count >= max ? window.resetAt : null;
    },
    async recordFailure(key) {
      await hitRateLimit(database.db, `${scope}:${key}`, windowMs, now());
    },
  };
}

/** The answer to a key (a reservation code, a quote's recipient) that has tried too often. */
export function tooManyAttempts(retry = "later"): AppError {
  return new AppError("rate_limited", 429, "Too many attempts: please try again later", [
    { field: "request", message: `too many attempts, retry ${retry}` },
  ]);
}
