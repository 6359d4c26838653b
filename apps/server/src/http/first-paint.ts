import { readFileSync } from "node:fs";
import type { HotelListResponse } from "@alloggio/domain/contract/channels/hotel-list";
import type { OfferSummary } from "@alloggio/domain/contract/offers/view";
import type { PackageResponse } from "@alloggio/domain/contract/packages/package";
import { ROUTES, routePattern } from "@alloggio/domain/contract/web-routes";
import {
  type FirstPaintText,
  firstPaintHtml,
  offerFirstPaintHtml,
  portalFirstPaintHtml,
  warmUpScript,
} from "@alloggio/domain/first-paint/first-paint-html";
import { routePath } from "@alloggio/domain/first-paint/markup";
import { findLanguage, LANGUAGES } from "@alloggio/domain/i18n/languages";
import { normalizeOfferCode } from "@alloggio/domain/offers/offer-code";
import { postalAddressOf } from "@alloggio/domain/seo/schema-org";

/**
 * A hotel page's first paint in its HTML (ADR 0051): the header and the cookie notice or consent banner, drawn
 * from the channel's hotel list (what hotellist.do answers) and the web app's texts (`first-paint-texts.json`,
 * written by its build), so the browser paints the top of the page with the HTML instead of after the scripts.
 */

/** `{ en: { common: {…}, global: {…}, … }, it: … }`: the web app's bundles the first paint reads. */
export type FirstPaintTexts = Record<string, Record<string, unknown>>;

/**
 * The first paint (`body`, before the app's root), what goes in the head before the stylesheet, the page's own
 * stylesheets after it (those its code loaded on demand would add: the portal's cards and the offer's lock need
 * them), and the page's language when its path does not say it (the offer's).
 */
export type Drawn = { head: string; body: string; language?: number; styles?: string };

export type FirstPaint = (q: {
  path: string;
  /**
   * What follows the path (`?language=2`, `?arrival=…`), "" for none: the offer page reads its chosen language from
   * it, the portal's page its search.
   */
  search?: string;
  hostname: string;
  nonce: string;
}) => Promise<Drawn | null>;

/**
 * The hotel pages drawn in the HTML: those a guest lands on from outside (a search, a link to the packages, the
 * voucher from the mail). They share the hotel layout's header and notice; the search page adds the walk-in prompt,
 * the packages list (`packages`, `packageList`) its own page (ADR 0079).
 */
const DRAWN_PAGES = (["rooms", "packages", "packageList", "packageView", "voucher"] as const).map((name) => ({
  name,
  pattern: routePattern(ROUTES[name]),
}));

export type DrawnPageIds =
  | {
      hotel: number;
      channel: number;
      language: number;
      onRooms: boolean;
      onPackages: boolean;
      voucher: boolean;
    }
  | { portal: true; channel: number; language: number };

const PORTAL_PAGE = routePattern(ROUTES.portalHotelList);

/**
 * The ids of a drawn page's path, read as the web app reads them (language 1 when it is not a number): a hotel's
 * page, or the portal's list of the channel's hotels.
 */
export function drawnPageIds(path: string): DrawnPageIds | null {
  const portal = PORTAL_PAGE.exec(path);
  if (portal) return { portal: true, channel: Number(portal[1]), language: Number(portal[2]) || 1 };
  for (const { name, pattern } of DRAWN_PAGES) {
    // Every drawn route starts with the hotel's three ids.
    const match = pattern.exec(path);
    if (match)
      return {
        hotel: Number(match[1]),
        channel: Number(match[2]),
        language: Number(match[3]) || 1,
        onRooms: name === "rooms",
        onPackages: name === "packages" || name === "packageList",
        voucher: name === "voucher",
      };
  }
  return null;
}

const lookUp = (bundle: unknown, key: string): string | null => {
  let value: unknown = bundle;
  for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === "string" ? value : null;
};

/** A text in a language's bundle, else in English (the web app's fallback), with `{{name}}` filled. */
export function textsIn(texts: FirstPaintTexts, languageId: number): FirstPaintText {
  const own = texts[findLanguage(languageId).text];
  return (namespace, key, values = {}) => {
    const text = lookUp(own?.[namespace], key) ?? lookUp(texts.en?.[namespace], key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
  };
}

/** The build's texts, or null without them (an older build, a test's web folder): then nothing is drawn. */
export function readFirstPaintTexts(file: string): FirstPaintTexts | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as FirstPaintTexts;
  } catch {
    return null;
  }
}

/**
 * The web app's pages drawn below their top (ADR 0079), as the build's manifest names their modules: the portal's
 * hotel cards, the offer's lock and the packages list.
 */
