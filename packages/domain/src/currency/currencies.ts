import { CASH_ROUNDING, decimalDigitsOf, normalizeCode } from "./rules";

export { CASH_ROUNDING, currencyRules } from "./rules";

/** Currently circulating ISO 4217 codes offered for display; every other fact comes from `Intl`. */
export const CURRENCY_CODES: readonly string[] = [
  "AED",
  "AFN",
  "ALL",
  "AMD",
  "AOA",
  "ARS",
  "AUD",
  "AWG",
  "AZN",
  "BAM",
  "BBD",
  "BDT",
  "BHD",
  "BND",
  "BOB",
  "BRL",
  "BSD",
  "BWP",
  "BYN",
  "BZD",
  "CAD",
  "CHF",
  "CLP",
  "CNY",
  "COP",
  "CRC",
  "CVE",
  "CZK",
  "DKK",
  "DOP",
  "DZD",
  "EGP",
  "ETB",
  "EUR",
  "FJD",
  "GBP",
  "GEL",
  "GHS",
  "GTQ",
  "HKD",
  "HNL",
  "HUF",
  "IDR",
  "ILS",
  "INR",
  "IQD",
  "ISK",
  "JMD",
  "JOD",
  "JPY",
  "KES",
  "KGS",
  "KHR",
  "KRW",
  "KWD",
  "KYD",
  "KZT",
  "LAK",
  "LBP",
  "LKR",
  "MAD",
  "MDL",
  "MGA",
  "MKD",
  "MMK",
  "MNT",
  "MOP",
  "MUR",
  "MVR",
  "MXN",
  "MYR",
  "MZN",
  "NAD",
  "NGN",
  "NIO",
  "NOK",
  "NPR",
  "NZD",
  "OMR",
  "PAB",
  "PEN",
  "PGK",
  "PHP",
  "PKR",
  "PLN",
  "PYG",
  "QAR",
  "RON",
  "RSD",
  "RUB",
  "RWF",
  "SAR",
  "SCR",
  "SEK",
  "SGD",
  "THB",
  "TND",
  "TRY",
  "TTD",
  "TWD",
  "TZS",
  "UAH",
  "UGX",
  "USD",
  "UYU",
  "UZS",
  "VND",
  "XAF",
  "XCD",
  "XOF",
  "XPF",
  "ZAR",
  "ZMW",
];

export type CurrencyDescription = {
  code: string;
  name: string;
  name_plural: string;
  symbol: string;
  symbol_native: string;
  decimal_digits: number;
  rounding: number;
};

// Shared and regional currencies have no home country in their code's first two letters.
const HOME_LOCALE_OVERRIDES: Readonly<Record<string, string>> = {
  EUR: "de-DE",
  XAF: "fr-CM",
  XCD: "en-AG",
  XOF: "fr-SN",
  XPF: "fr-PF",
};

const descriptions = new Map<string, CurrencyDescription>();

function readCurrencyPart(locale: string, code: string, currencyDisplay: "symbol" | "name"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: code, currencyDisplay })
    .formatToParts(2)
    .filter((part) => part.type === "currency")
    .map((part) => part.value)
    .join("")
    .replace(/\p{Cf}/gu, "")
    .trim();
}

/** The likeliest locale of the country whose ISO 3166 code starts the currency code (CH → de-CH). */
function findHomeLocale(code: string): string | null {
  const override = HOME_LOCALE_OVERRIDES[code];
  if (override) return override;
  try {
    const region = code.slice(0, 2);
    const locale = new Intl.Locale(`und-${region}`).maximize();
    return locale.region === region && locale.language !== "und" ? `${locale.language}-${region}` : null;
  } catch {
    return null;
  }
}

export function describeCurrency(code: string): CurrencyDescription {
  const normalized = normalizeCode(code);
  const cached = descriptions.get(normalized);
  if (cached) return cached;

  const symbol = readCurrencyPart("en-US", normalized, "symbol") || normalized;
  const homeLocale = findHomeLocale(normalized);
  // Some locales write the currency as an invisible mark (pt-CV), which is no use as a symbol.
  const nativeSymbol = homeLocale ? readCurrencyPart(homeLocale, normalized, "symbol") : "";
  const description: CurrencyDescription = {
    code: normalized,
    name: new Intl.DisplayNames("en", { type: "currency" }).of(normalized) ?? normalized,
    name_plural: readCurrencyPart("en", normalized, "name"),
    symbol,
    symbol_native: nativeSymbol || symbol,
    decimal_digits: decimalDigitsOf(normalized),
    rounding: CASH_ROUNDING[normalized] ?? 0,
  };
  descriptions.set(normalized, description);
  return description;
}

export function isCurrencyCode(code: string): boolean {
  return CURRENCY_CODES.includes(code);
}
