// Shared by the web app's currency selector and the server's first paint of the search page (ADR 0051).

/** The display currencies offered: the hotel's first, then a short list (SPEC §4). */
export const DISPLAY_CURRENCIES = ["EUR", "USD", "GBP", "CHF", "JPY", "CNY"] as const;

export function listDisplayCurrencies(hotelCurrency: string): string[] {
  const own = hotelCurrency.toUpperCase();
  return [own, ...DISPLAY_CURRENCIES.filter((c) => c !== own)];
}
