// A hotel page's first paint in the HTML (ADR 0051): the server writes the top of the page — the header, the
// cookie notice or consent banner and, in the hotel's evening, the walk-in prompt (ADR 0054), in the page's language —
// into the HTML it sends, so the browser paints it as soon as the HTML and the stylesheet are in, not after the
// scripts have run. The markup is the web app's (SiteHeader, CookieNotice, ConsentBanner, WalkInPrompt,
// PageSkeleton): a web test renders both and compares them. The web app keeps it until
// its own header and notice read the same (app/first-paint.ts), then removes it in the same frame.
import type { HotelListResponse } from "../contract/channels/hotel-list";
import type { OfferSummary } from "../contract/offers/view";
import type { PackageResponse } from "../contract/packages/package";
import { ROUTES } from "../contract/web-routes";
import { listDisplayCurrencies } from "../currency/display-currencies";
import { findLanguage, LANGUAGES } from "../i18n/languages";
import { findMessagingUrl } from "../messaging/messaging-url";
import { findWalkInNight, WALK_IN_SEEN_KEY } from "../stay-dates/walk-in-night";
import { CONSENT_VERSION, consentKey } from "../tracking/consent";
import { bannerServesHost, hasThirdParty, readTrackingSettings } from "../tracking/settings";
import { FIRST_CLICK, FIRST_PAINT_ID, offerOpenKey } from "./first-paint-id";
import { escapeHtml, formatStayDay, icon, routePath, type Text } from "./markup";
import { packagesPageHtml } from "./packages-page-html";
import { type PortalPageInput, portalPageHtml } from "./portal-page-html";

/** A text of the web app's bundles (`namespace`, `key` with dots), `{{name}}` filled from `values`. */
export type FirstPaintText = Text;

export type FirstPaintInput = {
  list: HotelListResponse;
  ids: { hotel: number; channel: number; language: number };
  /** The search page (`…/rooms`): the only page with the walk-in prompt; the others share its header and notice. */
  onRooms: boolean;
  /**
   * The voucher (`…/voucher/code/…`, from the mail), drawn with its title above the skeleton when its stylesheets are
   * linked (voucherTop); else the skeleton as the other pages.
   */
  voucher?: boolean;
  /** The page's host name without port, as `location.hostname` reads it (the banner may be limited to hosts). */
  hostname: string;
  t: FirstPaintText;
  /** The server's clock: the walk-in prompt is drawn when it is the hotel's evening (findWalkInNight). */
  now: Date;
  /**
   * The packages list page's packages (`package.do`'s answer): its page is drawn below the top (packages-page-html.ts,
   * ADR 0079) instead of the skeleton.
   */
  packages?: PackageResponse;
};

/** Where the guest's display currency is kept (the web app's currency-cache): a choice shows another price line. */
const CURRENCY_KEY = "currency";
/** Where the cookie notice's "OK" is kept for the session (the web app's cookie-notice). */
const COOKIE_OK_KEY = "cookieOk";

const INFO = icon(
  "info",
  '<circle cx="12" cy="12" r="10"></circle><path d="M12 16v-4"></path><path d="M12 8h.01"></path>',
);
const MESSAGE_CIRCLE = icon(
  "message-circle",
  '<path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719"></path>',
);
const MESSAGE_SQUARE = icon(
  "message-square",
  '<path d="M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z"></path>',
);

const MOON = icon(
  "moon",
  '<path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401"></path>',
  22,
  "walk-in__icon",
);
const X = icon("x", '<path d="M18 6 6 18"></path><path d="m6 6 12 12"></path>', 20);

type Hotel = HotelListResponse["hotels"][number];
type Channel = HotelListResponse["channel"];

function asUrl(value: unknown): string | null {
  return typeof value === "string" && /^(https?:\/\/|\/)/i.test(value.trim()) ? value.trim() : null;
}

function messagingButton(hotel: Hotel, t: FirstPaintText): string {
  // The web link; a phone gets the mobile one from the inline script below, as the web app's button does.
  const url = findMessagingUrl(hotel.messaging, false);
  if (!url) return "";
  const phoneUrl = findMessagingUrl(hotel.messaging, true) ?? url;
  const app = hotel.messaging.button?.trim();
  const label = app ? t("global", "messaging.labelApp", { app }) : t("global", "messaging.label");
  return `<a class="messaging-button" href="${escapeHtml(url)}" data-phone-href="${escapeHtml(phoneUrl)}" target="_blank" rel="noopener noreferrer" aria-label="${escapeHtml(label)}">${MESSAGE_CIRCLE}<span>${escapeHtml(app || t("global", "messaging.short"))}</span></a>`;
}

