import { describe, expect, it } from "vitest";
import { decimalToMinor, pricesByAdults } from "./rate-amounts";

describe("decimalToMinor", () => {
  it("reads a PMS's decimal text exactly, in the currency's minor units", () => {
    expect(decimalToMinor("96", 2)).toBe(9600);
    expect(decimalToMinor("76.8", 2)).toBe(7680);
    expect(decimalToMinor("0.10", 2)).toBe(10);
    expect(decimalToMinor("1500", 0)).toBe(1500);
  });
  it("refuses more decimals than the currency has, a sign, or no number", () => {
    expect(decimalToMinor("1.005", 2)).toBeNull();
    expect(decimalToMinor("12.5", 0)).toBeNull();
    expect(decimalToMinor("-3", 2)).toBeNull();
    expect(decimalToMinor("abc", 2)).toBeNull();
    expect(decimalToMinor("99999999999", 2)).toBeNull();
  });
});

describe("pricesByAdults", () => {
  it("gives each occupancy its own price, and each adult beyond the largest the extra adult's price", () => {
    const prices = pricesByAdults(
      new Map([
        [2, 19000],
        [3, 25000],
      ]),
      5000,
      5,
    );
    expect([...(prices ?? [])]).toEqual([
      [2, 19000],
      [3, 25000],
      [4, 30000],
      [5, 35000],
    ]);
  });
  it("multiplies per-person amounts by the adults, the extra adult's price added per adult", () => {
    const prices = pricesByAdults(
      new Map([
        [1, 10600],
        [2, 9600],
      ]),
      7680,
      3,
      true,
    );
    expect([...(prices ?? [])]).toEqual([
      [1, 10600],
      [2, 19200],
      [3, 26880],
    ]);
  });
  it("has no price above the largest occupancy without an extra adult's price", () => {
    expect([...(pricesByAdults(new Map([[2, 19000]]), null, 3) ?? [])]).toEqual([[2, 19000]]);
  });
});
