import { routePattern } from "../web-routes";
import { type Area, may, type StaffRole } from "./access";

// The back office's pages (ADR 0024): one lazy area of the web app under /admin. Kept apart from the
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
  boAlpineBits: "/admin/hotel/:hotel/alpinebits",
  boPayments: "/admin/hotel/:hotel/payments",
} as const;

export type BoRouteName = keyof typeof BO_ROUTES;

/**
 * The area each page belongs to (null: any signed-in user). With the permission table it decides the menu, the
 * pages a role may open and the buttons that lead to them, so the three never disagree (ADR 0024).
 */
export const BO_ROUTE_AREAS: Record<BoRouteName, Area | null> = {
  boHome: null,
  boSignIn: null,
  boSetup: null,
  boAccount: null,
  boUsers: "users",
  boTrade: "trade",
  boTradeAccount: "trade",
  boHotel: null,
  boReservations: "reservations",
  boReservation: "reservations",
  boCalendar: "rates",
  boCatalogue: "catalogue",
  boCatalogueItem: "catalogue",
  boQuotes: "quotes",
  boQuote: "quotes",
  boAudit: "audit",
  boOffers: "offers",
  boOfferNew: "offers",
  boOffer: "offers",
  boChat: "chat",
  boChatConversation: "chat",
  boApiKeys: "integrations",
  boScripts: "integrations",
  boAlpineBits: "integrations",
  boPayments: "payments",
};

/** True when a role may open a page (and so see the links and buttons that lead to it). */
export function mayOpen(role: StaffRole, route: BoRouteName): boolean {
  const area = BO_ROUTE_AREAS[route];
  return area === null || may(role, area);
}

/** The prefix the guest app hands to the back office. */
export const BACK_OFFICE_PREFIX = "/admin";

const BO_PATTERNS = Object.values(BO_ROUTES).map(routePattern);

/** True when the back office has a page for this path (the server answers 200 with the web app). */
export function isBackOfficePage(path: string): boolean {
  return BO_PATTERNS.some((pattern) => pattern.test(path));
}
