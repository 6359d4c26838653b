/** SPEC §3 language table; Japanese has a bundle but no id in SPEC, so it takes the next free id (ADR 0004). */
export const LANGUAGES = [
  { id: 1, code: "en-gb", locale: "en-GB", label: "English", text: "en" },
  { id: 2, code: "it", locale: "it-IT", label: "Italiano", text: "it" },
  { id: 3, code: "de", locale: "de-DE", label: "Deutsch", text: "de" },
  { id: 4, code: "fr", locale: "fr-FR", label: "Français", text: "fr" },
  { id: 5, code: "es", locale: "es-ES", label: "Español", text: "es" },
  { id: 6, code: "ch", locale: "zh-CN", label: "中文", text: "zh" },
  { id: 7, code: "ru", locale: "en-GB", label: "Русский", text: "en" },
  { id: 8, code: "pt", locale: "pt-PT", label: "Português", text: "pt" },
  { id: 9, code: "ja", locale: "ja-JP", label: "日本語", text: "ja" },
] as const;

export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE_ID = 1;

export function findLanguage(id: number): Language {
  return LANGUAGES.find((l) => l.id === id) ?? LANGUAGES[0];
}

/** Picks the text of a language from a `{ en, it, … }` map, falling back to English, then to any text. */
export function pickText(
  text: Readonly<Record<string, string>> | null | undefined,
  languageId: number,
): string {
  if (!text) return "";
  const code = findLanguage(languageId).text;
  return text[code] ?? text.en ?? Object.values(text)[0] ?? "";
}
