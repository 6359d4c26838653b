import type { ScriptSlot } from "./pages";

/**
 * A channel's tracking settings (SPEC §3), read from its stored `tracking` and `customScripts` records into what the
 * loader and the CSP use. Anything malformed is left out (a tag id that is not one, a URL that is not https): a bad
 * setting loads nothing rather than something unexpected.
 */
export type TrackingSettings = {
  /** Google tag (gtag.js) measurement id for the page's language (`analytics` per language id), when hasAnalytics. */
  analytics: Record<string, string>;
  /** Google Ads conversion (hasAdwords): `AW-…` id and its label. */
  ads: { id: string; label: string } | null;
  /** Google Tag Manager (hasGtm): container id, from its own domain (server-side tagging) or Google's. */
  gtm: { id: string; origin: string } | null;
  /** The second Tag Manager container (hasGtmBB). */
  gtmBB: { id: string; origin: string } | null;
  /** e-commerce events in the dataLayer (gtmEventSend). */
  eventSend: boolean;
  /** Meta pixel id. */
  metaPixel: string | null;
  /** Adventori's tag (hasAdventori). */
  adventori: { id: string } | null;
  /** The Hotels Network's price widget script (hasThn). */
  thn: { src: string } | null;
  /** zSuite (haszSuite): the partner that receives the conversion POST (ADR 0040). */
  zSuite: { origin: string; customerId: string | null } | null;
  /** Sojern's pixel (hasSojern, sojernId). */
  sojern: { id: string } | null;
  /**
   * The consent banner's hosts (hasBannerCookieBB with bannerCookieHosts): the consent manager shows only on these
   * host names, and on the others nothing optional can load. Null: on every host.
   */
  bannerHosts: string[] | null;
  /** Custom scripts by slot (JavaScript run as an inline script with the page's nonce). */
  custom: Partial<Record<ScriptSlot, string>>;
  /** Extra script origins a channel's custom scripts load from (`scriptHosts`), https only. */
  extraOrigins: string[];
};

const TAG = {
  gtag: /^G-[A-Z0-9]{4,20}$/,
  ads: /^AW-\d{5,15}$/,
  gtm: /^GTM-[A-Z0-9]{4,12}$/,
  pixel: /^\d{6,20}$/,
  plain: /^[A-Za-z0-9_-]{1,64}$/,
};

const str = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value.trim() : null;
const on = (value: unknown) => value === true;

/**
 * An origin from a host name or URL: https only, except the loopback host (a developer's or a test's own fake host).
 * Null for anything else (paths, credentials, other schemes).
 */
export function originOf(value: unknown): string | null {
  const text = str(value);
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url.username || url.password) return null;
    const loopback = url.hostname === "localhost" || url.hostname === "127.0.0.1";
    if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** A full https URL (a script's src), or null. */
function scriptUrl(value: unknown): string | null {
  const origin = originOf(value);
  const text = str(value);
  if (!origin || !text) return null;
  try {
    return new URL(text).href;
  } catch {
    return null;
  }
}

export function readTrackingSettings(
  tracking: Record<string, unknown>,
  customScripts: Record<string, string> = {},
): TrackingSettings {
  const t = tracking;
  const analytics: Record<string, string> = {};
  if (on(t.hasAnalytics) && t.analytics && typeof t.analytics === "object")
    for (const [language, id] of Object.entries(t.analytics as Record<string, unknown>))
      if (typeof id === "string" && TAG.gtag.test(id)) analytics[language] = id;
  const adsId = str(t.adwordsConversionId);
  const adsLabel = str(t.adwordsConversionLabel);
  const gtmId = str(t.gtmTag);
  const gtmBBId = str(t.gtmTagBB);
  const googleTags = "https://www.googletagmanager.com";
  const custom: Partial<Record<ScriptSlot, string>> = {};
  for (const slot of ["all", "rooms", "services", "checkout", "voucher"] as const) {
    const code = str(customScripts[slot]);
    if (code) custom[slot] = code;
  }
  const hosts = Array.isArray(t.bannerCookieHosts)
    ? t.bannerCookieHosts.filter((h): h is string => typeof h === "string").map((h) => h.trim().toLowerCase())
    : [];
  const extraOrigins = Array.isArray(t.scriptHosts)
    ? [...new Set(t.scriptHosts.map(originOf).filter((o): o is string => o !== null))]
    : [];
  return {
    analytics,
    ads:
      on(t.hasAdwords) && adsId && TAG.ads.test(adsId) && adsLabel && TAG.plain.test(adsLabel)
        ? { id: adsId, label: adsLabel }
        : null,
    gtm:
      on(t.hasGtm) && gtmId && TAG.gtm.test(gtmId)
        ? { id: gtmId, origin: originOf(t.gtmDomain) ?? googleTags }
        : null,
    gtmBB: on(t.hasGtmBB) && gtmBBId && TAG.gtm.test(gtmBBId) ? { id: gtmBBId, origin: googleTags } : null,
    eventSend: on(t.gtmEventSend),
    metaPixel: str(t.facebookPixel) && TAG.pixel.test(str(t.facebookPixel)!) ? str(t.facebookPixel) : null,
    adventori:
      on(t.hasAdventori) && str(t.adventoriId) && TAG.plain.test(str(t.adventoriId)!)
        ? { id: str(t.adventoriId)! }
        : null,
    thn: on(t.hasThn) && scriptUrl(t.thnUrl) ? { src: scriptUrl(t.thnUrl)! } : null,
    zSuite:
      on(t.haszSuite) && originOf(t.zSuiteUrl)
        ? {
            origin: originOf(t.zSuiteUrl)!,
            customerId:
              str(t.zSuiteCustomerId) && TAG.plain.test(str(t.zSuiteCustomerId)!)
                ? str(t.zSuiteCustomerId)
                : null,
          }
        : null,
    sojern:
      on(t.hasSojern) && str(t.sojernId) && TAG.plain.test(str(t.sojernId)!)
        ? { id: str(t.sojernId)! }
        : null,
    bannerHosts: on(t.hasBannerCookieBB) && hosts.length > 0 ? hosts : null,
    custom,
    extraOrigins,
  };
}

/**
 * Whether the consent banner serves a host name: every host, unless the channel names its hosts (bannerCookieHosts).
 * Where it does not, no consent can be given, so nothing optional loads (ADR 0040).
 */
export function bannerServesHost(settings: TrackingSettings, hostname: string): boolean {
  return settings.bannerHosts === null || settings.bannerHosts.includes(hostname.toLowerCase());
}

/** Whether a channel has anything optional to load at all (no consent manager is needed otherwise). */
export function hasThirdParty(settings: TrackingSettings): boolean {
  return (
    Object.keys(settings.analytics).length > 0 ||
    settings.ads !== null ||
    settings.gtm !== null ||
    settings.gtmBB !== null ||
    settings.metaPixel !== null ||
    settings.adventori !== null ||
    settings.thn !== null ||
    settings.zSuite !== null ||
    settings.sojern !== null ||
    Object.keys(settings.custom).length > 0
  );
}
