/** Resale of resellable rates (ADR 0065): the public face the HTTP layer, the jobs and other features import. */
export { listForResale, resaleOffersOf, withdrawFromResale, withdrawLockedOffer } from "./service";
export { expireResales, settleResales } from "./settle";
