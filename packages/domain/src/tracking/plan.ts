import { allows, type Consent, type OptionalCategory } from "./consent";
import { isTrackedKind, type PageKind, type ScriptSlot } from "./pages";
import type { TrackingSettings } from "./settings";

/**
 * One script the loader may add to a page: a vendor's tag by URL, or a channel's custom script run inline with the
 * page's CSP nonce. It loads when the guest consented to ANY of `anyOf`.
 */
export type PlannedScript = {
  /** Stable id, also the script element's `data-alloggio-script`. */
  id: string;
  vendor: string;
  anyOf: OptionalCategory[];
  src?: string;
  inline?: string;
};

const GOOGLE_TAGS = "https://www.googletagmanager.com";
export const VENDOR_URLS = {
  gtag: (id: string) => `${GOOGLE_TAGS}/gtag/js?id=${encodeURIComponent(id)}`,
  gtm: (origin: string, id: string) => `${origin}/gtm.js?id=${encodeURIComponent(id)}`,
  metaPixel: "https://connect.facebook.net/en_US/fbevents.js",
  adventori: (id: string) => `https://a.adventori.com/tags/${encodeURIComponent(id)}.js`,
  sojern: "https://static.sojern.com/sdk/latest/sojern.min.js",
} as const;

/** Every script a channel may load on a kind of page, whatever the consent: the page's inventory (PCI DSS 6.4.3). */
export function inventoryFor(
  settings: TrackingSettings,
  kind: PageKind,
  languageId: number,
): PlannedScript[] {
  if (!isTrackedKind(kind)) return [];
  const list: PlannedScript[] = [];
  if (settings.gtm)
    list.push({
      id: "gtm",
      vendor: "Google Tag Manager",
      anyOf: ["analytics", "marketing"],
      src: VENDOR_URLS.gtm(settings.gtm.origin, settings.gtm.id),
    });
  if (settings.gtmBB)
    list.push({
      id: "gtm-bb",
      vendor: "Google Tag Manager (second container)",
      anyOf: ["analytics", "marketing"],
      src: VENDOR_URLS.gtm(settings.gtmBB.origin, settings.gtmBB.id),
    });
  const measurement = settings.analytics[String(languageId)] ?? settings.analytics["1"];
  if (measurement)
    list.push({
      id: "gtag-analytics",
      vendor: "Google Analytics",
      anyOf: ["analytics"],
      src: VENDOR_URLS.gtag(measurement),
    });
  if (settings.ads)
    list.push({
      id: "gtag-ads",
      vendor: "Google Ads",
      anyOf: ["marketing"],
      src: VENDOR_URLS.gtag(settings.ads.id),
    });
  if (settings.metaPixel)
    list.push({ id: "meta-pixel", vendor: "Meta pixel", anyOf: ["marketing"], src: VENDOR_URLS.metaPixel });
  if (settings.adventori)
    list.push({
      id: "adventori",
      vendor: "Adventori",
      anyOf: ["marketing"],
      src: VENDOR_URLS.adventori(settings.adventori.id),
    });
  if (settings.sojern)
    list.push({ id: "sojern", vendor: "Sojern", anyOf: ["marketing"], src: VENDOR_URLS.sojern });
  if (settings.thn)
    list.push({ id: "thn", vendor: "The Hotels Network", anyOf: ["marketing"], src: settings.thn.src });
  const slots: ScriptSlot[] = ["all"];
  if (kind === "rooms" || kind === "services" || kind === "voucher") slots.push(kind);
  for (const slot of slots) {
    const code = settings.custom[slot];
    if (code)
      list.push({
        id: `custom-${slot}`,
        vendor: "Channel's custom script",
        anyOf: ["marketing"],
        inline: code,
      });
  }
  return list;
}

/** What loads on a page for a guest's consent: the inventory, less what the consent does not cover. */
export function plannedScripts(
  settings: TrackingSettings,
  kind: PageKind,
  consent: Pick<Consent, OptionalCategory> | null,
  languageId: number,
): PlannedScript[] {
  return inventoryFor(settings, kind, languageId).filter((s) => s.anyOf.some((c) => allows(consent, c)));
}

/**
 * The third-party origins a tracked document's CSP allows for a channel: where its tags load from (script-src) and
 * where they send (connect-src, img-src). A strict document (payment, private) allows none.
 */
export function cspSources(settings: TrackingSettings): { script: string[]; connect: string[] } {
  const script = new Set<string>();
  const connect = new Set<string>();
  const google = () => {
    script.add(GOOGLE_TAGS);
    for (const o of [GOOGLE_TAGS, "https://*.google-analytics.com", "https://*.analytics.google.com"])
      connect.add(o);
  };
  if (settings.gtm) {
    script.add(settings.gtm.origin);
    connect.add(settings.gtm.origin);
    google();
  }
  if (settings.gtmBB) google();
  if (Object.keys(settings.analytics).length > 0) google();
  if (settings.ads) {
    google();
    for (const o of [
      "https://www.googleadservices.com",
      "https://googleads.g.doubleclick.net",
      "https://www.google.com",
    ])
      connect.add(o);
  }
  if (settings.metaPixel) {
    script.add("https://connect.facebook.net");
    connect.add("https://www.facebook.com");
  }
  if (settings.adventori) script.add("https://a.adventori.com");
  if (settings.sojern) script.add("https://static.sojern.com");
  if (settings.thn) script.add(new URL(settings.thn.src).origin);
  if (settings.zSuite) connect.add(settings.zSuite.origin);
  for (const o of settings.extraOrigins) {
    script.add(o);
    connect.add(o);
  }
  return { script: [...script], connect: [...connect] };
}
