import { describe, expect, it } from "vitest";
import { rateCommission } from "./rate-commission";

const nightly = [
  { date: "20300110", price: 100 },
  { date: "20300111", price: 96.5 },
];

describe("rateCommission (the server's commissionMinor, in major units)", () => {
  it("is the percent of the nights", () => {
    expect(rateCommission({ commission: 10, nightly })).toBe(19.65);
  });

  it("is null on a net rate or a guest's", () => {
    expect(rateCommission({ commission: null, nightly })).toBeNull();
  });

  it("is 0 for an account's own 0 %: a commission of nothing, not a net rate", () => {
    expect(rateCommission({ commission: 0, nightly })).toBe(0);
  });
});
