import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_HEAP_MB, serverNodeFlags } from "./node-flags.mjs";

const root = resolve(import.meta.dirname, "..");
const read = (path: string) => readFileSync(resolve(root, path), "utf8");

describe("server heap flags (ADR 0050)", () => {
  it("are the same in every way a server is started", () => {
    const flags = serverNodeFlags({});
    expect(flags).toEqual([`--max-old-space-size=${DEFAULT_HEAP_MB}`, "--max-semi-space-size=8"]);
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    for (const name of ["start", "start:prod"]) {
      // The npm scripts let HEAP_MB change the default, as serverNodeFlags does.
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's default-value syntax, as package.json writes it
      const expanded = (scripts[name] ?? "").replace("${HEAP_MB:-256}", String(DEFAULT_HEAP_MB));
      expect(expanded, name).toContain(`node ${flags.join(" ")} `);
    }
    expect(read("deploy/alloggio.service")).toContain(
      `/usr/bin/node ${flags.join(" ")} apps/server/dist/server.js`,
    );
    expect(read("deploy/Dockerfile")).toContain(`CMD ["node", ${flags.map((f) => `"${f}"`).join(", ")}, `);
  });

  it("take HEAP_MB when it is a positive number", () => {
    expect(serverNodeFlags({ HEAP_MB: "512" })[0]).toBe("--max-old-space-size=512");
    expect(serverNodeFlags({ HEAP_MB: "lots" })[0]).toBe(`--max-old-space-size=${DEFAULT_HEAP_MB}`);
    expect(serverNodeFlags({ HEAP_MB: "0" })[0]).toBe(`--max-old-space-size=${DEFAULT_HEAP_MB}`);
  });
});