/** The web app's LanguageSelect: the header's choice of language, the page's selected. */
function languageSelect(t: FirstPaintText, language: number): string {
  const languages = LANGUAGES.map(
    (l) =>
      `<option value="${l.id}" lang="${l.lang}"${l.id === language ? " selected" : ""}>${l.label}</option>`,
  ).join("");
  return `<div class="header-tools__field"><label class="visually-hidden" for="first-paint-language">${escapeHtml(t("global", "language.label"))}</label><select id="first-paint-language" class="header-tools__select">${languages}</select></div>`;
}

/** The web app's HeaderFrame: the skip link, the brand, the navigation and the tools. */
function headerFrame(frame: { skip: string; brand: string; navLabel: string; nav: string; tools: string }) {
  return `<header class="site-header"><a class="skip-link" href="#main">${escapeHtml(frame.skip)}</a><div class="site-header__brand">${escapeHtml(frame.brand)}</div><nav aria-label="${escapeHtml(frame.navLabel)}" class="site-header__nav">${frame.nav}</nav><div class="header-tools">${frame.tools}</div></header>`;
}

function headerTools(input: FirstPaintInput, hotel: Hotel): string {
  const { t, ids } = input;
  const info = `<button type="button" class="hotel-info-button" aria-haspopup="dialog">${INFO}<span class="hotel-info-button__text">${escapeHtml(t("hotel", "info.open"))}</span></button>`;
  const chat =
    hotel.settings.aspect?.showChat === true
      ? `<button type="button" class="site-chat-button" aria-expanded="false">${MESSAGE_SQUARE}<span>${escapeHtml(t("chat", "site.button"))}</span></button>`
      : "";
  const language = languageSelect(t, ids.language);
  const currencies = listDisplayCurrencies(hotel.currency)
    .map((code, i) => `<option value="${code}"${i === 0 ? " selected" : ""}>${code}</option>`)
    .join("");
  const currency = `<div class="currency-selector"><label class="visually-hidden" for="first-paint-currency">${escapeHtml(t("global", "currency.label"))}</label><select id="first-paint-currency" class="currency-selector__select">${currencies}</select></div>`;
  return `${info}${messagingButton(hotel, t)}${chat}${language}${currency}`;
}

/** The header's link back to the hotel's own site, when it has one. */
function siteLink(hotel: Hotel, t: FirstPaintText): string {
  const site = typeof hotel.settings.website === "string" ? hotel.settings.website : null;
  return site ? `<a href="${escapeHtml(site)}">${escapeHtml(t("common", "header.backToSite"))}</a>` : "";
}

function header(input: FirstPaintInput, hotel: Hotel): string {
  const { t, ids } = input;
  const nav = [
    siteLink(hotel, t),
    `<a href="${routePath(ROUTES.packages, ids)}">${escapeHtml(t("common", "header.offers"))}</a>`,
    `<a href="${routePath(ROUTES.recover, ids)}">${escapeHtml(t("common", "header.myBooking"))}</a>`,
  ].join("");
  return headerFrame({
    skip: t("common", "header.skip"),
    brand: hotel.name,
    navLabel: t("common", "header.navigation"),
    nav,
    tools: headerTools(input, hotel),
  });
}

function policyLink(url: string | null, text: string, newTab: string, className?: string): string {
  if (!url) return "";
  const cls = className ? ` class="${className}"` : "";
  return `<a${cls} href="${escapeHtml(url)}" target="_blank" rel="noopener">${escapeHtml(text)}<span class="visually-hidden">${escapeHtml(newTab)}</span></a>`;
}

/** The consent banner (a channel with something optional) or the cookie notice, as the web app shows them. */
function notice(t: FirstPaintText, manager: boolean, policyUrl: string | null): string {
  if (manager)
    return `<section class="consent-banner" aria-label="${escapeHtml(t("consent", "banner.region"))}"><p class="consent-banner__text">${escapeHtml(t("consent", "banner.text"))} ${policyLink(policyUrl, t("consent", "banner.policy"), t("consent", "newTab"))}</p><div class="consent-banner__actions"><button type="button" class="button consent-banner__choice">${escapeHtml(t("consent", "banner.acceptAll"))}</button><button type="button" class="button consent-banner__choice">${escapeHtml(t("consent", "banner.rejectAll"))}</button><button type="button" class="button button--secondary consent-banner__choice" aria-haspopup="dialog">${escapeHtml(t("consent", "banner.choose"))}</button></div></section>`;
  return `<section class="cookie-notice" aria-label="${escapeHtml(t("global", "cookie.region"))}"><p class="cookie-notice__text">${escapeHtml(t("global", "cookie.text"))}</p><div class="cookie-notice__actions">${policyLink(policyUrl, t("global", "cookie.learnMore"), t("global", "newTab"), "button button--secondary cookie-notice__link")}<button type="button" class="button">${escapeHtml(t("global", "cookie.ok"))}</button></div></section>`;
}

