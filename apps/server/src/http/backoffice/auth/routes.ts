import { STAFF_COOKIE, type StaffMe } from "@alloggio/domain/contract/backoffice/access";
import {
  SignInRequestSchema,
  SignInResponseSchema,
  TotpSignInRequestSchema,
} from "@alloggio/domain/contract/backoffice/auth";
import { loginDelayMs } from "@alloggio/domain/trade/agency-rules";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../../db/client";
import { staffRecoveryCode, staffUser } from "../../../db/schema";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  audit,
  createSession,
  createSignInLockout,
  findSession,
  hotelsOf,
  mailStaffResetLink,
  normaliseRecoveryCode,
  revokeSession,
  setSessionCookie,
  sha256,
  signInRequired,
  totpStepOf,
  verifyPassword,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { AppError, badInput } from "../../errors";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";
import { registerAccountRoutes } from "./account-routes";
import { registerForgotPasswordRoutes } from "./forgot-routes";
import { registerSetupRoutes } from "./setup-routes";

type UserRow = typeof staffUser.$inferSelect;

export const invalidCredentials = () =>
  new AppError("invalid_credentials", 401, "Wrong e-mail or password", [
    { field: "password", message: "wrong e-mail or password" },
  ]);

const invalidCode = () =>
  new AppError("invalid_code", 401, "Wrong or already used code", [
    { field: "code", message: "wrong or used" },
  ]);

/** The answer of `/api/backoffice/me` for a user and a session's CSRF token. */
export async function meOf(db: Db, user: UserRow, csrfToken: string): Promise<StaffMe> {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    language: user.language,
    totpEnabled: user.totpEnabledAt !== null,
    hotels: await hotelsOf(db, user),
    csrfToken,
  };
}

/**
 * Opens a full session for a user (rotation: the session cookie the request came with, if any, is revoked), sets
 * its cookie and answers `signed_in`.
 */
export async function signIn(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
) {
  const db = deps.database.db;
  const previous = request.cookies[STAFF_COOKIE];
  if (previous) await revokeSession(db, previous);
  const session = await createSession(db, user.id, deps.now());
  setSessionCookie(request, reply, session.token);
  return { state: "signed_in" as const, me: await meOf(db, user, session.csrfToken) };
}

/** Accepts a TOTP code once: the step it belongs to must come after the last one accepted. */
export async function acceptTotpCode(db: Db, user: UserRow, code: string, now: Date): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = totpStepOf(user.totpSecret, code, now);
  if (step === null || (user.totpLastStep !== null && step <= user.totpLastStep)) return false;
  const [updated] = await db
    .update(staffUser)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffUser.id, user.id),
        user.totpLastStep === null
          ? isNull(staffUser.totpLastStep)
          : eq(staffUser.totpLastStep, user.totpLastStep),
      ),
    )
    .returning({ id: staffUser.id });
  return updated !== undefined;
}

const liveUser = async (db: Db, id: number) =>
  (
    await db
      .select()
      .from(staffUser)
      .where(and(eq(staffUser.id, id), isNull(staffUser.disabledAt)))
  )[0];

/** The back office's auth routes (ADR 0025). */
export function registerAuthRoutes(app: App, deps: BackOfficeDeps): void {
  const db = deps.database.db;
  const lockout = createSignInLockout(deps.database, deps.now);
  registerAccountRoutes(app, deps, lockout);
  /** A wrong second factor counts like a wrong password; the one that locks the account mails its owner the link. */
  const failedSecondFactor = async (request: FastifyRequest, user: UserRow) => {
    const { lockedNow } = await lockout.recordFailure(user.email, request.ip);
    if (lockedNow) await mailStaffResetLink(db, user, await deps.linkBase(request), deps.now(), "locked");
  };
  registerSetupRoutes(app, deps);
  registerForgotPasswordRoutes(app, deps);

  app.post(
    "/api/backoffice/sign-in",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Sign in with e-mail and password: a new session (cookie), or `totp_required` when the second factor is on",
        body: SignInRequestSchema,
        response: { 200: SignInResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const state = await lockout.check(email, request.ip);
      // Progressive delay: each failure counted on the account makes the next attempt wait longer.
      const delay = loginDelayMs(state.failures);
      if (delay > 0) await deps.sleep?.(delay);
      const [found] = await db.select().from(staffUser).where(eq(staffUser.email, email));
      const user = found && found.disabledAt === null ? found : undefined;
      const ok = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !ok) {
        const { lockedNow } = await lockout.recordFailure(email, request.ip);
        // The owner gets the link that passes the lock (a password reset); the answer says nothing of it.
        if (lockedNow && user)
          await mailStaffResetLink(db, user, await deps.linkBase(request), deps.now(), "locked");
        throw state.locked ? lockout.refuse(state) : invalidCredentials();
      }
      // A locked account opens to the right password only with the second factor after it.
      if (state.locked && user.totpEnabledAt === null) throw lockout.refuse(state);
      if (user.totpEnabledAt === null) return signIn(deps, request, reply, user);
      const previous = request.cookies[STAFF_COOKIE];
      if (previous) await revokeSession(db, previous);
      const pending = await createSession(db, user.id, deps.now(), { mfaPending: true });
      setSessionCookie(request, reply, pending.token);
      return { state: "totp_required" as const };
    },
  );

  app.post(
    "/api/backoffice/sign-in/totp",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "The second factor after the password: a TOTP code or a recovery code; answers like sign-in",
        body: TotpSignInRequestSchema,
        response: { 200: SignInResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { code, recoveryCode } = request.body;
      if ((code === undefined) === (recoveryCode === undefined))
        throw badInput("code", "send either code or recoveryCode");
      const token = request.cookies[STAFF_COOKIE];
      const session = token ? await findSession(db, token, deps.now()) : null;
      if (!token || !session?.mfaPending) throw signInRequired();
      const user = await liveUser(db, session.userId);
      if (!user || user.totpEnabledAt === null) throw signInRequired();
      await lockout.check(user.email, request.ip);
      if (code !== undefined) {
        if (!(await acceptTotpCode(db, user, code, deps.now()))) {
          await failedSecondFactor(request, user);
          throw invalidCode();
        }
        return signIn(deps, request, reply, user);
      }
      const used = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(staffRecoveryCode)
          .set({ usedAt: deps.now() })
          .where(
            and(
              eq(staffRecoveryCode.userId, user.id),
              eq(staffRecoveryCode.codeHash, sha256(normaliseRecoveryCode(recoveryCode ?? ""))),
              isNull(staffRecoveryCode.usedAt),
            ),
          )
          .returning({ userId: staffRecoveryCode.userId });
        if (!row) return false;
        await audit(
          tx,
          { userId: user.id, groupId: user.groupId, email: user.email },
          {
            hotelId: null,
            action: "staff_user.use_recovery_code",
            entity: "staff_user",
            entityId: user.id,
          },
        );
        return true;
      });
      if (!used) {
        await failedSecondFactor(request, user);
        throw new AppError("invalid_code", 401, "Wrong or already used recovery code", [
          { field: "recoveryCode", message: "wrong or used" },
        ]);
      }
      return signIn(deps, request, reply, user);
    },
  );
}
