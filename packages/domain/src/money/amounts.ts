// SPEC's calls answer money as a decimal number of the hotel currency (API.md); the web keeps those shapes and
// does every sum, difference and product here, in integer units, never in floating-point major units (ADR 0069).
import { currencyRules } from "../currency/rules";
import { type CurrencyRules, formatMoney, fromMinor, roundForCurrency, toMinor } from "./money";

/** An amount as the web carries it once past the API: integer minor units and the currency they count. */
export type Money = { minor: number; currency: string };

/** A SPEC decimal amount of `currency` as money in minor units, by the currency's own digits (0 for JPY). */
export function moneyOf(amount: number, currency: string): Money {
  const rules = currencyRules(currency);
  return { minor: toMinor(amount, rules.decimalDigits), currency: rules.code };
}

/** Money back in SPEC's decimal major units, for a request body whose contract reads decimals. */
export function amountOf(money: Money): number {
  return fromMinor(money.minor, currencyRules(money.currency).decimalDigits);
}

// Six places cover every currency's minor unit (at most 3), so a sum of decimal amounts in millionths is exact
// whatever the currency; 2^53 millionths still hold nine billion of any currency.
const EXACT_DIGITS = 6;

/** Decimal amounts of one currency added exactly (0.1 + 0.2 is 0.3), for a screen that does not know the currency. */
export function sumAmounts(amounts: readonly number[]): number {
  return fromMinor(
    amounts.reduce((sum, amount) => sum + toMinor(amount, EXACT_DIGITS), 0),
    EXACT_DIGITS,
  );
}

/** `amount` less every one of `less`, exactly. */
export function subtractAmounts(amount: number, ...less: readonly number[]): number {
  return sumAmounts([amount, ...less.map((a) => -a)]);
}

/** A decimal amount times a whole quantity, exactly (a service's price for three guests). */
export function multiplyAmount(amount: number, quantity: number): number {
  if (!Number.isInteger(quantity)) throw new RangeError(`Quantity must be whole: ${quantity}`);
  return fromMinor(toMinor(amount, EXACT_DIGITS) * quantity, EXACT_DIGITS);
}

/** The smallest step of a money input in major units (0.01 for EUR, 1 for JPY). */
export function inputStep(decimalDigits: number): number {
  return fromMinor(1, decimalDigits);
}

/** Minor units as plain decimal text with all the currency's digits ("12.50"), no grouping: inputs, feeds. */
export function decimalTextOf(minor: number, decimalDigits: number): string {
  return fromMinor(minor, decimalDigits).toFixed(decimalDigits);
}

/**
 * A money input's text (major units, a decimal point or comma) in minor units: null when empty, NaN when it is not
 * a number; rounded half away from zero to the currency's digits.
 */
export function parseInputText(text: string, decimalDigits: number): number | null {
  const normalized = text.trim().replace(",", ".");
  if (normalized === "") return null;
  const major = Number(normalized);
  return Number.isFinite(major) ? toMinor(major, decimalDigits) : Number.NaN;
}

/** How a currency is named beside an amount: its ISO code (the product's style), or a symbol where space is short. */
export type CurrencyDisplay = "code" | "symbol" | "narrowSymbol";

/**
 * Money for a person: rounded to the currency's cash step (CHF 0.05) and written with Intl in `locale`, with the
 * currency's own digits. Server amounts are already on the step; this keeps any sum shown on it too. A price staff
 * set (a rate in the calendar) is shown `asSet`, as typed, since the step applies to what is charged, not to it.
 */
export function formatMoneyIn(
  money: Money,
  locale: string,
  display: CurrencyDisplay = "code",
  asSet = false,
): string {
  const rules: CurrencyRules = currencyRules(money.currency);
  return formatMoney(asSet ? money.minor : roundForCurrency(money.minor, rules), rules, locale, display);
}