/**
 * The walk-in prompt (the web app's WalkInPrompt) when it is the hotel's evening by the server's clock, else "".
 * The inline script removes it, before the first paint, for a guest who has already seen it in this session.
 */
function walkIn(input: FirstPaintInput, hotel: Hotel): string {
  const night = findWalkInNight(input.now, hotel.timeZone);
  if (!night) return "";
  const { t } = input;
  const date = formatStayDay(night.arrival, findLanguage(input.ids.language).locale, {
    weekday: "long",
    day: "numeric",
    month: "long",
  });
  return `<section class="walk-in" aria-label="${escapeHtml(t("global", "walkIn.region"))}">${MOON}<p class="walk-in__text"><strong>${escapeHtml(t("global", "walkIn.title"))}</strong> ${escapeHtml(t("global", "walkIn.text", { date }))}</p><button type="button" class="button walk-in__book">${escapeHtml(t("global", "walkIn.book"))}</button><button type="button" class="walk-in__dismiss" aria-label="${escapeHtml(t("global", "walkIn.dismiss"))}">${X}</button></section>`;
}

const SKELETON =
  '<div class="page-skeleton" aria-busy="true"><div class="skeleton skeleton-header"></div><div class="skeleton skeleton-bar"></div><div class="skeleton skeleton-card"></div><div class="skeleton skeleton-card"></div></div>';

/**
 * The voucher's top while its reservation loads (ADR 0079): the web app's voucher title ("Your reservation at …",
 * VoucherSummary), the page's largest text, then the skeleton. It names the hotel of the path only: nothing of the
 * reservation, which the page's request does not read (its code and e-mail are checked by retrieve.do).
 */
function voucherTop(t: FirstPaintText, hotel: Hotel): string {
  return `<main class="page voucher" id="main" aria-busy="true"><header class="voucher__summary"><h1 class="voucher__title">${escapeHtml(t("voucher", "summary.title", { hotel: hotel.name }))}</h1></header>${SKELETON}</main>`;
}

/**
 * What the inline script checks before the first paint, with what the web app reads: a guest who already chose
 * (consent stored in this version, or the cookie notice's OK this session) sees no notice; a guest who has seen the
 * walk-in prompt in this session does not see it again (removed before anything is painted: no layout shift); a guest with a display
 * currency of their own sees no first paint at all (the header would show another currency); a phone gets the
 * messaging button's mobile link; the channel's colours are the page's, as the web app sets them. A button pressed
 * before the app is there (its links work as they are) is remembered, and pressed again on the app's own button when
 * the app takes over (app/first-paint.ts): "Accept all" pressed early is not lost.
 */
function guardScript(channel: Channel, manager: boolean, nonce: string): string {
  const check = manager
    ? `var c=JSON.parse(localStorage.getItem(${JSON.stringify(consentKey(channel.id))})||"null");decided=!!c&&c.version===${CONSENT_VERSION}&&typeof c.analytics==="boolean"&&typeof c.marketing==="boolean"&&typeof c.decidedAt==="string";`
    : `decided=sessionStorage.getItem(${JSON.stringify(COOKIE_OK_KEY)})==="true";`;
  const colors = JSON.stringify({
    "--color-primary": channel.colors.primary,
    "--color-secondary": channel.colors.secondary,
  }).replace(/</g, "\\u003c");
  return `<script nonce="${nonce}">(function(){var p=document.getElementById("${FIRST_PAINT_ID}");if(!p)return;var decided=false;try{if(sessionStorage.getItem(${JSON.stringify(CURRENCY_KEY)})){p.remove();return;}if(sessionStorage.getItem(${JSON.stringify(WALK_IN_SEEN_KEY)})==="true"){var w=p.querySelector(".walk-in");if(w)w.remove();}${check}}catch(e){}if(decided){var n=p.querySelector(".consent-banner,.cookie-notice");if(n)n.remove();}var m=p.querySelector("[data-phone-href]");if(m&&window.matchMedia&&matchMedia(${JSON.stringify("(max-width: 640px), (pointer: coarse)")}).matches)m.href=m.getAttribute("data-phone-href");var s=document.documentElement.style,k=${colors};for(var x in k)if(k[x])s.setProperty(x,k[x]);p.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest("button");if(b)window.${FIRST_CLICK}={className:b.className,text:b.textContent};});})();</script>`;
}

