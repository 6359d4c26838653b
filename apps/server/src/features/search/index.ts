/** The search feature's public face: what the HTTP layer, the jobs and other features may use. */
export { SearchCache } from "./answer-cache";
export { getCalendar, getPriceCalendar } from "./calendar";
export { readOverrides, signOverrideText } from "./overrides";
export type { PromoRow, SearchContext } from "./repository";
export { flatPriceRows, freeRoomsOf, linkRefWhere, loadSearchContextKept } from "./repository";
export type { SearchDeps } from "./service";
export {
  aStaySearch,
  checkAvailability,
  findCheapestRates,
  findCheapestStay,
  findNearbyDates,
  searchAvailabilityBody,
  toPromo,
} from "./service";
