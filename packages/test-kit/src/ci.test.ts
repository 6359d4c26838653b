import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// CI runs `npm run validate` (typecheck, lint and the tests), the README's test command.
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
/** The shell lines that run, without comments. */
const commands = read(".ci/run")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));

describe("CI runs what the README says", () => {
  it("npm run validate is typecheck, lint, then every test", () => {
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.validate).toBe("npm run typecheck && npm run lint && npm test");
  });

  it(".ci/run runs npm run validate, and its output is what the closing summary reads", () => {
    expect(commands).toContain('npm run validate 2>&1 | tee "$TEST_LOG"');
    expect(commands.filter((line) => /^npm (test|run test)\b/.test(line))).toEqual([]);
  });

  it("the README's test command is npm install && npm run validate", () => {
    const section = read("README.md").split("## Test it")[1] ?? "";
    expect(/```sh\n(.*)\n```/.exec(section)?.[1]).toBe("npm install && npm run validate");
  });
});
