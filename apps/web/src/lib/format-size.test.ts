import { describe, expect, it } from "vitest";
import { formatFileSize } from "./format";

describe("formatFileSize", () => {
  it.each([
    ["en", 399, "399 B"],
    ["en", 1_331, "1.3 kB"],
    ["en", 245_000, "239 kB"],
    ["en", 1_258_291, "1.2 MB"],
    ["de", 1_258_291, "1,2 MB"],
    ["it", 399, "399 B"],
    ["fr", 399, "399 o"],
    ["fr", 1_258_291, "1,2 Mo"],
    ["ja", 399, "399 B"],
    ["pt", 399, "399 B"],
    ["en", 10 * 1024 * 1024, "10 MB"],
  ])("%s: %d bytes read %s", (locale, bytes, text) => {
    expect(formatFileSize(bytes, locale).replace(/\s/g, " ")).toBe(text);
  });
});
