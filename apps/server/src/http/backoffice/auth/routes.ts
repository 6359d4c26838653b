import { STAFF_COOKIE } from "@alloggio/domain/contract/backoffice/access";
import {
  SignInRequestSchema,
  SignInResponseSchema,
  TotpSignInRequestSchema,
} from "@alloggio/domain/contract/backoffice/auth";
import type { FastifyRequest } from "fastify";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  createSignInLockout,
  signInWithPassword,
  signInWithSecondFactor,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";
import { replySignIn } from "../session-cookie";
import { registerAccountRoutes } from "./account-routes";
import { registerForgotPasswordRoutes } from "./forgot-routes";
import { registerSetupRoutes } from "./setup-routes";

/** Where a sign-in request comes from: its address, its session cookie, the base of the links mailed. */
export const signInRequestOf = (deps: BackOfficeDeps, request: FastifyRequest) => ({
  address: request.ip,
  previous: request.cookies[STAFF_COOKIE],
  linkBase: () => deps.linkBase(request),
});

/** The back office's auth routes (ADR 0025). */
export function registerAuthRoutes(app: App, deps: BackOfficeDeps): void {
  const lockout = createSignInLockout(deps.database, deps.now);
  registerAccountRoutes(app, deps, lockout);
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
      const outcome = await signInWithPassword(deps, lockout, request.body, signInRequestOf(deps, request));
      return replySignIn(request, reply, outcome);
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
      const outcome = await signInWithSecondFactor(
        deps,
        lockout,
        request.body,
        signInRequestOf(deps, request),
      );
      return replySignIn(request, reply, outcome);
    },
  );
}
