import { describe, expect, it } from "vitest";
import type { Reservation } from "../contract/booking/retrieve";
import {
  adsConversion,
  beginCheckout,
  partnerConversion,
  purchaseEvent,
  purchaseOf,
  selectItem,
  toEur,
  viewItemList,
} from "./events";

const room = (status: "A" | "C" | "W", roomTotal: number, roomTypeId = 1) => ({
  id: roomTypeId * 10,
  roomTypeId,
  name: `Room ${roomTypeId}`,
  status,
  rateName: "Flexible",
  roomTotal,
});
const reservation = (rooms: ReturnType<typeof room>[], total: number, currency = "EUR") =>
  ({ code: "ABC123", currency, total, rooms }) as unknown as Reservation;
const CHF_EUR = {
  from: { code: "CHF", decimalDigits: 2, rounding: 5 },
  to: { code: "EUR", decimalDigits: 2, rounding: 1 },
  change: 1.05,
};

describe("toEur", () => {
  it("keeps EUR, converts with the rate, and refuses without one", () => {
    expect(toEur(10.456, "eur", null)).toBe(10.46);
    expect(toEur(100, "CHF", CHF_EUR)).toBe(105);
    expect(toEur(100, "CHF", null)).toBeNull();
    expect(toEur(100, "USD", CHF_EUR)).toBeNull();
  });
});

describe("purchaseOf", () => {
  it("reports the code, the EUR value and one item per room", () => {
    const p = purchaseOf(reservation([room("A", 200, 1), room("A", 150, 2)], 380), null);
    expect(p).toEqual({
      transactionId: "ABC123",
      value: 380,
      currency: "EUR",
      items: [
        { item_id: "1", item_name: "Room 1", item_variant: "Flexible", price: 200, quantity: 1 },
        { item_id: "2", item_name: "Room 2", item_variant: "Flexible", price: 150, quantity: 1 },
      ],
    });
  });

  it("skips waiting rooms, their value too", () => {
    const p = purchaseOf(reservation([room("A", 200, 1), room("W", 150, 2)], 350), null);
    expect(p?.value).toBe(200);
    expect(p?.items.map((i) => i.item_id)).toEqual(["1"]);
  });

  it("is none when every room waits", () =>
    expect(purchaseOf(reservation([room("W", 200), room("W", 100, 2)], 300), null)).toBeNull());

  it("converts from the hotel's currency, and waits for the rate", () => {
    expect(purchaseOf(reservation([room("A", 100)], 100, "CHF"), CHF_EUR)?.value).toBe(105);
    expect(purchaseOf(reservation([room("A", 100)], 100, "CHF"), null)).toBeNull();
  });
});

describe("events", () => {
  const p = { transactionId: "ABC123", value: 99.5, currency: "EUR" as const, items: [] };
  it("builds GA4 events", () => {
    expect(purchaseEvent(p)).toEqual({
      event: "purchase",
      ecommerce: { transaction_id: "ABC123", value: 99.5, currency: "EUR", items: [] },
    });
    expect(viewItemList([{ roomTypeId: 3, name: "Double" }]).ecommerce.items).toEqual([
      { item_id: "3", item_name: "Double", quantity: 1, index: 0 },
    ]);
    expect(selectItem({ roomTypeId: 3, name: "Double", rateName: "B&B" }, 2).event).toBe("select_item");
    expect(
      beginCheckout([
        { roomTypeId: 3, name: "Double", price: 10 },
        { roomTypeId: 4, name: "Twin", price: 5.5 },
      ]).ecommerce,
    ).toMatchObject({
      currency: "EUR",
      value: 15.5,
    });
    expect(beginCheckout([{ roomTypeId: 3, name: "Double" }]).ecommerce.value).toBeUndefined();
  });

  it("builds the Ads conversion and the partner's form", () => {
    expect(adsConversion({ id: "AW-1234567", label: "lbl" }, p)).toEqual({
      send_to: "AW-1234567/lbl",
      value: 99.5,
      currency: "EUR",
      transaction_id: "ABC123",
    });
    const post = partnerConversion(
      { origin: "https://z.example.org", customerId: "h42" },
      p,
      2,
      1700000000000,
    );
    expect(post.url).toBe("https://z.example.org/bootstrap/store_reservation/1700000000000");
    expect(post.body.toString()).toBe("code=ABC123&language=2&amount=99.50&wm_customerid=h42");
  });
});
