import { describe, expect, it } from "vitest";
import { formatPrice } from "./format";
import { formatMoney } from "./money";

const NBSP = "\u00a0";

describe("formatMoney, the web's one money formatter", () => {
  it.each([
    [{ minor: 123450, currency: "EUR" }, { language: 1 }, `1234,50${NBSP}EUR`],
    [{ minor: 123450, currency: "EUR" }, { language: 6 }, `EUR${NBSP}1,234.50`],
    [{ minor: 4250, currency: "EUR" }, { locale: "en", display: "symbol" as const }, "€42.50"],
    [{ minor: 12345, currency: "JPY" }, { language: 1 }, `12.345${NBSP}JPY`],
    // A CHF amount is shown on the franc's 0.05 cash step, as the domain's currency rules say …
    [{ minor: 1997, currency: "CHF" }, { language: 1 }, `19,95${NBSP}CHF`],
    [{ minor: 1998, currency: "CHF" }, { language: 1 }, `20,00${NBSP}CHF`],
    // … except a price staff set, which reads as they set it.
    [{ minor: 1997, currency: "CHF" }, { language: 1, asSet: true }, `19,97${NBSP}CHF`],
  ])("%j %j → %j", (money, style, expected) => {
    expect(formatMoney(money, style)).toBe(expected);
  });

  it("writes SPEC's decimal amounts through it, CHF on its cash step", () => {
    expect(formatPrice(19.97, "CHF", 1)).toBe(`19,95${NBSP}CHF`);
    expect(formatPrice(1234.5, "EUR", 1)).toBe(`1234,50${NBSP}EUR`);
  });
});
