// How money reads in each language (ADR 0019): SPEC §9's Italian style with the ISO code (`1234,50 EUR`) for the
// languages that write a decimal comma or accept one (en, it, de, fr, es, pt, and ru, which reads English), and
// the language's own style, still with the ISO code, for Chinese and Japanese (`EUR 1,234.50`), whose readers take
// a comma for the thousands separator and would read `1.234,50` as one point two.
import { findLanguage } from "../i18n/languages";
import { formatMoneyIn, moneyOf } from "./amounts";
import { type CurrencyRules, formatMoney } from "./money";

const OWN_STYLE: Readonly<Record<string, string>> = { zh: "zh-CN", ja: "ja-JP" };

/** The locale whose number style a language shows money in. */
export function moneyLocaleOf(languageId: number): string {
  return OWN_STYLE[findLanguage(languageId).text] ?? "it-IT";
}

/** Minor units in a language's money style: the mails' amounts. */
export function formatMinorFor(minor: number, rules: CurrencyRules, languageId: number): string {
  return formatMoney(minor, rules, moneyLocaleOf(languageId));
}

/** An amount in major units, as SPEC's calls answer it, in a language's money style: the web app's amounts. */
export function formatAmountFor(amount: number, currency: string, languageId: number): string {
  return formatMoneyIn(moneyOf(amount, currency), moneyLocaleOf(languageId));
}
