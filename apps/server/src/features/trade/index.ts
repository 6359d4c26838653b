/** The trade feature's public face: what the HTTP layer, the jobs and other features may use. */

export type { AccountDeps } from "./account";
export { askApproval, resetPassword, retrievePassword } from "./account";
export { renderAgencyPdf } from "./agency-pdf";
export type { AgencyDeps } from "./agency-service";
export {
  associatedHotels,
  cancelAgencyReservation,
  confirmAgencyReservation,
  listAgencyReservations,
  printAgencyReservation,
  quoteAgencyCancellation,
  requireAgency,
} from "./agency-service";
export { changeTradePassword } from "./change-password";
export { type TradeMailLanguage, tradeLanguageOf } from "./language";
export type { LoginDeps } from "./login";
export { createTradeLockout, loggedUser, logIn, logOut } from "./login";
export { isEnabledFor, revokeTradeUserSessions, tradeCustomerForCall, tradeUserOf } from "./session";
