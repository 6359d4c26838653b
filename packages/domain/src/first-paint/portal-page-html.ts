// The portal's page in its first paint (ADR 0079): what the web app's portal page shows while its search runs — the
// title, the search bar with the default search, "searching", and a card for each of the list's first hotels (so
// many at once, ADR 0085) with its picture, then the list's "show more" — so that the first card's picture, the
// page's largest paint, starts loading with the HTML. Prices are not drawn:
// they need the search. The markup is the web app's (portal-page, SearchBar, PortalHotelCard); a web test renders
// both and compares them.
import type { HotelListResponse } from "../contract/channels/hotel-list";
import { ROUTES } from "../contract/web-routes";
import { findLanguage } from "../i18n/languages";
import { DEFAULT_ADULTS } from "../occupancy/occupancy";
import { nextHotels, PORTAL_HOTELS_AT_ONCE } from "../portal/hotels-at-once";
import { addDays, todayInZone } from "../stay-dates/stay-dates";
import { counted, escapeHtml, formatStayDay, icon, routePath, type Text } from "./markup";

export type PortalPageInput = {
  list: HotelListResponse;
  ids: { channel: number; language: number };
  t: Text;
  /** The server's clock: the default stay is one night from today in the first hotel's time zone (SPEC §9). */
  now: Date;
};

type Hotel = HotelListResponse["hotels"][number];

const HOTEL = icon(
  "hotel",
  '<path d="M10 22v-6.57"></path><path d="M12 11h.01"></path><path d="M12 7h.01"></path><path d="M14 15.43V22"></path><path d="M15 16a5 5 0 0 0-6 0"></path><path d="M16 11h.01"></path><path d="M16 7h.01"></path><path d="M8 11h.01"></path><path d="M8 7h.01"></path><rect x="4" y="2" width="16" height="20" rx="2"></rect>',
  48,
);
const MAP_PIN = icon(
  "map-pin",
  '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"></path><circle cx="12" cy="10" r="3"></circle>',
  16,
);
const BUILDING = icon(
  "building-complex",
  '<path d="M10 12h4"></path><path d="M10 8h4"></path><path d="M14 21v-3a2 2 0 0 0-4 0v3"></path><path d="M6 10H4a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-2"></path><path d="M6 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16"></path>',
  20,
  "lucide-building-2",
);
const CHEVRON_DOWN = icon("chevron-down", '<path d="m6 9 6 6 6-6"></path>', 16);
const CALENDAR = icon(
  "calendar-days",
  '<path d="M8 2v3"></path><path d="M16 2v3"></path><rect x="3" y="3" width="18" height="18" rx="2"></rect><path d="M3 9h18"></path><path d="M8 13h.01"></path><path d="M12 13h.01"></path><path d="M16 13h.01"></path><path d="M8 17h.01"></path><path d="M12 17h.01"></path><path d="M16 17h.01"></path>',
  20,
);
const USERS = icon(
  "users",
  '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"></path><path d="M16 3.128a4 4 0 0 1 0 7.744"></path><path d="M22 21v-2a4 4 0 0 0-3-3.87"></path><circle cx="9" cy="7" r="4"></circle>',
  20,
);
const SEARCH = icon(
  "search",
  '<path d="m21 21-4.34-4.34"></path><circle cx="11" cy="11" r="8"></circle>',
  20,
);

/** The web app's SearchBar on a portal page with no search in its address: every property, one night from today. */
function searchBar(input: PortalPageInput, first: Hotel): string {
  const { t, ids } = input;
  const { locale } = findLanguage(ids.language);
  const arrival = todayInZone(input.now, first.timeZone);
  const departure = addDays(arrival, 1);
  const short = (ymd: string) =>
    formatStayDay(ymd, locale, { weekday: "short", day: "numeric", month: "short" });
  const id = "first-paint-search";
  const picker = `<div class="search-field property-picker"><span class="search-field__label" id="${id}-p-label">${escapeHtml(t("portal", "picker.label"))}</span><button id="${id}-p-button" type="button" class="search-field__control" aria-expanded="false" aria-controls="${id}-p-panel" aria-labelledby="${id}-p-label ${id}-p-button">${BUILDING}<span>${escapeHtml(t("portal", "picker.all"))}</span>${CHEVRON_DOWN}</button><div id="${id}-p-panel" class="property-picker__panel card" hidden=""><div class="property-picker__actions"><button type="button" class="button button--secondary">${escapeHtml(t("portal", "picker.clear"))}</button><button type="button" class="button button--secondary">${escapeHtml(t("portal", "picker.done"))}</button></div></div></div>`;
  const range = t("search", "dates.range", { arrival: short(arrival), departure: short(departure) });
  const dates = `<div class="search-field search-field--dates"><span class="search-field__label" id="${id}-d-label">${escapeHtml(t("search", "dates.label"))}</span><button type="button" class="search-field__control" aria-haspopup="dialog" aria-expanded="false" aria-labelledby="${id}-d-label ${id}-d-value">${CALENDAR}<span id="${id}-d-value">${escapeHtml(range)} <span class="search-field__extra">${escapeHtml(counted(t, ids.language, "search", "dates.nights", 1))}</span></span></button></div>`;
  const summary = t("search", "guests.summaryNoChildren", {
    adults: counted(t, ids.language, "search", "guests.adultCount", DEFAULT_ADULTS),
    children: counted(t, ids.language, "search", "guests.childCount", 0),
    rooms: counted(t, ids.language, "search", "guests.roomCount", 1),
  });
  const guests = `<div class="search-field search-field--guests"><span class="search-field__label" id="${id}-g-label">${escapeHtml(t("search", "guests.label"))}</span><button type="button" class="search-field__control" aria-expanded="false" aria-controls="${id}-g-panel" aria-labelledby="${id}-g-label ${id}-g-value">${USERS}<span id="${id}-g-value">${escapeHtml(summary)}</span></button><div id="${id}-g-panel" class="guests-panel" hidden=""></div></div>`;
  const promo = `<div class="search-field search-field--promo"><label class="search-field__label" for="${id}-promo">${escapeHtml(t("search", "promo.label"))}</label><input id="${id}-promo" class="search-field__input" maxlength="40" autocomplete="off" autocapitalize="characters" spellcheck="false" type="text" value="" name="promoCode"></div>`;
  const actions = `<div class="search-bar__actions"><button type="submit" class="button search-bar__submit">${SEARCH}${escapeHtml(t("search", "bar.submit"))}</button><button type="button" class="button button--secondary search-bar__quote" aria-haspopup="dialog">${escapeHtml(t("search", "bar.quote"))}</button></div>`;
  return `<form class="search-bar" role="search" aria-label="${escapeHtml(t("search", "bar.label"))}" novalidate="">${picker}${dates}${guests}${promo}${actions}</form><div class="search-corrections" role="status"></div>`;
}

