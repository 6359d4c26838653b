// The web app's routes (SPEC §2, history mode, base /). The web app links and routes with them; the server answers
// 404 (with the web app, which shows its not-found page) for a path that no page of the web app matches.

/** Routes by name; pages link with `href(name, params)`, never with hand-built strings. */
export const ROUTES = {
  boot: "/",
  hotel: "/hotel/:hotel/channel/:channel/language/:language",
  rooms: "/hotel/:hotel/channel/:channel/language/:language/rooms",
  recover: "/hotel/:hotel/channel/:channel/language/:language/recover",
  packageList: "/hotel/:hotel/channel/:channel/language/:language/package/list",
  packages: "/hotel/:hotel/channel/:channel/language/:language/packages",
  packageView: "/hotel/:hotel/channel/:channel/language/:language/package/view/:packid",
  reservationLinkView:
    "/hotel/:hotel/channel/:channel/language/:language/reservationLink/view/:reservationLinkId",
  services: "/hotel/:hotel/channel/:channel/language/:language/services",
  checkout: "/hotel/:hotel/channel/:channel/language/:language/checkout",
  threeDs: "/hotel/:hotel/channel/:channel/language/:language/3ds/code/:code/email/:email",
  voucher: "/hotel/:hotel/channel/:channel/language/:language/voucher/code/:code/email/:email",
  portal: "/channel/:channel/language/:language",
  portalHotelList: "/channel/:channel/language/:language",
  portalRecover: "/channel/:channel/language/:language/recover",
  agencyReservations: "/channel/:channel/language/:language/agency",
  /** The trade password-recovery link's page (the token in the fragment; ADR 0033). */
  agencyPasswordReset: "/channel/:channel/language/:language/agency/password",
  offer: "/offer/:offerCode",
  cro: "/cro/:reservationCode",
} as const;

export type RouteName = keyof typeof ROUTES;

/**
 * The routes the web app has a page for (the others arrive with their issues). The router renders exactly these
 * (its table of pages is typed by this list), so a path that matches none of them is the not-found page.
 */
export const PAGE_ROUTES = [
  "boot",
  "hotel",
  "rooms",
  "recover",
  "packageList",
  "packages",
  "packageView",
  "reservationLinkView",
  "services",
  "checkout",
  "threeDs",
  "voucher",
  "portalHotelList",
  "portalRecover",
  "agencyPasswordReset",
  "agencyReservations",
  "offer",
  "cro",
] as const satisfies readonly RouteName[];

export type PageRoute = (typeof PAGE_ROUTES)[number];

/** The pages inside a hotel (under `ROUTES.hotel`), which the hotel's layout frames. */
export type HotelPageRoute = {
  [N in PageRoute]: (typeof ROUTES)[N] extends `${typeof ROUTES.hotel}${string}` ? N : never;
}[PageRoute];

/** A hotel page's path below `ROUTES.hotel` ("/" for the hotel itself), as the nested router wants it. */
export function pathInHotel(name: HotelPageRoute): string {
  return ROUTES[name].slice(ROUTES.hotel.length) || "/";
}

/**
 * A route pattern as the web router (wouter) matches it: `:name` is one non-empty segment, a trailing slash is
 * allowed, letters match in any case.
 */
export function routePattern(route: string): RegExp {
  const body = route
    .split("/")
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(":") ? "/([^/]+?)" : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
    )
    .join("");
  return new RegExp(`^${body}/?$`, "i");
}

const PAGE_PATTERNS = PAGE_ROUTES.map((name) => routePattern(ROUTES[name]));

/** True when the web app has a page for this path (no query string); false means its not-found page. */
export function isWebPage(path: string): boolean {
  return PAGE_PATTERNS.some((pattern) => pattern.test(path));
}

/**
 * The pages a search engine may list: a hotel, its rooms and packages, a portal's hotels. Every other page is a
 * step of a booking or someone's own (a voucher with its code and e-mail, the checkout, an offer, the agency area,
 * the back office) and says `noindex`.
 */
export const INDEXABLE_ROUTES = [
  "hotel",
  "rooms",
  "packageList",
  "packages",
  "packageView",
  "portalHotelList",
] as const satisfies readonly PageRoute[];

const INDEXABLE_PATTERNS = INDEXABLE_ROUTES.map((name) => routePattern(ROUTES[name]));

/** True when a search engine may list the page of this path (no query string). */
export function isIndexablePage(path: string): boolean {
  return INDEXABLE_PATTERNS.some((pattern) => pattern.test(path));
}
