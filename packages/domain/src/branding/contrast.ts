// Colour contrast of WCAG 2.2 (success criterion 1.4.3): a channel's primary colour carries white text (buttons)
// and is the colour of links on white, so it needs a contrast of at least 4.5:1 with white.

/** WCAG AA's minimum contrast for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const HEX = /^#([0-9a-fA-F]{6})$/;

/** The relative luminance of a colour written #rrggbb (0 black … 1 white), or null when it is not one. */
export function relativeLuminance(hex: string): number | null {
  const match = HEX.exec(hex);
  if (!match) return null;
  const value = Number.parseInt(match[1]!, 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** The contrast ratio of two colours written #rrggbb (1 … 21), or null when one is not a colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  const [light, dark] = la >= lb ? [la, lb] : [lb, la];
  return (light + 0.05) / (dark + 0.05);
}

/** The ratio rounded down to one decimal, as people read it ("4.4:1" never shows as "4.5:1"). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

/** Whether white text on this colour (and this colour as text on white) meets WCAG AA. */
export function readableWithWhite(hex: string): boolean {
  const ratio = contrastRatio(hex, "#ffffff");
  return ratio !== null && ratio >= MIN_TEXT_CONTRAST;
}
