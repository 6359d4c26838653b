import type { Ymd } from "../stay-dates/stay-dates";
import { isCountryCode } from "./countries";

/**
 * SPEC §5 guest-form messages, one code each; the web app shows `errors:<code>`.
 * `out_of_range` ("not within the set range") also covers a value the field does not allow: too long, an
 * unknown country, a malformed VAT number or SDI code, a sex other than male or female.
 */
export const GUEST_FORM_ERRORS = [
  "required",
  "invalid_email",
  "email_mismatch",
  "invalid_date",
  "out_of_range",
  "address_required",
  "city_required",
  "invalid_phone",
  "terms_required",
  "refund_terms_required",
  "vat_or_iata_required",
] as const;
export type GuestFormError = (typeof GUEST_FORM_ERRORS)[number];

/** `field` is a dotted path such as `booker.email` or `rooms.0.guests.1.birthDate`. */
export type FieldError = { field: string; code: GuestFormError };

export const MAX_LENGTH = {
  fullname: 120,
  email: 254,
  address: 200,
  city: 100,
  cap: 20,
  cf: 32,
  note: 1000,
  guestName: 80,
  invoiceName: 200,
  vat: 20,
} as const;

export type PhoneForm = { dialCode: string; number: string };

export type BookerForm = {
  fullname: string;
  email: string;
  emailConfirm: string;
  alternativeEmail?: string | undefined;
  phone: PhoneForm;
  address?: string | undefined;
  city?: string | undefined;
  cap?: string | undefined;
  country: string;
  cf?: string | undefined;
  note?: string | undefined;
  arrivalTime?: string | undefined;
};

export type GuestForm = {
  firstName: string;
  lastName: string;
  type: "adult" | "child";
  birthDate?: string | undefined;
  sex?: string | undefined;
};

export type InvoiceForm = {
  name: string;
  address: string;
  zip: string;
  city: string;
  country: string;
  vat?: string | undefined;
  sdi?: string | undefined;
};

export type TermsForm = {
  cancellationPolicy: boolean;
  generalTerms: boolean;
  dataProcessing: boolean;
  refundTerms?: boolean | undefined;
};

export type AgencyForm = { vat?: string | undefined; iata?: string | undefined };

// Local part and domain labels of letters (any script), digits and the usual specials; a dotted domain with a
// top-level label of at least two letters. Stricter RFC 5322 forms are not worth their false rejections.
const EMAIL_PATTERN =
  /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;
const MAX_EMAIL_LOCAL = 64;
const DIAL_CODE_PATTERN = /^\+[1-9]\d{0,2}$/;
const PHONE_CHARS_PATTERN = /^[\d\s().-]+$/;
const MIN_PHONE_DIGITS = 4;
const MAX_PHONE_DIGITS = 15;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const BIRTH_DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const EARLIEST_BIRTH_DATE = "19000101";
const MAX_CHILD_AGE = 17;
const ITALIAN_VAT_PATTERN = /^\d{11}$/;
const VAT_PATTERN = /^[A-Za-z0-9]{2,20}$/;
const SDI_PATTERN = /^[A-Za-z0-9]{7}$/;

function isBlank(value: string | undefined | null): boolean {
  return value === undefined || value === null || value.trim() === "";
}

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  if (email.length > MAX_LENGTH.email) return false;
  const at = email.lastIndexOf("@");
  return at > 0 && at <= MAX_EMAIL_LOCAL && EMAIL_PATTERN.test(email);
}

/** The form in which an e-mail is stored and compared (reservation recovery by code and e-mail). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidTime(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/** `+` and one to three digits, not starting with 0. */
export function isValidDialCode(value: string): boolean {
  return DIAL_CODE_PATTERN.test(value.trim());
}

