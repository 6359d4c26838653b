/** The offers feature's public face: what the HTTP layer, the jobs and other features may use. */

export type { HotelApiKey } from "./api-key";
export { createHotelApiKey, newApiKey, requireHotelApiKey, sha256Hex } from "./api-key";
export {
  attachmentError,
  deleteAttachment,
  downloadOfferAttachment,
  insertAttachment,
  listAttachments,
  readAttachmentFile,
  sendAttachment,
  storedAttachment,
  toAttachment,
} from "./attachments";
export { confirmOffer, offerOptionPayment, requireOfferAccess } from "./confirm";
export { findReservationOffer } from "./cro";
export { expireDueOffers, expireOffers } from "./expiry";
export { renderOfferMail } from "./mails";
export type { PricedOption } from "./option-request";
export { priceOfferOption } from "./option-request";
export {
  addHistory,
  applyEvent,
  createOffer,
  hasAccess,
  loadOffer,
  OFFER_ACCESS_MINUTES,
  OFFER_COOKIE,
  offerCookiePath,
  offerMailDataOf,
  offerNotFound,
  offerSummary,
  offerUrl,
  priceOfferDraft,
  refused,
  rejectOffer,
  unlockOffer,
  unlockRequired,
  viewOffer,
} from "./service";