/**
 * An inline script for the head, before the stylesheet: it builds one date formatter in the hotel's time zone and
 * one in the page's locale while the stylesheet downloads (the main thread waits for it anyway). The first formatter
 * with a time zone loads the runtime's zone data (~25 ms on a fast machine, ×4 on a phone), which the app would
 * otherwise pay in the middle of its first render (the walk-in prompt reads the hotel's time); later ones are cheap.
 */
export function warmUpScript(input: Pick<FirstPaintInput, "list" | "ids">, nonce: string): string {
  const hotel = input.list.hotels.find((h) => h.id === input.ids.hotel);
  if (!hotel) return "";
  const zone = JSON.stringify(hotel.timeZone).replace(/</g, "\\u003c");
  const locale = JSON.stringify(findLanguage(input.ids.language).locale);
  return `<script nonce="${nonce}">try{new Intl.DateTimeFormat("en-US",{timeZone:${zone},hour:"numeric"}).format(0);new Intl.DateTimeFormat(${locale},{timeZone:"UTC",dateStyle:"medium"}).format(0);}catch(e){}</script>`;
}

/**
 * The first paint of a hotel's page (the search page, the packages, a voucher) for a hotel of the list, or null when it is not drawn here: a hotel the list
 * lacks, or a trade channel, whose header and notices depend on the agency's login. Below the top, the packages
 * list page's own page when its packages are given, else the skeleton.
 */
export function firstPaintHtml(input: FirstPaintInput, nonce: string): string | null {
  const { list, ids, t } = input;
  const hotel = list.hotels.find((h) => h.id === ids.hotel);
  const channel = list.channel;
  if (!hotel || channel.trade) return null;
  let settings: ReturnType<typeof readTrackingSettings>;
  try {
    settings = readTrackingSettings(channel.tracking ?? {}, channel.customScripts ?? {});
  } catch {
    return null;
  }
  const manager = hasThirdParty(settings) && bannerServesHost(settings, input.hostname);
  const policyUrl =
    asUrl(hotel.settings.cookiePolicyUrl) ??
    asUrl((channel.settings as Record<string, unknown>).cookiePolicyUrl);
  const page = input.packages
    ? packagesPageHtml({ packages: input.packages, hotelName: hotel.name, ids, t })
    : input.voucher
      ? voucherTop(t, hotel)
      : SKELETON;
  return `<div id="${FIRST_PAINT_ID}">${header(input, hotel)}${notice(t, manager, policyUrl)}${input.onRooms ? walkIn(input, hotel) : ""}${page}</div>${guardScript(channel, manager, nonce)}`;
}

export type PortalFirstPaintInput = PortalPageInput & {
  /** The address carries a search (`?arrival=…`): the page's own part is not drawn, only its skeleton. */
  searched: boolean;
};

/**
 * The portal's first paint (the web app's PortalShell): the channel's header — its name, all properties, my booking,
 * the language — and, for the page without a search in its address, the page as it is while its search runs, with
 * a card per hotel (portal-page-html.ts, ADR 0079), else the page's skeleton; null for a channel without hotels (the
 * app shows its offline dialog) or a trade channel. The portal has no notice of its own, so the guard script only
 * sets the channel's colours.
 */
export function portalFirstPaintHtml(input: PortalFirstPaintInput, nonce: string): string | null {
  const { list, ids, t } = input;
  const channel = list.channel;
  if (list.hotels.length === 0 || channel.trade) return null;
  const nav = [
    `<a href="${routePath(ROUTES.portalHotelList, { hotel: 0, ...ids })}">${escapeHtml(t("portal", "allProperties"))}</a>`,
    `<a href="${routePath(ROUTES.portalRecover, { hotel: 0, ...ids })}">${escapeHtml(t("portal", "myBooking"))}</a>`,
  ].join("");
  const top = headerFrame({
    skip: t("portal", "skip"),
    brand: channel.branding?.pageTitle ?? channel.name,
    navLabel: t("portal", "navigation"),
    nav,
    tools: languageSelect(t, ids.language),
  });
  const page = input.searched ? SKELETON : portalPageHtml(input);
  return `<div id="${FIRST_PAINT_ID}">${top}${page}</div>${guardScript(channel, false, nonce)}`;
}

