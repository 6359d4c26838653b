import { describe, expect, it } from "vitest";
import { captureDues, cardHoldOf, guaranteeChargeDefaults } from "./card-holds";

describe("captureDues", () => {
  it("pays the authorised dues first, splits the one it reaches and releases what the hold kept", () => {
    const dues = [
      { id: 3, status: "due", amountMinor: 5_000 },
      { id: 1, status: "authorised", amountMinor: 6_000 },
      { id: 2, status: "authorised", amountMinor: 4_000 },
    ];
    expect(captureDues(dues, 8_000)).toEqual({
      rows: [
        { id: 1, paidMinor: 6_000, restMinor: 0, restStatus: "cancelled" },
        { id: 2, paidMinor: 2_000, restMinor: 2_000, restStatus: "cancelled" },
      ],
      extraMinor: 0,
    });
    expect(captureDues(dues, 12_000).rows.at(-1)).toEqual({
      id: 3,
      paidMinor: 2_000,
      restMinor: 3_000,
      restStatus: "due",
    });
  });

  it("pays beyond every due on a row of its own, and releases everything held on a capture of nothing", () => {
    expect(captureDues([], 22_000)).toEqual({ rows: [], extraMinor: 22_000 });
    expect(captureDues([{ id: 1, status: "authorised", amountMinor: 100 }], 0)).toEqual({
      rows: [{ id: 1, paidMinor: 0, restMinor: 100, restStatus: "cancelled" }],
      extraMinor: 0,
    });
    expect(() => captureDues([], -1)).toThrow(RangeError);
  });
});

describe("guaranteeChargeDefaults", () => {
  const policy = { refundable: true, freeCancellationDays: 3, resellable: false };
  it("charges a no-show the late penalty of each room still booked, a late cancellation its penalties", () => {
    const rooms = [
      { status: "A", policy, nightlyMinor: [10_000, 12_000], totalMinor: 22_000, penaltyMinor: 0 },
      {
        status: "C",
        policy: { ...policy, refundable: false, freeCancellationDays: null },
        nightlyMinor: [9_000],
        totalMinor: 9_000,
        penaltyMinor: 9_000,
      },
    ];
    expect(guaranteeChargeDefaults({ totalMinor: 31_000, paidMinor: 0, rooms })).toEqual({
      no_show: 10_000,
      late_cancellation: 9_000,
    });
    expect(guaranteeChargeDefaults({ totalMinor: 5_000, paidMinor: 1_000, rooms })).toEqual({
      no_show: 5_000,
      late_cancellation: 5_000,
    });
  });
});

describe("the card hold among a reservation's payments", () => {
  const tx = (kind: string, status: string, amountMinor: number) => ({ kind, status, amountMinor });
  it("is the newest authorisation the gateway went through with, a guarantee when it holds nothing", () => {
    expect(cardHoldOf([])).toBeNull();
    expect(cardHoldOf([tx("authorise", "declined", 20000), tx("capture", "captured", 5000)])).toBeNull();
    expect(cardHoldOf([tx("authorise", "authorised", 0)])).toEqual({
      kind: "card_guarantee",
      status: "authorised",
      amountMinor: 0,
    });
    expect(
      cardHoldOf([
        tx("authorise", "released", 20000),
        tx("authorise_now", "captured", 15000),
        tx("authorise_now", "requires_action", 15000),
      ]),
    ).toEqual({ kind: "pre_authorisation", status: "captured", amountMinor: 15000 });
  });
});
