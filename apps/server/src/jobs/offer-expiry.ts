/** The timed expiry of offers: the use case is the offers feature's. */
export { expireDueOffers, expireOffers } from "../features/offers";
