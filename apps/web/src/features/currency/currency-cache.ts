import type { CurrencyRules } from "@alloggio/domain/money/money";

/** SPEC §4 and §9: the currency choice is cached in the session and dropped when more than 2 days old. */
export const CURRENCY_CACHE_KEY = "currency";
export const CURRENCY_CACHE_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;

/** A rate of the conversion call: `change` units of `to` per unit of `from`. */
export type ConversionRate = { from: CurrencyRules; to: CurrencyRules; change: number };

export type CurrencyChoice = {
  /** The display currency the guest picked. */
  code: string;
  /** The rate from the hotel currency to `code`, once fetched. */
  rate: ConversionRate | null;
  /** Epoch milliseconds when the choice (and its rate) was saved. */
  savedAt: number;
};

function isRules(value: unknown): value is CurrencyRules {
  const v = value as CurrencyRules | null;
  return typeof v?.code === "string" && typeof v.decimalDigits === "number" && typeof v.rounding === "number";
}

function isChoice(value: unknown): value is CurrencyChoice {
  const v = value as CurrencyChoice | null;
  if (typeof v?.code !== "string" || !/^[A-Z]{3}$/.test(v.code) || typeof v.savedAt !== "number")
    return false;
  if (v.rate === null) return true;
  return isRules(v.rate?.from) && isRules(v.rate.to) && typeof v.rate.change === "number";
}

/** The cached choice, or null when there is none, it is unreadable or older than 2 days (then it is removed). */
export function readCurrencyChoice(storage: Storage, now: number): CurrencyChoice | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(CURRENCY_CACHE_KEY) ?? "null");
  } catch {
    value = null;
  }
  if (!isChoice(value)) {
    storage.removeItem(CURRENCY_CACHE_KEY);
    return null;
  }
  const age = now - value.savedAt;
  if (age < 0 || age > CURRENCY_CACHE_MAX_AGE_MS) {
    storage.removeItem(CURRENCY_CACHE_KEY);
    return null;
  }
  return value;
}

export function writeCurrencyChoice(storage: Storage, choice: CurrencyChoice): void {
  try {
    storage.setItem(CURRENCY_CACHE_KEY, JSON.stringify(choice));
  } catch {
    // Storage full or blocked (private mode): the choice still holds for this page.
  }
}

export function clearCurrencyChoice(storage: Storage): void {
  storage.removeItem(CURRENCY_CACHE_KEY);
}
