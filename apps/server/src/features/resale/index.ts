/** Resale of resellable rates (ADR 0065): the public face other features import. */
export { freeRoomsOf } from "./repository";
export { registerResaleRoutes } from "./routes";
export { resaleOffersOf, toResaleOffer, withdrawLockedOffer } from "./service";
