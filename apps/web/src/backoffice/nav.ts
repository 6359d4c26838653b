import type { StaffRole } from "@alloggio/domain/contract/backoffice/access";
import { mayOpen } from "@alloggio/domain/contract/backoffice/routes";
import type { BoRouteName } from "./routes";

/** The back office's menu: a hotel's areas, then the group's. Who sees an item: `mayOpen`, the pages' own table. */
export type NavItem = { key: string; route: BoRouteName; params?: Record<string, string> };

export const HOTEL_NAV: NavItem[] = [
  { key: "reservations", route: "boReservations" },
  { key: "calendar", route: "boCalendar" },
  { key: "catalogue", route: "boCatalogue", params: { section: "hotel" } },
  { key: "quotes", route: "boQuotes" },
  { key: "offers", route: "boOffers" },
  { key: "chat", route: "boChat" },
  { key: "audit", route: "boAudit" },
  { key: "apiKeys", route: "boApiKeys" },
  { key: "scripts", route: "boScripts" },
  { key: "alpineBits", route: "boAlpineBits" },
  { key: "payments", route: "boPayments" },
];

export const GROUP_NAV: NavItem[] = [
  { key: "trade", route: "boTrade" },
  { key: "users", route: "boUsers" },
];

export const navFor = (role: StaffRole, items: NavItem[]) =>
  items.filter((item) => mayOpen(role, item.route));
