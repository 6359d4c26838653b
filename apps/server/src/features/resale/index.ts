/** Resale of resellable rates (ADR 0065): the public face other features import. */

export { toResaleOffer } from "./offer-view";
export { freeRoomsOf } from "./repository";
export { registerResaleRoutes } from "./routes";
export { resaleOffersOf, withdrawLockedOffer } from "./service";
