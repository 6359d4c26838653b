// The trade sign-up's rules (SPEC §3 "Trade access request", §5; ADR 0033), shared by the server's
// `agency/askApproval` and the web's sign-up form, so both refuse the same input with the same codes.
import { passwordProblems } from "../auth/password-policy";
import { isValidEmail } from "../booking/guest-form";

/** Agency types (SPEC §3, §9): 1 travel agency, 2 company. */
export type AgencyType = 1 | 2;

/** What a sign-up asks for: the agency data of SPEC §3 and the first user's username and password. */
export type AgencySignUp = {
  type: AgencyType;
  name: string;
  address: string;
  zip: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  email: string;
  phone: string;
  referentName: string;
  referentEmail: string;
  vatNumber?: string | null | undefined;
  iataCode?: string | null | undefined;
  username: string;
  password: string;
  confirmation: string;
};

export type SignUpProblem = { field: keyof AgencySignUp; code: string };

const blank = (value: string | null | undefined) => value == null || value.trim() === "";

/** A VAT number: 2 to 20 letters and digits (spaces, dots and dashes are dropped first). */
export const VAT_NUMBER_PATTERN = /^[A-Za-z0-9]{2,20}$/;
/** An IATA agency code: 7 or 8 digits (the numeric code with or without its check digit). */
export const IATA_CODE_PATTERN = /^\d{7,8}$/;
/** A username: 3 to 60 letters, digits, dots, dashes, underscores or @ (an e-mail may be one). */
export const USERNAME_PATTERN = /^[\p{L}\p{Nd}._@-]{3,60}$/u;

/** The form in which VAT numbers and IATA codes are stored: no spaces, dots or dashes, upper case; null when blank. */
export function normaliseAgencyCode(value: string | null | undefined): string | null {
  if (blank(value)) return null;
  return (value as string).replace(/[\s.-]/g, "").toUpperCase();
}

/** SPEC §5: an agency gives at least one of VAT number and IATA code. */
export function vatOrIataMissing(agency: { vatNumber?: string | null; iataCode?: string | null }): boolean {
  return blank(agency.vatNumber) && blank(agency.iataCode);
}

/**
 * Every problem of a sign-up (empty: acceptable): the required agency data, VAT or IATA (SPEC §5) and their
 * shapes, the e-mails, the country, the username, the password policy and its confirmation (SPEC §5).
 */
export function signUpProblems(input: AgencySignUp): SignUpProblem[] {
  const problems: SignUpProblem[] = [];
  const add = (field: keyof AgencySignUp, code: string) => problems.push({ field, code });
  if (input.type !== 1 && input.type !== 2) add("type", "invalid_type");
  for (const field of ["name", "address", "zip", "city", "phone", "referentName"] as const)
    if (blank(input[field])) add(field, "required");
  if (!/^[A-Za-z]{2}$/.test(input.country.trim())) add("country", "invalid_country");
  for (const field of ["email", "referentEmail"] as const) {
    if (blank(input[field])) add(field, "required");
    else if (!isValidEmail(input[field])) add(field, "invalid_email");
  }
  if (vatOrIataMissing(input)) add("vatNumber", "vat_or_iata_required");
  const vat = normaliseAgencyCode(input.vatNumber);
  if (vat !== null && !VAT_NUMBER_PATTERN.test(vat)) add("vatNumber", "invalid_vat");
  const iata = normaliseAgencyCode(input.iataCode);
  if (iata !== null && !IATA_CODE_PATTERN.test(iata)) add("iataCode", "invalid_iata");
  if (!USERNAME_PATTERN.test(input.username.trim())) add("username", "invalid_username");
  for (const rule of passwordProblems({ password: input.password, confirmation: input.confirmation }))
    add(rule === "confirmation_mismatch" ? "confirmation" : "password", rule);
  return problems;
}

/**
 * The progressive delay of a trade login: 0.25 s per failure already
 * counted on the account, at most 2 s; none before the first failure. The lockout stops the attempts at its maximum.
 */
export const LOGIN_DELAY_STEP_MS = 250;
export const LOGIN_DELAY_MAX_MS = 2_000;
export function loginDelayMs(failures: number): number {
  if (!Number.isFinite(failures) || failures <= 0) return 0;
  return Math.min(LOGIN_DELAY_MAX_MS, Math.floor(failures) * LOGIN_DELAY_STEP_MS);
}

/** A password-recovery link lasts this long (at most 30 minutes). */
export const TRADE_RESET_TOKEN_TTL_MS = 30 * 60_000;
