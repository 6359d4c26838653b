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
  startTotpEnrolment,
  updateAccount,
} from "../../../features/backoffice";
import type { SignInLockout } from "../../../features/credentials";
import type { App } from "../../app-type";
import { staffRoutes } from "../staff-routes";

/** The signed-in user's own account: profile, password, second factor. Every role; changes are audited. */
export function registerAccountRoutes(app: App, deps: BackOfficeDeps, lockout: SignInLockout): void {
  const route = staffRoutes(app, deps, null);
  route.patch(
    "/api/backoffice/account",
    {
      summary: "Changes the signed-in user's name or back-office language",
      body: AccountUpdateRequestSchema,
      answer: StaffMeSchema,
    },
    ({ staff, body }) => updateAccount(deps, staff, body),
  );

  route.post(
    "/api/backoffice/account/password",
    {
      summary: "Changes the password (SPEC §5 policy); every other session of the user is signed out",
      body: PasswordChangeRequestSchema,
      answer: "Changed",
    },
    ({ staff, body, request }) => changePassword(deps, lockout, staff, body, request.ip),
  );

  route.post(
    "/api/backoffice/account/totp",
    {
      summary:
        "Starts the second factor's enrolment: a new secret (not enabled yet), its otpauth URI and QR code",
      body: z.object({}).optional(),
      answer: TotpEnrolmentSchema,
    },
    ({ staff }) => startTotpEnrolment(deps, staff),
  );

  route.post(
    "/api/backoffice/account/totp/confirm",
    {
      summary:
        "Turns the second factor on with a code of the new secret; answers the 10 recovery codes, once",
      body: TotpConfirmRequestSchema,
      answer: TotpConfirmResponseSchema,
    },
    ({ staff, body, request }) => confirmTotp(deps, lockout, staff, body.code, request.ip),
  );

  route.post(
    "/api/backoffice/account/totp/disable",
    {
      summary: "Turns the second factor off (needs the password); the recovery codes are deleted",
      body: TotpDisableRequestSchema,
      answer: "Turned off",
    },
    ({ staff, body, request }) => disableTotp(deps, lockout, staff, body.password, request.ip),
  );
}
