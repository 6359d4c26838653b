/** The trade feature's public face: what the HTTP layer, the jobs and other features may use. */

export type { AccountDeps } from "./account";
export { askApproval, resetPassword, retrievePassword } from "./account";
export { changeTradePassword, tradeLoginRequired } from "./change-password";
export { type TradeMailLanguage, tradeLanguageOf } from "./language";
export { createTradeLockout } from "./lockout";
export type { LoginDeps, TradeCookie } from "./login";
export { loggedUser, logIn, logOut } from "./login";
export type { TradeSessionUser } from "./session";
export {
  createTradeSession,
  hasTradeCsrfToken,
  isEnabledFor,
  revokeTradeUserSessions,
  tradeCustomerForCall,
  tradeUserOf,
} from "./session";