export const PAGE_MODULES = {
  portal: "src/features/portal/portal-page.tsx",
  offer: "src/features/offers/offer-page.tsx",
  packages: "src/features/packages/package-list-page.tsx",
  voucher: "src/features/voucher/voucher-page.tsx",
} as const;

/** Each drawn page's stylesheets besides the entry's (readPageStyles). */
export type PageStyles = Record<keyof typeof PAGE_MODULES, string[]>;

/**
 * The stylesheets each page loaded on demand adds to the entry's (`/assets/….css`), from the build's manifest
 * (`.vite/manifest.json`): those of its chunk and of the chunks it imports statically, in the order the app would
 * load them; [] for a page the manifest does not name, all [] without a manifest. The first paint links them after
 * the entry's stylesheet, where the app's loader would put them (and finds them there: it does not load them again).
 */
export function readPageStyles<K extends string>(
  manifestFile: string,
  modules: Record<K, string>,
): Record<K, string[]> {
  let manifest: Record<string, { css?: string[]; imports?: string[]; isEntry?: boolean }> = {};
  try {
    manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  } catch {}
  const stylesOf = (module: string) => {
    const styles = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || seen.has(key)) return;
      seen.add(key);
      for (const css of chunk.css ?? []) styles.add(`/${css}`);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(module);
    return [...styles];
  };
  return Object.fromEntries(
    Object.entries<string>(modules).map(([page, module]) => [page, stylesOf(module)]),
  ) as Record<K, string[]>;
}

/** Stylesheets linked as the app's loader links them (`crossorigin`: the same request, so the app finds it). */
const linked = (styles: string[]) =>
  styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join("");

/** A public page's schema.org address of a hotel, and its pictures as absolute URLs on the page's origin. */
function hotelData(hotel: HotelListResponse["hotels"][number], base: string): Record<string, unknown> {
  const images = hotel.images.flatMap((image) => {
    try {
      return [new URL(image, `${base}/`).href];
    } catch {
      return [];
    }
  });
  return {
    "@type": "Hotel",
    name: hotel.name,
    address: postalAddressOf(hotel),
    ...(images.length > 0 ? { image: images } : {}),
  };
}

/** How many hotel lists are kept at most (the host is part of the key: the cache must not grow forever). */
const MAX_ENTRIES = 500;

/** What a listed page says about itself to a search engine: its title and description, in its language. */
export type PageMeta = { title: string; description: string; structured: Record<string, unknown> | null };

/** A public hotel or portal page's ids (the portal's page names no hotel). */
const PUBLIC_PAGE = /^(?:\/hotel\/(\d+))?\/channel\/(\d+)\/language\/([^/]+)(?:\/|$)/;

/**
 * The search page's first paint and every listed page's title and description, drawn from the channel's hotel list
 * (or null: another page, no texts, an unknown channel or hotel, any error — the page then paints as before, after
 * the scripts). Hotel lists are kept `ttlMs` (30 s) per channel, hotel, language and host: the web app renders from
 * a fresh one anyway, and takes over when its header reads the same.
 */
