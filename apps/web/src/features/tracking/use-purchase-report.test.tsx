// @vitest-environment happy-dom
import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { readTrackingSettings } from "@alloggio/domain/tracking/settings";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { markPurchase, PURCHASE_KEY } from "./events";
import { setTrackingState } from "./tracking-state";
import { usePurchaseReport } from "./use-purchase-report";

const reservation = {
  code: "R1",
  currency: "EUR",
  total: 300,
  rooms: [
    { id: 1, roomTypeId: 5, name: "Double", rateName: "Flex", status: "A", roomTotal: 180 },
    { id: 2, roomTypeId: 6, name: "Suite", rateName: "Flex", status: "W", roomTotal: 120 },
  ],
} as unknown as Reservation;

function Probe() {
  usePurchaseReport(reservation);
  return null;
}
const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Probe />
    </QueryClientProvider>,
  );
const settle = () =>
  setTrackingState({
    channelId: 1,
    languageId: 1,
    settings: readTrackingSettings({ hasGtm: true, gtmTag: "GTM-DEMO123", gtmEventSend: true }),
    consent: { analytics: true, marketing: false },
    google: true,
    meta: false,
    settled: true,
  });

beforeEach(() => {
  window.dataLayer = [] as unknown as NonNullable<Window["dataLayer"]>;
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  setTrackingState(null);
  delete window.dataLayer;
});

describe("usePurchaseReport", () => {
  it("reports the purchase once the loader settled, without the waiting room", () => {
    markPurchase("R1");
    show();
    expect(window.dataLayer).toEqual([]);
    act(() => settle());
    expect(window.dataLayer?.[1]).toEqual({
      event: "purchase",
      ecommerce: {
        transaction_id: "R1",
        value: 180,
        currency: "EUR",
        items: [{ item_id: "5", item_name: "Double", item_variant: "Flex", price: 180, quantity: 1 }],
      },
    });
    expect(window.sessionStorage.getItem(PURCHASE_KEY)).toBeNull();
  });

  it("reports nothing on a visit without the booking's flag", () => {
    settle();
    show();
    expect(window.dataLayer).toEqual([]);
  });
});
