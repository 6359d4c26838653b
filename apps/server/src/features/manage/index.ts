/** The manage feature's public face: what the HTTP layer, the jobs and other features may use. */
export type { CaptureOutcome, CardHoldDeps, GuaranteeOutcome, ReleaseOutcome } from "./authorisations";
export {
  captureAuthorisation,
  chargeGuarantee,
  guaranteeDefaultsOf,
  RELEASE_MARGIN_HOURS,
  releaseAuthorisation,
  releaseLapsingAuthorisations,
} from "./authorisations";
export { cancelReservation, cancelReservationForGuest } from "./cancel";
export type { ManageDeps } from "./holder";
export { lockHolderReservation, readHolderReservation, refused } from "./holder";
export { modifyReservation, recalcChange, verifyDispo } from "./modify";
export { inTransaction } from "./modify-repository";
export { followPaymentLink } from "./payment-link";
export { activateInstallments, authoriseNow, payNow } from "./payments";
export { lockDueInstallmentNotices, markInstallmentNoticeSent } from "./payments-repository";
export { confirmOption, recordBankTransfer } from "./property-actions";
export type { QuotedStay } from "./quote";
export {
  createQuoteRecipientLimiter,
  loadQuoteHotel,
  priceQuotedStay,
  QUOTE_ADDRESS_WINDOW_MS,
  QUOTES_PER_ADDRESS,
  quoteServiceName,
  requestQuote,
} from "./quote";
export { refundPayment, retryPendingRefunds } from "./refunds";
export {
  cancelOpenDues,
  lockAgencyOptionsToRemind,
  lockExpiredOptions,
  lockOverdueTransfers,
} from "./timed-repository";
export { updateTransfer } from "./transfer";
