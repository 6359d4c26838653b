import type { Database, Db } from "../../db/client";
import { AppError, retryAfter } from "../../http/errors";
import { hitRateLimit, readRateLimitWindow } from "../rate-limits";
import { deleteAccountFailures } from "./repository";

/**
 * Failed sign-ins (wrong password, unknown account, wrong second-factor code) counted in the `rate_limit` table
 * (ADR 0015, shared by every server process) per account *and* source, as OWASP ASVS describes (ADR 0060):
 *
 * - one account from one client address: after PAIR_MAX_FAILURES that address waits for the window's end on that
 *   account, the right password too (an attacker's address, not the owner's);
 * - one client address on any accounts: after ADDRESS_MAX_FAILURES it waits (password spraying);
 * - one account from every address: each failure makes the next attempt wait longer (progressive delay), and after
 *   ACCOUNT_MAX_FAILURES the account is locked, which only the right password followed by the second factor, or the
 *   link mailed to the account when it locked (a password reset), passes.
 *
 * Unknown accounts are counted and locked the same way, with the same answers (ADR 0025). One implementation for
 * the back office's sign-in and the trade login (ADR 0029): each counts under its own key prefix.
 */
export const PAIR_MAX_FAILURES = 5;
export const ADDRESS_MAX_FAILURES = 20;
export const ACCOUNT_MAX_FAILURES = 10;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;

export const tooManyAttempts = (field = "email") =>
  new AppError("too_many_attempts", 429, "Too many failed sign-ins: wait and try again", [
    { field, message: "too many failed attempts" },
  ]);

/** The account's counter as an attempt finds it. */
export type LockState = {
  /** Failures counted on the account from every address in the window (the progressive delay grows with it). */
  failures: number;
  /** The account is locked: only the right password with a second factor, or the mailed link, passes. */
  locked: boolean;
  /** When the account's window ends. */
  until: Date | null;
};

export type SignInLockout = {
  /** Throws 429 when this address is locked (on this account or on all); else answers the account's state. */
  check(account: string, address: string): Promise<LockState>;
  /** The 429 of a locked account (with Retry-After). */
  refuse(state: LockState): AppError;
  /** Counts a failure; `lockedNow` when it is the one that locked the account (mail its owner the link). */
  recordFailure(account: string, address: string): Promise<{ lockedNow: boolean }>;
  /**
   * Forgets the failures counted on the account, from every address (not the addresses' own): after a password
   * reset through the mailbox the owner may sign in at once with the new password.
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
  const accountOf = (account: string) => account.trim().toLowerCase();
  const accountKey = (account: string) => `${options.prefix}:account:${accountOf(account)}`;
  // The account's length first: no account's pair keys begin with another's (clearAccount matches the prefix).
  const pairPrefix = (account: string) => {
    const key = accountOf(account);
    return `${options.prefix}:pair:${key.length}:${key}:`;
  };
  const pairKey = (account: string, address: string) => `${pairPrefix(account)}${address}`;
  const addressKey = (address: string) => `${options.prefix}:address:${address}`;
  return {
    async check(account, address) {
      const at = now();
      const [fromAccount, fromPair, fromAddress] = await Promise.all([
        readRateLimitWindow(database.db, accountKey(account), at),
        readRateLimitWindow(database.db, pairKey(account, address), at),
        readRateLimitWindow(database.db, addressKey(address), at),
      ]);
      // This address waits until the later of its full counters' windows ends (the 429 says when: Retry-After).
      const until = [
        fromPair.count >= PAIR_MAX_FAILURES ? fromPair.resetAt : null,
        fromAddress.count >= ADDRESS_MAX_FAILURES ? fromAddress.resetAt : null,
      ].reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);
      if (until) throw retryAfter(tooManyAttempts(options.field), until, at);
      return {
        failures: fromAccount.count,
        locked: fromAccount.count >= ACCOUNT_MAX_FAILURES,
        until: fromAccount.resetAt,
      };
    },
    refuse(state) {
      const error = tooManyAttempts(options.field);
      return state.until ? retryAfter(error, state.until, now()) : error;
    },
    async recordFailure(account, address) {
      const at = now();
      const counted = await hitRateLimit(database.db, accountKey(account), LOCKOUT_WINDOW_MS, at);
      await hitRateLimit(database.db, pairKey(account, address), LOCKOUT_WINDOW_MS, at);
      await hitRateLimit(database.db, addressKey(address), LOCKOUT_WINDOW_MS, at);
      return { lockedNow: counted.count === ACCOUNT_MAX_FAILURES };
    },
    async clearAccount(db, account) {
      await deleteAccountFailures(db, accountKey(account), pairPrefix(account));
    },
  };
}
