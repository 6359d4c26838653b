import type { Ymd } from "../stay-dates/stay-dates";

/**
 * The card form of the gateway's hosted page (SPEC §5 Card). Only the gateway sees these fields: the booking
 * payload carries a token and the last four digits.
 */
export type CardForm = { number: string; expiry: string; holder: string; cvv: string };

/** `invalid_expiry_format` is SPEC's "invalid date, should be MM/AAAA". */
export const CARD_ERRORS = [
  "required",
  "invalid_expiry_format",
  "card_expired",
  "invalid_card_number",
  "invalid_cvv",
] as const;
export type CardError = (typeof CARD_ERRORS)[number];

/** Fields are named as on the card page's own form. */
export type CardFieldError = { field: keyof CardForm; code: CardError };

export const MIN_CARD_DIGITS = 12;
export const MAX_CARD_DIGITS = 19;

const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/(\d{4})$/;
const CVV_PATTERN = /^\d{3,4}$/;
// People type cards in groups of four; nothing else is tolerated.
const CARD_SEPARATORS = /[\s-]/g;

function digitsOf(number: string): string {
  return number.replace(CARD_SEPARATORS, "");
}

/** The Luhn checksum of a string of digits (separators allowed); false for anything else or empty. */
export function luhnValid(number: string): boolean {
  const digits = digitsOf(number);
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isValidCardNumber(number: string): boolean {
  const digits = digitsOf(number);
  return (
    /^\d+$/.test(digits) &&
    digits.length >= MIN_CARD_DIGITS &&
    digits.length <= MAX_CARD_DIGITS &&
    luhnValid(digits)
  );
}

/** The last four digits, the only part of a card number we keep; throws on fewer than four digits. */
export function lastFour(number: string): string {
  const digits = number.replace(/\D/g, "");
  if (digits.length < 4) throw new RangeError("A card number has at least four digits");
  return digits.slice(-4);
}

/** `MM/YYYY` as year and month, or null. */
export function parseExpiry(expiry: string): { year: number; month: number } | null {
  const match = EXPIRY_PATTERN.exec(expiry.trim());
  return match ? { year: Number(match[2]), month: Number(match[1]) } : null;
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: { year: number; month: number }, today: Ymd): boolean {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(4, 6));
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

export function validateCard(card: CardForm, today: Ymd): CardFieldError[] {
  const errors: CardFieldError[] = [];
  const number = card.number.trim();
  if (number === "") errors.push({ field: "number", code: "required" });
  else if (!isValidCardNumber(number)) errors.push({ field: "number", code: "invalid_card_number" });

  const expiryText = card.expiry.trim();
  const expiry = parseExpiry(expiryText);
  if (expiryText === "") errors.push({ field: "expiry", code: "required" });
  else if (!expiry) errors.push({ field: "expiry", code: "invalid_expiry_format" });
  else if (isExpired(expiry, today)) errors.push({ field: "expiry", code: "card_expired" });

  if (card.holder.trim() === "") errors.push({ field: "holder", code: "required" });

  const cvv = card.cvv.trim();
  if (cvv === "") errors.push({ field: "cvv", code: "required" });
  else if (!CVV_PATTERN.test(cvv)) errors.push({ field: "cvv", code: "invalid_cvv" });
  return errors;
}

/**
 * Where the guest types a card with a gateway (ADR 0072): "token", on its card page framed in our pages, which
 * answers a token the payment then carries (the sandbox); "redirect", on the gateway's own page after the guest
 * confirms (Stripe Checkout), so no card data touches our pages. An unknown key reads as the sandbox does.
 */
export function cardEntryOf(gatewayKey: string): "token" | "redirect" {
  return gatewayKey === "stripe" ? "redirect" : "token";
}
