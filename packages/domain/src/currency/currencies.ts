import type { CurrencyRules } from "../money/money";

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

/** Cash rounding step in major units; currencies not listed round to the minor unit. */
export const CASH_ROUNDING: Readonly<Record<string, number>> = { CHF: 0.05 };

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

const CODE_PATTERN = /^[A-Z]{3}$/;

const descriptions = new Map<string, CurrencyDescription>();

/** A currency code as written (any case, spaces around) → its ISO form; anything else is refused. */
function normalizeCode(code: string): string {
  const normalized = code.trim().toUpperCase();
  if (!CODE_PATTERN.test(normalized)) throw new RangeError(`Invalid currency code: ${code}`);
  return normalized;
}

/** The currency's minor unit (2 for EUR, 0 for JPY, 3 for KWD), as Intl knows it. */
function decimalDigitsOf(code: string): number {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

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
