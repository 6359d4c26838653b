import { routePattern } from "../web-routes";

// The back office's pages (issue 12, ADR 0024): one lazy area of the web app under /admin. Kept apart from the
// guest routes so that the guest pages' first bundle does not carry them.

export const BO_ROUTES = {
  boHome: "/admin",
  boSignIn: "/admin/sign-in",
  boSetup: "/admin/setup/:token",
  boAccount: "/admin/account",
  boUsers: "/admin/users",
  boTrade: "/admin/trade",
  boTradeAccount: "/admin/trade/:accountId",
  boHotel: "/admin/hotel/:hotel",
  boReservations: "/admin/hotel/:hotel/reservations",
  boReservation: "/admin/hotel/:hotel/reservations/:reservationId",
  boCalendar: "/admin/hotel/:hotel/calendar",
  boCatalogue: "/admin/hotel/:hotel/catalogue/:section",
  boCatalogueItem: "/admin/hotel/:hotel/catalogue/:section/:itemId",
  boQuotes: "/admin/hotel/:hotel/quotes",
  boQuote: "/admin/hotel/:hotel/quotes/:quoteId",
  boAudit: "/admin/hotel/:hotel/audit",
  boOffers: "/admin/hotel/:hotel/offers",
  boOfferNew: "/admin/hotel/:hotel/offers/new",
  boOffer: "/admin/hotel/:hotel/offers/:offerId",
  boChat: "/admin/hotel/:hotel/chat",
  boChatConversation: "/admin/hotel/:hotel/chat/:conversationId",
  boApiKeys: "/admin/hotel/:hotel/api-keys",
  boScripts: "/admin/hotel/:hotel/scripts",
} as const;

export type BoRouteName = keyof typeof BO_ROUTES;

/** The prefix the guest app hands to the back office. */
export const BACK_OFFICE_PREFIX = "/admin";

const BO_PATTERNS = Object.values(BO_ROUTES).map(routePattern);

/** True when the back office has a page for this path (the server answers 200 with the web app). */
export function isBackOfficePage(path: string): boolean {
  return BO_PATTERNS.some((pattern) => pattern.test(path));
}
