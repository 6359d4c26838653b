import { findLanguage } from "@alloggio/domain/i18n/languages";
import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { firstPageNamespaces, hotelPageIds } from "../app/first-page";

/** The text bundles: `locales/<code>/<namespace>.json`, one namespace per feature, each loaded when first used. */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*/*.json");

export const TEXT_CODES = ["en", "it", "de", "fr", "es", "pt", "zh", "ja"] as const;
export type TextCode = (typeof TEXT_CODES)[number];

const lazyBundles: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load =
      bundles[`./locales/${language}/${namespace}.json`] ?? bundles[`./locales/en/${namespace}.json`];
    if (!load) {
      callback(new Error(`no bundle ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (err: unknown) => callback(err as Error, null),
    );
  },
};

export const i18n = i18next.createInstance();

// A hotel page starts in its own language with the texts it shows at once, all asked for in parallel as the entry
// script runs (ADR 0046); HotelLayout's changeLanguage then has nothing left to do.
const startPath = typeof window === "undefined" ? "/" : window.location.pathname;
const startIds = hotelPageIds(startPath);

void i18n
  .use(lazyBundles)
  .use(initReactI18next)
  .init({
    lng: startIds ? languageOf(startIds.language).text : "en",
    fallbackLng: "en",
    supportedLngs: [...TEXT_CODES],
    ns: firstPageNamespaces(startPath),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

/**
 * The text bundle, the locale (for dates) and the page language (`<html lang>`) of a language id of SPEC §3:
 * Russian reads the English bundle and locale, and says `ru` (ADR 0019).
 */
export function languageOf(languageId: number) {
  const language = findLanguage(languageId);
  return {
    id: language.id,
    text: language.text as TextCode,
    locale: language.locale,
    lang: language.lang,
    code: language.code,
  };
}
