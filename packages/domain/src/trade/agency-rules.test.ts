import { describe, expect, it } from "vitest";
import {
  type AgencySignUp,
  LOGIN_DELAY_MAX_MS,
  loginDelayMs,
  normaliseAgencyCode,
  signUpProblems,
  vatOrIataMissing,
} from "./agency-rules";

const valid: AgencySignUp = {
  type: 1,
  name: "Viaggi Nuovi Srl",
  address: "Via Roma 1",
  zip: "37121",
  city: "Verona",
  country: "IT",
  email: "info@viagginuovi.example",
  phone: "+39 045 000 0000",
  referentName: "Anna Neri",
  referentEmail: "anna@viagginuovi.example",
  vatNumber: "IT01234567890",
  iataCode: "",
  username: "viagginuovi",
  password: "Nuovi-Viaggi-1",
  confirmation: "Nuovi-Viaggi-1",
};
const codes = (input: Partial<AgencySignUp>) =>
  signUpProblems({ ...valid, ...input }).map((p) => `${p.field}:${p.code}`);

describe("signUpProblems (SPEC §3 trade access request, §5)", () => {
  it("accepts a complete request with a VAT number, an IATA code or both", () => {
    expect(codes({})).toEqual([]);
    expect(codes({ vatNumber: null, iataCode: "38212345" })).toEqual([]);
    expect(codes({ vatNumber: "DE 123.456-789", iataCode: "3821234" })).toEqual([]);
  });
  it("asks for a VAT number or an IATA code (SPEC §5)", () => {
    expect(codes({ vatNumber: " ", iataCode: "" })).toEqual(["vatNumber:vat_or_iata_required"]);
    expect(codes({ vatNumber: undefined, iataCode: null })).toEqual(["vatNumber:vat_or_iata_required"]);
    expect(vatOrIataMissing({ vatNumber: "x" })).toBe(false);
  });
  it("refuses a malformed VAT number or IATA code", () => {
    expect(codes({ vatNumber: "IT/123" })).toEqual(["vatNumber:invalid_vat"]);
    expect(codes({ iataCode: "12AB" })).toEqual(["iataCode:invalid_iata"]);
  });
  it("names every missing field, bad e-mail, country and username", () => {
    expect(
      codes({ name: "", city: " ", email: "nope", referentEmail: "", country: "Italy", username: "a b" }),
    ).toEqual([
      "name:required",
      "city:required",
      "country:invalid_country",
      "email:invalid_email",
      "referentEmail:required",
      "username:invalid_username",
    ]);
    expect(codes({ type: 3 as 1 })).toEqual(["type:invalid_type"]);
  });
  it("applies the password policy and the confirmation (SPEC §5)", () => {
    expect(codes({ password: "short", confirmation: "short" })).toEqual([
      "password:too_short",
      "password:no_upper",
      "password:no_digit",
      "password:no_special",
    ]);
    expect(codes({ confirmation: "Other-Pass-2" })).toEqual(["confirmation:confirmation_mismatch"]);
  });
});

describe("normaliseAgencyCode", () => {
  it("drops spaces, dots and dashes, upper-cases, and answers null for blank", () => {
    expect(normaliseAgencyCode(" it 012.345-678 ")).toBe("IT012345678");
    expect(normaliseAgencyCode("  ")).toBeNull();
    expect(normaliseAgencyCode(null)).toBeNull();
  });
});

describe("loginDelayMs (progressive delay)", () => {
  it("grows by 0.25 s per failure up to 2 s, none without failures", () => {
    expect([0, 1, 2, 4, 8, 9, 50].map(loginDelayMs)).toEqual([0, 250, 500, 1000, 2000, 2000, 2000]);
    expect(loginDelayMs(-1)).toBe(0);
    expect(loginDelayMs(Number.NaN)).toBe(0);
    expect(LOGIN_DELAY_MAX_MS).toBe(2000);
  });
});
