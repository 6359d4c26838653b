import { createHash } from "node:crypto";
import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  type BoScript,
  type BoScriptInventory,
  BoScriptInventorySchema,
  type BoScriptPage,
  NONCE_PLACEHOLDER,
  PAGE_KIND_OF,
  SCRIPT_PAGES,
} from "@alloggio/domain/contract/backoffice/scripts";
import { LANGUAGES } from "@alloggio/domain/i18n/languages";
import { inventoryFor } from "@alloggio/domain/tracking/plan";
import type { TrackingSettings } from "@alloggio/domain/tracking/settings";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { channelScriptSettings } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { documentSources } from "../../page-csp";
import { staffRoutes } from "../staff-routes";

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

/**
 * Every script a kind of page may load on a channel, in every language (a per-language analytics id is listed
 * once per id, with its languages), and the page's CSP: the inventory of PCI DSS 6.4.3.
 */
export function scriptPages(settings: TrackingSettings): BoScriptPage[] {
  const allLanguages = LANGUAGES.map((l) => l.id);
  return SCRIPT_PAGES.map((page) => {
    const kind = PAGE_KIND_OF[page];
    const byKey = new Map<string, BoScript & { order: number }>();
    for (const language of allLanguages)
      for (const [position, s] of inventoryFor(settings, kind, language).entries()) {
        const key = `${s.id}|${s.src ?? ""}`;
        const known = byKey.get(key);
        if (known) known.languages?.push(language);
        else
          byKey.set(key, {
            // In the page's order; one script's variants (per language) in their first language's order.
            order: position * 100 + language,
            id: s.id,
            vendor: s.vendor,
            consent: [...s.anyOf],
            src: s.src ?? null,
            inline: s.inline === undefined ? null : { sha256: sha256(s.inline), length: s.inline.length },
            languages: [language],
          });
      }
    const scripts = [...byKey.values()]
      .sort((a, b) => a.order - b.order)
      .map(({ order: _, ...s }) => ({
        ...s,
        languages: s.languages?.length === allLanguages.length ? null : s.languages,
      }));
    const sources = documentSources(settings, kind);
    return {
      page,
      documentClass: sources.documentClass,
      scripts,
      scriptSrc: [sources.script[0] ?? "'self'", NONCE_PLACEHOLDER, ...sources.script.slice(1)],
      connectSrc: sources.connect,
    };
  });
}

/**
 * `GET /api/backoffice/hotels/:hotelId/integrations/scripts` (area integrations: owner only): the script inventory
 * of each channel that sells the hotel.
 */
export function registerScriptInventoryRoutes(app: App, deps: BackOfficeDeps): void {
  staffRoutes(app, deps, "integrations").get(
    "/api/backoffice/hotels/:hotelId/integrations/scripts",
    {
      summary:
        "The scripts each channel of the hotel may load per kind of page, with their consent and the page's CSP (PCI DSS 6.4.3 inventory)",
      params: HotelParamsSchema,
      answer: BoScriptInventorySchema,
    },
    async ({ params }): Promise<BoScriptInventory> => {
      const channels = await channelScriptSettings(deps, params.hotelId);
      return {
        channels: channels.map(({ settings, ...channel }) => ({ ...channel, pages: scriptPages(settings) })),
      };
    },
  );
}
