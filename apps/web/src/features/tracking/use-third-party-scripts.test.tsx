// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigate } from "wouter/use-browser-location";
import { saveConsent } from "../consent/consent-store";
import { currentAttribution, resetAttributionForTests } from "./attribution-store";
import { crossesBoundary, resetSkipForTests, SKIP_SCRIPTS_KEY } from "./boundary";
import { resetLoaderForTests, useThirdPartyScripts } from "./use-third-party-scripts";

const H = "/hotel/1/channel/1/language/1";
const CHANNEL: { id: number; tracking: Record<string, unknown>; customScripts: Record<string, string> } = {
  id: 1,
  tracking: {
    hasAnalytics: true,
    analytics: { "1": "G-DEMO0EN01" },
    hasGtm: true,
    gtmTag: "GTM-DEMO123",
    gtmEventSend: true,
    facebookPixel: "123456789012",
  },
  customScripts: {
    all: "window.__all = (window.__all || 0) + 1",
    rooms: "window.__rooms = (window.__rooms || 0) + 1",
  },
};

function Probe({ channel = CHANNEL }: { channel?: typeof CHANNEL }) {
  useThirdPartyScripts(channel, 1);
  return null;
}

const scripts = () =>
  [...document.querySelectorAll<HTMLScriptElement>("script[data-alloggio-script]")].map(
    (s) => s.dataset.alloggioScript,
  );
let reload: ReturnType<typeof vi.fn<() => void>>;
/** The gtag calls queued (Arguments objects), as arrays. */
const gtagCalls = () =>
  (window.dataLayer ?? [])
    .filter((e) => typeof e === "object" && e !== null && "length" in e)
    .map((e) => Array.from(e as ArrayLike<unknown>));

function meta(attrs: Record<string, string>) {
  const el = document.createElement("meta");
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.head.append(el);
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, "", `${H}/rooms`);
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, "reload").mockImplementation(reload);
  // Scripts are not fetched in the tests.
  vi.spyOn(HTMLHeadElement.prototype, "append");
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  for (const el of document.head.querySelectorAll("script, meta")) el.remove();
  delete window.dataLayer;
  delete window.gtag;
  delete window.fbq;
  delete window._fbq;
  resetLoaderForTests();
  resetSkipForTests();
  resetAttributionForTests();
});

