import {
  ForgotPasswordRequestSchema,
  ForgotPasswordResponseSchema,
} from "@alloggio/domain/contract/backoffice/auth";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { requestPasswordLink } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/**
 * "Forgot your password?" of the back office: the same answer whatever the e-mail; a live user with that e-mail
 * gets a single-use link (30 minutes) to the set-up page, where a new password also lifts the sign-in lock.
 */
export function registerForgotPasswordRoutes(app: App, deps: BackOfficeDeps): void {
  app.post(
    "/api/backoffice/forgot-password",
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "Mails a single-use password link (30 minutes) to the user with this e-mail, if any; the same answer always",
        body: ForgotPasswordRequestSchema,
        response: { 200: ForgotPasswordResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) =>
      requestPasswordLink(deps, request.body.email, {
        address: request.ip,
        linkBase: () => deps.linkBase(request),
      }),
  );
}
