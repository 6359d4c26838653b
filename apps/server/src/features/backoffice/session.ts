import type { Db } from "../../db/client";
import { newToken, sessionStore, sha256 } from "../credentials";
import { insertStaffSession, type SessionRow } from "./repository";

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

/** The live session of a cookie token, touched; revoking one session, or a user's everywhere. */
export const {
  find: findSession,
  revoke: revokeSession,
  revokeUser: revokeUserSessions,
} = sessionStore("staff", SESSION_IDLE_MS);
