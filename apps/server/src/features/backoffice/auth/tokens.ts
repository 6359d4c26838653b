import type { Db } from "../../../db/client";
import { newToken, sha256 } from "../../credentials";
import { expireStaffTokens, findLiveStaffToken, insertStaffToken, useStaffToken } from "./repository";

/** What a single-use link is for: the first owner's set-up, a staff invitation, a password reset. */
export type StaffTokenPurpose = "setup" | "invitation" | "reset";

/** A set-up or invitation link lasts this long. */
export const STAFF_TOKEN_TTL_MS = 24 * 60 * 60_000;

/**
 * Issues a single-use link token for a user (only its SHA-256 is stored). Earlier unused tokens of the same user
 * and purpose stop working: the newest link is the only one.
 */
export async function issueStaffToken(
  tx: Db,
  userId: number,
  purpose: StaffTokenPurpose,
  ttlMs: number = STAFF_TOKEN_TTL_MS,
  now: Date = new Date(),
): Promise<string> {
  const token = newToken();
  await expireStaffTokens(tx, userId, purpose, now);
  await insertStaffToken(tx, {
    tokenHash: sha256(token),
    userId,
    purpose,
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  });
  return token;
}

export type LiveStaffToken = { userId: number; purpose: StaffTokenPurpose; expiresAt: Date };

/** The live (unused, unexpired) token, without using it; null otherwise. */
export async function findStaffToken(db: Db, token: string, now: Date): Promise<LiveStaffToken | null> {
  const row = await findLiveStaffToken(db, sha256(token), now);
  return row ? { ...row, purpose: row.purpose as StaffTokenPurpose } : null;
}

/**
 * Uses a token once: marks it used and answers whose it was, or null when it is unknown, used or expired (one
 * statement, so two requests with the same link cannot both succeed). `purposes` limits what it may be.
 */
export async function consumeStaffToken(
  tx: Db,
  token: string,
  now: Date,
  purposes: readonly StaffTokenPurpose[] = ["setup", "invitation", "reset"],
): Promise<LiveStaffToken | null> {
  const row = await useStaffToken(tx, sha256(token), now, [...purposes]);
  return row ? { ...row, purpose: row.purpose as StaffTokenPurpose } : null;
}
