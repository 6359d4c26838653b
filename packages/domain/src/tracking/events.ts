import type { Reservation } from "../contract/booking/retrieve";
import { decimalTextOf } from "../money/amounts";
import { type CurrencyRules, convertMinor, fromMinor, toMinor } from "../money/money";

/**
 * GA4 e-commerce events and conversions (ADR 0041): pure builders; the web app pushes them into
 * `window.dataLayer` (when the channel's `gtmEventSend` is on and a Google tag is loaded), to Google Ads, to the Meta
 * pixel and to the conversion partner. Values are in the tracking currency, EUR (SPEC §9).
 */
export const TRACKING_CURRENCY = "EUR";

export type EcommerceItem = {
  item_id: string;
  item_name: string;
  item_variant?: string;
  price?: number;
  quantity: number;
  index?: number;
};

export type EcommerceEvent = {
  event: "view_item_list" | "select_item" | "begin_checkout" | "purchase";
  ecommerce: {
    currency?: string;
    value?: number;
    transaction_id?: string;
    item_list_id?: string;
    item_list_name?: string;
    items: EcommerceItem[];
  };
};

/** A rate from the hotel's currency to EUR (`change` EUR per unit), as the app's currency rates give it. */
export type EurRate = { from: CurrencyRules; to: CurrencyRules; change: number };

/**
 * An amount of the hotel's `currency` in EUR, 2 decimals; null when it needs a rate and has none (the event then
 * waits for it or is not sent: a wrong currency is worse than none).
 */
export function toEur(amount: number, currency: string, rate: EurRate | null): number | null {
  if (currency.toUpperCase() === TRACKING_CURRENCY) return fromMinor(toMinor(amount, 2), 2);
  if (!rate || rate.from.code !== currency.toUpperCase() || rate.to.code !== TRACKING_CURRENCY) return null;
  return fromMinor(
    convertMinor(toMinor(amount, rate.from.decimalDigits), rate.from, rate.to, rate.change),
    2,
  );
}

/** A room as the room list and the checkout know it: its type, rate and (optional) price in EUR. */
export type RoomItem = { roomTypeId: number; name: string; rateName?: string; price?: number | null };

const item = (room: RoomItem, index?: number): EcommerceItem => ({
  item_id: String(room.roomTypeId),
  item_name: room.name,
  ...(room.rateName ? { item_variant: room.rateName } : {}),
  ...(typeof room.price === "number" ? { price: room.price } : {}),
  quantity: 1,
  ...(index === undefined ? {} : { index }),
});

// EUR amounts of the events, added in cents.
const sum = (values: number[]) =>
  fromMinor(
    values.reduce((cents, value) => cents + toMinor(value, 2), 0),
    2,
  );

export function viewItemList(rooms: RoomItem[]): EcommerceEvent {
  return {
    event: "view_item_list",
    ecommerce: { item_list_id: "rooms", item_list_name: "Rooms", items: rooms.map((r, i) => item(r, i)) },
  };
}

export function selectItem(room: RoomItem, index?: number): EcommerceEvent {
  return {
    event: "select_item",
    ecommerce: { item_list_id: "rooms", item_list_name: "Rooms", items: [item(room, index)] },
  };
}

export function beginCheckout(rooms: RoomItem[]): EcommerceEvent {
  const priced = rooms.every((r) => typeof r.price === "number");
  return {
    event: "begin_checkout",
    ecommerce: {
      ...(priced ? { currency: TRACKING_CURRENCY, value: sum(rooms.map((r) => r.price ?? 0)) } : {}),
      items: rooms.map((r) => item(r)),
    },
  };
}

/** A confirmed booking's conversion: what every channel (dataLayer, Ads, pixel, partner) reports of it. */
export type Purchase = { transactionId: string; value: number; currency: "EUR"; items: EcommerceItem[] };

/**
 * The purchase of a reservation just booked, in EUR. Rooms with status W (waiting, SPEC §4) are not a sale: they are
 * skipped, their price too (as are cancelled rooms); null when no room counts or the EUR rate is missing. The value
 * is the booking's total less the skipped rooms' totals.
 */
export function purchaseOf(reservation: Reservation, rate: EurRate | null): Purchase | null {
  const counted = reservation.rooms.filter((r) => r.status === "A");
  if (counted.length === 0) return null;
  const skipped = reservation.rooms.filter((r) => r.status !== "A").reduce((a, r) => a + r.roomTotal, 0);
  const value = toEur(Math.max(0, reservation.total - skipped), reservation.currency, rate);
  if (value === null) return null;
  const items: EcommerceItem[] = [];
  for (const room of counted) {
    const price = toEur(room.roomTotal, reservation.currency, rate);
    if (price === null) return null;
    items.push(item({ roomTypeId: room.roomTypeId, name: room.name, rateName: room.rateName, price }));
  }
  return { transactionId: reservation.code, value, currency: TRACKING_CURRENCY, items };
}

export function purchaseEvent(purchase: Purchase): EcommerceEvent {
  return {
    event: "purchase",
    ecommerce: {
      transaction_id: purchase.transactionId,
      value: purchase.value,
      currency: purchase.currency,
      items: purchase.items,
    },
  };
}

/** Google Ads' conversion (`gtag('event', 'conversion', …)`). */
export function adsConversion(ads: { id: string; label: string }, purchase: Purchase) {
  return {
    send_to: `${ads.id}/${ads.label}`,
    value: purchase.value,
    currency: purchase.currency,
    transaction_id: purchase.transactionId,
  };
}

/**
 * The conversion partner's POST (SPEC §7): `${origin}/bootstrap/store_reservation/${timestamp}`, form-encoded, with
 * the reservation code, the language, the amount in EUR with 2 decimals and the hotel's account at the partner.
 */
export function partnerConversion(
  partner: { origin: string; customerId: string | null },
  purchase: Purchase,
  language: number,
  now: number,
): { url: string; body: URLSearchParams } {
  const body = new URLSearchParams({
    code: purchase.transactionId,
    language: String(language),
    amount: decimalTextOf(toMinor(purchase.value, 2), 2),
    wm_customerid: partner.customerId ?? "",
  });
  return { url: `${partner.origin}/bootstrap/store_reservation/${now}`, body };
}
