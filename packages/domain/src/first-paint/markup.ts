// What the server's first paints (ADR 0051, 0079) write their HTML with: the web app's markup by hand.
import { findLanguage } from "../i18n/languages";

/** A text of the web app's bundles (`namespace`, `key` with dots), `{{name}}` filled from `values`. */
export type Text = (namespace: string, key: string, values?: Record<string, string>) => string;

export const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** lucide-react's icons as the web app renders them (18 px unless told, aria-hidden). */
export const icon = (name: string, paths: string, size = 18, className = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name}${className ? ` ${className}` : ""}" aria-hidden="true">${paths}</svg>`;

/** A route of the web app (`ROUTES`) with its ids filled in. */
export const routePath = (route: string, ids: { hotel?: number; channel: number; language: number }) =>
  route
    .replace(":hotel", String(ids.hotel ?? 0))
    .replace(":channel", String(ids.channel))
    .replace(":language", String(ids.language));

/** A stay date `YYYYMMDD` as a calendar day in a locale (no time zone shift), as the web app's formatDay. */
export function formatStayDay(ymd: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(
    Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8))),
  );
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(date);
}

/** i18next's plural keys (`key_one`, `key_other`…) by the language's rules, as the web app picks them. */
export function counted(
  t: Text,
  language: number,
  namespace: string,
  key: string,
  count: number,
  values: Record<string, string> = {},
): string {
  const all = { ...values, count: String(count) };
  const plural = `${key}_${new Intl.PluralRules(findLanguage(language).text).select(count)}`;
  const text = t(namespace, plural, all);
  return text === plural ? t(namespace, `${key}_other`, all) : text;
}