export type OfferFirstPaintInput = {
  list: HotelListResponse;
  /** The offer's hotel and channel, and the page's language (the guest's `?language=`, else the offer's). */
  ids: { hotel: number; channel: number; language: number };
  /** The offer's canonical code and its public summary (what anyone with the code sees: no personal data). */
  offer: { code: string; summary: Pick<OfferSummary, "state" | "hotel"> };
  t: FirstPaintText;
};

/** The web app's LockedOffer: the hotel, "an offer for you", the e-mail field and its button (ids of its own). */
function lockedOffer(t: FirstPaintText, hotelName: string): string {
  const id = "first-paint-offer";
  const text = (key: string, values?: Record<string, string>) => escapeHtml(t("offers", key, values));
  return `<div class="offer-locked card"><p class="offer-eyebrow">${escapeHtml(hotelName)}</p><h1>${text("locked.title")}</h1><p>${text("locked.text", { hotel: hotelName })}</p><form class="offer-locked__form" novalidate=""><div class="field"><label for="${id}-email">${text("locked.email")}</label><input id="${id}-email" autocomplete="email" inputmode="email" spellcheck="false" required="" aria-describedby="${id}-hint" type="email" value=""><span id="${id}-hint" class="muted offer-hint">${text("locked.hint")}</span></div><p id="${id}-problem" role="alert" class="visually-hidden"></p><button type="submit" class="button">${text("locked.open")}</button></form></div>`;
}

/**
 * The offer page's first paint (the web app's OfferShell): the hotel's header — its name, back to its site, my
 * booking, the language — and, for an offer still open, the locked card that asks for the e-mail; a confirmed,
 * rejected or withdrawn offer gets the page's skeleton (what it says depends on the unlock's cookie, which the page's
 * request does not carry). Null for an expired offer, a hotel the list lacks or a trade channel.
 */
export function offerFirstPaintHtml(input: OfferFirstPaintInput, nonce: string): string | null {
  const { list, ids, offer, t } = input;
  const hotel = list.hotels.find((h) => h.id === ids.hotel);
  const { state } = offer.summary;
  if (!hotel || list.channel.trade || state === "expired") return null;
  const top = headerFrame({
    skip: t("common", "header.skip"),
    brand: hotel.name,
    navLabel: t("common", "header.navigation"),
    nav: `${siteLink(hotel, t)}<a href="${routePath(ROUTES.recover, ids)}">${escapeHtml(t("common", "header.myBooking"))}</a>`,
    tools: languageSelect(t, ids.language),
  });
  const body =
    state === "locked"
      ? `<main class="page offer-page" id="main">${lockedOffer(t, offer.summary.hotel.name)}</main>`
      : SKELETON;
  return `<div id="${FIRST_PAINT_ID}">${top}${body}</div>${offerGuardScript(list.channel, offer.code, nonce)}`;
}

/**
 * The offer page's inline script, before the first paint: a guest who opened this offer within the access cookie's
 * hour (the web app keeps its end under offerOpenKey) sees the app's open offer, not the lock, so the locked card
 * gives way to the skeleton; the channel's colours are the page's. A press of the button before the app is there is
 * remembered (the form is not sent: the app's own button is pressed again when it takes over).
 */
function offerGuardScript(channel: Channel, code: string, nonce: string): string {
  const colors = JSON.stringify([channel.colors.primary, channel.colors.secondary]).replace(/</g, "\\u003c");
  const skeleton = JSON.stringify(SKELETON);
  return `<script nonce="${nonce}">(function(){var p=document.getElementById("${FIRST_PAINT_ID}");if(!p)return;try{var until=Date.parse(localStorage.getItem(${JSON.stringify(offerOpenKey(code))})||"");var c=p.querySelector(".offer-locked");if(c&&until>Date.now())c.parentNode.outerHTML=${skeleton};}catch(e){}var k=${colors},d=document.documentElement.style;if(k[0])d.setProperty("--color-primary",k[0]);if(k[1])d.setProperty("--color-secondary",k[1]);p.addEventListener("submit",function(e){e.preventDefault();});p.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest("button");if(b)window.${FIRST_CLICK}={className:b.className,text:b.textContent};});})();</script>`;
}
