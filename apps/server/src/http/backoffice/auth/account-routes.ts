import { StaffMeSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  AccountUpdateRequestSchema,
  PasswordChangeRequestSchema,
  TotpConfirmRequestSchema,
  TotpConfirmResponseSchema,
  TotpDisableRequestSchema,
  TotpEnrolmentSchema,
} from "@alloggio/domain/contract/backoffice/auth";
import { z } from "zod";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  changePassword,
  confirmTotp,
  disableTotp,
  staffOf,
  startTotpEnrolment,
  updateAccount,
} from "../../../features/backoffice";
import type { SignInLockout } from "../../../features/credentials";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/** The signed-in user's own account: profile, password, second factor. Every role; changes are audited. */
export function registerAccountRoutes(app: App, deps: BackOfficeDeps, lockout: SignInLockout): void {
  const db = deps.database.db;
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
      return updateAccount(deps, staff, request.body);
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
      await changePassword(deps, lockout, staff, request.body, request.ip);
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
      return startTotpEnrolment(deps, staff);
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
      return confirmTotp(deps, lockout, staff, request.body.code, request.ip);
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
      await disableTotp(deps, lockout, staff, request.body.password, request.ip);
      return reply.code(204).send(null);
    },
  );
}
