#!/usr/bin/env node
// The money lint (ADR 0069): money is integer minor units, converted and rounded only by packages/domain/src/money.
// Biome has no custom rules, so this small scan runs beside it in `npm run lint`. A line it wrongly flags (a
// percent, not money) carries `money-lint-ignore: <why>` in a comment on it or on the line above.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the rule looks, from the repository root; the money module itself is the one place allowed. */
export const ROOTS = ["apps/web/src", "apps/server/src", "packages/domain/src", "packages/test-kit/src"];
export const ALLOWED = ["packages/domain/src/money/"];

// A name that says the value is money: the heuristic that tells `total.toFixed(2)` from `ratio.toFixed(1)`.
const MONEY_WORDS = /minor|amount|price|total|money|currency|cost|fee|paid|due|refund|penalty/i;
const IGNORE = /money-lint-ignore:\s*\S/;

export const RULES = [
  {
    id: "power-of-ten",
    test: (line) => /\b10\s*\*\*/.test(line),
    message: "`10 **` converts money by hand: use toMinor / fromMinor (or moneyOf / amountOf) of the domain",
  },
  {
    id: "round-to-cents",
    test: (line) =>
      /Math\.round\([^;]*\*\s*100\s*\)\s*\/\s*100\b/.test(line) ||
      (/Math\.round\([^;]*\*\s*100\s*\)/.test(line) && MONEY_WORDS.test(line)),
    message: "`Math.round(x * 100)` rounds money in floating point: add, subtract and round in minor units",
  },
  {
    id: "to-fixed",
    test: (line) => /\.toFixed\(/.test(line) && MONEY_WORDS.test(line),
    message: "`toFixed` on money: write minor units with formatMoney, or decimalTextOf for a plain decimal",
  },
];

/** The findings of one file's text: 1-based line numbers. */
export function lintSource(text, file = "<source>") {
  const lines = text.split("\n");
  const findings = [];
  lines.forEach((line, index) => {
    if (IGNORE.test(line) || (index > 0 && IGNORE.test(lines[index - 1]))) return;
    const code = line.replace(/\/\/.*$/, "");
    for (const rule of RULES)
      if (rule.test(code)) findings.push({ file, line: index + 1, rule: rule.id, message: rule.message });
  });
  return findings;
}

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIPPED = /\.(test|spec)\.|\.d\.ts$/;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name === "migrations") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(name) && !SKIPPED.test(name)) yield path;
  }
}

/** Every finding under `roots` (relative to `base`), tests and the domain's money module left out. */
export function lintTree(base, roots = ROOTS) {
  const findings = [];
  for (const root of roots) {
    const dir = resolve(base, root);
    if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
    for (const path of sourceFiles(dir)) {
      const file = relative(base, path).split(sep).join("/");
      if (ALLOWED.some((allowed) => file.startsWith(allowed))) continue;
      findings.push(...lintSource(readFileSync(path, "utf8"), file));
    }
  }
  return findings;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const base = resolve(fileURLToPath(import.meta.url), "../..");
  const roots = process.argv.slice(2);
  const findings = lintTree(base, roots.length > 0 ? roots : ROOTS);
  for (const f of findings) console.error(`${f.file}:${f.line}  ${f.rule}  ${f.message}`);
  if (findings.length > 0) {
    console.error(`money lint: ${findings.length} finding(s)`);
    process.exit(1);
  }
  console.log("money lint: no money arithmetic outside packages/domain/src/money");
}