/** 4–15 digits, spaces, dots, dashes and brackets allowed between them. */
export function isValidPhoneNumber(value: string): boolean {
  const number = value.trim();
  const digits = number.replace(/\D/g, "").length;
  return PHONE_CHARS_PATTERN.test(number) && digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** A `dd/mm/yyyy` calendar date of any year (stay-dates' parser stops at 2000) as `YYYYMMDD`, else null. */
export function parseBirthDate(value: string): Ymd | null {
  const match = BIRTH_DATE_PATTERN.exec(value.trim());
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  const monthDays = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > (monthDays[month - 1] ?? 0)) return null;
  return `${match[3]}${match[2]}${match[1]}`;
}

/** Whole years from a birth day to a day, both `YYYYMMDD`; one born on 29 February turns a year older on 1 March. */
export function ageOn(birth: Ymd, day: Ymd): number {
  const years = Number(day.slice(0, 4)) - Number(birth.slice(0, 4));
  return day.slice(4) < birth.slice(4) ? years - 1 : years;
}

/** Italian partita IVA: 11 digits whose last is a Luhn check digit. */
export function isItalianVat(value: string): boolean {
  if (!ITALIAN_VAT_PATTERN.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 11; i++) {
    let digit = Number(value[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Collects errors in field order; `at` prefixes each field with its path. */
function collector(at: string) {
  const errors: FieldError[] = [];
  return {
    errors,
    add(field: string, code: GuestFormError) {
      errors.push({ field: `${at}.${field}`, code });
    },
    /** `required` when blank, `out_of_range` when longer than `max`; true when the value is present. */
    text(
      field: string,
      value: string | undefined,
      max: number,
      required: GuestFormError | null = "required",
    ) {
      if (isBlank(value)) {
        if (required) errors.push({ field: `${at}.${field}`, code: required });
        return false;
      }
      if ((value ?? "").trim().length > max) {
        errors.push({ field: `${at}.${field}`, code: "out_of_range" });
        return false;
      }
      return true;
    },
  };
}

export type BookerSettings = { addressMandatory: boolean; cityMandatory: boolean };

export function validateBooker(booker: BookerForm, settings: BookerSettings, at = "booker"): FieldError[] {
  const c = collector(at);
  c.text("fullname", booker.fullname, MAX_LENGTH.fullname);

  if (isBlank(booker.email)) c.add("email", "required");
  else if (!isValidEmail(booker.email)) c.add("email", "invalid_email");
  if (isBlank(booker.emailConfirm)) c.add("emailConfirm", "required");
  else if (normalizeEmail(booker.emailConfirm) !== normalizeEmail(booker.email))
    c.add("emailConfirm", "email_mismatch");
  if (!isBlank(booker.alternativeEmail) && !isValidEmail(booker.alternativeEmail ?? ""))
    c.add("alternativeEmail", "invalid_email");

  if (isBlank(booker.phone.dialCode)) c.add("phone.dialCode", "required");
  else if (!isValidDialCode(booker.phone.dialCode)) c.add("phone.dialCode", "invalid_phone");
  if (isBlank(booker.phone.number)) c.add("phone.number", "required");
  else if (!isValidPhoneNumber(booker.phone.number)) c.add("phone.number", "invalid_phone");

  c.text(
    "address",
    booker.address,
    MAX_LENGTH.address,
    settings.addressMandatory ? "address_required" : null,
  );
  c.text("city", booker.city, MAX_LENGTH.city, settings.cityMandatory ? "city_required" : null);
  c.text("cap", booker.cap, MAX_LENGTH.cap, null);
  if (isBlank(booker.country)) c.add("country", "required");
  else if (!isCountryCode(booker.country.trim())) c.add("country", "out_of_range");
  c.text("cf", booker.cf, MAX_LENGTH.cf, null);
  c.text("note", booker.note, MAX_LENGTH.note, null);
  if (!isBlank(booker.arrivalTime) && !isValidTime((booker.arrivalTime ?? "").trim()))
    c.add("arrivalTime", "invalid_date");
  return c.errors;
}

export type GuestSettings = {
  /** The hotel asks a name for every guest. */
  mandatory: boolean;
  /** Birth dates are checked against the arrival day, not the clock. */
  arrival: Ymd;
};

export function validateGuest(guest: GuestForm, settings: GuestSettings, at = "guest"): FieldError[] {
  const c = collector(at);
  const required = settings.mandatory ? "required" : null;
  c.text("firstName", guest.firstName, MAX_LENGTH.guestName, required);
  c.text("lastName", guest.lastName, MAX_LENGTH.guestName, required);
  if (!isBlank(guest.birthDate)) {
    const birth = parseBirthDate(guest.birthDate ?? "");
    if (birth === null) c.add("birthDate", "invalid_date");
    else if (birth < EARLIEST_BIRTH_DATE || birth > settings.arrival) c.add("birthDate", "out_of_range");
    else if (guest.type === "child" && ageOn(birth, settings.arrival) > MAX_CHILD_AGE)
      c.add("birthDate", "out_of_range");
  }
  if (!isBlank(guest.sex) && guest.sex !== "male" && guest.sex !== "female") c.add("sex", "out_of_range");
  return c.errors;
}

export function validateInvoice(invoice: InvoiceForm, at = "invoice"): FieldError[] {
  const c = collector(at);
  c.text("name", invoice.name, MAX_LENGTH.invoiceName);
  c.text("address", invoice.address, MAX_LENGTH.address);
  c.text("zip", invoice.zip, MAX_LENGTH.cap);
  c.text("city", invoice.city, MAX_LENGTH.city);
  const country = invoice.country.trim();
  if (country === "") c.add("country", "required");
  else if (!isCountryCode(country)) c.add("country", "out_of_range");
  if (!isBlank(invoice.vat)) {
    const vat = (invoice.vat ?? "").trim();
    if (!(country === "IT" ? isItalianVat(vat) : VAT_PATTERN.test(vat))) c.add("vat", "out_of_range");
  }
  if (!isBlank(invoice.sdi) && !SDI_PATTERN.test((invoice.sdi ?? "").trim())) c.add("sdi", "out_of_range");
  return c.errors;
}

export function validateTerms(
  terms: TermsForm,
  options: { refundChosen: boolean },
  at = "terms",
): FieldError[] {
  const c = collector(at);
  if (terms.cancellationPolicy !== true) c.add("cancellationPolicy", "terms_required");
  if (terms.generalTerms !== true) c.add("generalTerms", "terms_required");
  if (terms.dataProcessing !== true) c.add("dataProcessing", "terms_required");
  if (options.refundChosen && terms.refundTerms !== true) c.add("refundTerms", "refund_terms_required");
  return c.errors;
}

/** SPEC §5: an agency gives a VAT number, an IATA code or both. */
export function validateAgency(agency: AgencyForm, at = "agency"): FieldError[] {
  if (isBlank(agency.vat) && isBlank(agency.iata))
    return [{ field: `${at}.vat`, code: "vat_or_iata_required" }];
  return [];
}

/**
 * A custom privacy policy the hotel marks mandatory must be accepted. The field names the policy by id
 * (`privacy.custom.<id>`), not by position, because a policy the client never sent has no position.
 */
export function validateCustomPrivacy(
  custom: readonly { id: number; accepted: boolean }[],
  mandatoryIds: readonly number[],
  at = "privacy.custom",
): FieldError[] {
  const accepted = new Set(custom.filter((p) => p.accepted === true).map((p) => p.id));
  return mandatoryIds
    .filter((id) => !accepted.has(id))
    .map((id) => ({ field: `${at}.${id}`, code: "terms_required" }));
}

export type CheckoutForm = {
  arrival: Ymd;
  booker: BookerForm;
  rooms: readonly {
    adults: number;
    ages: readonly number[];
    refundProtection: boolean;
    guests?: GuestForm[] | undefined;
  }[];
  invoice?: InvoiceForm | undefined;
  terms: TermsForm;
  privacy?: { custom: readonly { id: number; accepted: boolean }[] } | undefined;
};

/** The hotel's settings; the contract checks with `LENIENT_CHECKOUT`, the server again with the hotel's own. */
export type CheckoutSettings = BookerSettings & {
  guestsMandatory: boolean;
  mandatoryPrivacyIds: readonly number[];
};

export const LENIENT_CHECKOUT: CheckoutSettings = {
  addressMandatory: false,
  cityMandatory: false,
  guestsMandatory: false,
  mandatoryPrivacyIds: [],
};

/** Every SPEC §5 checkout rule over the whole form, in the order the form shows the fields. */
export function validateCheckout(form: CheckoutForm, settings: CheckoutSettings): FieldError[] {
  const errors = validateBooker(form.booker, settings);
  form.rooms.forEach((room, r) => {
    const guests = room.guests ?? [];
    const occupants = room.adults + room.ages.length;
    if (guests.length > occupants) errors.push({ field: `rooms.${r}.guests`, code: "out_of_range" });
    const shown = settings.guestsMandatory ? Math.max(occupants, guests.length) : guests.length;
    for (let g = 0; g < shown; g++) {
      const missing: GuestForm = { firstName: "", lastName: "", type: g < room.adults ? "adult" : "child" };
      const guest = guests[g] ?? missing;
      errors.push(
        ...validateGuest(
          guest,
          { mandatory: settings.guestsMandatory, arrival: form.arrival },
          `rooms.${r}.guests.${g}`,
        ),
      );
    }
  });
  if (form.invoice) errors.push(...validateInvoice(form.invoice));
  errors.push(...validateCustomPrivacy(form.privacy?.custom ?? [], settings.mandatoryPrivacyIds));
  errors.push(
    ...validateTerms(form.terms, { refundChosen: form.rooms.some((room) => room.refundProtection) }),
  );
  return errors;
}
