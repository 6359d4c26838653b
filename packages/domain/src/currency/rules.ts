// What money in a currency needs (its minor unit and cash rounding), in a module of its own: a page that only
// formats prices loads this, not the list of codes and the names and symbols of `currencies.ts` (ADR 0058).
import type { CurrencyRules } from "../money/money";

/** Cash rounding step in major units; currencies not listed round to the minor unit. */
export const CASH_ROUNDING: Readonly<Record<string, number>> = { CHF: 0.05 };

const CODE_PATTERN = /^[A-Z]{3}$/;

/** A currency code as written (any case, spaces around) → its ISO form; anything else is refused. */
export function normalizeCode(code: string): string {
  const normalized = code.trim().toUpperCase();
  if (!CODE_PATTERN.test(normalized)) throw new RangeError(`Invalid currency code: ${code}`);
  return normalized;
}

/** The currency's minor unit (2 for EUR, 0 for JPY, 3 for KWD), as Intl knows it. */
export function decimalDigitsOf(code: string): number {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

const rulesByCode = new Map<string, CurrencyRules>();

/**
 * What money in a currency needs (its minor unit and cash rounding), without the rest of `describeCurrency`: its
 * symbols and names load the number and display-name data of other locales (EUR's home is de-DE), which a page
 * that only formats prices never needed (ADR 0058).
 */
export function currencyRules(code: string): CurrencyRules {
  const normalized = normalizeCode(code);
  let rules = rulesByCode.get(normalized);
  if (!rules) {
    rules = {
      code: normalized,
      decimalDigits: decimalDigitsOf(normalized),
      rounding: CASH_ROUNDING[normalized] ?? 0,
    };
    rulesByCode.set(normalized, rules);
  }
  return rules;
}
