import { ROUTES } from "@alloggio/domain/contract/web-routes";

// What the first page of a hotel needs, asked for as soon as the entry script runs rather than when React reaches
// the component that needs it (ADR 0046): the channel's hotel list and the page's texts, in parallel, so the first
// text waits for one round trip after the script instead of three in a row.

export type HotelPageIds = { hotel: number; channel: number; language: number };

/** A route of web-routes as a pattern with named groups; `loose`: the path may go on after it. */
const pattern = (route: string, loose: boolean) =>
  new RegExp(`^${route.replace(/:(\w+)/g, "(?<$1>[^/]+)")}${loose ? "(?:/|$)" : "/?$"}`);

/** Any page under a hotel. */
const HOTEL_PAGE = pattern(ROUTES.hotel, true);
/** The hotel's index, which goes on to the search page. */
const HOTEL_INDEX = pattern(ROUTES.hotel, false);
const ROOMS = pattern(ROUTES.rooms, false);

/** The ids of a hotel page's path, read as HotelLayout reads them (no language: 1), or null for any other page. */
export function hotelPageIds(path: string): HotelPageIds | null {
  const groups = HOTEL_PAGE.exec(path)?.groups;
  if (!groups) return null;
  return {
    hotel: Number(groups.hotel),
    channel: Number(groups.channel),
    language: Number(groups.language) || 1,
  };
}

/**
 * The text namespaces every hotel page shows at once: the header (with the site chat's button) and the cookie notice
 * or consent banner. The search page's first paint waits for all of the header (ADR 0051).
 */
const LAYOUT_NAMESPACES = ["common", "hotel", "global", "consent", "chat"];
/** …and the search page's, the first page of a visit: the search bar and the results. */
const SEARCH_NAMESPACES = ["rooms", "search"];

/** The namespaces worth loading at start for a path. */
export function firstPageNamespaces(path: string): string[] {
  if (!hotelPageIds(path)) return ["common"];
  return ROOMS.test(path) || HOTEL_INDEX.test(path)
    ? [...LAYOUT_NAMESPACES, ...SEARCH_NAMESPACES]
    : LAYOUT_NAMESPACES;
}
