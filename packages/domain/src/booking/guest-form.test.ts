import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ageOn,
  type BookerForm,
  type CheckoutForm,
  GUEST_FORM_ERRORS,
  type GuestForm,
  type InvoiceForm,
  isItalianVat,
  isValidEmail,
  isValidPhoneNumber,
  LENIENT_CHECKOUT,
  normalizeEmail,
  parseBirthDate,
  validateAgency,
  validateBooker,
  validateCheckout,
  validateCustomPrivacy,
  validateGuest,
  validateInvoice,
  validateTerms,
} from "./guest-form";

const booker: BookerForm = {
  fullname: "Anna Rossi",
  email: "anna.rossi@example.it",
  emailConfirm: "Anna.Rossi@Example.IT",
  phone: { dialCode: "+39", number: "333 123 4567" },
  country: "IT",
};
const lenient = { addressMandatory: false, cityMandatory: false };

describe("isValidEmail", () => {
  it.each([
    ["a@b.it", true],
    ["anna.rossi+booking@example.co.uk", true],
    ["o'brien@example.ie", true],
    ["  a@b.it  ", true],
    ["müller@bücher.de", true],
    ["a@b.c", false],
    ["a@b", false],
    ["@b.it", false],
    ["a@", false],
    ["a b@c.it", false],
    ["a@@b.it", false],
    [".a@b.it", false],
    ["a.@b.it", false],
    ["a..b@c.it", false],
    ["a@-b.it", false],
    ["a@b-.it", false],
    ["a@b..it", false],
    ["a@b.it.", false],
    ["a@b.123", false],
    ["", false],
    [`${"a".repeat(64)}@b.it`, true],
    [`${"a".repeat(65)}@b.it`, false],
    [`a@${"b".repeat(63)}.it`, true],
    [`a@${"b".repeat(64)}.it`, false],
    // 254 characters, then 255.
    [`a@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(57)}.it`, true],
    [`a@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(58)}.it`, false],
  ])("%j → %s", (email, expected) => {
    expect(isValidEmail(email)).toBe(expected);
  });

  it("never accepts more than 254 characters", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 255, maxLength: 400 }), (s) => {
        expect(isValidEmail(`${s}@example.it`)).toBe(false);
      }),
    );
  });

  it("normalizes by trimming and lower-casing", () => {
    expect(normalizeEmail("  Anna@Example.IT ")).toBe("anna@example.it");
  });
});

describe("isValidPhoneNumber", () => {
  it.each([
    ["1234", true],
    ["123", false],
    ["333 123 4567", true],
    ["(02) 1234-5678", true],
    ["02.1234.5678", true],
    ["123456789012345", true],
    ["1234567890123456", false],
    ["+39 333 1234567", false],
    ["333 123 456x", false],
    ["", false],
  ])("%j → %s", (number, expected) => {
    expect(isValidPhoneNumber(number)).toBe(expected);
  });
});

