import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const folder = resolve(root, "docs/decisions");
const records = readdirSync(folder)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort();
const index = readFileSync(resolve(folder, "README.md"), "utf8");

type Row = { number: string; file: string; status: string; amendedBy: string };
const rows: Row[] = index
  .split("\n")
  .filter((line) => /^\| \[\d{4}\]/.test(line))
  .map((line) => {
    const [first = "", , status = "", amendedBy = ""] = line
      .slice(1, -1)
      .split(" | ")
      .map((cell) => cell.trim());
    const link = /^\[(\d{4})\]\(([^)]+)\)$/.exec(first);
    return { number: link?.[1] ?? first, file: link?.[2] ?? "", status, amendedBy };
  });

const linkedRecords = (text: string) =>
  [...text.matchAll(/\]\((\d{4}-[^)#]+\.md)/g)].map((match) => match[1] ?? "");

// Records written before the ~300-word rule; each leaves this list when it is cut down to its decision(s).
const longRecords = new Set(
  ["0003 0010 0011 0012 0017 0020 0023 0024 0031 0032 ", "0035 0061"].join("").split(" "),
);

describe("the decision records' index (docs/decisions/README.md)", () => {
  it("lists every record once, in order, each row linking its own file", () => {
    expect(rows.map((row) => row.file)).toEqual(records);
    for (const row of rows) expect(row.file.slice(0, 4), row.file).toBe(row.number);
  });

  it("gives each a status, and a superseding or amending record that exists", () => {
    for (const row of rows) {
      expect(row.status, row.number).toMatch(
        /^(accepted|proposed|superseded by \[\d{4}\]\(\d{4}-[^)]+\.md\))/,
      );
      for (const file of linkedRecords(`${row.status} ${row.amendedBy}`))
        expect(records, row.number).toContain(file);
    }
  });

  it("has records whose relative links lead to files that exist", () => {
    for (const name of records) {
      const text = readFileSync(resolve(folder, name), "utf8");
      for (const [, target = ""] of text.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)/g)) {
        expect(existsSync(resolve(dirname(resolve(folder, name)), target)), `${name} → ${target}`).toBe(true);
      }
    }
  });

  it("keeps dated bench notes (measurements moved out of the records)", () => {
    const notes = readdirSync(resolve(root, "bench/notes")).filter((name) => name !== "README.md");
    for (const name of notes) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.md$/);
  });

  it("keeps a record to its decision (about 300 words, or sections of about 300; measurements go to bench/notes/)", () => {
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    for (const name of records) {
      if (longRecords.has(name.slice(0, 4))) continue;
      const text = readFileSync(resolve(folder, name), "utf8");
      if (words(text) <= 400) continue;
      // A record of several decisions keeps each in a section of its own.
      for (const section of text.split(/\n(?=## )/))
        expect(words(section), `${name}: ${section.slice(0, 60)}`).toBeLessThanOrEqual(350);
    }
  });
});
