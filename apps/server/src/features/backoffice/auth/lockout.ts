import type { Database } from "../../../db/client";
import { AppError } from "../../../http/errors";
import { hitRateLimit, readRateLimit } from "../../rate-limits/rate-limits";

/**
 * Failed sign-ins (wrong password, unknown account, wrong second-factor code) counted in the `rate_limit` table
 * (ADR 0015, shared by every server process), per account and per client address. Once a counter reaches its
 * maximum, every attempt on it answers 429 `too_many_attempts` until its window ends, the right password too, and
 * the same whether the account exists or not (ADR 0025).
 */
export const ACCOUNT_MAX_FAILURES = 5;
export const ADDRESS_MAX_FAILURES = 20;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;

const accountKey = (email: string) => `bo-sign-in:account:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `bo-sign-in:address:${address}`;

export const tooManyAttempts = () =>
  new AppError("too_many_attempts", 429, "Too many failed sign-ins: wait and try again", [
    { field: "email", message: "too many failed attempts" },
  ]);

export type SignInLockout = {
  /** Throws 429 when the account or the address is locked. */
  check(email: string, address: string): Promise<void>;
  recordFailure(email: string, address: string): Promise<void>;
};

export function createSignInLockout(database: Database, now: () => Date): SignInLockout {
  return {
    async check(email, address) {
      const at = now();
      const [account, fromAddress] = await Promise.all([
        readRateLimit(database.db, accountKey(email), at),
        readRateLimit(database.db, addressKey(address), at),
      ]);
      if (account >= ACCOUNT_MAX_FAILURES || fromAddress >= ADDRESS_MAX_FAILURES) throw tooManyAttempts();
    },
    async recordFailure(email, address) {
      const at = now();
      await hitRateLimit(database.db, accountKey(email), LOCKOUT_WINDOW_MS, at);
      await hitRateLimit(database.db, addressKey(address), LOCKOUT_WINDOW_MS, at);
    },
  };
}
