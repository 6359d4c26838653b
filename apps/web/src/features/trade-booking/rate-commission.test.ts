import { describe, expect, it } from "vitest";
import { rateCommission } from "./rate-commission";

const nightly = [
  { date: "20300110", price: 100 },
  { date: "20300111", price: 96.5 },
];

describe("rateCommission (the server's commissionMinor, in major units)", () => {
  it("is the percent of the nights", () => {
    expect(rateCommission({ commission: 10, nightly }, "EUR")).toBe(19.65);
  });

  it("is null on a net rate or a guest's", () => {
    expect(rateCommission({ commission: null, nightly }, "EUR")).toBeNull();
  });

  it("is 0 for an account's own 0 %: a commission of nothing, not a net rate", () => {
    expect(rateCommission({ commission: 0, nightly }, "EUR")).toBe(0);
  });

  it("counts in the currency's own minor unit: whole yen", () => {
    const yen = [
      { date: "20300110", price: 12345 },
      { date: "20300111", price: 10000 },
    ];
    expect(rateCommission({ commission: 7.5, nightly: yen }, "JPY")).toBe(1676);
  });
});
