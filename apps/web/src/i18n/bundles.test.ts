import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const here = new URL(".", import.meta.url).pathname;
const localesDir = join(here, "locales");
const srcDir = join(here, "..");
const languages = readdirSync(localesDir);

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}
function read(language: string, namespace: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), "utf8")) as Tree);
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const namespaces = readdirSync(join(localesDir, "en")).map((f) => f.replace(/\.json$/, ""));

describe("text bundles", () => {
  it("has the eight bundles of SPEC §3 (Russian uses English)", () => {
    expect(languages.sort()).toEqual(["de", "en", "es", "fr", "it", "ja", "pt", "zh"]);
  });

  describe.each(languages.filter((l) => l !== "en"))("%s", (language) => {
    it.each(namespaces)("%s has every English key, with the same placeholders, translated", (namespace) => {
      const en = read("en", namespace);
      const other = read(language, namespace);
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      let same = 0;
      for (const [key, text] of en) {
        const translated = other.get(key) ?? "";
        expect(translated.trim(), `${language}/${namespace}:${key}`).not.toBe("");
        expect(placeholders(translated), `${language}/${namespace}:${key}`).toEqual(placeholders(text));
        if (translated === text && /[a-z]{3}/i.test(text)) same++;
      }
      // Real translations, not English copies (a few words such as "OK" or brand names may stay).
      expect(same / Math.max(1, en.size), `${language}/${namespace}: share left in English`).toBeLessThan(
        0.25,
      );
    });
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(path);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [path] : [];
  });
}

describe("components", () => {
  it.each(sourceFiles(srcDir).map((f) => [relative(srcDir, f), f]))(
    "%s holds no hard-coded user-visible text",
    (_name, file) => {
      const code = readFileSync(file, "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, "");
      // Text between JSX tags, and text attributes people see or hear.
      const jsxText = [...code.matchAll(/>([^<>{}`;=()]*[A-Za-z]{2,}[^<>{}`;=()]*)</g)]
        .map((m) => m[1]!.trim())
        .filter((t) => t && !/^[\w.]+\s*(&&|\|\||\?)/.test(t));
      const attributes = [
        ...code.matchAll(/\b(aria-label|title|placeholder|alt|aria-description)="([^"]*[A-Za-z][^"]*)"/g),
      ].map((m) => `${m[1]}="${m[2]}"`);
      expect([...jsxText, ...attributes]).toEqual([]);
    },
  );
});
