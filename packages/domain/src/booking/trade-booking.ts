export { commissionMinor } from "./commission";

import { isCountryCode } from "./countries";
import { type FieldError, type InvoiceForm, isValidEmail, MAX_LENGTH, validateAgency } from "./guest-form";

// A booking made by a logged trade user (ADR 0031): the agency data it carries (SPEC §3), the
// rule that it names a VAT number or an IATA code (SPEC §5), the invoice copied from it (SPEC §3 "an option
// copies agency data"), the commission of a commissionable rate and the option held until the channel's
// `tradeConfHour` (SPEC §9). Shared by the server (guestdata.do) and the checkout form.

/** SPEC §3 Agency data as a booking carries it; every text trimmed, the optional ones "" or absent. */
export type BookingAgency = {
  /** The agency's (or company's) name. */
  fullname: string;
  address?: string | undefined;
  /** Postcode. */
  cap?: string | undefined;
  city?: string | undefined;
  /** ISO 3166-1 alpha-2. */
  country?: string | undefined;
  mail?: string | undefined;
  phone?: string | undefined;
  referentName?: string | undefined;
  referentMail?: string | undefined;
  vatNumber?: string | undefined;
  iataCode?: string | undefined;
  /** The agency's own reference for this booking (its practice number), optional. */
  code?: string | undefined;
  /** 1 travel agency, 2 company (SPEC §3). */
  type: 1 | 2;
};

export const AGENCY_MAX_LENGTH = {
  fullname: 200,
  address: MAX_LENGTH.address,
  cap: MAX_LENGTH.cap,
  city: MAX_LENGTH.city,
  mail: MAX_LENGTH.email,
  phone: 40,
  referentName: 120,
  vatNumber: 30,
  iataCode: 12,
  code: 60,
} as const;

const blank = (value: string | undefined | null) =>
  value === undefined || value === null || value.trim() === "";

/**
 * SPEC §5 for the agency of a trade booking: a name, valid e-mails and country when given, and at least one of
 * VAT number and IATA code — the error names `agency.vatNumber` (`errors:vat_or_iata_required`).
 */
export function validateBookingAgency(agency: BookingAgency, at = "agency"): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, code: FieldError["code"]) => errors.push({ field: `${at}.${field}`, code });
  if (blank(agency.fullname)) add("fullname", "required");
  for (const [field, max] of Object.entries(AGENCY_MAX_LENGTH)) {
    const value = agency[field as keyof typeof AGENCY_MAX_LENGTH];
    if (!blank(value) && (value ?? "").trim().length > max) add(field, "out_of_range");
  }
  if (!blank(agency.country) && !isCountryCode((agency.country ?? "").trim().toUpperCase()))
    add("country", "out_of_range");
  if (!blank(agency.mail) && !isValidEmail(agency.mail ?? "")) add("mail", "invalid_email");
  if (!blank(agency.referentMail) && !isValidEmail(agency.referentMail ?? ""))
    add("referentMail", "invalid_email");
  // The one VAT/IATA rule of the domain (`validateAgency`), named by the booking's field.
  for (const e of validateAgency({ vat: agency.vatNumber, iata: agency.iataCode }, at))
    errors.push({ ...e, field: `${at}.vatNumber` });
  return errors;
}

/**
 * SPEC §3 "An option copies agency data": the invoice made of the agency's data. An EU VAT number written with its
 * country prefix (IT01234567890) goes on the invoice without it when it is the invoice's country, as the invoice
 * field holds it (an Italian partita IVA is 11 digits).
 */
export function agencyInvoice(agency: BookingAgency): InvoiceForm {
  const text = (value: string | undefined) => (value ?? "").trim();
  const country = text(agency.country).toUpperCase();
  let vat = text(agency.vatNumber).toUpperCase().replace(/\s+/g, "");
  if (country && vat.startsWith(country) && vat.length > country.length) vat = vat.slice(country.length);
  return {
    name: text(agency.fullname),
    address: text(agency.address),
    zip: text(agency.cap),
    city: text(agency.city),
    country,
    ...(vat ? { vat } : {}),
  };
}

/**
 * The commission percent a trade customer earns on a rate (ADR 0031, 0062): none on a net rate or a rate that pays
 * none; the account's own percent when the property set one (back office, Trade), 0 included, else the rate's.
 */
export function tradeCommissionPercent(
  rate: { commissionPercent: number | null; isNet: boolean },
  accountPercent: number | null,
): number | null {
  if (rate.isNet || rate.commissionPercent === null) return null;
  return accountPercent ?? rate.commissionPercent;
}

/** A trade account's own commission percent as stored (numeric text), null when the property set none. */
export const accountCommissionOf = (stored: string | null | undefined): number | null =>
  stored === null || stored === undefined ? null : Number(stored);

const HOUR_MS = 3_600_000;

/**
 * SPEC §9 "Trade option time uses the channel's tradeConfHour" and "Option hold: valid for {hour} hour(s)": a trade
 * booking whose payment takes nothing now is held as an option for `tradeConfHour` hours from the moment it is
 * booked; 0 holds no trade option (the rate's own option rule applies, as on a direct channel).
 */
export function tradeOptionExpiry(bookedAt: Date, tradeConfHour: number): Date | null {
  if (!Number.isInteger(tradeConfHour) || tradeConfHour <= 0) return null;
  return new Date(bookedAt.getTime() + tradeConfHour * HOUR_MS);
}
