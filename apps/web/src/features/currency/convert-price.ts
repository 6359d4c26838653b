import { convertMinor, fromMinor, toMinor } from "@alloggio/domain/money/money";
import type { ConversionRate } from "./currency-cache";

/**
 * An amount of `currency` in the display currency of `rate`, rounded to its decimal digits and cash step
 * (CHF 0.05, JPY whole units); null when the rate does not start from `currency` (nothing to convert).
 */
export function convertForDisplay(
  amount: number,
  currency: string,
  rate: ConversionRate,
): { amount: number; currency: string } | null {
  if (rate.from.code !== currency.toUpperCase() || rate.to.code === rate.from.code) return null;
  const minor = convertMinor(toMinor(amount, rate.from.decimalDigits), rate.from, rate.to, rate.change);
  return { amount: fromMinor(minor, rate.to.decimalDigits), currency: rate.to.code };
}

/** The display currencies offered: the hotel's first, then a short list (SPEC §4). */
export const DISPLAY_CURRENCIES = ["EUR", "USD", "GBP", "CHF", "JPY", "CNY"] as const;

export function listDisplayCurrencies(hotelCurrency: string): string[] {
  const own = hotelCurrency.toUpperCase();
  return [own, ...DISPLAY_CURRENCIES.filter((c) => c !== own)];
}
