import { readFileSync } from "node:fs";
import type { HotelListResponse } from "@alloggio/domain/contract/channels/hotel-list";
import { ROUTES, routePattern } from "@alloggio/domain/contract/web-routes";
import {
  type FirstPaintText,
  firstPaintHtml,
  portalFirstPaintHtml,
  warmUpScript,
} from "@alloggio/domain/first-paint/first-paint-html";
import { routePath } from "@alloggio/domain/first-paint/markup";
import { findLanguage } from "@alloggio/domain/i18n/languages";
import { postalAddressOf } from "@alloggio/domain/seo/schema-org";

/**
 * A hotel page's first paint in its HTML (ADR 0051): the header and the cookie notice or consent banner, drawn
 * from the channel's hotel list (what hotellist.do answers) and the web app's texts (`first-paint-texts.json`,
 * written by its build), so the browser paints the top of the page with the HTML instead of after the scripts.
 */

/** `{ en: { common: {…}, global: {…}, … }, it: … }`: the web app's bundles the first paint reads. */
export type FirstPaintTexts = Record<string, Record<string, unknown>>;

/**
 * The first paint (`body`, before the app's root), what goes in the head before the stylesheet, and the page's own
 * stylesheets after it (the portal's, which the app would load with its lazy page: the drawn cards need them).
 */
export type Drawn = { head: string; body: string; styles?: string };

/** `query`: what follows the path (`?arrival=…`), "" for none. */
export type FirstPaint = (q: {
  path: string;
  query?: string;
  hostname: string;
  nonce: string;
}) => Promise<Drawn | null>;

/**
 * The hotel pages drawn in the HTML: those a guest lands on from outside (a search, a link to the packages, the
 * voucher from the mail). They share the hotel layout's header and notice; the search page adds the walk-in prompt.
 */
const DRAWN_PAGES = (["rooms", "packages", "packageList", "packageView", "voucher"] as const).map((name) => ({
  name,
  pattern: routePattern(ROUTES[name]),
}));

export type DrawnPageIds =
  | { hotel: number; channel: number; language: number; onRooms: boolean }
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

/** The web app's portal page in the build's manifest: its stylesheets are drawn with its cards. */
export const PORTAL_PAGE_MODULE = "src/features/portal/portal-page.tsx";

/**
 * The stylesheets a lazy page of the build loads (its chunk's and those of the chunks it imports, not the entry's,
 * which the page has already), as paths from the site's root, from the build's manifest (`.vite/manifest.json`);
 * none when the manifest is missing or does not name the page.
 */
export function readPageStyles(manifestFile: string, module: string): string[] {
  let manifest: Record<string, { css?: string[]; imports?: string[]; isEntry?: boolean }>;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  } catch {
    return [];
  }
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
}

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
  ttlMs = 30_000,
  portalStyles: string[] = [],
): {
  draw: FirstPaint;
  /** `base`: the origin the page's links start with (linkBase), asked for only when a page is described. */
  meta: (q: { path: string; hostname: string; base: () => Promise<string> }) => Promise<PageMeta | null>;
} {
  const cache = new Map<string, { at: number; list: HotelListResponse | null }>();
  const listFor = async (q: { channel: number; hotel?: number; language: number; domain: string }) => {
    const key = `${q.channel}|${q.hotel ?? ""}|${q.language}|${q.domain}`;
    const at = now().getTime();
    const hit = cache.get(key);
    if (hit && at - hit.at < ttlMs && at >= hit.at) return hit.list;
    const list = await hotelList(q).catch(() => null);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { at, list });
    return list;
  };
  const draw: FirstPaint = async ({ path, query = "", hostname, nonce }) => {
    const drawnIds = texts ? drawnPageIds(path) : null;
    if (!texts || !drawnIds) return null;
    if ("portal" in drawnIds) {
      const ids = { channel: drawnIds.channel, language: drawnIds.language };
      const list = await listFor({ ...ids, domain: hostname });
      if (!list) return null;
      try {
        // The app's page shows the search of its address (its dates, its hotels): drawn for none only.
        const searched = query.length > 1;
        const body = portalFirstPaintHtml(
          { list, ids, t: textsIn(texts, ids.language), now: now(), searched },
          nonce,
        );
        if (body === null) return null;
        const styles = searched
          ? ""
          : portalStyles.map((href) => `<link rel="stylesheet" href="${href}">`).join("");
        return { head: "", body, styles };
      } catch {
        return null;
      }
    }
    const { onRooms, ...ids } = drawnIds;
    const list = await listFor({ ...ids, domain: hostname });
    if (!list) return null;
    try {
      const body = firstPaintHtml(
        { list, ids, onRooms, hostname, t: textsIn(texts, ids.language), now: now() },
        nonce,
      );
      return body === null ? null : { head: warmUpScript({ list, ids }, nonce), body };
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
