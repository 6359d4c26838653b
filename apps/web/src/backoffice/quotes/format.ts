import { currencyRules } from "@alloggio/domain/currency/currencies";
import { decimalTextOf, parseInputText } from "@alloggio/domain/money/amounts";
import { formatMoney } from "../../lib/money";

// Money and hotel texts on the quotes and links screens: minor units on the wire, the web's formatMoney in the UI.

export function formatMinor(minor: number, currency: string, _digits: number, locale: string): string {
  return formatMoney({ minor, currency }, { locale, display: "symbol" });
}

/** The text of a hotel name in the UI language, English when the hotel wrote none. */
export function textIn(text: Record<string, string> | null | undefined, language: string): string {
  if (!text) return "";
  const code = language.slice(0, 2);
  return text[code]?.trim() || text.en || Object.values(text)[0] || "";
}

/** A major-unit amount typed in a form, in minor units (null when not a number). */
export function toMinorUnits(value: string, digits: number): number | null {
  const minor = parseInputText(value, digits);
  return minor === null || !Number.isFinite(minor) || minor < 0 ? null : minor;
}

export function fromMinorUnits(minor: number, digits: number): string {
  return decimalTextOf(minor, digits);
}

export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    ...(iso.length === 10 ? { timeZone: "UTC" } : { hour: "2-digit", minute: "2-digit" }),
  }).format(date);
}

/** The minor digits of a currency, as Intl knows them (2 for EUR, 0 for JPY). */
export function digitsOf(currency: string): number {
  return currencyRules(currency).decimalDigits;
}

/** The last valid day of an expiry instant (the start of the next day, hotel time). */
export function formatLastDay(expiresAt: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric" }).format(
    new Date(new Date(expiresAt).getTime() - 60_000),
  );
}
