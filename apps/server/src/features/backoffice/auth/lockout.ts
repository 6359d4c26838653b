import { eq } from "drizzle-orm";
import type { Database, Db } from "../../../db/client";
import { rateLimit } from "../../../db/schema";
import { AppError, retryAfter } from "../../../http/errors";
import { hitRateLimit, readRateLimitWindow } from "../../rate-limits/rate-limits";

/**
 * Failed sign-ins (wrong password, unknown account, wrong second-factor code) counted in the `rate_limit` table
 * (ADR 0015, shared by every server process), per account and per client address. Once a counter reaches its
 * maximum, every attempt on it answers 429 `too_many_attempts` until its window ends, the right password too, and
 * the same whether the account exists or not (ADR 0025). One implementation for the back office's sign-in and the
 * trade login (ADR 0029): each counts under its own key prefix.
 */
export const ACCOUNT_MAX_FAILURES = 5;
export const ADDRESS_MAX_FAILURES = 20;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;

export const tooManyAttempts = (field = "email") =>
  new AppError("too_many_attempts", 429, "Too many failed sign-ins: wait and try again", [
    { field, message: "too many failed attempts" },
  ]);

export type SignInLockout = {
  /** Throws 429 when the account or the address is locked; else answers the failures counted on the account. */
  check(account: string, address: string): Promise<number>;
  recordFailure(account: string, address: string): Promise<void>;
  /**
   * Forgets the failures counted on the account (not the address's): after a password reset through the mailbox the
   * owner may sign in at once with the new password, while an attacker's address stays counted.
   */
  clearAccount(db: Db, account: string): Promise<void>;
};

export type LockoutOptions = {
  /** The counters' key prefix (`bo-sign-in`, `trade-login`): each sign-in counts apart. */
  prefix: string;
  /** The request field the 429 names. */
  field: string;
};

/** A lockout on `account` (trimmed, lower-cased) and client address, under `options.prefix`. */
export function createLockout(database: Database, now: () => Date, options: LockoutOptions): SignInLockout {
  const accountKey = (account: string) => `${options.prefix}:account:${account.trim().toLowerCase()}`;
  const addressKey = (address: string) => `${options.prefix}:address:${address}`;
  return {
    async check(account, address) {
      const at = now();
      const [fromAccount, fromAddress] = await Promise.all([
        readRateLimitWindow(database.db, accountKey(account), at),
        readRateLimitWindow(database.db, addressKey(address), at),
      ]);
      // Locked until the later of the full counters' windows ends (the 429 says when: Retry-After).
      const until = [
        fromAccount.count >= ACCOUNT_MAX_FAILURES ? fromAccount.resetAt : null,
        fromAddress.count >= ADDRESS_MAX_FAILURES ? fromAddress.resetAt : null,
      ].reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);
      if (until) throw retryAfter(tooManyAttempts(options.field), until, at);
      return fromAccount.count;
    },
    async recordFailure(account, address) {
      const at = now();
      await hitRateLimit(database.db, accountKey(account), LOCKOUT_WINDOW_MS, at);
      await hitRateLimit(database.db, addressKey(address), LOCKOUT_WINDOW_MS, at);
    },
    async clearAccount(db, account) {
      await db.delete(rateLimit).where(eq(rateLimit.key, accountKey(account)));
    },
  };
}

/** The back office's sign-in lockout: per e-mail and address. */
export const createSignInLockout = (database: Database, now: () => Date): SignInLockout =>
  createLockout(database, now, { prefix: "bo-sign-in", field: "email" });
