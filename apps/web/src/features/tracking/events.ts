import { allows } from "@alloggio/domain/tracking/consent";
import {
  adsConversion,
  type EcommerceEvent,
  type Purchase,
  partnerConversion,
  purchaseEvent,
} from "@alloggio/domain/tracking/events";
import { trackingState } from "./tracking-state";

/**
 * The events the pages report (ADR 0041): GA4 e-commerce events into the dataLayer when the channel sends
 * events and a Google tag runs; on a purchase, Google Ads' conversion, Meta's Purchase and the partner's POST with
 * marketing consent.
 */
export function pushEcommerce(event: EcommerceEvent): boolean {
  const state = trackingState();
  if (!state?.settled || !state.settings.eventSend || !state.google || !window.dataLayer) return false;
  window.dataLayer.push({ ecommerce: null });
  window.dataLayer.push(event);
  return true;
}

/** The one-shot flag the checkout sets when a booking is confirmed: the voucher then reports its purchase once. */
export const PURCHASE_KEY = "alloggio.tracking.purchase";

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Set by the checkout on a confirmed booking (necessary: it only says "this voucher follows a booking"). */
export function markPurchase(code: string): void {
  session()?.setItem(PURCHASE_KEY, code);
}

/** Whether the voucher of `code` follows its booking and has not reported it yet. */
export const purchasePending = (code: string): boolean => session()?.getItem(PURCHASE_KEY) === code;

/**
 * Reports a booking's purchase once (the flag is consumed): the dataLayer's purchase, and with marketing consent the
 * Ads conversion, Meta's Purchase and the partner's conversion POST. False (flag kept) while the loader has not
 * settled this document (a boundary reload is under way, or the loader has not run yet).
 */
export function reportPurchase(purchase: Purchase | null, code: string, now = Date.now()): boolean {
  const state = trackingState();
  if (!purchasePending(code) || !state?.settled) return false;
  session()?.removeItem(PURCHASE_KEY);
  if (!purchase) return true;
  pushEcommerce(purchaseEvent(purchase));
  if (!allows(state.consent, "marketing")) return true;
  const { ads, zSuite } = state.settings;
  if (ads && state.google && window.gtag) window.gtag("event", "conversion", adsConversion(ads, purchase));
  if (state.meta && window.fbq)
    window.fbq("track", "Purchase", { value: purchase.value, currency: purchase.currency });
  if (zSuite) {
    const post = partnerConversion(zSuite, purchase, state.languageId, now);
    void fetch(post.url, { method: "POST", credentials: "include", mode: "no-cors", body: post.body }).catch(
      () => {
        // The partner's trouble is not the guest's.
      },
    );
  }
  return true;
}
