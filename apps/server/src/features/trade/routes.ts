import { ErrorSchema } from "@alloggio/domain/contract/common";
import { LoginRequestSchema, LoginResponseSchema } from "@alloggio/domain/contract/trade/login";
import type { App } from "../../http/app";
import { createTradeLockout, type LoginDeps, loggedUser, logIn, logOut } from "./login";

export const TRADE_TAG = "trade";

/** The trade channel's calls (issue 13): the login so far; the agency area comes next. */
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
        response: {
          200: LoginResponseSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      reply.header("cache-control", "no-store");
      if (body.method === "login") return logIn(deps, lockout, request, reply, body);
      if (body.method === "logout") return logOut(deps, request, reply);
      return loggedUser(deps, request, reply, body);
    },
  );
}