export function createFirstPaint(
  texts: FirstPaintTexts | null,
  hotelList: (q: {
    channel: number;
    hotel?: number;
    language: number;
    domain: string;
  }) => Promise<HotelListResponse>,
  now: () => Date,
  pages: {
    /** The offer's public summary, as its API reads it (null: unknown). */
    offerSummary: (code: string) => Promise<OfferSummary | null>;
    /** A hotel's packages on a channel, in a language, as `package.do` answers them. */
    packages: (q: { channel: number; hotel: number; language: number }) => Promise<PackageResponse>;
    /**
     * The drawn pages' stylesheets (readPageStyles). Without them a page's own part is not drawn (the portal
     * draws its skeleton, the offer nothing): it would be unstyled, and move when the app's arrive.
     */
    styles: PageStyles;
  } = {
    offerSummary: async () => null,
    packages: async () => ({ packages: [] }),
    styles: { portal: [], offer: [], packages: [], voucher: [] },
  },
  ttlMs = 30_000,
): {
  draw: FirstPaint;
  /** `base`: the origin the page's links start with (linkBase), asked for only when a page is described. */
  meta: (q: { path: string; hostname: string; base: () => Promise<string> }) => Promise<PageMeta | null>;
} {
  const lists = keptFor(ttlMs, now, hotelList);
  const listFor = (q: { channel: number; hotel?: number; language: number; domain: string }) =>
    lists(`${q.channel}|${q.hotel ?? ""}|${q.language}|${q.domain}`, q);
  const summaries = keptFor(ttlMs, now, pages.offerSummary);
  const portalStyles = linked(pages.styles.portal);
  const offerStyles = linked(pages.styles.offer);
  const packagesStyles = linked(pages.styles.packages);
  const packageLists = keptFor(ttlMs, now, pages.packages);
  const voucherStyles = linked(pages.styles.voucher);
  /** The offer page (ADR 0079): its hotel, channel and language come from the offer, read as its API reads it. */
  const drawOffer = async (code: string, search: string, hostname: string, nonce: string) => {
    // Without its stylesheets the lock would be drawn unstyled, and move when the app's arrive.
    const summary = offerStyles ? await summaries(code, code) : null;
    if (!texts || !summary) return null;
    const ids = {
      hotel: summary.hotel.id,
      channel: summary.channel,
      language: offerPageLanguage(summary, search),
    };
    const list = await listFor({ ...ids, domain: hostname });
    if (!list) return null;
    try {
      const body = offerFirstPaintHtml(
        { list, ids, offer: { code, summary }, t: textsIn(texts, ids.language) },
        nonce,
      );
      return body === null ? null : { head: "", body, language: ids.language, styles: offerStyles };
    } catch {
      return null;
    }
  };
  const draw: FirstPaint = async ({ path, search = "", hostname, nonce }) => {
    const offerCode = texts ? offerPageCode(path) : null;
    if (offerCode) return drawOffer(offerCode, search, hostname, nonce);
    const drawnIds = texts ? drawnPageIds(path) : null;
    if (!texts || !drawnIds) return null;
    if ("portal" in drawnIds) {
      const ids = { channel: drawnIds.channel, language: drawnIds.language };
      const list = await listFor({ ...ids, domain: hostname });
      if (!list) return null;
      try {
        // The app's page shows the search of its address (its dates, its hotels), and the cards need the page's
        // stylesheets: the page is drawn for no search and with them only, else its skeleton.
        const drawsPage = search.length <= 1 && portalStyles !== "";
        const body = portalFirstPaintHtml(
          { list, ids, t: textsIn(texts, ids.language), now: now(), searched: !drawsPage },
          nonce,
        );
        if (body === null) return null;
        return { head: "", body, styles: drawsPage ? portalStyles : "" };
      } catch {
        return null;
      }
    }
    const { onRooms, onPackages, voucher: onVoucher, ...ids } = drawnIds;
    const list = await listFor({ ...ids, domain: hostname });
    if (!list) return null;
    // The packages list is drawn with its stylesheets only, on a channel and hotel that get a first paint at all (a
    // trade channel's prices depend on the agency's login); without its packages (an error), the skeleton.
    const packages =
      onPackages &&
      packagesStyles !== "" &&
      !list.channel.trade &&
      list.hotels.some((h) => h.id === ids.hotel)
        ? await packageLists(`${ids.channel}|${ids.hotel}|${ids.language}`, ids)
        : null;
    // The voucher's title needs its page's stylesheets: without them, header and skeleton as the other pages.
    const voucher = onVoucher && voucherStyles !== "";
    try {
      const body = firstPaintHtml(
        {
          list,
          ids,
          onRooms,
          voucher,
          hostname,
          t: textsIn(texts, ids.language),
          now: now(),
          ...(packages ? { packages } : {}),
        },
        nonce,
      );
      return body === null
        ? null
        : {
            head: warmUpScript({ list, ids }, nonce),
            body,
            styles: packages ? packagesStyles : voucher ? voucherStyles : "",
          };
    } catch {
      return null;
    }
  };
  const meta = async ({
    path,
    hostname,
    base,
  }: {
    path: string;
    hostname: string;
    base: () => Promise<string>;
  }): Promise<PageMeta | null> => {
    const match = texts ? PUBLIC_PAGE.exec(path) : null;
    if (!texts || !match) return null;
    const hotelId = match[1] ? Number(match[1]) : undefined;
    const language = Number(match[3]) || 1;
    const list = await listFor({
      channel: Number(match[2]),
      ...(hotelId ? { hotel: hotelId } : {}),
      language,
      domain: hostname,
    });
    if (!list) return null;
    const t = textsIn(texts, language);
    const branded = list.channel.branding?.pageTitle;
    // schema.org's own words for a hotel, which search engines show beside the page. No `priceRange`: no price
    // of a hotel is known without a search (ADR 0079).
    if (hotelId === undefined) {
      const origin = await base();
      return {
        title: branded ?? list.channel.name,
        description: t("global", "meta.portal", { channel: list.channel.name }),
        structured: {
          "@context": "https://schema.org",
          "@type": "ItemList",
          itemListElement: list.hotels.map((hotel, i) => ({
            "@type": "ListItem",
            position: i + 1,
            item: {
              ...hotelData(hotel, origin),
              url: `${origin}${routePath(ROUTES.hotel, { hotel: hotel.id, channel: list.channel.id, language })}`,
            },
          })),
        },
      };
    }
    const hotel = list.hotels.find((h) => h.id === hotelId);
    if (!hotel) return null;
    return {
      // The title the web app gives the page once it runs (the channel's own, else the hotel's name).
      title: branded ?? hotel.name,
      description: t("global", "meta.hotel", { hotel: hotel.name, city: hotel.city }),
      structured: {
        "@context": "https://schema.org",
        ...hotelData(hotel, await base()),
        currenciesAccepted: hotel.currency,
      },
    };
  };
  return { draw, meta };
}

