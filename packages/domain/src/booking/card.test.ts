import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CardForm,
  cardEntryOf,
  isExpired,
  isValidCardNumber,
  lastFour,
  luhnValid,
  parseExpiry,
  validateCard,
} from "./card";

const card: CardForm = { number: "4242 4242 4242 4242", expiry: "12/2030", holder: "Anna Rossi", cvv: "123" };
const today = "20240715";

describe("luhnValid", () => {
  it.each([
    ["4242424242424242", true],
    ["4242 4242 4242 4242", true],
    ["4242-4242-4242-4242", true],
    ["4242424242424241", false],
    ["4000000000003220", true],
    ["378282246310005", true],
    ["5555555555554444", true],
    ["79927398713", true],
    ["79927398710", false],
    ["0", true],
    ["", false],
    ["4242x4242", false],
    ["٤٢٤٢", false],
  ])("%j → %s", (number, expected) => {
    expect(luhnValid(number)).toBe(expected);
  });

  it("detects every single-digit change", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 12, maxLength: 19 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (digits, at, delta) => {
          const i = at % digits.length;
          const changed = `${digits.slice(0, i)}${(Number(digits[i]) + delta) % 10}${digits.slice(i + 1)}`;
          expect(luhnValid(digits) && luhnValid(changed)).toBe(false);
        },
      ),
    );
  });
});

describe("isValidCardNumber", () => {
  it.each([
    ["4242424242424242", true],
    ["378282246310005", true],
    ["6011111111111117", true],
    ["4222222222222", true],
    ["424242424242", true],
    ["42424242426", false],
    ["4242424242424242428", true],
    ["42424242424242424242", false],
    ["4242424242424241", false],
  ])("%s → %s", (number, expected) => {
    expect(isValidCardNumber(number)).toBe(expected);
  });
});

describe("lastFour", () => {
  it.each([
    ["4242424242424242", "4242"],
    ["4000 0000 0000 3220", "3220"],
    ["3782-822463-10005", "0005"],
    ["1234", "1234"],
  ])("%s → %s", (number, expected) => {
    expect(lastFour(number)).toBe(expected);
  });

  it("throws on fewer than four digits, a bug of the caller", () => {
    expect(() => lastFour("12 3")).toThrow(RangeError);
  });
});

describe("parseExpiry and isExpired", () => {
  it.each([
    ["12/2030", { year: 2030, month: 12 }],
    ["01/2024", { year: 2024, month: 1 }],
    [" 07/2024 ", { year: 2024, month: 7 }],
    ["13/2030", null],
    ["00/2030", null],
    ["1/2030", null],
    ["12/30", null],
    ["12-2030", null],
    ["2030/12", null],
    ["", null],
  ])("%j → %j", (text, expected) => {
    expect(parseExpiry(text)).toEqual(expected);
  });

  it.each([
    [{ year: 2024, month: 7 }, "20240701", false],
    [{ year: 2024, month: 7 }, "20240731", false],
    [{ year: 2024, month: 7 }, "20240801", true],
    [{ year: 2024, month: 6 }, "20240715", true],
    [{ year: 2023, month: 12 }, "20240101", true],
    [{ year: 2025, month: 1 }, "20241231", false],
  ])("%j on %s → %s", (expiry, day, expected) => {
    expect(isExpired(expiry, day)).toBe(expected);
  });
});

describe("validateCard", () => {
  it.each<[string, Partial<CardForm>, string[]]>([
    ["a good card", {}, []],
    ["Amex with 4-digit CVV", { number: "3782 822463 10005", cvv: "1234" }, []],
    ["expiring this month", { expiry: "07/2024" }, []],
    [
      "everything blank",
      { number: " ", expiry: "", holder: "", cvv: "" },
      ["number:required", "expiry:required", "holder:required", "cvv:required"],
    ],
    ["Luhn fails", { number: "4242 4242 4242 4241" }, ["number:invalid_card_number"]],
    ["too short", { number: "42424242426" }, ["number:invalid_card_number"]],
    ["letters", { number: "4242 abcd 4242 4242" }, ["number:invalid_card_number"]],
    ["expiry YY", { expiry: "12/30" }, ["expiry:invalid_expiry_format"]],
    ["expiry month 13", { expiry: "13/2030" }, ["expiry:invalid_expiry_format"]],
    ["expired last month", { expiry: "06/2024" }, ["expiry:card_expired"]],
    ["CVV of 2", { cvv: "12" }, ["cvv:invalid_cvv"]],
    ["CVV of 5", { cvv: "12345" }, ["cvv:invalid_cvv"]],
    ["CVV letters", { cvv: "12a" }, ["cvv:invalid_cvv"]],
  ])("%s", (_name, change, expected) => {
    expect(validateCard({ ...card, ...change }, today).map((e) => `${e.field}:${e.code}`)).toEqual(expected);
  });
});

describe("cardEntryOf", () => {
  it("frames the sandbox's card page, and sends the guest to Stripe's own", () => {
    expect(cardEntryOf("sandbox")).toBe("token");
    expect(cardEntryOf("stripe")).toBe("redirect");
    expect(cardEntryOf("unknown")).toBe("token");
  });
});
