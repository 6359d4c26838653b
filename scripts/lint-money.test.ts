import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { lintSource, lintTree } from "./lint-money.mjs";

const root = resolve(import.meta.dirname, "..");
const rulesOf = (text: string) => lintSource(text).map((f) => f.rule);

describe("money lint (ADR 0069)", () => {
  it.each([
    ["const minor = Math.round(amount * 10 ** digits);", ["power-of-ten"]],
    ["const round2 = (n: number) => Math.round(n * 100) / 100;", ["round-to-cents"]],
    ["const cents = Math.round(total * 100);", ["round-to-cents"]],
    ["const text = price.toFixed(2);", ["to-fixed"]],
    ["return (minor / 10 ** d).toFixed(d);", ["power-of-ten", "to-fixed"]],
  ])("flags %j", (line, rules) => {
    expect(rulesOf(line)).toEqual(rules);
  });

  it.each([
    "const minor = toMinor(amount, digits);",
    "const ratio = contrast.toFixed(1);",
    "if (Math.round(percent * 100) !== percent * 100) throw badInput();",
    "const squared = x ** 2;",
    "// Math.round(n * 100) / 100 was how cents were rounded",
  ])("lets %j pass", (line) => {
    expect(rulesOf(line)).toEqual([]);
  });

  it("lets a line pass that says why it is not money", () => {
    expect(rulesOf("// money-lint-ignore: a percent\nconst p = Math.round(total * 100) / 100;")).toEqual([]);
    expect(rulesOf("const p = total.toFixed(2); // money-lint-ignore: a percent of the total")).toEqual([]);
  });

  it("names the file and line", () => {
    expect(lintSource("ok\nconst x = 10 ** 2;", "a.ts")).toEqual([
      expect.objectContaining({ file: "a.ts", line: 2, rule: "power-of-ten" }),
    ]);
  });

  it("fails the command on a deliberately bad line, and leaves the domain's money module and tests alone", () => {
    const base = mkdtempSync(join(tmpdir(), "lint-money-"));
    mkdirSync(join(base, "apps/web/src"), { recursive: true });
    mkdirSync(join(base, "packages/domain/src/money"), { recursive: true });
    writeFileSync(
      join(base, "apps/web/src/bad.ts"),
      "export const round2 = (n: number) => Math.round(n * 100) / 100;\n",
    );
    writeFileSync(join(base, "apps/web/src/bad.test.ts"), "expect(total.toFixed(2)).toBe('1.00');\n");
    writeFileSync(join(base, "packages/domain/src/money/money.ts"), "const p = 10 ** d;\n");
    expect(lintTree(base)).toEqual([
      expect.objectContaining({ file: "apps/web/src/bad.ts", line: 1, rule: "round-to-cents" }),
    ]);
  });

  it("passes on this repository, and runs in npm run lint (so in validate)", () => {
    expect(lintTree(root)).toEqual([]);
    const scripts = (
      JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.lint).toContain("node scripts/lint-money.mjs");
    expect(scripts.validate).toContain("npm run lint");
  });

  it("exits non-zero from the command line on a finding", () => {
    const base = mkdtempSync(join(tmpdir(), "lint-money-cli-"));
    const script = join(base, "scripts/lint-money.mjs");
    mkdirSync(join(base, "scripts"), { recursive: true });
    mkdirSync(join(base, "apps/web/src"), { recursive: true });
    writeFileSync(script, readFileSync(join(root, "scripts/lint-money.mjs")));
    writeFileSync(
      join(base, "apps/web/src/bad.ts"),
      "export const m = (a: number) => Math.round(a * 10 ** 2);\n",
    );
    expect(() => execFileSync(process.execPath, [script], { stdio: "pipe" })).toThrow(/power-of-ten/);
    writeFileSync(join(base, "apps/web/src/bad.ts"), "export const ok = 1;\n");
    expect(execFileSync(process.execPath, [script], { encoding: "utf8" })).toMatch(/no money arithmetic/);
  });
});
