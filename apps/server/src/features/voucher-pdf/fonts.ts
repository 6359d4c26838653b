// The voucher's fonts (ADR 0017): Noto Sans for Latin, Greek and Cyrillic, Noto Sans SC for Chinese, Noto Sans JP
// for Japanese, from npm (SIL OFL 1.1). pdfkit's built-in Helvetica has no CJK glyphs and only WinAnsi.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as Fontkit from "fontkit";

export type FontFace = "latin" | "sc" | "jp";
export type FontWeight = "regular" | "bold";

const require = createRequire(import.meta.url);

const FILES: Record<FontFace, Record<FontWeight, string>> = {
  latin: {
    regular: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  },
  sc: {
    regular: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
  },
  jp: {
    regular: "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf",
  },
};

/**
 * Which face to try first, per text language: the reader's own script first (Japanese kanji drawn the Japanese
 * way, Chinese the Chinese way), then the others for names and addresses typed in another script.
 */
const CHAINS: Record<string, FontFace[]> = {
  zh: ["sc", "latin", "jp"],
  ja: ["jp", "sc", "latin"],
};
const LATIN_FIRST: FontFace[] = ["latin", "sc", "jp"];

export function fontChainFor(textLanguage: string): FontFace[] {
  return CHAINS[textLanguage] ?? LATIN_FIRST;
}

// fontkit itself (about 25 MB and most of a second to load) is imported with the first voucher, not at boot: most
// processes never draw one (ADR 0049). renderVoucherPdf awaits loadFontkit() before it lays anything out.
let fontkit: typeof Fontkit | undefined;
export async function loadFontkit(): Promise<void> {
  fontkit ??= await import("fontkit");
}

// Parsed once per process, on first use: a Latin-only voucher never reads the CJK files (10 MB each).
const loaded = new Map<string, Fontkit.Font>();

/** The parsed font (fontkit), which pdfkit embeds as a subset of the glyphs a document uses. */
export function loadFont(face: FontFace, weight: FontWeight): Fontkit.Font {
  const key = `${face}-${weight}`;
  let font = loaded.get(key);
  if (!font) {
    if (!fontkit) throw new Error("loadFont: await loadFontkit() first");
    font = fontkit.create(readFileSync(require.resolve(FILES[face][weight]))) as Fontkit.Font;
    loaded.set(key, font);
  }
  return font;
}

/** A piece of text and the face that draws every character of it. */
export type TextRun = { text: string; face: FontFace };

/** Glyphs no face has (Arabic, Thai, Hangul, emoji …) are drawn as U+FFFD, which Noto Sans has: never a blank box. */
const REPLACEMENT = "\uFFFD";

function isDrawnWithoutGlyph(codePoint: number): boolean {
  // Line breaks, tabs and other controls are layout, not glyphs; the zero-width joiners too.
  return codePoint < 0x20 || (codePoint >= 0x200b && codePoint <= 0x200f);
}

/**
 * Splits text into runs, each drawn by one face: the first face of the chain that has every character when one
 * does (one run: it measures and wraps as one), otherwise character by character down the chain.
 */
export function splitIntoRuns(text: string, chain: readonly FontFace[], weight: FontWeight): TextRun[] {
  // Intl writes narrow and thin spaces that the CJK faces lack: the plain ones look the same at this size.
  const chars = [...text.replace(/\u202f/g, "\u00a0").replace(/[\u2009\u200a]/g, " ")];
  const has = (face: FontFace, c: string) => {
    const cp = c.codePointAt(0) ?? 0;
    return isDrawnWithoutGlyph(cp) || loadFont(face, weight).hasGlyphForCodePoint(cp);
  };
  const whole = chain.find((face) => chars.every((c) => has(face, c)));
  if (whole) return [{ text: chars.join(""), face: whole }];
  const runs: TextRun[] = [];
  for (const c of chars) {
    const face = chain.find((f) => has(f, c));
    const piece = face ? { text: c, face } : { text: REPLACEMENT, face: "latin" as const };
    const last = runs[runs.length - 1];
    if (last && last.face === piece.face) last.text += piece.text;
    else runs.push(piece);
  }
  return runs;
}
