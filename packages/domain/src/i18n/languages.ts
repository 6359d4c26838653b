/**
 * SPEC §3 language table; Japanese has a bundle but no id in SPEC, so it takes the next free id (ADR 0004).
 * `text` is the bundle a language reads, `locale` formats its dates, `lang` is what the page says it is in
 * (`<html lang>`): Russian reads English text and English dates but says `ru`, so screen readers know (ADR 0019).
 */
export const LANGUAGES = [
  { id: 1, code: "en-gb", locale: "en-GB", lang: "en-GB", label: "English", text: "en" },
  { id: 2, code: "it", locale: "it-IT", lang: "it", label: "Italiano", text: "it" },
  { id: 3, code: "de", locale: "de-DE", lang: "de", label: "Deutsch", text: "de" },
  { id: 4, code: "fr", locale: "fr-FR", lang: "fr", label: "Français", text: "fr" },
  { id: 5, code: "es", locale: "es-ES", lang: "es", label: "Español", text: "es" },
  { id: 6, code: "ch", locale: "zh-CN", lang: "zh-CN", label: "中文", text: "zh" },
  { id: 7, code: "ru", locale: "en-GB", lang: "ru", label: "Русский", text: "en" },
  { id: 8, code: "pt", locale: "pt-PT", lang: "pt", label: "Português", text: "pt" },
  { id: 9, code: "ja", locale: "ja-JP", lang: "ja", label: "日本語", text: "ja" },
] as const;

export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE_ID = 1;

export function findLanguage(id: number): Language {
  return LANGUAGES.find((l) => l.id === id) ?? LANGUAGES[0];
}

/** The language id that reads a text code's bundle (en → 1 English, not Russian). */
export function languageOfText(text: string): Language {
  return LANGUAGES.find((l) => l.text === text) ?? LANGUAGES[0];
}

const filled = (text: string | undefined): text is string => typeof text === "string" && text.trim() !== "";

/**
 * Picks the text of a language from a `{ en, it, … }` map, falling back to English, then to any text. A blank
 * text counts as missing: a property file that leaves `"de": ""` shows German guests the English text.
 */
export function pickText(
  text: Readonly<Record<string, string>> | null | undefined,
  languageId: number,
): string {
  if (!text) return "";
  const own = text[findLanguage(languageId).text];
  if (filled(own)) return own;
  if (filled(text.en)) return text.en;
  return Object.values(text).find(filled) ?? "";
}
