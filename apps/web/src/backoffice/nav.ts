import type { Area, StaffRole } from "@alloggio/domain/contract/backoffice/access";
import { may } from "@alloggio/domain/contract/backoffice/access";
import type { BoRouteName } from "./routes";

/** The back office's menu: a hotel's areas, then the group's.  */
export type NavItem = { key: string; route: BoRouteName; area: Area; params?: Record<string, string> };

export const HOTEL_NAV: NavItem[] = [
  { key: "reservations", route: "boReservations", area: "reservations" },
  { key: "calendar", route: "boCalendar", area: "rates" },
  { key: "catalogue", route: "boCatalogue", area: "catalogue", params: { section: "hotel" } },
  { key: "quotes", route: "boQuotes", area: "quotes" },
  { key: "offers", route: "boOffers", area: "offers" },
  { key: "chat", route: "boChat", area: "chat" },
  { key: "audit", route: "boAudit", area: "audit" },
  { key: "apiKeys", route: "boApiKeys", area: "integrations" },
  { key: "scripts", route: "boScripts", area: "integrations" },
];

export const GROUP_NAV: NavItem[] = [
  { key: "trade", route: "boTrade", area: "trade" },
  { key: "users", route: "boUsers", area: "users" },
];

export const navFor = (role: StaffRole, items: NavItem[]) => items.filter((item) => may(role, item.area));