/** The web app's PortalHotelCard before the search answers: the price's place kept by a placeholder. */
function card(input: PortalPageInput, hotel: Hotel, index: number): string {
  const { t, ids } = input;
  const id = `first-paint-hotel-${hotel.id}`;
  const image = hotel.images[0];
  const first = index === 0;
  const picture = image
    ? `<img src="${escapeHtml(image)}" alt="" width="320" height="240" loading="${first ? "eager" : "lazy"}" fetchpriority="${first ? "high" : "auto"}" decoding="async">`
    : HOTEL;
  const rooms = routePath(ROUTES.rooms, { ...ids, hotel: hotel.id });
  const name = escapeHtml(hotel.name);
  const places = hotel.destinations.map((d) => d.name);
  const place = `${escapeHtml(hotel.city)}${places.length > 0 ? escapeHtml(` · ${places.join(", ")}`) : ""}`;
  return `<article class="portal-hotel card" aria-labelledby="${id}-name"><div class="portal-hotel__picture">${picture}</div><div class="portal-hotel__body"><h3 id="${id}-name" class="portal-hotel__name"><a href="${rooms}">${name}</a></h3><p class="portal-hotel__place muted">${MAP_PIN} ${place}</p><div class="skeleton portal-hotel__pending"></div></div><div class="portal-hotel__actions"><div class="portal-hotel__compare"><input id="${id}-compare" type="checkbox"><label for="${id}-compare">${escapeHtml(t("portal", "compare.add"))}<span class="visually-hidden"> ${name}</span></label></div><a class="button" href="${rooms}">${escapeHtml(t("portal", "seeRooms"))}<span class="visually-hidden"> ${escapeHtml(t("portal", "atHotel", { hotel: hotel.name }))}</span></a></div></article>`;
}

/** The web app's "show more" under the list when it holds more hotels than the page shows at once. */
function more(input: PortalPageInput, shown: number): string {
  const { t, ids } = input;
  const total = input.list.hotels.length;
  const next = nextHotels(shown, total);
  if (!next) return "";
  const status = counted(t, ids.language, "portal", "more.shown", total, { shown: String(shown) });
  const label = counted(t, ids.language, "portal", next.last ? "more.last" : "more.next", next.count);
  return `<div class="portal-results__more"><p class="muted">${escapeHtml(status)}</p><button type="button" class="button button--secondary">${escapeHtml(label)}</button></div>`;
}

/** The portal page's `<main>` while its search runs, for a list with hotels: its first hotels only (ADR 0085). */
export function portalPageHtml(input: PortalPageInput): string {
  const { t, list } = input;
  const first = list.hotels[0];
  if (!first) return "";
  const shown = list.hotels.slice(0, PORTAL_HOTELS_AT_ONCE);
  const cards = shown.map((hotel, i) => `<li>${card(input, hotel, i)}</li>`).join("");
  return `<main class="page portal-page" id="main"><h1>${escapeHtml(t("portal", "title"))}</h1><p class="portal-page__intro">${escapeHtml(t("portal", "intro"))}</p>${searchBar(input, first)}<section class="portal-results" aria-labelledby="portal-results-title"><h2 id="portal-results-title" class="visually-hidden">${escapeHtml(t("portal", "results"))}</h2><div role="status" aria-live="polite" class="portal-results__status"><p>${escapeHtml(t("portal", "status.loading"))}</p></div><ul class="portal-list">${cards}</ul>${more(input, shown.length)}</section></main>`;
}
