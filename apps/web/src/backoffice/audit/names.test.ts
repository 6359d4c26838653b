import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../i18n/locales/en/bo-audit.json";

// Staff read the audit log as prose: every action and entity the server writes has a name (the other languages
// follow from the bundles test, which wants every English key in each of them).

const features = resolve(import.meta.dirname, "../../../../server/src/features");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The string literals the server's code gives as `action: "…"` and `entity: "…"`. */
function written(field: "action" | "entity"): string[] {
  const found = new Set<string>();
  const pattern = new RegExp(`\\b${field}: "([a-z_]+(?:\\.[a-z_]+)?)"`, "g");
  for (const file of sources(features))
    for (const match of readFileSync(file, "utf8").matchAll(pattern)) found.add(match[1] as string);
  return [...found].sort();
}

const key = (name: string) => name.replace(/[^A-Za-z0-9_]/g, "_");

describe("the audit log's names", () => {
  it("names every action the server writes", () => {
    const actions = written("action").filter((a) => a.includes("."));
    expect(actions.length).toBeGreaterThan(30);
    expect(actions.filter((a) => !(key(a) in en.actions))).toEqual([]);
  });

  it("names every entity the server writes", () => {
    const entities = written("entity");
    expect(entities.length).toBeGreaterThan(15);
    expect(entities.filter((e) => !(e in en.entities))).toEqual([]);
  });
});
