/** The mail feature's public face: what the HTTP layer, the jobs and other features may use. */
export type { DisputeMailData } from "./dispute-mail";
export { renderDisputeMail } from "./dispute-mail";
export { boardNameOf, guestSeesNoPrices, guestViewOf } from "./guest-view";
export { hotelTextsFor } from "./hotel-texts";
export type { MailDocument, Section } from "./mail-document";
export {
  addDaysIso,
  countryName,
  formatDay,
  formatInstant,
  nightsOf,
  renderHtml,
  renderText,
  shortTime,
} from "./mail-document";
export { findMailAttachment, findMailHtml, MAIL_VIEW_CSP, renderMailboxPage } from "./mailbox";
export type { DeliveryCounts, RecipeRenderer, RenderRecipe } from "./outbox";
export { deliverOutbox, enqueueMail, renderPendingOutbox } from "./outbox";
export type { QuoteMailData } from "./quote-mails";
export { renderAnsweredQuoteMail, renderHotelQuote, renderQuoteMail } from "./quote-mails";
export { QUOTE_TEXTS } from "./quote-texts";
export { insertOutboxMails, insertReservationRecipes } from "./repository";
export type { MailHotel, StoredResaleOffer, StoredReservation } from "./reservation-facts";
export type { MailChange, ReservationMailData } from "./reservation-mails";
export {
  agencyCommissionOf,
  agencyMailRecipe,
  cancellationPolicyOf,
  enqueueGuestConfirmation,
  enqueueInstallmentNotice,
  enqueueReservationMails,
  flightRow,
  moneyFor,
  occupancyText,
  paymentFacts,
  renderAgencyMail,
  renderHotelNotice,
  renderInstallmentNotice,
  renderReservationMail,
  reservationMailRecipes,
  roomPriceText,
  stayRows,
  totalsRows,
} from "./reservation-mails";
export type { MailTextCode, MailTexts, MealPlanKey } from "./texts";
export { mailTextsFor } from "./texts";
export type { MailAttachment, MailTransport, OutgoingMail } from "./transport";
export { chooseMailTransport } from "./transport";
