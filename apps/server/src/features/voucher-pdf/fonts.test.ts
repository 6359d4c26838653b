import { LANGUAGES } from "@alloggio/domain/i18n/languages";
import { formatMoney } from "@alloggio/domain/money/money";
import { beforeAll, describe, expect, it } from "vitest";
import { countryName, formatDay, formatInstant } from "../mail/mail-document";
import { MAIL_TEXTS } from "../mail/texts";
import { fontChainFor, loadFontkit, splitIntoRuns } from "./fonts";
import { VOUCHER_PDF_TEXTS } from "./texts";

// fontkit is loaded with the first voucher (ADR 0049); these tests call the font helpers directly.
beforeAll(() => loadFontkit());

/** Every string of a texts table, its functions called with sample values. */
function stringsOf(table: object): string[] {
  return Object.values(table).flatMap((value): string[] => {
    if (typeof value === "string") return [value];
    if (typeof value === "function") return [(value as (...args: unknown[]) => string)("2", "5, 7")];
    return stringsOf(value as object);
  });
}

/** What a voucher prints in a locale besides its tables: days of every month, instants, countries, money. */
function formattedIn(locale: string): string[] {
  const days = Array.from({ length: 12 }, (_, m) =>
    formatDay(`2030-${String(m + 1).padStart(2, "0")}-1${m % 7}`, locale),
  );
  return [
    ...days,
    formatInstant("2030-01-05T10:00:00Z", locale, "Europe/Rome"),
    ...["IT", "DE", "FR", "ES", "PT", "CN", "JP", "RU", "CH", "AT"].map((c) => countryName(c, locale)),
    formatMoney(123456789, { code: "EUR", decimalDigits: 2, rounding: 0 }),
    formatMoney(1234500, { code: "JPY", decimalDigits: 0, rounding: 0 }),
  ];
}

describe("the voucher's fonts", () => {
  it.each(LANGUAGES.map((l) => [l.label, l] as const))(
    "draw every line of %s in the reader's own face, regular and bold, with no replacement glyph",
    (_label, language) => {
      const chain = fontChainFor(language.text);
      const lines = [
        ...stringsOf(MAIL_TEXTS[language.text]),
        ...stringsOf(VOUCHER_PDF_TEXTS[language.text]),
        ...formattedIn(language.locale),
      ];
      for (const weight of ["regular", "bold"] as const)
        for (const line of lines) {
          const runs = splitIntoRuns(line, chain, weight);
          expect(runs, line).toHaveLength(1);
          expect(runs[0]?.face, line).toBe(chain[0]);
          expect(runs[0]?.text, line).not.toContain("\uFFFD");
        }
    },
  );

  it.each([
    ["a Latin name in a Chinese voucher", "zh", "Ada Lovelace", [["Ada Lovelace", "sc"]]],
    ["a Chinese name in an English voucher", "en", "王小明", [["王小明", "sc"]]],
    ["a Japanese name in an English voucher", "en", "髙橋 さくら", [["髙橋 さくら", "sc"]]],
    ["Greek with accents in a Japanese voucher", "ja", "Ελληνικά", [["Ελληνικά", "latin"]]],
    ["Latin and Chinese in one name", "it", "Müller 王", [["Müller 王", "sc"]]],
    [
      "Greek accents and Chinese in one name",
      "en",
      "Ά 王",
      [
        ["Ά ", "latin"],
        ["王", "sc"],
      ],
    ],
    [
      "narrow no-break spaces (French dates, money)",
      "zh",
      "1\u202f234,00\u00a0EUR",
      [["1\u00a0234,00\u00a0EUR", "sc"]],
    ],
    [
      "a script no face has, as U+FFFD rather than a blank box",
      "en",
      "Ali محمد",
      [["Ali \uFFFD\uFFFD\uFFFD\uFFFD", "latin"]],
    ],
  ] as const)("splits %s into runs each face can draw", (_name, language, text, expected) => {
    const runs = splitIntoRuns(text, fontChainFor(language), "regular");
    expect(runs.map((r) => [r.text, r.face])).toEqual(expected);
  });
});
