const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Money in the Italian style with the currency code (SPEC §9): `1.234,50 EUR`. */
export function formatPrice(amount: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("it-IT", { style: "currency", currency, currencyDisplay: "code" });
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}

/** A stay date `YYYYMMDD` as a calendar day in the guest's locale (no time zone shift). */
export function formatDay(
  ymd: string,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: "medium" },
) {
  const date = new Date(
    Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8))),
  );
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(date);
}