describe("validateBooker", () => {
  it("accepts a complete booker, e-mail confirmation in another case", () => {
    expect(validateBooker(booker, lenient)).toEqual([]);
  });

  it("accepts every optional field filled in", () => {
    const full: BookerForm = {
      ...booker,
      alternativeEmail: "office@example.it",
      address: "Via Roma 1",
      city: "Milano",
      cap: "20100",
      cf: "RSSNNA80A41F205X",
      note: "Late arrival",
      arrivalTime: "23:30",
    };
    expect(validateBooker(full, { addressMandatory: true, cityMandatory: true })).toEqual([]);
  });

  it.each<[string, Partial<BookerForm>, { addressMandatory: boolean; cityMandatory: boolean }, string[]]>([
    ["blank full name", { fullname: "  " }, lenient, ["booker.fullname:required"]],
    ["full name of 120", { fullname: "a".repeat(120) }, lenient, []],
    ["full name of 121", { fullname: "a".repeat(121) }, lenient, ["booker.fullname:out_of_range"]],
    [
      "no e-mail",
      { email: "", emailConfirm: "" },
      lenient,
      ["booker.email:required", "booker.emailConfirm:required"],
    ],
    [
      "bad e-mail confirmed the same",
      { email: "anna@", emailConfirm: "anna@" },
      lenient,
      ["booker.email:invalid_email"],
    ],
    [
      "confirmation differs",
      { emailConfirm: "anna@example.it" },
      lenient,
      ["booker.emailConfirm:email_mismatch"],
    ],
    ["confirmation blank", { emailConfirm: " " }, lenient, ["booker.emailConfirm:required"]],
    ["confirmation with spaces", { emailConfirm: " anna.rossi@example.it " }, lenient, []],
    [
      "bad alternative e-mail",
      { alternativeEmail: "office" },
      lenient,
      ["booker.alternativeEmail:invalid_email"],
    ],
    ["blank alternative e-mail", { alternativeEmail: "" }, lenient, []],
    [
      "no phone",
      { phone: { dialCode: "", number: "" } },
      lenient,
      ["booker.phone.dialCode:required", "booker.phone.number:required"],
    ],
    [
      "dial code without +",
      { phone: { dialCode: "39", number: "3331234" } },
      lenient,
      ["booker.phone.dialCode:invalid_phone"],
    ],
    [
      "dial code of 4 digits",
      { phone: { dialCode: "+1234", number: "3331234" } },
      lenient,
      ["booker.phone.dialCode:invalid_phone"],
    ],
    [
      "dial code +0",
      { phone: { dialCode: "+0", number: "3331234" } },
      lenient,
      ["booker.phone.dialCode:invalid_phone"],
    ],
    ["dial code +1", { phone: { dialCode: "+1", number: "2125550100" } }, lenient, []],
    ["dial code +358", { phone: { dialCode: "+358", number: "401234567" } }, lenient, []],
    [
      "short number",
      { phone: { dialCode: "+39", number: "123" } },
      lenient,
      ["booker.phone.number:invalid_phone"],
    ],
    [
      "letters in number",
      { phone: { dialCode: "+39", number: "333-CALL-ME" } },
      lenient,
      ["booker.phone.number:invalid_phone"],
    ],
    [
      "address mandatory and blank",
      {},
      { addressMandatory: true, cityMandatory: false },
      ["booker.address:address_required"],
    ],
    [
      "city mandatory and blank",
      { city: " " },
      { addressMandatory: false, cityMandatory: true },
      ["booker.city:city_required"],
    ],
    ["address too long", { address: "a".repeat(201) }, lenient, ["booker.address:out_of_range"]],
    ["city too long", { city: "a".repeat(101) }, lenient, ["booker.city:out_of_range"]],
    ["cap too long", { cap: "1".repeat(21) }, lenient, ["booker.cap:out_of_range"]],
    ["tax code too long", { cf: "A".repeat(33) }, lenient, ["booker.cf:out_of_range"]],
    ["note of 1000", { note: "n".repeat(1000) }, lenient, []],
    ["note of 1001", { note: "n".repeat(1001) }, lenient, ["booker.note:out_of_range"]],
    ["no country", { country: "" }, lenient, ["booker.country:required"]],
    ["unknown country", { country: "ZZ" }, lenient, ["booker.country:out_of_range"]],
    ["EU is no country", { country: "EU" }, lenient, ["booker.country:out_of_range"]],
    ["three letters", { country: "ITA" }, lenient, ["booker.country:out_of_range"]],
    ["arrival time 00:00", { arrivalTime: "00:00" }, lenient, []],
    ["arrival time 24:00", { arrivalTime: "24:00" }, lenient, ["booker.arrivalTime:invalid_date"]],
    ["arrival time 9:30", { arrivalTime: "9:30" }, lenient, ["booker.arrivalTime:invalid_date"]],
    ["arrival time 12:60", { arrivalTime: "12:60" }, lenient, ["booker.arrivalTime:invalid_date"]],
    ["arrival time blank", { arrivalTime: "" }, lenient, []],
  ])("%s", (_name, change, settings, expected) => {
    const errors = validateBooker({ ...booker, ...change }, settings);
    expect(errors.map((e) => `${e.field}:${e.code}`)).toEqual(expected);
  });

  it("uses the path it is given", () => {
    expect(validateBooker({ ...booker, fullname: "" }, lenient, "customer")).toEqual([
      { field: "customer.fullname", code: "required" },
    ]);
  });
});

