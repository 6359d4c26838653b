import type { HotelListResponse } from "@alloggio/domain/contract/channels/hotel-list";
import { LANGUAGES } from "@alloggio/domain/i18n/languages";
import type { App } from "./app-type";
import type { LinkBase } from "./link-base";

/** The channel and hotels a host name was configured for, or null (any other host: no sitemap). */
export type HostHotels = (hostname: string) => Promise<HotelListResponse | null>;

/** The languages with texts of their own (Russian reads the English ones: the same page twice). */
const LISTED_LANGUAGES = LANGUAGES.filter((l) => l.id === 1 || l.text !== "en");

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The public pages of a host's channel, each with its alternates in every language (`hreflang`): the portal when
 * the channel shows several hotels, and each hotel's page, rooms and packages.
 */
export function sitemapOf(list: HotelListResponse, base: string): string {
  const pages: ((language: number) => string)[] = [];
  const channel = list.channel.id;
  if (list.hotels.length > 1) pages.push((l) => `/channel/${channel}/language/${l}`);
  for (const hotel of list.hotels) {
    const at = (l: number) => `/hotel/${hotel.id}/channel/${channel}/language/${l}`;
    pages.push(
      at,
      (l) => `${at(l)}/rooms`,
      (l) => `${at(l)}/packages`,
    );
  }
  const urls = pages.flatMap((path) =>
    LISTED_LANGUAGES.map((language) => {
      const alternates = LISTED_LANGUAGES.map(
        (other) =>
          `<xhtml:link rel="alternate" hreflang="${other.lang}" href="${escapeXml(base + path(other.id))}"/>`,
      ).join("");
      return `<url><loc>${escapeXml(base + path(language.id))}</loc>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * `robots.txt` and `sitemap.xml`, per host: crawlers keep out of the API and the back office; the booking's steps
 * and anyone's own pages are not disallowed here but answer `noindex` themselves, which a crawler reads only on a
 * page it may fetch. A host configured for a channel lists that channel's public pages.
 */
export function registerRobots(app: App, deps: { hostHotels: HostHotels; linkBase: LinkBase }): void {
  app.get("/robots.txt", { schema: { hide: true } }, async (request, reply) => {
    const list = await deps.hostHotels(request.hostname);
    const lines = ["User-agent: *", "Disallow: /api/", "Disallow: /admin"];
    if (list) lines.push(`Sitemap: ${await deps.linkBase(request)}/sitemap.xml`);
    return reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(`${lines.join("\n")}\n`);
  });
  app.get("/sitemap.xml", { schema: { hide: true } }, async (request, reply) => {
    const list = await deps.hostHotels(request.hostname);
    if (!list) return reply.code(404).type("text/plain; charset=utf-8").send("no sitemap for this host\n");
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(sitemapOf(list, await deps.linkBase(request)));
  });
}
