/** Resale of resellable rates (ADR 0065): the public face other features import. */

export { registerResaleRoutes } from "../../http/resale/routes";
export { toResaleOffer } from "./offer-view";
export { freeRoomsOf } from "./repository";
export { resaleOffersOf, withdrawLockedOffer } from "./service";