describe("parseBirthDate and ageOn", () => {
  it.each([
    ["29/02/2000", "20000229"],
    ["29/02/1904", "19040229"],
    ["29/02/1900", null],
    ["29/02/2023", null],
    ["31/04/1990", null],
    ["00/01/1990", null],
    ["01/13/1990", null],
    ["1/1/1990", null],
    ["1990-01-01", null],
    ["01/01/90", null],
    [" 15/08/1985 ", "19850815"],
    ["", null],
  ])("%j → %s", (input, expected) => {
    expect(parseBirthDate(input)).toBe(expected);
  });

  it.each([
    ["20000101", "20180101", 18],
    ["20000102", "20180101", 17],
    ["20000229", "20180228", 17],
    ["20000229", "20180301", 18],
    ["20000229", "20200229", 20],
    ["20240701", "20240701", 0],
    ["19000101", "20240701", 124],
  ])("born %s, on %s → %i", (birth, day, expected) => {
    expect(ageOn(birth, day)).toBe(expected);
  });
});

describe("validateGuest", () => {
  const adult: GuestForm = { firstName: "Anna", lastName: "Rossi", type: "adult" };
  const arrival = "20240701";

  it.each<[string, GuestForm, boolean, string[]]>([
    ["a named adult", adult, true, []],
    ["no names, optional", { ...adult, firstName: "", lastName: "" }, false, []],
    [
      "no names, mandatory",
      { ...adult, firstName: " ", lastName: "" },
      true,
      ["guest.firstName:required", "guest.lastName:required"],
    ],
    ["a name too long", { ...adult, lastName: "x".repeat(81) }, false, ["guest.lastName:out_of_range"]],
    ["valid birth date", { ...adult, birthDate: "15/08/1985" }, true, []],
    ["blank birth date", { ...adult, birthDate: "" }, true, []],
    ["impossible birth date", { ...adult, birthDate: "31/02/1985" }, true, ["guest.birthDate:invalid_date"]],
    ["ISO birth date", { ...adult, birthDate: "1985-08-15" }, true, ["guest.birthDate:invalid_date"]],
    ["born 1 January 1900", { ...adult, birthDate: "01/01/1900" }, true, []],
    ["born before 1900", { ...adult, birthDate: "31/12/1899" }, true, ["guest.birthDate:out_of_range"]],
    ["born on arrival day", { ...adult, type: "child", birthDate: "01/07/2024" }, true, []],
    ["born after arrival", { ...adult, birthDate: "02/07/2024" }, true, ["guest.birthDate:out_of_range"]],
    ["child of 17 at arrival", { ...adult, type: "child", birthDate: "02/07/2006" }, true, []],
    [
      "child of 18 at arrival",
      { ...adult, type: "child", birthDate: "01/07/2006" },
      true,
      ["guest.birthDate:out_of_range"],
    ],
    ["adult of 10 (a child counted as adult)", { ...adult, birthDate: "01/07/2014" }, true, []],
    ["sex female", { ...adult, sex: "female" }, true, []],
    ["sex male", { ...adult, sex: "male" }, true, []],
    ["sex blank", { ...adult, sex: "" }, true, []],
    ["sex other", { ...adult, sex: "M" }, true, ["guest.sex:out_of_range"]],
  ])("%s", (_name, guest, mandatory, expected) => {
    const errors = validateGuest(guest, { mandatory, arrival });
    expect(errors.map((e) => `${e.field}:${e.code}`)).toEqual(expected);
  });

  it("names the field by the path given", () => {
    expect(
      validateGuest({ ...adult, birthDate: "x" }, { mandatory: true, arrival }, "rooms.0.guests.1"),
    ).toEqual([{ field: "rooms.0.guests.1.birthDate", code: "invalid_date" }]);
  });

  it("a child's valid birth date is accepted exactly when the age at arrival is 0–17", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (daysBefore) => {
        const birth = new Date(Date.UTC(2024, 6, 1) - daysBefore * 86_400_000);
        const ymd = birth.toISOString().slice(0, 10).replaceAll("-", "");
        const text = `${ymd.slice(6)}/${ymd.slice(4, 6)}/${ymd.slice(0, 4)}`;
        const errors = validateGuest(
          { ...adult, type: "child", birthDate: text },
          { mandatory: true, arrival },
        );
        expect(errors.length === 0).toBe(ageOn(ymd, arrival) <= 17);
      }),
    );
  });
});

describe("isItalianVat", () => {
  it.each([
    ["12345678903", true],
    ["00743110157", true],
    ["12345678901", false],
    ["1234567890", false],
    ["123456789031", false],
    ["1234567890A", false],
  ])("%s → %s", (vat, expected) => {
    expect(isItalianVat(vat)).toBe(expected);
  });
});

