// Signing in to the back office (ADR 0025): the password, then the second factor when it is on.
import type { StaffMe } from "@alloggio/domain/contract/backoffice/access";
import { loginDelayMs } from "@alloggio/domain/trade/agency-rules";
import type { Db } from "../../../db/client";
import { AppError, badInput } from "../../../http/errors";
import { type SignInLockout, sha256, verifyPassword } from "../../credentials";
import { profileOf, signInRequired } from "../access";
import { auditOwnAccount } from "../audit";
import type { BackOfficeDeps } from "../deps";
import { findEnabledStaffUser } from "../repository";
import { createSession, findSession, revokeSession } from "../session";
import { advanceTotpStep, findStaffUserByEmail, type StaffUserRow, useRecoveryCode } from "./repository";
import { mailStaffResetLink } from "./reset-mail";
import { normaliseRecoveryCode, totpStepOf } from "./totp";

type SessionDeps = Pick<BackOfficeDeps, "database" | "now">;

/** A sign-in's result: the new session's cookie token and, once fully signed in, the user. */
export type SignInOutcome =
  | { state: "signed_in"; token: string; me: StaffMe }
  | { state: "totp_required"; token: string };

export const invalidCredentials = () =>
  new AppError("invalid_credentials", 401, "Wrong e-mail or password", [
    { field: "password", message: "wrong e-mail or password" },
  ]);

const invalidCode = () =>
  new AppError("invalid_code", 401, "Wrong or already used code", [
    { field: "code", message: "wrong or used" },
  ]);

/** The answer of `/api/backoffice/me` for a user and a session's CSRF token. */
export async function meOf(db: Db, user: StaffUserRow, csrfToken: string): Promise<StaffMe> {
  return { id: user.id, ...(await profileOf(db, user)), csrfToken };
}

/** Opens a full session for a user (rotation: the session of `previous`, the request's cookie, is revoked). */
export async function openSession(
  deps: SessionDeps,
  previous: string | undefined,
  user: StaffUserRow,
): Promise<SignInOutcome> {
  const db = deps.database.db;
  if (previous) await revokeSession(db, previous);
  const session = await createSession(db, user.id, deps.now());
  return { state: "signed_in", token: session.token, me: await meOf(db, user, session.csrfToken) };
}

/** Opens a session waiting for the second factor (rotation as `openSession`). */
export async function openPendingSession(
  deps: SessionDeps,
  previous: string | undefined,
  user: StaffUserRow,
  now: Date,
): Promise<SignInOutcome> {
  const db = deps.database.db;
  if (previous) await revokeSession(db, previous);
  const pending = await createSession(db, user.id, now, { mfaPending: true });
  return { state: "totp_required", token: pending.token };
}

/** Accepts a TOTP code once: the step it belongs to must come after the last one accepted. */
export async function acceptTotpCode(db: Db, user: StaffUserRow, code: string, now: Date): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = totpStepOf(user.totpSecret, code, now);
  if (step === null || (user.totpLastStep !== null && step <= user.totpLastStep)) return false;
  return advanceTotpStep(db, user.id, step, user.totpLastStep);
}

/** Where a request signs in from: its client address, its session cookie, and the base of mailed links. */
export type SignInRequest = {
  address: string;
  previous: string | undefined;
  linkBase: () => Promise<string>;
};

/** `POST /api/backoffice/sign-in`: e-mail and password, counted by the lockout. */
export async function signInWithPassword(
  deps: BackOfficeDeps,
  lockout: SignInLockout,
  input: { email: string; password: string },
  from: SignInRequest,
): Promise<SignInOutcome> {
  const db = deps.database.db;
  const { email, password } = input;
  const state = await lockout.check(email, from.address);
  // Progressive delay: each failure counted on the account makes the next attempt wait longer.
  const delay = loginDelayMs(state.failures);
  if (delay > 0) await deps.sleep?.(delay);
  const found = await findStaffUserByEmail(db, email);
  const user = found && found.disabledAt === null ? found : undefined;
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) {
    const { lockedNow } = await lockout.recordFailure(email, from.address);
    // The owner gets the link that passes the lock (a password reset); the answer says nothing of it.
    if (lockedNow && user) await mailStaffResetLink(db, user, await from.linkBase(), deps.now(), "locked");
    throw state.locked ? lockout.refuse(state) : invalidCredentials();
  }
  // A locked account opens to the right password only with the second factor after it.
  if (state.locked && user.totpEnabledAt === null) throw lockout.refuse(state);
  if (user.totpEnabledAt === null) return openSession(deps, from.previous, user);
  return openPendingSession(deps, from.previous, user, deps.now());
}

/** `POST /api/backoffice/sign-in/totp`: the second factor of the pending session `from.previous`. */
export async function signInWithSecondFactor(
  deps: BackOfficeDeps,
  lockout: SignInLockout,
  input: { code?: string | undefined; recoveryCode?: string | undefined },
  from: SignInRequest,
): Promise<SignInOutcome> {
  const db = deps.database.db;
  const { code, recoveryCode } = input;
  if ((code === undefined) === (recoveryCode === undefined))
    throw badInput("code", "send either code or recoveryCode");
  const token = from.previous;
  const session = token ? await findSession(db, token, deps.now()) : null;
  if (!token || !session?.mfaPending) throw signInRequired();
  const user = await findEnabledStaffUser(db, { id: session.userId });
  if (!user || user.totpEnabledAt === null) throw signInRequired();
  /** A wrong second factor counts like a wrong password; the one that locks the account mails its owner the link. */
  const failedSecondFactor = async () => {
    const { lockedNow } = await lockout.recordFailure(user.email, from.address);
    if (lockedNow) await mailStaffResetLink(db, user, await from.linkBase(), deps.now(), "locked");
  };
  await lockout.check(user.email, from.address);
  if (code !== undefined) {
    if (!(await acceptTotpCode(db, user, code, deps.now()))) {
      await failedSecondFactor();
      throw invalidCode();
    }
    return openSession(deps, token, user);
  }
  const used = await db.transaction(async (tx) => {
    const found = await useRecoveryCode(
      tx,
      user.id,
      sha256(normaliseRecoveryCode(recoveryCode ?? "")),
      deps.now(),
    );
    if (!found) return false;
    const actor = { userId: user.id, groupId: user.groupId, email: user.email };
    await auditOwnAccount(tx, actor, "staff_user.use_recovery_code");
    return true;
  });
  if (!used) {
    await failedSecondFactor();
    throw new AppError("invalid_code", 401, "Wrong or already used recovery code", [
      { field: "recoveryCode", message: "wrong or used" },
    ]);
  }
  return openSession(deps, token, user);
}
