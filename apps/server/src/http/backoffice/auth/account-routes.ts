import { StaffMeSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  AccountUpdateRequestSchema,
  PasswordChangeRequestSchema,
  TotpConfirmRequestSchema,
  TotpConfirmResponseSchema,
  TotpDisableRequestSchema,
  TotpEnrolmentSchema,
} from "@alloggio/domain/contract/backoffice/auth";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { staffRecoveryCode, staffUser } from "../../../db/schema";
import type { BackOfficeDeps, SignInLockout } from "../../../features/backoffice";
import {
  audit,
  enrolmentOf,
  hashPassword,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  requirePasswordPolicy,
  revokeUserSessions,
  type Staff,
  sha256,
  staffOf,
  verifyPassword,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { AppError } from "../../errors";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";
import { acceptTotpCode, meOf } from "./routes";

const wrongPassword = (field: string) =>
  new AppError("wrong_password", 400, `${field}: wrong password`, [{ field, message: "wrong password" }]);

/** The signed-in user's own account: profile, password, second factor. Every role; changes are audited. */
export function registerAccountRoutes(app: App, deps: BackOfficeDeps, lockout: SignInLockout): void {
  const db = deps.database.db;
  const userOf = async (staff: Staff) => {
    const [user] = await db.select().from(staffUser).where(eq(staffUser.id, staff.userId));
    if (!user) throw new Error("signed-in user vanished");
    return user;
  };
  /** The current password, checked like a sign-in (wrong ones count towards the lockout). */
  const checkPassword = async (staff: Staff, password: string, ip: string, field: string) => {
    await lockout.check(staff.email, ip);
    const user = await userOf(staff);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await lockout.recordFailure(staff.email, ip);
      throw wrongPassword(field);
    }
    return user;
  };

  app.patch(
    "/api/backoffice/account",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Changes the signed-in user's name or back-office language",
        body: AccountUpdateRequestSchema,
        response: { 200: StaffMeSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await staffOf(db, request, deps.now());
      const { name, language } = request.body;
      const user = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(staffUser).where(eq(staffUser.id, staff.userId));
        const [after] = await tx
          .update(staffUser)
          .set({ ...(name === undefined ? {} : { name }), ...(language === undefined ? {} : { language }) })
          .where(eq(staffUser.id, staff.userId))
          .returning();
        if (!before || !after) throw new Error("signed-in user vanished");
        await audit(tx, staff, {
          hotelId: null,
          action: "staff_user.update_account",
          entity: "staff_user",
          entityId: staff.userId,
          before: { name: before.name, language: before.language },
          after: { name: after.name, language: after.language },
        });
        return after;
      });
      return meOf(db, user, staff.csrfToken);
    },
  );

  app.post(
    "/api/backoffice/account/password",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Changes the password (SPEC §5 policy); every other session of the user is signed out",
        body: PasswordChangeRequestSchema,
        response: { 204: z.null().describe("Changed"), ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const staff = await staffOf(db, request, deps.now());
      const { currentPassword, newPassword, confirmation } = request.body;
      requirePasswordPolicy(
        { password: newPassword, confirmation, old: currentPassword },
        { password: "newPassword", confirmation: "confirmation" },
      );
      await checkPassword(staff, currentPassword, request.ip, "currentPassword");
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(staffUser)
          .set({ passwordHash, passwordChangedAt: deps.now() })
          .where(eq(staffUser.id, staff.userId));
        await revokeUserSessions(tx, staff.userId, staff.sessionToken);
        await audit(tx, staff, {
          hotelId: null,
          action: "staff_user.change_password",
          entity: "staff_user",
          entityId: staff.userId,
          before: { passwordChanged: true },
          after: { otherSessionsSignedOut: true },
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/backoffice/account/totp",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Starts the second factor's enrolment: a new secret (not enabled yet), its otpauth URI and QR code",
        body: z.object({}).optional(),
        response: { 200: TotpEnrolmentSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await staffOf(db, request, deps.now());
      if (staff.totpEnabled)
        throw new AppError("totp_already_enabled", 409, "The second factor is already on", [
          { field: "totp", message: "already enabled" },
        ]);
      const secret = newTotpSecret();
      await db
        .update(staffUser)
        .set({ totpSecret: secret, totpLastStep: null })
        .where(eq(staffUser.id, staff.userId));
      return { secret, ...enrolmentOf(secret, staff.email) };
    },
  );

  app.post(
    "/api/backoffice/account/totp/confirm",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Turns the second factor on with a code of the new secret; answers the 10 recovery codes, once",
        body: TotpConfirmRequestSchema,
        response: { 200: TotpConfirmResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await staffOf(db, request, deps.now());
      const user = await userOf(staff);
      if (user.totpEnabledAt !== null)
        throw new AppError("totp_already_enabled", 409, "The second factor is already on", [
          { field: "totp", message: "already enabled" },
        ]);
      if (!user.totpSecret)
        throw new AppError("totp_not_enrolled", 409, "No enrolment waits for confirmation", [
          { field: "totp", message: "start the enrolment first" },
        ]);
      await lockout.check(staff.email, request.ip);
      if (!(await acceptTotpCode(db, user, request.body.code, deps.now()))) {
        await lockout.recordFailure(staff.email, request.ip);
        throw new AppError("invalid_code", 400, "code: wrong or already used", [
          { field: "code", message: "wrong or used" },
        ]);
      }
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction(async (tx) => {
        await tx.update(staffUser).set({ totpEnabledAt: deps.now() }).where(eq(staffUser.id, staff.userId));
        await tx.delete(staffRecoveryCode).where(eq(staffRecoveryCode.userId, staff.userId));
        await tx
          .insert(staffRecoveryCode)
          .values(
            codes.map((code) => ({ userId: staff.userId, codeHash: sha256(normaliseRecoveryCode(code)) })),
          );
        await audit(tx, staff, {
          hotelId: null,
          action: "staff_user.enable_totp",
          entity: "staff_user",
          entityId: staff.userId,
          before: { totpEnabled: false },
          after: { totpEnabled: true, recoveryCodes: RECOVERY_CODE_COUNT },
        });
      });
      return { recoveryCodes: codes };
    },
  );

  app.post(
    "/api/backoffice/account/totp/disable",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Turns the second factor off (needs the password); the recovery codes are deleted",
        body: TotpDisableRequestSchema,
        response: { 204: z.null().describe("Turned off"), ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const staff = await staffOf(db, request, deps.now());
      await checkPassword(staff, request.body.password, request.ip, "password");
      await db.transaction(async (tx) => {
        await tx
          .update(staffUser)
          .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
          .where(eq(staffUser.id, staff.userId));
        await tx.delete(staffRecoveryCode).where(eq(staffRecoveryCode.userId, staff.userId));
        await audit(tx, staff, {
          hotelId: null,
          action: "staff_user.disable_totp",
          entity: "staff_user",
          entityId: staff.userId,
          before: { totpEnabled: staff.totpEnabled },
          after: { totpEnabled: false },
        });
      });
      return reply.code(204).send(null);
    },
  );
}
