import { formatAmountFor } from "@alloggio/domain/money/format-amount";

/**
 * Money with the currency code in the language's style (SPEC §9, ADR 0019): Italian style for the European
 * languages (`1234,50 EUR`, `12.345,50 EUR`), the own style of Chinese and Japanese (`EUR 1,234.50`). The mails
 * write amounts with the same domain function.
 */
export function formatPrice(amount: number, currency: string, languageId = 1): string {
  // SPEC's calls answer decimals: minor units once, then the one money formatter (the server's first paint of the
  // packages page writes its prices with the same function).
  return formatAmountFor(amount, currency, languageId);
}

// Building an Intl.DateTimeFormat costs far more than formatting with one, and the results render a date several
// times per rate: one formatter per locale and options, kept (a page uses a handful).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    dayFormats.set(key, format);
  }
  return format;
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
  return dayFormat(locale, options).format(date);
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant (ISO 8601) as the hotel's clock reads it, in a locale's format: every time a person reads — guest or
 * staff — is hotel time, never the browser's zone (a guest abroad and the front desk see the same "18:00").
 * An unknown zone falls back to UTC; a text that is no instant reads "".
 */
export function formatHotelTime(
  iso: string,
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" },
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = instantFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    }
    instantFormats.set(key, format);
  }
  return format.format(date);
}

/**
 * A file size in the locale's digits and symbols: "399 B", "1.3 kB", "245 kB", "1.2 MB" (French "399 o", "1,2 Mo"), in steps of
 * 1024 as the upload limit is written (10 MB). Intl's own "byte" unit reads "399 byte" in several languages, so
 * bytes take the kilobyte's symbol without its "k".
 */
export function formatFileSize(bytes: number, locale: string): string {
  const unit = bytes >= 1024 * 1024 ? "megabyte" : bytes >= 1024 ? "kilobyte" : "byte";
  const value = unit === "megabyte" ? bytes / (1024 * 1024) : unit === "kilobyte" ? bytes / 1024 : bytes;
  const parts = new Intl.NumberFormat(locale, {
    style: "unit",
    unit: unit === "byte" ? "kilobyte" : unit,
    unitDisplay: "short",
    maximumFractionDigits: unit !== "byte" && value < 10 ? 1 : 0,
  }).formatToParts(value);
  return parts
    .map((p) => (unit === "byte" && p.type === "unit" ? p.value.replace(/^[kK]/, "") : p.value))
    .join("");
}
