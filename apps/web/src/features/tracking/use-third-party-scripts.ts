import { allows, consentModeSignals } from "@alloggio/domain/tracking/consent";
import { pageKindOf } from "@alloggio/domain/tracking/pages";
import { plannedScripts } from "@alloggio/domain/tracking/plan";
import {
  bannerServesHost,
  readTrackingSettings,
  type TrackingSettings,
} from "@alloggio/domain/tracking/settings";
import { useEffect, useMemo, useRef } from "react";
import { useLocation } from "wouter";
import { useConsent } from "../consent/consent-store";
import { captureAttribution } from "./attribution-store";
import { crossesBoundary, scriptsSkipped } from "./boundary";
import { addScriptOnce, documentClass, googleQueue, hasRunThirdParty, metaQueue, runInline } from "./dom";
import { setTrackingState } from "./tracking-state";

const hasGoogle = (s: TrackingSettings) =>
  s.gtm !== null || s.gtmBB !== null || s.ads !== null || Object.keys(s.analytics).length > 0;

/** What this document already did (one per page load). */
const doc = { googleDefault: false, consentSignals: "", pageView: "" };

export function resetLoaderForTests(): void {
  doc.googleDefault = false;
  doc.consentSignals = "";
  doc.pageView = "";
}

/**
 * The script loader (ADR 0041), mounted by the hotel layout: adds the channel's third-party scripts the
 * guest consented to for the current page kind, never on payment and private pages, and reloads the page when the
 * SPA crosses the payment boundary.
 */
export function useThirdPartyScripts(
  channel: { id: number; tracking: Record<string, unknown>; customScripts: Record<string, string> } | null,
  languageId: number,
): void {
  // The wouter location re-renders on every move; the kind comes from the full path (the layout's router is nested).
  const [location] = useLocation();
  const path = typeof window === "undefined" ? location : window.location.pathname;
  const kind = pageKindOf(path);
  const [stored] = useConsent(channel?.id ?? 0);
  const settings = useMemo(
    () => (channel ? readTrackingSettings(channel.tracking ?? {}, channel.customScripts ?? {}) : null),
    [channel],
  );
  const consent =
    settings && bannerServesHost(settings, window.location.hostname) && !scriptsSkipped() ? stored : null;
  const planned = useMemo(
    () => (settings ? plannedScripts(settings, kind, consent, languageId) : []),
    [settings, kind, consent, languageId],
  );
  const previousKind = useRef<typeof kind | null>(null);

  // Attribution: on every landing, kept as the consent allows.
  // Not before the channel is known: until then no consent can be read, and "no marketing" would erase the session
  // copy a consenting guest's reload (the payment boundary) depends on.
  const marketing = allows(consent, "marketing");
  const channelKnown = channel !== null;
  useEffect(() => {
    if (channelKnown) captureAttribution(window.location.search, marketing);
  }, [marketing, channelKnown]);

  useEffect(() => {
    if (!settings || !channel) return;
    const from = previousKind.current;
    previousKind.current = kind;
    const wouldLoad = planned.length > 0 || (settings.zSuite !== null && allows(consent, "marketing"));
    if (
      from !== null &&
      from !== kind &&
      crossesBoundary({ to: kind, document: documentClass(), ranThirdParty: hasRunThirdParty(), wouldLoad })
    ) {
      setTrackingState(null);
      window.location.reload();
      return;
    }
    // A strict document (the server's CSP allows no third-party origin) never gets a script.
    const tracked = documentClass() === "tracked";
    const ids = new Set(tracked ? planned.map((s) => s.id) : []);
    const google =
      tracked &&
      hasGoogle(settings) &&
      planned.some((s) => s.id.startsWith("gtm") || s.id.startsWith("gtag"));
    // Once a Google tag started in this document, every change of the choice reaches it (a withdrawal too).
    if (google || (tracked && doc.googleDefault && hasGoogle(settings))) {
      const gtag = googleQueue();
      if (!doc.googleDefault) {
        // Consent Mode v2: everything denied before any Google tag, then the guest's choice.
        gtag("consent", "default", { ...consentModeSignals(null), wait_for_update: 500 });
        gtag("js", new Date());
        doc.googleDefault = true;
      }
      const signals = consentModeSignals(consent);
      if (JSON.stringify(signals) !== doc.consentSignals) {
        gtag("consent", "update", signals);
        doc.consentSignals = JSON.stringify(signals);
      }
    }
    for (const script of planned) {
      if (!ids.has(script.id)) continue;
      if (script.id === "gtm" || script.id === "gtm-bb") {
        const container = script.id === "gtm" ? settings.gtm : settings.gtmBB;
        if (!document.querySelector(`script[data-alloggio-script="${script.id}"]`))
          window.dataLayer?.push({ "gtm.start": Date.now(), event: "gtm.js", container: container?.id });
        if (script.src) addScriptOnce(script.id, script.src);
      } else if (script.id === "gtag-analytics" || script.id === "gtag-ads") {
        if (!document.querySelector(`script[data-alloggio-script="${script.id}"]`)) {
          const id =
            script.id === "gtag-ads" ? settings.ads?.id : new URL(script.src ?? "").searchParams.get("id");
          if (id) googleQueue()("config", id);
        }
        if (script.src) addScriptOnce(script.id, script.src);
      } else if (script.id === "meta-pixel") {
        const fbq = metaQueue();
        if (!document.querySelector('script[data-alloggio-script="meta-pixel"]'))
          fbq("init", settings.metaPixel);
        if (script.src) addScriptOnce(script.id, script.src);
        if (doc.pageView !== path) fbq("track", "PageView");
        doc.pageView = path;
      } else if (script.inline) {
        // "all" runs once per document; a page's own slot on each arrival at such a page.
        runInline(script.id, script.inline, script.id !== "custom-all" && from !== kind);
      } else if (script.src) addScriptOnce(script.id, script.src);
    }
    setTrackingState({
      channelId: channel.id,
      languageId,
      settings,
      consent: tracked ? consent : null,
      google: google && Boolean(window.dataLayer),
      meta: ids.has("meta-pixel"),
      settled: true,
    });
    // `path`: a move between two pages of the same kind is a page view too.
  }, [channel, settings, kind, planned, consent, languageId, path]);
}