describe("validateInvoice", () => {
  const invoice: InvoiceForm = {
    name: "Rossi S.r.l.",
    address: "Via Roma 1",
    zip: "20100",
    city: "Milano",
    country: "IT",
  };

  it.each<[string, Partial<InvoiceForm>, string[]]>([
    ["complete", {}, []],
    ["Italian VAT and SDI", { vat: "12345678903", sdi: "M5UXCR1" }, []],
    ["SDI in lower case", { sdi: "m5uxcr1" }, []],
    ["SDI of zeros (PEC)", { sdi: "0000000" }, []],
    [
      "all blank",
      { name: "", address: " ", zip: "", city: "", country: "" },
      [
        "invoice.name:required",
        "invoice.address:required",
        "invoice.zip:required",
        "invoice.city:required",
        "invoice.country:required",
      ],
    ],
    ["unknown country", { country: "XX" }, ["invoice.country:out_of_range"]],
    ["Italian VAT of 10 digits", { vat: "1234567890" }, ["invoice.vat:out_of_range"]],
    ["Italian VAT with a bad check digit", { vat: "12345678901" }, ["invoice.vat:out_of_range"]],
    ["Italian VAT with IT prefix", { vat: "IT12345678903" }, ["invoice.vat:out_of_range"]],
    ["German VAT", { country: "DE", vat: "DE123456789" }, []],
    ["foreign VAT with symbols", { country: "DE", vat: "DE 123/456" }, ["invoice.vat:out_of_range"]],
    ["blank VAT", { vat: "" }, []],
    ["SDI of 6", { sdi: "M5UXCR" }, ["invoice.sdi:out_of_range"]],
    ["SDI of 8", { sdi: "M5UXCR12" }, ["invoice.sdi:out_of_range"]],
    ["SDI with a dash", { sdi: "M5UX-R1" }, ["invoice.sdi:out_of_range"]],
    ["name too long", { name: "n".repeat(201) }, ["invoice.name:out_of_range"]],
  ])("%s", (_name, change, expected) => {
    expect(validateInvoice({ ...invoice, ...change }).map((e) => `${e.field}:${e.code}`)).toEqual(expected);
  });
});

describe("validateTerms", () => {
  const all = { cancellationPolicy: true, generalTerms: true, dataProcessing: true };
  it.each<[string, Parameters<typeof validateTerms>[0], boolean, string[]]>([
    ["all accepted", all, false, []],
    ["all accepted, refund chosen, refund terms accepted", { ...all, refundTerms: true }, true, []],
    ["refund chosen, refund terms missing", all, true, ["terms.refundTerms:refund_terms_required"]],
    [
      "refund chosen, refund terms refused",
      { ...all, refundTerms: false },
      true,
      ["terms.refundTerms:refund_terms_required"],
    ],
    ["refund terms without refund", { ...all, refundTerms: false }, false, []],
    [
      "no cancellation policy",
      { ...all, cancellationPolicy: false },
      false,
      ["terms.cancellationPolicy:terms_required"],
    ],
    ["no general terms", { ...all, generalTerms: false }, false, ["terms.generalTerms:terms_required"]],
    ["no data processing", { ...all, dataProcessing: false }, false, ["terms.dataProcessing:terms_required"]],
    [
      "nothing",
      { cancellationPolicy: false, generalTerms: false, dataProcessing: false },
      true,
      [
        "terms.cancellationPolicy:terms_required",
        "terms.generalTerms:terms_required",
        "terms.dataProcessing:terms_required",
        "terms.refundTerms:refund_terms_required",
      ],
    ],
  ])("%s", (_name, terms, refundChosen, expected) => {
    expect(validateTerms(terms, { refundChosen }).map((e) => `${e.field}:${e.code}`)).toEqual(expected);
  });
});

describe("validateAgency", () => {
  it.each([
    [{}, ["agency.vat:vat_or_iata_required"]],
    [{ vat: " ", iata: "" }, ["agency.vat:vat_or_iata_required"]],
    [{ vat: "12345678903" }, []],
    [{ iata: "38212345" }, []],
    [{ vat: "12345678903", iata: "38212345" }, []],
  ])("%j", (agency, expected) => {
    expect(validateAgency(agency).map((e) => `${e.field}:${e.code}`)).toEqual(expected);
  });
});

