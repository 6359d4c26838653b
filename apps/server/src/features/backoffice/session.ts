import type { Db } from "../../db/client";
import { newToken, sha256 } from "../credentials";
import {
  deleteStaffSession,
  deleteUserSessions,
  insertStaffSession,
  type SessionRow,
  touchStaffSession,
} from "./repository";

/** A session ends after this long without a request … */
export const SESSION_IDLE_MS = 30 * 60_000;
/** … and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** A session waiting for its second factor lasts this long. */
export const MFA_PENDING_MS = 5 * 60_000;

export type { SessionRow };

/** Opens a session for a user; the caller sets the cookie with `token`. */
export async function createSession(
  db: Db,
  userId: number,
  now: Date,
  options: { mfaPending?: boolean } = {},
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = newToken();
  const csrfToken = newToken();
  const expiresAt = new Date(now.getTime() + (options.mfaPending ? MFA_PENDING_MS : SESSION_ABSOLUTE_MS));
  await insertStaffSession(db, {
    tokenHash: sha256(token),
    userId,
    csrfToken,
    mfaPending: options.mfaPending ?? false,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, csrfToken, expiresAt };
}

/**
 * The live session of a cookie token, touched (lastSeenAt = now); null when unknown, expired (absolute) or idle
 * too long.
 */
export async function findSession(db: Db, token: string, now: Date): Promise<SessionRow | null> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  const row = await touchStaffSession(db, sha256(token), now, idleSince);
  return row ?? null;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await deleteStaffSession(db, sha256(token));
}

/** Signs a user out everywhere (password change, removal), except the session `keep` if given. */
export async function revokeUserSessions(db: Db, userId: number, keep?: string): Promise<void> {
  await deleteUserSessions(db, userId, keep ? sha256(keep) : undefined);
}
