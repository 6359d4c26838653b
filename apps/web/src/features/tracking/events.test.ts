// @vitest-environment happy-dom
import { readTrackingSettings } from "@alloggio/domain/tracking/settings";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { markPurchase, PURCHASE_KEY, pushEcommerce, reportPurchase } from "./events";
import { setTrackingState, type TrackingState } from "./tracking-state";

const settings = readTrackingSettings({
  hasGtm: true,
  gtmTag: "GTM-DEMO123",
  gtmEventSend: true,
  hasAdwords: true,
  adwordsConversionId: "AW-123456789",
  adwordsConversionLabel: "lbl",
  facebookPixel: "123456789012",
  haszSuite: true,
  zSuiteUrl: "https://z.example.org",
  zSuiteCustomerId: "h42",
});
const state = (over: Partial<TrackingState> = {}): TrackingState => ({
  channelId: 1,
  languageId: 2,
  settings,
  consent: { analytics: true, marketing: true },
  google: true,
  meta: true,
  settled: true,
  ...over,
});
const purchase = { transactionId: "ABC", value: 120.5, currency: "EUR" as const, items: [] };
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  window.dataLayer = [] as unknown as NonNullable<Window["dataLayer"]>;
  window.gtag = vi.fn();
  window.fbq = vi.fn() as unknown as Window["fbq"];
  fetchMock = vi.fn(async () => new Response(null));
  vi.stubGlobal("fetch", fetchMock);
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setTrackingState(null);
  delete window.dataLayer;
  delete window.gtag;
  delete window.fbq;
});

describe("pushEcommerce", () => {
  it("clears the ecommerce object first, only when events are on and Google runs", () => {
    setTrackingState(state());
    expect(pushEcommerce({ event: "view_item_list", ecommerce: { items: [] } })).toBe(true);
    expect(window.dataLayer).toEqual([
      { ecommerce: null },
      { event: "view_item_list", ecommerce: { items: [] } },
    ]);
    setTrackingState(state({ google: false }));
    expect(pushEcommerce({ event: "view_item_list", ecommerce: { items: [] } })).toBe(false);
    setTrackingState(state({ settings: { ...settings, eventSend: false } }));
    expect(pushEcommerce({ event: "view_item_list", ecommerce: { items: [] } })).toBe(false);
  });
});

describe("reportPurchase", () => {
  it("reports once, to every configured endpoint, with marketing consent", () => {
    setTrackingState(state());
    markPurchase("ABC");
    expect(reportPurchase(purchase, "ABC", 1700000000000)).toBe(true);
    expect(window.dataLayer?.[1]).toMatchObject({
      event: "purchase",
      ecommerce: { transaction_id: "ABC", value: 120.5, currency: "EUR" },
    });
    expect(window.gtag).toHaveBeenCalledWith("event", "conversion", {
      send_to: "AW-123456789/lbl",
      value: 120.5,
      currency: "EUR",
      transaction_id: "ABC",
    });
    expect(window.fbq).toHaveBeenCalledWith("track", "Purchase", { value: 120.5, currency: "EUR" });
    expect(fetchMock).toHaveBeenCalledWith(
      "https://z.example.org/bootstrap/store_reservation/1700000000000",
      {
        method: "POST",
        credentials: "include",
        mode: "no-cors",
        body: expect.any(URLSearchParams),
      },
    );
    const body = fetchMock.mock.calls[0]?.[1].body as URLSearchParams;
    expect(body.toString()).toBe("code=ABC&language=2&amount=120.50&wm_customerid=h42");
    expect(window.sessionStorage.getItem(PURCHASE_KEY)).toBeNull();
    expect(reportPurchase(purchase, "ABC")).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("sends no conversion without marketing consent", () => {
    setTrackingState(state({ consent: { analytics: true, marketing: false }, meta: false }));
    markPurchase("ABC");
    reportPurchase(purchase, "ABC");
    expect(window.dataLayer?.[1]).toMatchObject({ event: "purchase" });
    expect(window.gtag).not.toHaveBeenCalled();
    expect(window.fbq).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports nothing on a later visit, nor before the loader settled", () => {
    setTrackingState(state());
    expect(reportPurchase(purchase, "ABC")).toBe(false);
    markPurchase("ABC");
    setTrackingState(state({ settled: false }));
    expect(reportPurchase(purchase, "ABC")).toBe(false);
    expect(window.sessionStorage.getItem(PURCHASE_KEY)).toBe("ABC");
  });

  it("consumes the flag without events when every room waits", () => {
    setTrackingState(state());
    markPurchase("ABC");
    expect(reportPurchase(null, "ABC")).toBe(true);
    expect(window.dataLayer).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
