import { describe, expect, it } from "vitest";
import { canListForResale, resaleDeadline, resaleRefund } from "./resale";

const EUR = { code: "EUR", decimalDigits: 2, rounding: 0 };
const CHF = { code: "CHF", decimalDigits: 2, rounding: 0.05 };
const JPY = { code: "JPY", decimalDigits: 0, rounding: 0 };

describe("resaleDeadline", () => {
  it.each([
    // Rome in winter (UTC+1) and summer (UTC+2)
    ["20260110", "Europe/Rome", "2026-01-09T22:59:59.999Z"],
    ["20260710", "Europe/Rome", "2026-07-09T21:59:59.999Z"],
    // the day before arrival is the spring-forward day: the deadline is still its last instant (CEST)
    ["20260330", "Europe/Rome", "2026-03-29T21:59:59.999Z"],
    // the arrival day is the spring-forward day
    ["20260329", "Europe/Rome", "2026-03-28T22:59:59.999Z"],
    // the fall-back day (25 hours) ends in CET
    ["20261026", "Europe/Rome", "2026-10-25T22:59:59.999Z"],
    ["20260501", "America/New_York", "2026-05-01T03:59:59.999Z"],
    ["20260501", "Asia/Tokyo", "2026-04-30T14:59:59.999Z"],
    ["20260501", "UTC", "2026-04-30T23:59:59.999Z"],
  ])("arrival %s in %s: %s", (arrival, zone, expected) => {
    expect(resaleDeadline(arrival, zone).toISOString()).toBe(expected);
  });

  it("listing is allowed up to the deadline, not after", () => {
    const deadline = resaleDeadline("20260710", "Europe/Rome");
    expect(canListForResale("20260710", "Europe/Rome", new Date(deadline.getTime()))).toBe(true);
    expect(canListForResale("20260710", "Europe/Rome", new Date(deadline.getTime() + 1))).toBe(false);
  });
});

describe("resaleRefund", () => {
  const nights = [
    { holderMinor: 10_000, buyerMinor: 12_000 }, // capped at the holder's price
    { holderMinor: 10_000, buyerMinor: 8_000 },
  ];

  it.each([
    [0, 18_000, 0, 18_000],
    [10, 18_000, 1_800, 16_200],
    [100, 18_000, 18_000, 0],
  ])("fee %s %%: recovered %s, fee %s, refund %s", (fee, recovered, feeMinor, refund) => {
    const r = resaleRefund(nights, fee, EUR, 1_000_000);
    expect(r).toEqual({
      recoveredMinor: recovered,
      feeMinor,
      refundMinor: refund,
      toCardMinor: refund,
      reducesDueMinor: 0,
    });
  });

  it("rounds the fee half up", () => {
    expect(resaleRefund([{ holderMinor: 1_005, buyerMinor: 1_005 }], 10, EUR, 5_000)).toMatchObject({
      feeMinor: 101,
      refundMinor: 904,
    });
    expect(resaleRefund([{ holderMinor: 125, buyerMinor: 125 }], 2, JPY, 5_000)).toMatchObject({
      feeMinor: 3,
      refundMinor: 122,
    });
  });

  it("rounds the refund to CHF's cash step; fee and refund still add up to what was recovered", () => {
    const r = resaleRefund([{ holderMinor: 10_000, buyerMinor: 9_995 }], 7.5, CHF, 50_000);
    // 7.5 % of 99.95 = 7.49625 → 7.50; 99.95 − 7.50 = 92.45
    expect(r).toMatchObject({ recoveredMinor: 9_995, refundMinor: 9_245, feeMinor: 750 });
    const odd = resaleRefund([{ holderMinor: 10_000, buyerMinor: 9_993 }], 10, CHF, 50_000);
    // 99.93 − 9.99 = 89.94, rounded to the cash step: 89.95
    expect(odd.refundMinor).toBe(8_995);
    expect(odd.refundMinor + odd.feeMinor).toBe(odd.recoveredMinor);
  });

  it("sends to the card no more than is captured and not refunded; the rest reduces what is due", () => {
    expect(resaleRefund(nights, 10, EUR, 10_000)).toMatchObject({
      refundMinor: 16_200,
      toCardMinor: 10_000,
      reducesDueMinor: 6_200,
    });
  });

  it("nothing captured (pay at the hotel): all of it reduces what is due", () => {
    expect(resaleRefund(nights, 10, EUR, 0)).toMatchObject({ toCardMinor: 0, reducesDueMinor: 16_200 });
  });

  it("no night resold: nothing", () => {
    expect(resaleRefund([], 10, EUR, 10_000)).toEqual({
      recoveredMinor: 0,
      feeMinor: 0,
      refundMinor: 0,
      toCardMinor: 0,
      reducesDueMinor: 0,
    });
  });

  it("refuses a fee outside 0–100 and amounts that are not minor units", () => {
    expect(() => resaleRefund(nights, 101, EUR, 0)).toThrow(RangeError);
    expect(() => resaleRefund(nights, -1, EUR, 0)).toThrow(RangeError);
    expect(() => resaleRefund([{ holderMinor: 1.5, buyerMinor: 1 }], 0, EUR, 0)).toThrow(RangeError);
  });
});
