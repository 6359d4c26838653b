import { STAFF_COOKIE } from "@alloggio/domain/contract/backoffice/access";
import {
  SetupInfoSchema,
  SetupRequestSchema,
  SetupTokenParamsSchema,
  SignInResponseSchema,
} from "@alloggio/domain/contract/backoffice/auth";
import { and, eq, isNull } from "drizzle-orm";
import { staffUser } from "../../../db/schema";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  audit,
  consumeStaffToken,
  createSession,
  createSignInLockout,
  findStaffToken,
  hashPassword,
  requirePasswordPolicy,
  revokeSession,
  revokeUserSessions,
  setSessionCookie,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { AppError } from "../../errors";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";
import { signIn } from "./routes";

export const tokenInvalid = () =>
  new AppError("token_invalid", 404, "This link has been used or has expired", [
    { field: "token", message: "used, expired or unknown" },
  ]);

/**
 * The set-up link of a first owner or an invited user (`/admin/setup/<token>`): whose it is, then the password,
 * which uses the link and signs the user in.
 */
export function registerSetupRoutes(app: App, deps: BackOfficeDeps): void {
  const db = deps.database.db;

  app.get(
    "/api/backoffice/setup/:token",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Whose set-up link this is; 404 token_invalid when used, expired or unknown",
        params: SetupTokenParamsSchema,
        response: { 200: SetupInfoSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const token = await findStaffToken(db, request.params.token, deps.now());
      if (!token) throw tokenInvalid();
      const [user] = await db
        .select()
        .from(staffUser)
        .where(and(eq(staffUser.id, token.userId), isNull(staffUser.disabledAt)));
      if (!user) throw tokenInvalid();
      return { email: user.email, name: user.name, purpose: token.purpose };
    },
  );

  app.post(
    "/api/backoffice/setup/:token",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Sets the password from a set-up link (single use, SPEC §5 policy) and signs in",
        params: SetupTokenParamsSchema,
        body: SetupRequestSchema,
        response: { 200: SignInResponseSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const { password, confirmation } = request.body;
      requirePasswordPolicy(
        { password, confirmation },
        { password: "password", confirmation: "confirmation" },
      );
      const passwordHash = await hashPassword(password);
      const now = deps.now();
      const user = await db.transaction(async (tx) => {
        const token = await consumeStaffToken(tx, request.params.token, now);
        if (!token) return null;
        const [updated] = await tx
          .update(staffUser)
          .set({ passwordHash, passwordChangedAt: now })
          .where(and(eq(staffUser.id, token.userId), isNull(staffUser.disabledAt)))
          .returning();
        if (!updated) return null;
        await revokeUserSessions(tx, updated.id);
        // A new password through the mailbox lifts the sign-in lock of the account (ADR 0060).
        await createSignInLockout(deps.database, deps.now).clearAccount(tx, updated.email);
        await audit(
          tx,
          { userId: updated.id, groupId: updated.groupId, email: updated.email },
          {
            hotelId: null,
            action: "staff_user.set_password",
            entity: "staff_user",
            entityId: updated.id,
            before: { link: token.purpose },
            after: { passwordSet: true },
          },
        );
        return updated;
      });
      if (!user) throw tokenInvalid();
      if (user.totpEnabledAt === null) return signIn(deps, request, reply, user);
      const previous = request.cookies[STAFF_COOKIE];
      if (previous) await revokeSession(db, previous);
      const pending = await createSession(db, user.id, now, { mfaPending: true });
      setSessionCookie(request, reply, pending.token);
      return { state: "totp_required" as const };
    },
  );
}
