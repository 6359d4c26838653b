import { describe, expect, it } from "vitest";
import { hasThirdParty, originOf, readTrackingSettings } from "./settings";

const FULL = {
  hasAnalytics: true,
  analytics: { "1": "G-DEMO0EN01", "2": "not-a-tag" },
  hasAdwords: true,
  adwordsConversionId: "AW-123456789",
  adwordsConversionLabel: "abc_DEF-1",
  hasGtm: true,
  gtmTag: "GTM-DEMO123",
  gtmDomain: "tags.example.com",
  hasGtmBB: true,
  gtmTagBB: "GTM-BB1234",
  gtmEventSend: true,
  facebookPixel: "123456789012",
  hasAdventori: true,
  adventoriId: "adv-1",
  hasThn: true,
  thnUrl: "https://thn.example.net/widget.js",
  haszSuite: true,
  zSuiteUrl: "https://zsuite.example.org",
  zSuiteCustomerId: "hotel-42",
  hasSojern: true,
  sojernId: "soj_1",
  hasBannerCookieBB: true,
  bannerCookieHosts: [" Book.Example.com "],
  scriptHosts: ["cdn.example.com", "http://evil.example.com", "https://cdn.example.com/x"],
};

describe("readTrackingSettings", () => {
  it("reads every well-formed setting", () => {
    const s = readTrackingSettings(FULL, { all: " console.log(1) ", rooms: "  ", voucher: "v()" });
    expect(s.analytics).toEqual({ "1": "G-DEMO0EN01" });
    expect(s.ads).toEqual({ id: "AW-123456789", label: "abc_DEF-1" });
    expect(s.gtm).toEqual({ id: "GTM-DEMO123", origin: "https://tags.example.com" });
    expect(s.gtmBB).toEqual({ id: "GTM-BB1234", origin: "https://www.googletagmanager.com" });
    expect(s.eventSend).toBe(true);
    expect(s.metaPixel).toBe("123456789012");
    expect(s.adventori).toEqual({ id: "adv-1" });
    expect(s.thn).toEqual({ src: "https://thn.example.net/widget.js" });
    expect(s.zSuite).toEqual({ origin: "https://zsuite.example.org", customerId: "hotel-42" });
    expect(s.sojern).toEqual({ id: "soj_1" });
    expect(s.bannerHosts).toEqual(["book.example.com"]);
    expect(s.custom).toEqual({ all: "console.log(1)", voucher: "v()" });
    expect(s.extraOrigins).toEqual(["https://cdn.example.com"]);
    expect(hasThirdParty(s)).toBe(true);
  });

  it("loads nothing for switched-off or malformed settings", () => {
    const s = readTrackingSettings({
      ...FULL,
      hasAnalytics: false,
      hasAdwords: true,
      adwordsConversionId: "123",
      hasGtm: "yes",
      hasGtmBB: true,
      gtmTagBB: "UA-1",
      facebookPixel: "pixel<script>",
      adventoriId: "a b",
      thnUrl: "http://thn.example.net/widget.js",
      zSuiteUrl: "javascript:alert(1)",
      sojernId: "",
      bannerCookieHosts: [],
      scriptHosts: "cdn.example.com",
    });
    expect(s).toMatchObject({
      analytics: {},
      ads: null,
      gtm: null,
      gtmBB: null,
      metaPixel: null,
      adventori: null,
      thn: null,
      zSuite: null,
      sojern: null,
      bannerHosts: null,
      extraOrigins: [],
    });
    expect(hasThirdParty(s)).toBe(false);
    expect(hasThirdParty(readTrackingSettings({}))).toBe(false);
  });

  it("keeps Google's own origin for a GTM without its domain, and drops a bad partner account", () => {
    const s = readTrackingSettings({
      hasGtm: true,
      gtmTag: "GTM-ABCD",
      haszSuite: true,
      zSuiteUrl: "z.example.org",
      zSuiteCustomerId: "a b",
    });
    expect(s.gtm?.origin).toBe("https://www.googletagmanager.com");
    expect(s.zSuite).toEqual({ origin: "https://z.example.org", customerId: null });
  });
});

describe("originOf", () => {
  it.each([
    ["example.com", "https://example.com"],
    ["https://example.com:8443/path", "https://example.com:8443"],
    ["http://127.0.0.1:3975", "http://127.0.0.1:3975"],
    ["http://localhost:9000/x", "http://localhost:9000"],
    ["http://example.com", null],
    ["https://user:pw@example.com", null],
    ["ftp://example.com", null],
    ["", null],
    [42, null],
  ])("%s → %s", (input, origin) => expect(originOf(input)).toBe(origin));
});