/**
 * `load(q)` kept `ttlMs` under `key` (null when it failed: a page then paints as before), at most MAX_ENTRIES keys
 * (the host is part of a hotel list's key: the cache must not grow forever).
 */
function keptFor<Q, T>(ttlMs: number, now: () => Date, load: (q: Q) => Promise<T | null>) {
  const cache = new Map<string, { at: number; value: T | null }>();
  return async (key: string, q: Q): Promise<T | null> => {
    const at = now().getTime();
    const hit = cache.get(key);
    if (hit && at - hit.at < ttlMs && at >= hit.at) return hit.value;
    const value = await load(q).catch(() => null);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { at, value });
    return value;
  };
}

const OFFER_PAGE = routePattern(ROUTES.offer);

/** The canonical code of an offer page's path (`/offer/:offerCode`, typed in any case), or null. */
export function offerPageCode(path: string): string | null {
  const match = OFFER_PAGE.exec(path);
  return match?.[1] ? normalizeOfferCode(safeDecode(match[1])) : null;
}

/** The path's segment decoded as the web app's router decodes its path (decodeURI; as typed when it cannot). */
const safeDecode = (part: string) => {
  try {
    return decodeURI(part);
  } catch {
    return part;
  }
};

/** The offer page's language as the web app reads it: the guest's `?language=<id>` when it is one, else the offer's. */
function offerPageLanguage(summary: OfferSummary, search: string): number {
  const chosen = Number(new URLSearchParams(search).get("language"));
  return LANGUAGES.some((l) => l.id === chosen) ? chosen : summary.language;
}

/** A start tag's attributes, in order (`crossorigin` without a value reads ""). */
function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.replace(/^<\w+/, "").matchAll(/\s([\w-]+)(?:\s*=\s*"([^"]*)")?/g))
    if (match[1] && match[1] !== "nonce") attributes[match[1]] = match[2] ?? "";
  return attributes;
}

/**
 * The inline script that adds the app's entry and module preloads once the first paint is on screen (the next
 * frame, or 100 ms at the latest, in a tab that is not shown), with this response's nonce.
 */
function startAfterPaint(tags: { tag: string; attributes: Record<string, string> }[], nonce: string): string {
  const list = JSON.stringify(tags).replace(/</g, "\\u003c");
  return `<script nonce="${nonce}">(function(){var n=document.currentScript.nonce,t=${list},done=false;function go(){if(done)return;done=true;for(var i=0;i<t.length;i++){var e=document.createElement(t[i].tag);for(var k in t[i].attributes)e.setAttribute(k,t[i].attributes[k]);e.nonce=n;document.head.appendChild(e);}}requestAnimationFrame(function(){setTimeout(go,0);});setTimeout(go,100);})();</script>`;
}

/**
 * The page with its first paint before the app's root, and the page's language on `<html>`. The first paint needs
 * no script, so the app's entry and its module preloads leave the head and start once it is on screen: the
 * stylesheet and the HTML are all the first paint waits for, in the browser and in Lighthouse's simulation (which
 * counts every request that ended before the largest paint as needed for it). index.html's inline script does the
 * same for the text preloads.
 */
export function withFirstPaint(page: string, drawn: Drawn, languageId: number, nonce: string): string {
  const deferred: { tag: string; attributes: Record<string, string> }[] = [];
  const lift = (name: "script" | "link") => (tag: string) => {
    deferred.push({ tag: name, attributes: attributesOf(tag) });
    return "";
  };
  const head = page
    .replace(/<html lang="[^"]*"/, `<html lang="${findLanguage(languageId).lang}"`)
    .replace(/<link\b[^>]*\srel="stylesheet"[^>]*>/i, (link) => `${drawn.head}${link}${drawn.styles ?? ""}`)
    .replace(/\s*<link\b[^>]*\srel="modulepreload"[^>]*>/gi, lift("link"))
    .replace(/\s*<script\b[^>]*\stype="module"[^>]*><\/script>/gi, lift("script"));
  // The preloads first, then the entry: the order the head had them in.
  deferred.sort((a, b) => (a.tag === b.tag ? 0 : a.tag === "link" ? -1 : 1));
  return head.replace(
    '<div id="root"></div>',
    `${drawn.body}${startAfterPaint(deferred, nonce)}<div id="root"></div>`,
  );
}
