import { describe, expect, it } from "vitest";
import { newOfferCode, normalizeOfferCode, OFFER_CODE_BITS } from "./offer-code";

const random = (bytes: Uint8Array) => crypto.getRandomValues(bytes);

describe("offer codes", () => {
  it("carry at least 80 random bits", () => {
    expect(OFFER_CODE_BITS).toBeGreaterThanOrEqual(80);
    const codes = new Set(Array.from({ length: 2000 }, () => newOfferCode(random)));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
  });

  it("are read as typed: case, dashes, I/L/O", () => {
    const code = newOfferCode(() => new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(normalizeOfferCode(code.toLowerCase())).toBe(code);
    expect(normalizeOfferCode(`${code.slice(0, 8)}-${code.slice(8)}`)).toBe(code);
    expect(normalizeOfferCode("not a code")).toBeNull();
  });
});
