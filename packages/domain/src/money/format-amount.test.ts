import { describe, expect, it } from "vitest";
import { formatAmountFor, formatMinorFor, moneyLocaleOf } from "./format-amount";

const NBSP = "\u00a0";
const EUR = { code: "EUR", decimalDigits: 2, rounding: 0 };
const JPY = { code: "JPY", decimalDigits: 0, rounding: 0 };

describe("money in each language (ADR 0019)", () => {
  it.each([
    // SPEC §9: Italian style with the currency code, whatever the European language.
    [1, 1234.5, "EUR", `1234,50${NBSP}EUR`],
    [1, 1234567.89, "EUR", `1.234.567,89${NBSP}EUR`],
    [2, 1234.5, "EUR", `1234,50${NBSP}EUR`],
    [3, 98.5, "EUR", `98,50${NBSP}EUR`],
    [3, 12345.5, "CHF", `12.345,50${NBSP}CHF`],
    [4, 12345.5, "EUR", `12.345,50${NBSP}EUR`],
    [5, 0, "EUR", `0,00${NBSP}EUR`],
    [7, 1234.5, "EUR", `1234,50${NBSP}EUR`],
    [8, -19.95, "CHF", `-19,95${NBSP}CHF`],
    // Chinese and Japanese: their own separators, the code first, still the ISO code.
    [6, 1234.5, "EUR", `EUR${NBSP}1,234.50`],
    [6, 98.5, "CHF", `CHF${NBSP}98.50`],
    [9, 1234.5, "EUR", `EUR${NBSP}1,234.50`],
    [9, 12345, "JPY", `JPY${NBSP}12,345`],
    [9, -19.95, "EUR", `-EUR${NBSP}19.95`],
    // The currency's own digits: no cents in yen, three decimals in dinars.
    [1, 12345, "JPY", `12.345${NBSP}JPY`],
    [3, 1.001, "KWD", `1,001${NBSP}KWD`],
  ])("language %d: %d %s → %j", (languageId, amount, currency, expected) => {
    expect(formatAmountFor(amount, currency, languageId)).toBe(expected);
  });

  it.each([
    [1, 123450, EUR, `1234,50${NBSP}EUR`],
    [3, 123450, EUR, `1234,50${NBSP}EUR`],
    [6, 123450, EUR, `EUR${NBSP}1,234.50`],
    [9, 12345, JPY, `JPY${NBSP}12,345`],
  ])("mails, from minor units: language %d, %d %j → %j", (languageId, minor, rules, expected) => {
    expect(formatMinorFor(minor, rules, languageId)).toBe(expected);
  });

  it("the web and the mails write the same amount the same way", () => {
    for (const languageId of [1, 2, 3, 4, 5, 6, 7, 8, 9])
      expect(formatAmountFor(1234.5, "EUR", languageId)).toBe(formatMinorFor(123450, EUR, languageId));
  });

  it.each([
    [1, "it-IT"],
    [2, "it-IT"],
    [6, "zh-CN"],
    [7, "it-IT"],
    [9, "ja-JP"],
    [99, "it-IT"],
  ])("language %d formats money as %s", (languageId, locale) => {
    expect(moneyLocaleOf(languageId)).toBe(locale);
  });
});
