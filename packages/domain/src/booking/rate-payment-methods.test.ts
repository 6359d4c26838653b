import { describe, expect, it } from "vitest";
import { HOTEL_PAYMENT_METHODS } from "../contract/property/property-file";
import { isOptionMethod, ratePaymentMethods, stayPaymentMethods } from "./rate-payment-methods";

const ALL_ONLINE = [...HOTEL_PAYMENT_METHODS];

describe("ratePaymentMethods: the strictest rate decides", () => {
  it.each([
    ["pay at the hotel", ["pay_at_hotel"], ["pay_at_hotel", "card_guarantee"]],
    ["a card guarantee", ["pay_at_hotel", "card_guarantee"], ["card_guarantee"]],
    ["a transfer, with bank details", ["bank_transfer"], ["bank_transfer", "card_payment", "wallet"]],
    ["a pre-authorisation", ["bank_transfer", "pre_authorisation"], ["pre_authorisation"]],
    ["a prepaid rate", ["pay_at_hotel", "prepaid"], ["card_payment", "wallet", "bank_transfer"]],
  ])("%s", (_, kinds, expected) => {
    expect(ratePaymentMethods(kinds, { online: ["wallet"], bank: true })).toEqual(expected);
  });

  it("offers no transfer where the hotel names no bank account", () => {
    expect(ratePaymentMethods(["bank_transfer"], { online: [], bank: false })).toEqual(["card_payment"]);
  });
});

describe("stayPaymentMethods: redirect methods only when money is due", () => {
  const stay = {
    kinds: ["prepaid"],
    redirectMethods: ALL_ONLINE,
    enabledMethods: ["wallet", "pay_by_link"],
    dueNowMinor: 10_000,
    prepaidMinor: 10_000,
    bank: false,
  };
  it.each([
    ["due now: the enabled ones", {}, ["card_payment", "wallet", "pay_by_link"]],
    ["due later only: pay-by-link, not the wallet", { dueNowMinor: 0 }, ["card_payment", "pay_by_link"]],
    ["nothing before the stay: neither", { dueNowMinor: 0, prepaidMinor: 0 }, ["card_payment"]],
    ["none enabled", { enabledMethods: [] }, ["card_payment"]],
  ] as const)("%s", (_, over, expected) => {
    expect(stayPaymentMethods({ ...stay, ...over })).toEqual(expected);
  });
});

describe("isOptionMethod", () => {
  it("holds an option only with a method that takes nothing at booking", () => {
    expect(["pay_at_hotel", "bank_transfer", "card_payment", "card_guarantee"].map(isOptionMethod)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
