// The server's first paint of the search page draws the currency selector with this list (ADR 0051). The web app's
// selector keeps its own copy (features/currency/convert-price.ts): importing this module there split the start
// bundle into more chunks (+4 KB gzip). The first paint's web test checks that both lists are the same.

/** The display currencies offered: the hotel's first, then a short list (SPEC §4). */
export const DISPLAY_CURRENCIES = ["EUR", "USD", "GBP", "CHF", "JPY", "CNY"] as const;

export function listDisplayCurrencies(hotelCurrency: string): string[] {
  const own = hotelCurrency.toUpperCase();
  return [own, ...DISPLAY_CURRENCIES.filter((c) => c !== own)];
}
