// The set-up link of a first owner or an invited user (`/admin/setup/<token>`), also the password-reset link.

import { AppError } from "../../../http/errors";
import { hashPassword, requirePasswordPolicy } from "../../credentials";
import { auditOwnAccount } from "../audit";
import type { BackOfficeDeps } from "../deps";
import { findEnabledStaffUser } from "../repository";
import { revokeUserSessions } from "../session";
import { setPasswordOfEnabledUser } from "./repository";
import { openPendingSession, openSession, type SignInOutcome } from "./sign-in";
import { createSignInLockout } from "./sign-in-lockout";
import type { StaffTokenPurpose } from "./tokens";
import { consumeStaffToken, findStaffToken } from "./tokens";

export const tokenInvalid = () =>
  new AppError("token_invalid", 404, "This link has been used or has expired", [
    { field: "token", message: "used, expired or unknown" },
  ]);

/** Whose set-up link this is; 404 token_invalid when used, expired or unknown. */
export async function describeSetupLink(
  deps: BackOfficeDeps,
  link: string,
): Promise<{ email: string; name: string; purpose: StaffTokenPurpose }> {
  const db = deps.database.db;
  const token = await findStaffToken(db, link, deps.now());
  if (!token) throw tokenInvalid();
  const user = await findEnabledStaffUser(db, { id: token.userId });
  if (!user) throw tokenInvalid();
  return { email: user.email, name: user.name, purpose: token.purpose };
}

/** Sets the password from a set-up link (single use, SPEC §5 policy) and signs in. */
export async function setPasswordFromLink(
  deps: BackOfficeDeps,
  link: string,
  input: { password: string; confirmation: string },
  previous: string | undefined,
): Promise<SignInOutcome> {
  const db = deps.database.db;
  const { password, confirmation } = input;
  requirePasswordPolicy({ password, confirmation }, { password: "password", confirmation: "confirmation" });
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  const user = await db.transaction(async (tx) => {
    const token = await consumeStaffToken(tx, link, now);
    if (!token) return null;
    const updated = await setPasswordOfEnabledUser(tx, token.userId, passwordHash, now);
    if (!updated) return null;
    await revokeUserSessions(tx, updated.id);
    // A new password through the mailbox lifts the sign-in lock of the account (ADR 0060).
    await createSignInLockout(deps.database, deps.now).clearAccount(tx, updated.email);
    const actor = { userId: updated.id, groupId: updated.groupId, email: updated.email };
    await auditOwnAccount(tx, actor, "staff_user.set_password", {
      before: { link: token.purpose },
      after: { passwordSet: true },
    });
    return updated;
  });
  if (!user) throw tokenInvalid();
  if (user.totpEnabledAt === null) return openSession(deps, previous, user);
  return openPendingSession(deps, previous, user, now);
}
