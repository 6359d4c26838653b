import { describe, expect, it } from "vitest";
import {
  amountOf,
  decimalTextOf,
  formatMoneyIn,
  inputStep,
  moneyOf,
  multiplyAmount,
  parseInputText,
  subtractAmounts,
  sumAmounts,
} from "./amounts";

const NBSP = "\u00a0";

describe("moneyOf / amountOf: SPEC's decimals to minor units and back, by the currency's digits", () => {
  it.each([
    [123.45, "EUR", 12345, 123.45],
    [0.1 + 0.2, "EUR", 30, 0.3],
    [1.005, "EUR", 101, 1.01],
    [12345, "JPY", 12345, 12345],
    [1.001, "KWD", 1001, 1.001],
    [19.95, "chf", 1995, 19.95],
    [-19.95, "EUR", -1995, -19.95],
  ])("%d %s → %d", (amount, currency, minor, back) => {
    const money = moneyOf(amount, currency);
    expect(money).toEqual({ minor, currency: currency.toUpperCase() });
    expect(amountOf(money)).toBe(back);
  });
});

describe("exact arithmetic on decimal amounts", () => {
  it.each([
    [[0.1, 0.2], 0.3],
    [[120.1, 30.2, 0.05], 150.35],
    [[], 0],
    [[99.99, -99.99], 0],
    [[1.001, 2.002], 3.003],
  ])("sum of %j is %d", (amounts, expected) => {
    expect(sumAmounts(amounts)).toBe(expected);
  });

  it.each([
    [[450.3, 150.1, 100.1], 200.1],
    [[10, 10.01], -0.01],
    [[0.3, 0.1], 0.2],
  ])("%j: the first less the others is %d", ([amount, ...less], expected) => {
    expect(subtractAmounts(amount!, ...less)).toBe(expected);
  });

  it.each([
    [12.1, 3, 36.3],
    [0.1, 3, 0.3],
    [19.99, 0, 0],
  ])("%d × %d is %d", (amount, quantity, expected) => {
    expect(multiplyAmount(amount, quantity)).toBe(expected);
  });

  it("refuses a fractional quantity", () => {
    expect(() => multiplyAmount(10, 1.5)).toThrow(RangeError);
  });
});

describe("money inputs", () => {
  it.each([
    ["12.50", 2, 1250],
    ["12,5", 2, 1250],
    [" 7 ", 0, 7],
    ["1.0055", 2, 101],
    ["", 2, null],
    ["  ", 2, null],
  ])("%j with %d digits reads %j", (text, digits, minor) => {
    expect(parseInputText(text, digits)).toBe(minor);
  });

  it("reads NaN from what is not a number", () => {
    expect(parseInputText("abc", 2)).toBeNaN();
  });

  it.each([
    [1250, 2, "12.50"],
    [7, 0, "7"],
    [1001, 3, "1.001"],
  ])("%d with %d digits shows %j", (minor, digits, text) => {
    expect(decimalTextOf(minor, digits)).toBe(text);
  });

  it.each([
    [2, 0.01],
    [0, 1],
    [3, 0.001],
  ])("a currency of %d digits steps by %d", (digits, step) => {
    expect(inputStep(digits)).toBe(step);
  });
});

describe("formatMoneyIn", () => {
  it.each([
    [{ minor: 123450, currency: "EUR" }, "it-IT", "code", `1234,50${NBSP}EUR`],
    [{ minor: 4250, currency: "EUR" }, "en", "symbol", "€42.50"],
    [{ minor: 12345, currency: "JPY" }, "ja-JP", "code", `JPY${NBSP}12,345`],
    // CHF is shown on its 0.05 cash step.
    [{ minor: 1997, currency: "CHF" }, "it-IT", "code", `19,95${NBSP}CHF`],
    [{ minor: 1998, currency: "CHF" }, "it-IT", "code", `20,00${NBSP}CHF`],
  ] as const)("%j in %s (%s) → %j", (money, locale, display, expected) => {
    expect(formatMoneyIn(money, locale, display)).toBe(expected);
  });
});
