import type { TradePasswordChangeRequest } from "@alloggio/domain/contract/trade/agency";
import { type LoginResponse, TRADE_CSRF_HEADER } from "@alloggio/domain/contract/trade/login";
import { usernameKey } from "@alloggio/domain/trade/login";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/errors";
import type { SignInLockout } from "../credentials";
import { hashPassword, requirePasswordPolicy, verifyPassword } from "../credentials";
import { setTradePassword } from "./account-repository";
import { type LoginDeps, tradeUserAnswer } from "./login";
import { hasTradeCsrfToken, revokeTradeUserSessions, tradeUserOf } from "./session";

// `POST /api/agency/changePwd` (SPEC §4 forced change, §5 policy, §7; ADR 0029).

/** No live trade session behind the call. */
export const tradeLoginRequired = () =>
  new AppError("trade_login_required", 401, "Log in with a trade account first", [
    { field: "session", message: "no live trade session" },
  ]);

const wrongPassword = () =>
  new AppError("wrong_password", 400, "currentPassword: wrong password", [
    { field: "currentPassword", message: "wrong password" },
  ]);

/**
 * Changes the logged user's password (with the session's synchroniser token, 403 `csrf_failed` without): the policy (with the confirmation and the current password), then the current
 * password checked like a login (wrong ones count towards the trade lockout); the new hash dated now, the forced
 * change cleared, and every other session of the user revoked (this one stays).
 */
export async function changeTradePassword(
  deps: LoginDeps,
  lockout: SignInLockout,
  request: FastifyRequest,
  body: TradePasswordChangeRequest,
): Promise<LoginResponse> {
  const trade = await tradeUserOf(deps, request);
  if (!trade) throw tradeLoginRequired();
  if (!hasTradeCsrfToken(request, trade.sessionToken))
    throw new AppError("csrf_failed", 403, "The request lacks the session's CSRF token", [
      { field: TRADE_CSRF_HEADER, message: "missing or wrong" },
    ]);
  requirePasswordPolicy(
    { password: body.newPassword, confirmation: body.confirmation, old: body.currentPassword },
    { password: "newPassword", confirmation: "confirmation" },
  );
  const account = `${trade.user.groupId}:${usernameKey(trade.user.username)}`;
  await lockout.check(account, request.ip);
  if (!(await verifyPassword(trade.user.passwordHash, body.currentPassword))) {
    await lockout.recordFailure(account, request.ip);
    throw wrongPassword();
  }
  const passwordHash = await hashPassword(body.newPassword);
  const now = deps.now();
  const user = await deps.database.db.transaction(async (tx) => {
    const updated = await setTradePassword(tx, trade.user.id, passwordHash, now);
    await revokeTradeUserSessions(tx, trade.user.id, trade.sessionToken);
    return updated;
  });
  if (!user) throw tradeLoginRequired();
  return {
    user: tradeUserAnswer(user, trade.customer, trade.channelId, trade.loggedAt, now, trade.sessionToken),
  };
}
