import { describe, expect, it } from "vitest";
import { CASH_ROUNDING, CURRENCY_CODES, currencyRules, describeCurrency, isCurrencyCode } from "./currencies";

describe("CURRENCY_CODES", () => {
  it("lists about 100 distinct codes", () => {
    expect(CURRENCY_CODES.length).toBeGreaterThanOrEqual(90);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
  });

  it("lists only codes Intl knows", () => {
    const known = new Set(Intl.supportedValuesOf("currency"));
    expect(CURRENCY_CODES.filter((code) => !known.has(code))).toEqual([]);
  });

  it.each(["EUR", "USD", "GBP", "CHF", "JPY", "CNY"])("includes %s", (code) => {
    expect(isCurrencyCode(code)).toBe(true);
  });

  it.each(["HRK", "ITL", "eur", "XXX"])("excludes %s", (code) => {
    expect(isCurrencyCode(code)).toBe(false);
  });

  it.each(CURRENCY_CODES)("describes %s", (code) => {
    const description = describeCurrency(code);
    expect(description.code).toBe(code);
    expect(description.name).not.toBe(code);
    expect(description.name_plural).not.toMatch(/\d/);
    expect(description.name_plural.length).toBeGreaterThan(0);
    expect(description.symbol.length).toBeGreaterThan(0);
    expect(description.symbol_native.trim().length).toBeGreaterThan(0);
    expect([0, 2, 3]).toContain(description.decimal_digits);
    expect(description.rounding).toBeGreaterThanOrEqual(0);
  });
});

describe("describeCurrency", () => {
  it.each([
    [
      "EUR",
      { name: "Euro", name_plural: "euros", symbol: "€", symbol_native: "€", decimal_digits: 2, rounding: 0 },
    ],
    [
      "USD",
      {
        name: "US Dollar",
        name_plural: "US dollars",
        symbol: "$",
        symbol_native: "$",
        decimal_digits: 2,
        rounding: 0,
      },
    ],
    [
      "CHF",
      {
        name: "Swiss Franc",
        name_plural: "Swiss francs",
        symbol: "CHF",
        symbol_native: "CHF",
        decimal_digits: 2,
        rounding: 0.05,
      },
    ],
    ["JPY", { name: "Japanese Yen", symbol: "¥", decimal_digits: 0, rounding: 0 }],
    ["CAD", { name: "Canadian Dollar", symbol: "CA$", symbol_native: "$", decimal_digits: 2 }],
    ["GBP", { name: "British Pound", name_plural: "British pounds", symbol: "£", symbol_native: "£" }],
    ["KWD", { decimal_digits: 3, rounding: 0 }],
  ])("%s", (code, expected) => {
    expect(describeCurrency(code)).toMatchObject({ code, ...expected });
  });

  it("normalises the code", () => {
    expect(describeCurrency(" eur ")).toEqual(describeCurrency("EUR"));
  });

  it.each(["", "EURO", "E1R"])("throws on the malformed code %j", (code) => {
    expect(() => describeCurrency(code)).toThrow(RangeError);
  });

  it("takes rounding from CASH_ROUNDING", () => {
    expect(CASH_ROUNDING).toEqual({ CHF: 0.05 });
  });
});

describe("currencyRules", () => {
  it.each([
    ["CHF", { code: "CHF", decimalDigits: 2, rounding: 0.05 }],
    ["JPY", { code: "JPY", decimalDigits: 0, rounding: 0 }],
    ["EUR", { code: "EUR", decimalDigits: 2, rounding: 0 }],
    ["BHD", { code: "BHD", decimalDigits: 3, rounding: 0 }],
  ])("%s", (code, expected) => {
    expect(currencyRules(code)).toEqual(expected);
  });

  it("says what describeCurrency says of every currency, for a code written in any case", () => {
    for (const code of CURRENCY_CODES) {
      const description = describeCurrency(code);
      expect(currencyRules(` ${code.toLowerCase()} `)).toEqual({
        code,
        decimalDigits: description.decimal_digits,
        rounding: description.rounding,
      });
    }
  });

  it("refuses what is not a currency code", () => {
    expect(() => currencyRules("EURO")).toThrow(RangeError);
  });
});
