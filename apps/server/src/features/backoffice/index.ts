/** The backoffice feature's public face: what the HTTP layer, the jobs and other features may use. */

export type { Staff } from "./access";
export {
  hotelsOf,
  requireHotel,
  requireStaff,
  signInRequired,
  staffOf,
} from "./access";
export { createApiKey, listApiKeys, revokeApiKey } from "./api-keys/service";
export { audit, auditSystem } from "./audit";
export { readAuditLog } from "./audit-log/service";
export {
  changePassword,
  confirmTotp,
  disableTotp,
  startTotpEnrolment,
  updateAccount,
} from "./auth/account";
export { createOwner } from "./auth/first-owner";
export { requestPasswordLink } from "./auth/forgot-password";
export { mailStaffResetLink, STAFF_RESET_TTL_MS } from "./auth/reset-mail";
export { describeSetupLink, setPasswordFromLink } from "./auth/setup";
export type { SignInOutcome } from "./auth/sign-in";
export { signInWithPassword, signInWithSecondFactor } from "./auth/sign-in";
export { createSignInLockout } from "./auth/sign-in-lockout";
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
  lockRoomTypesOfHotel,
  readPhoto,
  readProperty,
  readRoomTypesOfHotel,
  requirePhotoRoomType,
  saveHotelAs,
  saveRoomTypesAs,
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
export type { PriceScope, RateNights, SoldOutNight } from "./rates/service";
export {
  ageGroupsOf,
  bulkUpdate,
  editCell,
  readCalendar,
  replaceRateNights,
  setAllotments,
  storedNightsFrom,
} from "./rates/service";
export {
  cancelPaymentLink,
  hotelToday,
  listReservations,
  requireReservation,
  resendConfirmation,
  reservationDetail,
  setPropertyNote,
  UNUSED_LINK_STATUSES,
} from "./reservations/service";
export {
  createSession,
  findSession,
  revokeSession,
  revokeUserSessions,
  SESSION_ABSOLUTE_MS,
} from "./session";
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
