import { describe, expect, it } from "vitest";
import { formatPrice } from "../../lib/format";
import { convertForDisplay, listDisplayCurrencies } from "./convert-price";
import type { ConversionRate } from "./currency-cache";

const EUR = { code: "EUR", decimalDigits: 2, rounding: 0 };
const CHF = { code: "CHF", decimalDigits: 2, rounding: 0.05 };
const JPY = { code: "JPY", decimalDigits: 0, rounding: 0 };
const USD = { code: "USD", decimalDigits: 2, rounding: 0 };
const rate = (from: typeof EUR, to: typeof EUR, change: number): ConversionRate => ({ from, to, change });

describe("convertForDisplay", () => {
  it.each([
    // EUR → CHF at 0.94: rounded to the 0.05 cash step.
    [rate(EUR, CHF, 0.94), 100, "EUR", 94],
    [rate(EUR, CHF, 0.94), 10.07, "EUR", 9.45], // 9.4658 → 9.47 → 9.45
    [rate(EUR, CHF, 0.94), 10.1, "EUR", 9.5], // 9.494 → 9.49 → 9.50
    [rate(EUR, CHF, 0.94), 12.34, "EUR", 11.6], // 11.5996 → 11.60
    [rate(EUR, CHF, 0.94), 1.3, "EUR", 1.2], // 1.222 → 1.22 → 1.20
    [rate(EUR, CHF, 0.94), 1.34, "EUR", 1.25], // 1.2596 → 1.26 → 1.25
    // CHF → JPY: whole yen.
    [rate(CHF, JPY, 172.34042553), 100.05, "CHF", 17243], // 17242.66…
    [rate(CHF, JPY, 172.34042553), 0.05, "CHF", 9], // 8.617…
    [rate(EUR, JPY, 162.5), 1234.5, "EUR", 200606], // 200606.25
    // EUR → USD: cents, half away from zero.
    [rate(EUR, USD, 1.085), 99.99, "EUR", 108.49], // 108.48915
    [rate(EUR, USD, 1.085), 0, "EUR", 0],
  ])("%j: %d %s → %d", (r, amount, currency, expected) => {
    expect(convertForDisplay(amount, currency, r)).toEqual({ amount: expected, currency: r.to.code });
  });

  it("leaves amounts of another currency alone", () => {
    expect(convertForDisplay(10, "GBP", rate(EUR, USD, 1.1))).toBeNull();
  });

  it("formats the converted amount Italian style with the code", () => {
    const chf = convertForDisplay(10.07, "EUR", rate(EUR, CHF, 0.94))!;
    expect(formatPrice(chf.amount, chf.currency).replace(/\s/g, " ")).toBe("9,45 CHF");
    const jpy = convertForDisplay(1234.5, "EUR", rate(EUR, JPY, 162.5))!;
    expect(formatPrice(jpy.amount, jpy.currency).replace(/\s/g, " ")).toBe("200.606 JPY");
  });
});

describe("listDisplayCurrencies", () => {
  it("puts the hotel's currency first, without repeating it", () => {
    expect(listDisplayCurrencies("CHF")).toEqual(["CHF", "EUR", "USD", "GBP", "JPY", "CNY"]);
    expect(listDisplayCurrencies("EUR")).toEqual(["EUR", "USD", "GBP", "CHF", "JPY", "CNY"]);
  });

  it("adds a hotel currency outside the short list", () => {
    expect(listDisplayCurrencies("sek")).toEqual(["SEK", "EUR", "USD", "GBP", "CHF", "JPY", "CNY"]);
  });
});
