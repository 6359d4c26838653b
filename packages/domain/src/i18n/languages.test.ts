import { describe, expect, it } from "vitest";
import { findLanguage, LANGUAGES, pickText } from "./languages";

describe("pickText", () => {
  const full = { en: "Double room", it: "Camera doppia", de: "Doppelzimmer", zh: "双人间" };
  it.each([
    ["the language's own text", full, 2, "Camera doppia"],
    ["German", full, 3, "Doppelzimmer"],
    ["Chinese (id 6, code ch, text zh)", full, 6, "双人间"],
    ["Russian reads English", full, 7, "Double room"],
    ["a missing language falls back to English", full, 4, "Double room"],
    ["an unknown id reads English", full, 42, "Double room"],
    ["a blank text counts as missing", { en: "Spa", de: "" }, 3, "Spa"],
    ["a text of spaces counts as missing", { en: "Spa", fr: "   " }, 4, "Spa"],
    ["without English, any filled text", { it: "Solo italiano" }, 3, "Solo italiano"],
    ["a blank English is skipped too", { en: " ", it: "Camera", de: "" }, 3, "Camera"],
    ["nothing to show", {}, 2, ""],
    ["no text at all", null, 2, ""],
  ])("%s", (_case, text, languageId, expected) => {
    expect(pickText(text, languageId)).toBe(expected);
  });
});

describe("the page language of each language id", () => {
  it.each([
    [1, "en-GB", "en-GB", "en"],
    [2, "it", "it-IT", "it"],
    [3, "de", "de-DE", "de"],
    [6, "zh-CN", "zh-CN", "zh"],
    // SPEC §3: Russian uses the English text and locale, yet the page must say it is Russian.
    [7, "ru", "en-GB", "en"],
    [9, "ja", "ja-JP", "ja"],
  ])("language %d says lang=%s, formats dates as %s, reads the %s texts", (id, lang, locale, text) => {
    const language = findLanguage(id);
    expect([language.lang, language.locale, language.text]).toEqual([lang, locale, text]);
  });

  it("gives every language a valid BCP 47 tag", () => {
    for (const language of LANGUAGES)
      expect(Intl.getCanonicalLocales(language.lang)).toEqual([language.lang]);
  });
});
