import { STAFF_COOKIE } from "@alloggio/domain/contract/backoffice/access";
import {
  SetupInfoSchema,
  SetupRequestSchema,
  SetupTokenParamsSchema,
  SignInResponseSchema,
} from "@alloggio/domain/contract/backoffice/auth";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { describeSetupLink, setPasswordFromLink } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";
import { replySignIn } from "../session-cookie";

/**
 * The set-up link of a first owner or an invited user (`/admin/setup/<token>`): whose it is, then the password,
 * which uses the link and signs the user in.
 */
export function registerSetupRoutes(app: App, deps: BackOfficeDeps): void {
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
    async (request) => describeSetupLink(deps, request.params.token),
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
      const outcome = await setPasswordFromLink(
        deps,
        request.params.token,
        request.body,
        request.cookies[STAFF_COOKIE],
      );
      return replySignIn(request, reply, outcome);
    },
  );
}