describe("useThirdPartyScripts", () => {
  it("adds nothing without consent", () => {
    render(<Probe />);
    expect(scripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
  });

  it("with analytics only adds GTM and Google Analytics, not the pixel nor custom scripts", () => {
    saveConsent(1, { analytics: true, marketing: false });
    render(<Probe />);
    expect(scripts()).toEqual(["gtm", "gtag-analytics"]);
    expect(window.fbq).toBeUndefined();
    const calls = gtagCalls();
    const consent = calls.filter((c) => c[0] === "consent");
    expect(consent[0]).toEqual([
      "consent",
      "default",
      expect.objectContaining({ analytics_storage: "denied", wait_for_update: 500 }),
    ]);
    expect(consent[1]).toEqual([
      "consent",
      "update",
      expect.objectContaining({ analytics_storage: "granted", ad_storage: "denied" }),
    ]);
    expect(calls).toContainEqual(["config", "G-DEMO0EN01"]);
  });

  it("sends a Consent Mode update when the choice changes, and then adds the marketing tags", () => {
    saveConsent(1, { analytics: true, marketing: false });
    render(<Probe />);
    act(() => saveConsent(1, { analytics: true, marketing: true }));
    expect(scripts()).toEqual(["gtm", "gtag-analytics", "meta-pixel", "custom-all", "custom-rooms"]);
    const updates = gtagCalls().filter((c) => c[0] === "consent" && c[1] === "update");
    expect(updates.at(-1)?.[2]).toMatchObject({ ad_storage: "granted" });
    expect(window.fbq?.queue).toEqual([
      ["init", "123456789012"],
      ["track", "PageView"],
    ]);
  });

  it("gives every script the page's CSP nonce", () => {
    meta({ property: "csp-nonce", nonce: "abc123" });
    saveConsent(1, { analytics: true, marketing: true });
    render(<Probe />);
    const all = [...document.querySelectorAll<HTMLScriptElement>("script[data-alloggio-script]")];
    expect(all.length).toBe(5);
    for (const s of all) expect(s.nonce).toBe("abc123");
    const inline = all.find((s) => s.dataset.alloggioScript === "custom-all");
    expect(inline?.src).toBe("");
    expect(inline?.text).toContain("window.__all");
    expect(all.find((s) => s.dataset.alloggioScript === "gtm")?.async).toBe(true);
  });

  it("adds nothing on the checkout, even with every consent", () => {
    window.history.replaceState(null, "", `${H}/checkout`);
    saveConsent(1, { analytics: true, marketing: true });
    render(<Probe />);
    expect(scripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
  });

  it("adds nothing in a strict document", () => {
    meta({ name: "alloggio-document", content: "strict" });
    saveConsent(1, { analytics: true, marketing: true });
    render(<Probe />);
    expect(scripts()).toEqual([]);
  });

  it("reloads when moving to the checkout from a page that ran a script, and not without one", () => {
    saveConsent(1, { analytics: true, marketing: false });
    render(<Probe />);
    act(() => navigate(`${H}/services`));
    expect(reload).not.toHaveBeenCalled();
    act(() => navigate(`${H}/checkout`));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload on the way to the checkout when nothing ran", () => {
    render(<Probe />);
    act(() => navigate(`${H}/checkout`));
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads from a strict document to the voucher when the consent loads something there", () => {
    meta({ name: "alloggio-document", content: "strict" });
    window.history.replaceState(null, "", `${H}/checkout`);
    saveConsent(1, { analytics: true, marketing: false });
    render(<Probe />);
    act(() => navigate(`${H}/voucher/code/ABC/email/a@b.it`));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("runs a page's own custom script on each arrival, the 'all' script once", () => {
    saveConsent(1, { analytics: false, marketing: true });
    render(<Probe />);
    const text = (id: string) => document.querySelectorAll(`script[data-alloggio-script="${id}"]`).length;
    const first = document.querySelector('script[data-alloggio-script="custom-rooms"]');
    act(() => navigate(`${H}/services`));
    act(() => navigate(`${H}/rooms`));
    const second = document.querySelector('script[data-alloggio-script="custom-rooms"]');
    expect(second).not.toBe(first);
    expect(text("custom-rooms")).toBe(1);
    expect(text("custom-all")).toBe(1);
  });

  it("loads nothing once when asked to reload without scripts", () => {
    window.sessionStorage.setItem(SKIP_SCRIPTS_KEY, "1");
    saveConsent(1, { analytics: true, marketing: true });
    render(<Probe />);
    expect(scripts()).toEqual([]);
    expect(window.sessionStorage.getItem(SKIP_SCRIPTS_KEY)).toBeNull();
  });

  it("loads nothing on a host the consent banner does not serve", () => {
    saveConsent(1, { analytics: true, marketing: true });
    render(
      <Probe
        channel={{
          ...CHANNEL,
          tracking: { ...CHANNEL.tracking, hasBannerCookieBB: true, bannerCookieHosts: ["book.example.com"] },
        }}
      />,
    );
    expect(scripts()).toEqual([]);
  });

  it("keeps the landing's attribution in memory only without marketing consent", () => {
    window.history.replaceState(null, "", `${H}/rooms?trv_reference=T1&utm_source=news`);
    render(<Probe />);
    expect(currentAttribution()).toEqual({ trivago: "T1", campaign: "news /  /" });
    expect(window.sessionStorage.length).toBe(0);
    act(() => saveConsent(1, { analytics: false, marketing: true }));
    expect(JSON.parse(window.sessionStorage.getItem("alloggio.attribution") ?? "{}")).toEqual({
      trivago: "T1",
      campaign: "news /  /",
    });
  });
});

describe("crossesBoundary", () => {
  it.each([
    ["payment", "tracked", true, false, true],
    ["payment", "tracked", false, true, false],
    ["private", "tracked", true, false, true],
    ["voucher", "strict", false, true, true],
    ["voucher", "strict", false, false, false],
    ["rooms", "tracked", true, true, false],
  ] as const)(
    "to %s in a %s document (ran %s, would load %s): %s",
    (to, document, ranThirdParty, wouldLoad, reload) =>
      expect(crossesBoundary({ to, document, ranThirdParty, wouldLoad })).toBe(reload),
  );
});
