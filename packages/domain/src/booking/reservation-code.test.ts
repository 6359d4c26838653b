import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeReservationCode,
  encodeReservationCode,
  isReservationCode,
  normalizeReservationCode,
  RESERVATION_CODE_ALPHABET,
} from "./reservation-code";

const tenBytes = fc.uint8Array({ minLength: 10, maxLength: 10 });

describe("encodeReservationCode", () => {
  it.each([
    [new Uint8Array(10), "0000000000000000"],
    [new Uint8Array(10).fill(255), "ZZZZZZZZZZZZZZZZ"],
    [Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]), "0000000000000001"],
    [Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 31]), "000000000000000Z"],
    [Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 32]), "0000000000000010"],
    [Uint8Array.from([128, 0, 0, 0, 0, 0, 0, 0, 0, 0]), "G000000000000000"],
    [Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), "041061050R3GG28A"],
  ])("%j → %s", (bytes, code) => {
    expect(encodeReservationCode(bytes)).toBe(code);
  });

  it.each([0, 9, 11, 16])("throws on %i bytes", (length) => {
    expect(() => encodeReservationCode(new Uint8Array(length))).toThrow(RangeError);
  });

  it("gives 16 characters of the alphabet, never I, L, O or U", () => {
    fc.assert(
      fc.property(tenBytes, (bytes) => {
        const code = encodeReservationCode(bytes);
        expect(code).toHaveLength(16);
        expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]+$/);
        expect(isReservationCode(code)).toBe(true);
      }),
    );
    expect(RESERVATION_CODE_ALPHABET).toHaveLength(32);
    expect(RESERVATION_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it("is injective: decoding gives the bytes back, and distinct bytes give distinct codes", () => {
    fc.assert(
      fc.property(tenBytes, tenBytes, (a, b) => {
        expect(decodeReservationCode(encodeReservationCode(a))).toEqual(a);
        const same = a.every((byte, i) => byte === b[i]);
        expect(encodeReservationCode(a) === encodeReservationCode(b)).toBe(same);
      }),
    );
  });

  it("every code decodes and encodes back", () => {
    const code = fc.string({
      unit: fc.constantFrom(...RESERVATION_CODE_ALPHABET),
      minLength: 16,
      maxLength: 16,
    });
    fc.assert(
      fc.property(code, (c) => {
        expect(encodeReservationCode(decodeReservationCode(c))).toBe(c);
      }),
    );
  });
});

describe("isReservationCode and normalizeReservationCode", () => {
  it.each([
    ["041061050R3GG28A", true, "041061050R3GG28A"],
    ["041061050r3gg28a", false, "041061050R3GG28A"],
    ["0410-6105-0R3G-G28A", false, "041061050R3GG28A"],
    [" 0410 6105 0R3G G28A ", false, "041061050R3GG28A"],
    ["O41O61O5OR3GG28A", false, "041061050R3GG28A"],
    ["I41L61150R3GG28A", false, "141161150R3GG28A"],
    ["041061050R3GG28U", false, null],
    ["041061050R3GG28", false, null],
    ["041061050R3GG28AA", false, null],
    ["", false, null],
  ])("%j: canonical %s, normalised %s", (input, canonical, normalised) => {
    expect(isReservationCode(input)).toBe(canonical);
    expect(normalizeReservationCode(input)).toBe(normalised);
  });

  it("throws when decoding a non-canonical code", () => {
    expect(() => decodeReservationCode("041061050r3gg28a")).toThrow(RangeError);
  });
});
