import { describe, expect, it } from "vitest";
import { cspSources, inventoryFor, plannedScripts } from "./plan";
import { readTrackingSettings } from "./settings";

const settings = readTrackingSettings(
  {
    hasAnalytics: true,
    analytics: { "1": "G-ENGLISH1", "2": "G-ITALIAN2" },
    hasGtm: true,
    gtmTag: "GTM-DEMO123",
    gtmDomain: "tags.example.com",
    hasAdwords: true,
    adwordsConversionId: "AW-123456789",
    adwordsConversionLabel: "lbl",
    facebookPixel: "123456789012",
    haszSuite: true,
    zSuiteUrl: "https://z.example.org",
    scriptHosts: ["cdn.example.com"],
  },
  { all: "all()", rooms: "rooms()", services: "services()", checkout: "checkout()", voucher: "voucher()" },
);
const ids = (list: { id: string }[]) => list.map((s) => s.id);
const NONE = null;
const ANALYTICS = { analytics: true, marketing: false };
const MARKETING = { analytics: false, marketing: true };
const ALL = { analytics: true, marketing: true };

describe("plannedScripts", () => {
  it("loads nothing without consent", () => {
    for (const kind of ["rooms", "services", "voucher", "other"] as const)
      expect(plannedScripts(settings, kind, NONE, 1)).toEqual([]);
  });

  it("loads GTM and analytics, but no marketing tag, with analytics only", () => {
    expect(ids(plannedScripts(settings, "rooms", ANALYTICS, 1))).toEqual(["gtm", "gtag-analytics"]);
  });

  it("loads marketing tags and the custom scripts of the page's slots with marketing", () => {
    expect(ids(plannedScripts(settings, "rooms", MARKETING, 1))).toEqual([
      "gtm",
      "gtag-ads",
      "meta-pixel",
      "custom-all",
      "custom-rooms",
    ]);
    expect(ids(plannedScripts(settings, "services", ALL, 1))).toContain("custom-services");
    expect(ids(plannedScripts(settings, "voucher", ALL, 1))).toContain("custom-voucher");
    expect(ids(plannedScripts(settings, "other", ALL, 1))).not.toContain("custom-rooms");
  });

  it("never loads anything on payment and private pages", () => {
    expect(inventoryFor(settings, "payment", 1)).toEqual([]);
    expect(inventoryFor(settings, "private", 1)).toEqual([]);
    expect(plannedScripts(settings, "payment", ALL, 1)).toEqual([]);
  });

  it("picks the page language's measurement id, else language 1's", () => {
    const src = (language: number) =>
      plannedScripts(settings, "rooms", ANALYTICS, language).find((s) => s.id === "gtag-analytics")?.src;
    expect(src(2)).toContain("id=G-ITALIAN2");
    expect(src(5)).toContain("id=G-ENGLISH1");
  });

  it("loads GTM from its own domain and nothing from a channel without settings", () => {
    expect(plannedScripts(settings, "rooms", ALL, 1)[0]?.src).toBe(
      "https://tags.example.com/gtm.js?id=GTM-DEMO123",
    );
    expect(inventoryFor(readTrackingSettings({}), "rooms", 1)).toEqual([]);
  });
});

describe("cspSources", () => {
  it("lists the configured vendors' origins", () => {
    const csp = cspSources(settings);
    expect(csp.script).toEqual(
      expect.arrayContaining([
        "https://tags.example.com",
        "https://www.googletagmanager.com",
        "https://connect.facebook.net",
        "https://cdn.example.com",
      ]),
    );
    expect(csp.connect).toEqual(
      expect.arrayContaining(["https://z.example.org", "https://www.googleadservices.com"]),
    );
    expect(csp.script).not.toContain("https://z.example.org");
  });
  it("is empty for a channel without settings", () =>
    expect(cspSources(readTrackingSettings({}))).toEqual({ script: [], connect: [] }));
});