describe("validateCustomPrivacy", () => {
  it.each([
    [[], [], []],
    [[], [7], ["privacy.custom.7:terms_required"]],
    [[{ id: 7, accepted: false }], [7], ["privacy.custom.7:terms_required"]],
    [[{ id: 7, accepted: true }], [7], []],
    [
      [
        { id: 7, accepted: true },
        { id: 8, accepted: false },
      ],
      [7],
      [],
    ],
    [
      [{ id: 8, accepted: true }],
      [7, 9],
      ["privacy.custom.7:terms_required", "privacy.custom.9:terms_required"],
    ],
  ])("%j with mandatory %j", (custom, mandatory, expected) => {
    expect(validateCustomPrivacy(custom, mandatory).map((e) => `${e.field}:${e.code}`)).toEqual(expected);
  });
});

describe("validateCheckout", () => {
  const form: CheckoutForm = {
    arrival: "20240701",
    booker,
    rooms: [{ adults: 2, ages: [5], refundProtection: false }],
    terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
  };
  const strict = {
    addressMandatory: true,
    cityMandatory: true,
    guestsMandatory: true,
    mandatoryPrivacyIds: [3],
  };
  const codes = (f: CheckoutForm, s = LENIENT_CHECKOUT) =>
    validateCheckout(f, s).map((e) => `${e.field}:${e.code}`);

  it("accepts a complete form with lenient settings", () => {
    expect(codes(form)).toEqual([]);
  });

  it("with the hotel's settings, asks address, city, every guest's name and the mandatory policy", () => {
    expect(codes(form, strict)).toEqual([
      "booker.address:address_required",
      "booker.city:city_required",
      "rooms.0.guests.0.firstName:required",
      "rooms.0.guests.0.lastName:required",
      "rooms.0.guests.1.firstName:required",
      "rooms.0.guests.1.lastName:required",
      "rooms.0.guests.2.firstName:required",
      "rooms.0.guests.2.lastName:required",
      "privacy.custom.3:terms_required",
    ]);
  });

  it("checks the guests given against the arrival, room by room", () => {
    const withGuests: CheckoutForm = {
      ...form,
      rooms: [
        { adults: 1, ages: [], refundProtection: false },
        {
          adults: 1,
          ages: [4],
          refundProtection: true,
          guests: [
            { firstName: "Anna", lastName: "Rossi", type: "adult" },
            { firstName: "Bea", lastName: "Rossi", type: "child", birthDate: "01/07/2000" },
          ],
        },
      ],
    };
    expect(codes(withGuests)).toEqual([
      "rooms.1.guests.1.birthDate:out_of_range",
      "terms.refundTerms:refund_terms_required",
    ]);
  });

  it("refuses more guests than the room holds", () => {
    const guest: GuestForm = { firstName: "A", lastName: "B", type: "adult" };
    expect(
      codes({ ...form, rooms: [{ adults: 1, ages: [], refundProtection: false, guests: [guest, guest] }] }),
    ).toEqual(["rooms.0.guests:out_of_range"]);
  });

  it("checks the invoice when one is asked", () => {
    const invoice: InvoiceForm = { name: "", address: "a", zip: "1", city: "c", country: "IT" };
    expect(codes({ ...form, invoice })).toEqual(["invoice.name:required"]);
  });

  it("returns only known codes and dotted fields, whatever the input", () => {
    const text = fc.string({ maxLength: 30 });
    fc.assert(
      fc.property(
        fc.record({
          fullname: text,
          email: text,
          emailConfirm: text,
          dial: text,
          number: text,
          country: text,
          birth: text,
        }),
        (v) => {
          const errors = validateCheckout(
            {
              ...form,
              booker: {
                fullname: v.fullname,
                email: v.email,
                emailConfirm: v.emailConfirm,
                phone: { dialCode: v.dial, number: v.number },
                country: v.country,
              },
              rooms: [
                {
                  adults: 1,
                  ages: [],
                  refundProtection: false,
                  guests: [{ firstName: "", lastName: "", type: "adult", birthDate: v.birth }],
                },
              ],
            },
            strict,
          );
          for (const e of errors) {
            expect(GUEST_FORM_ERRORS).toContain(e.code);
            expect(e.field).toMatch(/^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/);
          }
        },
      ),
    );
  });
});
