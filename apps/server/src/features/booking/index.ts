/** The booking feature's public face: what the HTTP layer, the jobs and other features may use. */

export { releaseInventory, returnNights, setStatus } from "./changes-repository";
export { receiveGatewayEvent } from "./gateway-events";
export { disputesOfReservation } from "./gateway-money";
export type { HeldNight, PricedBooking, PricingOptions } from "./pricing";
export { priceBooking } from "./pricing";
export { SoldOut, takeInventory } from "./repository";
export { toResaleOffer } from "./resale-offer-view";
export type { MoneyAfter, ReservationCharges } from "./reservation-money";
export { chargesOf, moneyAfter, writeMoney } from "./reservation-money";
export {
  RETRIEVE_CODE_WINDOW_MS,
  RETRIEVE_FAILURES_PER_CODE,
  reservationNotFound,
  retrieveReservation,
  toVoucherReservation,
} from "./retrieve";
export type { StoredResaleOffer, StoredReservation } from "./retrieve-repository";
export {
  findReservation,
  findReservationForGuest,
  findReservationOfCustomer,
  findReservationOfHotel,
  findReservations,
  lockReservationForGuest,
  lockReservationOfHotel,
  UNUSED_LINK_STATUSES,
} from "./retrieve-repository";
export type { BookingDeps, ConfirmAnswer, PrepaidCheck } from "./service";
export {
  cancelForPayment,
  checkPrepaid,
  confirmBooking,
  confirmPayment,
  HOLD_MINUTES,
  handleGatewayEvent,
  paymentProblem,
  reconcileLaterPayments,
  releaseAbandonedHolds,
  settleLaterPayment,
  voucherPath,
} from "./service";
export { findAvailableServices } from "./service-avail";
export { tradeBookingOf, withTradeBooking } from "./trade-booking";
