import type { Tx } from "../../db/client";
import { AppError } from "../../http/errors";
import {
  type BookingDeps,
  findReservationForGuest,
  lockReservationForGuest,
  reservationNotFound,
  type StoredReservation,
} from "../booking";
import { type AttemptLimiter, tooManyAttempts } from "../rate-limits";

/** What the voucher's actions need: the booking's own, the per-code attempt limiter of `retrieve.do`. */
export type ManageDeps = BookingDeps & { codeLimiter: AttemptLimiter };

export type HolderKey = { code: string; mail: string; channel?: number | undefined };

/**
 * The booking holder's reservation, locked FOR UPDATE in the caller's transaction: the code and the booker's
 * e-mail must match (and the channel, when given). Any mismatch answers `retrieve.do`'s one 404 and counts
 * against the code; a code that failed too often is refused whatever the e-mail, so nothing can be enumerated.
 */
export async function lockHolderReservation(
  deps: ManageDeps,
  tx: Tx,
  key: HolderKey,
): Promise<StoredReservation> {
  return checkedHolder(deps, key, () => lockReservationForGuest(tx, key), tx);
}

/** The same, without a transaction or a lock, for calls that only read (previews, the answer after a change). */
export async function readHolderReservation(deps: ManageDeps, key: HolderKey): Promise<StoredReservation> {
  return checkedHolder(deps, key, () => findReservationForGuest(deps.database, key));
}

async function checkedHolder(
  deps: ManageDeps,
  key: HolderKey,
  find: () => Promise<StoredReservation | null>,
  tx?: Tx,
): Promise<StoredReservation> {
  if (await deps.codeLimiter.isBlocked(key.code, tx)) throw tooManyAttempts();
  const found = await find();
  if (!found) {
    const counted = deps.codeLimiter.recordFailure(key.code);
    // In a transaction the failure is counted beside it, so that its rollback keeps the count (on PGlite, whose
    // one connection the transaction holds, the count follows right after it: not awaited here).
    if (tx) counted.catch((err) => console.error("[alloggio] could not count a failed attempt", err));
    else await counted;
    throw reservationNotFound();
  }
  return found;
}

/** A refusal of an action on this reservation (ADR 0010): 409 with the reason as the code. */
export function refused(code: string, message: string, field = "reservation"): AppError {
  return new AppError(code, 409, message, [{ field, message: code }]);
}
