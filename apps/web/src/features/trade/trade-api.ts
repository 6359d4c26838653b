import type { TradePasswordChangeRequest } from "@alloggio/domain/contract/trade/agency";
import { type LoginResponse, TRADE_CSRF_HEADER } from "@alloggio/domain/contract/trade/login";
import { postJson } from "../../lib/api-client";
import type { TradeLoginApi } from "./trade-session";

/** `login.do` (SPEC §7): login, logout and the check, all POST with JSON; the session cookie goes with them. */
export const tradeLoginApi: TradeLoginApi = {
  login: (body) => postJson<LoginResponse>("login.do", body),
  logout: (body, csrfToken) =>
    postJson<LoginResponse>(
      "login.do",
      body,
      csrfToken ? { headers: { [TRADE_CSRF_HEADER]: csrfToken } } : {},
    ),
  loggedUser: (body) => postJson<LoginResponse>("login.do", body),
};

/**
 * `agency/changePwd`: the logged user's new password, with the session's synchroniser token; answers the user (no
 * longer `mustChangePassword`).
 */
export const changeTradePassword = (body: TradePasswordChangeRequest, csrfToken: string) =>
  postJson<LoginResponse>("agency/changePwd", body, { headers: { [TRADE_CSRF_HEADER]: csrfToken } });
