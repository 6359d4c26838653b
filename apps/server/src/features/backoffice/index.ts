/** The backoffice feature's public face: what the HTTP layer, the jobs and other features may use. */

export type { Staff } from "./access";
export {
  clearSessionCookie,
  hotelsOf,
  requireHotel,
  requireStaff,
  setSessionCookie,
  signInRequired,
  staffOf,
} from "./access";
export { audit } from "./audit";
export { createOwner } from "./auth/first-owner";
export type { SignInLockout } from "./auth/lockout";
export { createLockout, createSignInLockout, tooManyAttempts } from "./auth/lockout";
export { hashPassword, verifyPassword } from "./auth/passwords";
export { requirePasswordPolicy } from "./auth/policy";
export { mailStaffResetLink, STAFF_RESET_TTL_MS } from "./auth/reset-mail";
export { consumeStaffToken, findStaffToken, issueStaffToken, STAFF_TOKEN_TTL_MS } from "./auth/tokens";
export {
  enrolmentOf,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  totpStepOf,
} from "./auth/totp";
export {
  deletePrivacy,
  listPrivacy,
  readBranding,
  saveChannelColors,
  savePrivacy,
} from "./catalogue/channel-settings-store";
export {
  packageRow,
  promoCodeRow,
  serviceCategoryRow,
  serviceRow,
  writePackages,
  writePromoCodes,
  writeServiceCategories,
  writeServices,
} from "./catalogue/extras-service";
export type { ExtraKind } from "./catalogue/extras-store";
export { choicesOf, createPriceLink, deleteExtra, listExtras, saveExtra } from "./catalogue/extras-store";
export {
  addRoomTypePhoto,
  createRatePlan,
  createRoomType,
  deleteRatePlan,
  deleteRoomType,
  getProperty,
  getRatePlan,
  getRoomType,
  listRatePlans,
  listRoomTypes,
  readPhoto,
  requirePhotoRoomType,
  setRoomTypeGallery,
  updateProperty,
  updateRatePlan,
  updateRoomType,
} from "./catalogue/property";
export { hotelRow, upsertHotel, upsertRatePlans, upsertRoomTypes } from "./catalogue/property-service";
export type { BackOfficeDeps } from "./deps";
export { channelScriptSettings } from "./integrations/scripts";
export {
  addOfferAttachment,
  createStaffOffer,
  getOffer,
  listOffers,
  offerAttachments,
  offerChoices,
  priceOfferOption,
  priceOfferRooms,
  removeOfferAttachment,
  requireOfferOfHotel,
  requireOpenOffer,
  resendOffer,
  withdrawOffer,
} from "./offers/service";
export {
  closeQuote,
  createLink,
  deleteLink,
  getQuote,
  listLinks,
  listQuotes,
  priceQuote,
  sendQuote,
} from "./quotes/service";
export { bulkUpdate, editCell, readCalendar } from "./rates/service";
export {
  hotelToday,
  listReservations,
  requireReservation,
  reservationDetail,
  UNUSED_LINK_STATUSES,
} from "./reservations/service";
export { createSession, findSession, newToken, revokeSession, revokeUserSessions, sha256 } from "./session";
export type { TradeMailLanguage } from "./trade/service";
export {
  approveAccount,
  disableAccount,
  enableAccount,
  getAccount,
  listAccounts,
  refuseAccount,
  resetTradeUserPassword,
  setAccountHotels,
  setAccountPricing,
  tradeLanguageOf,
} from "./trade/service";
export {
  disableUser,
  enableUser,
  inviteUser,
  listUsers,
  removeUser,
  resendInvitation,
  resetUserPassword,
  resetUserSecondFactor,
  updateUser,
} from "./users/service";
