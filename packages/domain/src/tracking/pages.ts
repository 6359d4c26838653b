import { ROUTES, routePattern } from "../contract/web-routes";

/**
 * The kinds of guest page a channel's scripts are chosen for (SPEC §3 custom scripts: all, rooms, services, checkout,
 * voucher). `payment` pages (the checkout, which holds the card frame, and 3-D Secure) and `private` pages (an
 * offer, which can be confirmed with a card, a reservation offer, the back office) never get a third-party script.
 */
export type PageKind = "rooms" | "services" | "voucher" | "other" | "payment" | "private";

/** The custom-script slots a page kind runs: "all" on every tracked page, plus its own. */
export const SCRIPT_SLOTS = ["all", "rooms", "services", "checkout", "voucher"] as const;
export type ScriptSlot = (typeof SCRIPT_SLOTS)[number];

const PAYMENT = [ROUTES.checkout, ROUTES.threeDs].map(routePattern);
const PRIVATE = [ROUTES.offer, ROUTES.cro].map(routePattern);
const BY_KIND: [PageKind, RegExp][] = [
  ["rooms", routePattern(ROUTES.rooms)],
  ["rooms", routePattern(ROUTES.hotel)],
  ["services", routePattern(ROUTES.services)],
  ["voucher", routePattern(ROUTES.voucher)],
];

/** The kind of page a path (no query) shows. */
export function pageKindOf(path: string): PageKind {
  // Any case: the web app's routes match without regard to case.
  const lower = path.toLowerCase();
  if (lower === "/admin" || lower.startsWith("/admin/")) return "private";
  if (PRIVATE.some((re) => re.test(path))) return "private";
  if (PAYMENT.some((re) => re.test(path))) return "payment";
  for (const [kind, re] of BY_KIND) if (re.test(path)) return kind;
  return "other";
}

/** Whether third-party scripts may run on a page kind at all (consent decides the rest). */
export const isTrackedKind = (kind: PageKind): boolean => kind !== "payment" && kind !== "private";

/**
 * The document class of a page: one CSP per document, so a tracked document and a strict one (payment, private)
 * never share a page load. Moving between classes on a channel with third-party scripts is a full page load.
 */
export const documentClassOf = (kind: PageKind): "tracked" | "strict" =>
  isTrackedKind(kind) ? "tracked" : "strict";

/** The channel of a guest path (`/hotel/:h/channel/:c/…` or `/channel/:c/…`); null when the path names none. */
export function channelOfPath(path: string): number | null {
  const match = /^\/(?:hotel\/\d+\/)?channel\/(\d+)(?:\/|$)/i.exec(path);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
