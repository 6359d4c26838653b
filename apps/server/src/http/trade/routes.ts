import { ErrorSchema } from "@alloggio/domain/contract/common";
import { TradePasswordChangeRequestSchema } from "@alloggio/domain/contract/trade/agency";
import { LoginRequestSchema, LoginResponseSchema } from "@alloggio/domain/contract/trade/login";
import {
  changeTradePassword,
  createTradeLockout,
  type LoginDeps,
  loggedUser,
  logIn,
  logOut,
} from "../../features/trade";
import type { App } from "../app-type";
import { tradeCookieOf } from "./session-cookie";

export const TRADE_TAG = "trade";

/** Both calls answer the logged user, or why not. */
const answers = {
  200: LoginResponseSchema,
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  429: ErrorSchema,
};

/** The trade channel's calls: the login and the password change; the agency area comes next. */
export function registerTradeRoutes(app: App, deps: LoginDeps): void {
  const lockout = createTradeLockout(deps);
  app.post(
    "/api/login.do",
    {
      schema: {
        tags: [TRADE_TAG],
        summary:
          "Trade login (method=login: username, password, channel → session cookie), logout, and loggedUser (the check every 10 s)",
        description:
          "Every refusal of the credentials answers 401 `invalid_credentials`; a user not enabled for the channel or hotel 403 `trade_not_enabled`; too many failures per user or address 429 `too_many_attempts`. `user.id` 0: nobody logged in.",
        body: LoginRequestSchema,
        response: answers,
      },
    },
    async (request, reply) => {
      const body = request.body;
      reply.header("cache-control", "no-store");
      if (body.method === "login") return logIn(deps, lockout, request, tradeCookieOf(request, reply), body);
      if (body.method === "logout") return logOut(deps, request, tradeCookieOf(request, reply));
      return loggedUser(deps, request, tradeCookieOf(request, reply), body);
    },
  );
  app.post(
    "/api/agency/changePwd",
    {
      schema: {
        tags: [TRADE_TAG],
        summary:
          "The logged trade user's new password (SPEC §5 policy, differs from the current one, matches its confirmation); the user's other sessions are logged out",
        description:
          "401 `trade_login_required` without a live trade session; 403 `csrf_failed` without the session's `csrfToken` in `X-CSRF-Token`; 400 `password_policy` (one detail per broken rule), `wrong_password` for the current password; 429 `too_many_attempts` (the login's lockout).",
        body: TradePasswordChangeRequestSchema,
        response: answers,
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return changeTradePassword(deps, lockout, request, request.body);
    },
  );
}
