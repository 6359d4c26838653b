import { ErrorSchema } from "@alloggio/domain/contract/common";
import {
  AskApprovalRequestSchema,
  AskApprovalResponseSchema,
  ResetPasswordRequestSchema,
  ResetPasswordResponseSchema,
  RetrievePasswordRequestSchema,
  RetrievePasswordResponseSchema,
} from "@alloggio/domain/contract/trade/account";
import { type AccountDeps, askApproval, resetPassword, retrievePassword } from "../../features/trade";
import type { App } from "../app-type";

// The trade accounts' public calls (ADR 0033): recovery, the new password from the mail, the sign-up.
const TRADE_TAG = "trade";

export function registerTradeAccountRoutes(app: App, deps: AccountDeps): void {
  app.post(
    "/api/agency/retrievePwd",
    {
      schema: {
        tags: [TRADE_TAG],
        summary:
          "Password recovery: a single-use link (30 minutes) mailed to the account a username or e-mail names; the same answer whether or not one exists",
        description:
          "Always 200 `{ accepted: true }` (ADR 0033); 429 `too_many_attempts` for too many requests from one address. An e-mail no account uses is told so by mail, to that address only.",
        body: RetrievePasswordRequestSchema,
        response: { 200: RetrievePasswordResponseSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return retrievePassword(deps, request, request.body);
    },
  );
  app.post(
    "/api/agency/resetPwd",
    {
      schema: {
        tags: [TRADE_TAG],
        summary:
          "The new password from a recovery link (SPEC §5 policy); the link works once, and every session of the user ends",
        description:
          "400 `token_invalid` for an unknown, used or expired link; 400 `password_policy` (one detail per broken rule).",
        body: ResetPasswordRequestSchema,
        response: { 200: ResetPasswordResponseSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return resetPassword(deps, request.body);
    },
  );
  app.post(
    "/api/agency/askApproval",
    {
      schema: {
        tags: [TRADE_TAG],
        summary:
          "Trade sign-up (SPEC §3 trade access request): a pending account and its first user; the hotels are told and approve it in the back office",
        description:
          "400 `invalid_sign_up` / `password_policy` (details name each field and rule, VAT or IATA mandatory); 409 `email_taken` (an account with this e-mail already exists — contact the property), `username_taken`; 429 `too_many_attempts`.",
        body: AskApprovalRequestSchema,
        response: { 201: AskApprovalResponseSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const answer = await askApproval(deps, request, request.body);
      return reply.code(201).send(answer);
    },
  );
}
