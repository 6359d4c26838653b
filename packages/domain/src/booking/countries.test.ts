import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, isCountryCode } from "./countries";

describe("COUNTRY_CODES", () => {
  it("holds the 249 assigned ISO 3166-1 codes and Kosovo, once each, sorted", () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
  });

  it("names a real region for every code", () => {
    const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).toMatch(/\w/);
  });
});

describe("isCountryCode", () => {
  it.each([
    ["IT", true],
    ["GB", true],
    ["US", true],
    ["XK", true],
    ["SS", true],
    ["it", false],
    ["UK", false],
    ["EU", false],
    ["UN", false],
    ["ZZ", false],
    ["QO", false],
    ["AN", false],
    ["DD", false],
    ["ITA", false],
    ["", false],
  ])("%j → %s", (code, expected) => {
    expect(isCountryCode(code)).toBe(expected);
  });
});
