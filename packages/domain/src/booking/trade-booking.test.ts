import { describe, expect, it } from "vitest";
import {
  agencyInvoice,
  type BookingAgency,
  commissionMinor,
  tradeCommissionPercent,
  tradeOptionExpiry,
  validateBookingAgency,
} from "./trade-booking";

const agency: BookingAgency = {
  fullname: "Agenzia Viaggi Demo",
  address: "Via Roma 1",
  cap: "00100",
  city: "Roma",
  country: "IT",
  mail: "booking@agenzia.example",
  vatNumber: "12345678903",
  type: 1,
};

const codes = (a: BookingAgency) => validateBookingAgency(a).map((e) => `${e.field}:${e.code}`);

describe("validateBookingAgency (SPEC §5: at least one of VAT number and IATA code)", () => {
  it.each([
    [{ vatNumber: "12345678903" }, []],
    [{ vatNumber: undefined, iataCode: "38212345" }, []],
    [{ vatNumber: "12345678903", iataCode: "38212345" }, []],
    [{ vatNumber: undefined, iataCode: undefined }, ["agency.vatNumber:vat_or_iata_required"]],
    [{ vatNumber: " ", iataCode: "" }, ["agency.vatNumber:vat_or_iata_required"]],
  ])("%j", (change, expected) => {
    expect(codes({ ...agency, ...change })).toEqual(expected);
  });

  it("asks a name and checks e-mails, country and lengths", () => {
    expect(
      codes({
        ...agency,
        fullname: " ",
        mail: "nope",
        referentMail: "x@",
        country: "XX",
        code: "c".repeat(61),
      }),
    ).toEqual([
      "agency.fullname:required",
      "agency.code:out_of_range",
      "agency.country:out_of_range",
      "agency.mail:invalid_email",
      "agency.referentMail:invalid_email",
    ]);
  });
});

describe("agencyInvoice (SPEC §3: the invoice copies the agency data)", () => {
  it("maps name, address, postcode, city, country and VAT number (without its country prefix)", () => {
    expect(agencyInvoice({ ...agency, country: "it", vatNumber: "it 12345678903" })).toEqual({
      name: "Agenzia Viaggi Demo",
      address: "Via Roma 1",
      zip: "00100",
      city: "Roma",
      country: "IT",
      vat: "12345678903",
    });
    expect(agencyInvoice({ ...agency, country: "DE", vatNumber: "DE123456789" }).vat).toBe("123456789");
    expect(agencyInvoice({ ...agency, country: "AT", vatNumber: "DE123456789" }).vat).toBe("DE123456789");
  });

  it("leaves the VAT number out when the agency has only an IATA code", () => {
    expect(agencyInvoice({ ...agency, vatNumber: undefined, iataCode: "38212345" })).not.toHaveProperty(
      "vat",
    );
  });
});

describe("tradeCommissionPercent (the account's percent, else the rate's; none on net rates)", () => {
  it.each([
    [{ commissionPercent: 10, isNet: false }, null, 10],
    // The account's own 0 % is a percent the property set: it wins over the rate's.
    [{ commissionPercent: 10, isNet: false }, 0, 0],
    [{ commissionPercent: 10, isNet: false }, 12.5, 12.5],
    [{ commissionPercent: null, isNet: false }, 12, null],
    [{ commissionPercent: 10, isNet: true }, 12, null],
    [{ commissionPercent: null, isNet: true }, 0, null],
  ])("%o with the account's %s %% → %s", (rate, account, expected) => {
    expect(tradeCommissionPercent(rate, account)).toBe(expected);
  });
});

describe("commissionMinor", () => {
  it.each([
    [20000, 10, 2000],
    [12345, 10, 1235],
    [12345, 12.5, 1543],
    [20000, null, 0],
    [20000, 0, 0],
  ])("%i at %s %% → %i", (nights, percent, expected) => {
    expect(commissionMinor(nights, percent)).toBe(expected);
  });
});

describe("tradeOptionExpiry (SPEC §9: valid for tradeConfHour hours)", () => {
  const booked = new Date("2026-11-26T10:15:00Z");

  it("holds the option tradeConfHour hours from booking", () => {
    expect(tradeOptionExpiry(booked, 18)?.toISOString()).toBe("2026-11-27T04:15:00.000Z");
    expect(tradeOptionExpiry(booked, 1)?.toISOString()).toBe("2026-11-26T11:15:00.000Z");
  });

  it("holds nothing when the channel's tradeConfHour is 0", () => {
    expect(tradeOptionExpiry(booked, 0)).toBeNull();
  });
});
