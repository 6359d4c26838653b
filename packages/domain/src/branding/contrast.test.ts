import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  formatRatio,
  MIN_TEXT_CONTRAST,
  readableWithWhite,
  relativeLuminance,
} from "./contrast";

describe("WCAG contrast of a channel's primary colour with white text", () => {
  it("computes the relative luminance of WCAG 2.2", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    expect(relativeLuminance("#FF0000")).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance("red")).toBeNull();
    expect(relativeLuminance("#fff")).toBeNull();
  });

  it("gives the known ratios: black on white 21:1, #767676 just passes, #777777 just fails", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 10);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 10);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")!).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio("#777777", "#ffffff")!).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio("#1d4ed8", "#ffffff")).toBeCloseTo(6.7, 1);
  });

  it("accepts 4.5:1 and more and refuses less (AA for normal text)", () => {
    expect(readableWithWhite("#767676")).toBe(true);
    expect(readableWithWhite("#0b5394")).toBe(true);
    expect(readableWithWhite("#777777")).toBe(false);
    expect(readableWithWhite("#f1c232")).toBe(false);
    expect(readableWithWhite("#ffffff")).toBe(false);
    expect(readableWithWhite("not a colour")).toBe(false);
  });

  it("writes a ratio rounded down, so a failing colour never reads 4.5:1", () => {
    expect(formatRatio(4.4999)).toBe("4.4:1");
    expect(formatRatio(21)).toBe("21.0:1");
    expect(formatRatio(contrastRatio("#777777", "#ffffff")!)).toBe("4.4:1");
  });
});
