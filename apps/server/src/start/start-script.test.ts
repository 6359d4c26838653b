// scripts/start.mjs (`npm start`) builds the server bundle only when a source is newer than it (ADR 0049): a restart
// skips the build, an edit to the server or the domain package does not run stale code.
import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { testDatabaseKind } from "@alloggio/test-kit/database";
import { afterAll, describe, expect, it } from "vitest";
import {
  isStale,
  newest,
  serverBundle,
  serverSources,
  webIndex,
  webSources,
} from "../../../../scripts/build-server.mjs";

const dir = mkdtempSync(join(tmpdir(), "alloggio-stale-"));
/** The repository's root, as the build script knows it. */
const root = resolve(serverBundle, "../../../..");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = (path: string, seconds: number) => {
  mkdirSync(resolve(path, ".."), { recursive: true });
  writeFileSync(path, "x");
  utimesSync(path, seconds, seconds);
  return path;
};

describe("start-up freshness (scripts/build-server.mjs)", () => {
  it("builds when the output is missing", () => {
    at(join(dir, "a/src/main.ts"), 1_000);
    expect(isStale(join(dir, "a/missing.js"), [join(dir, "a/src")])).toBe(true);
  });

  it("skips the build when the output is newer than every source, nested folders included", () => {
    at(join(dir, "b/src/main.ts"), 1_000);
    at(join(dir, "b/src/deep/er/file.ts"), 1_500);
    const out = at(join(dir, "b/dist/server.js"), 2_000);
    expect(newest(join(dir, "b/src"))).toBe(1_500_000);
    expect(isStale(out, [join(dir, "b/src"), join(dir, "b/none")])).toBe(false);
  });

  it("builds again when any source, however deep, is newer than the output", () => {
    at(join(dir, "c/src/main.ts"), 1_000);
    const out = at(join(dir, "c/dist/server.js"), 2_000);
    at(join(dir, "c/src/deep/er/file.ts"), 3_000);
    expect(isStale(out, [join(dir, "c/src")])).toBe(true);
  });

  it("watches the server's and the domain package's sources, and the migrations are among them", () => {
    expect(serverSources).toEqual(
      expect.arrayContaining([
        join(root, "apps/server/src"),
        join(root, "packages/domain/src"),
        join(root, "apps/server/package.json"),
      ]),
    );
    expect(serverBundle).toBe(join(root, "apps/server/dist/server.js"));
  });

  it("rebuilds the web app after an edit to the domain package it imports, not only to its own sources", () => {
    expect(webSources).toEqual(
      expect.arrayContaining([
        join(root, "apps/web/src"),
        join(root, "apps/web/index.html"),
        join(root, "packages/domain/src"),
      ]),
    );
    expect(webIndex).toBe(join(root, "apps/web/dist/index.html"));
  });
});

// A whole Vite build that no database or zone changes: on the PGlite project only, as production-build.test.ts.
describe.skipIf(testDatabaseKind() !== "pglite")("the web app's build", () => {
  // `npm start` builds the web app when it is stale, in whatever environment it was started from. A test runner's
  // NODE_ENV=test made Vite build React's development bundle (60 KB more gzip, dev-only checks), which `npm start`
  // then served until the sources changed.
  it("is React's production build whatever NODE_ENV the caller has", () => {
    const out = join(dir, "web");
    execFileSync("npm", ["run", "build", "-w", "@alloggio/web", "--", "--outDir", out, "--emptyOutDir"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "test" },
      stdio: "ignore",
    });
    const code = readdirSync(join(out, "assets"))
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(join(out, "assets", f), "utf8"))
      .join("\n");
    expect(code.includes("react.element")).toBe(true);
    // A warning only React's development build has.
    expect(code.includes("Each child in a list should have a unique")).toBe(false);
  }, 120_000);
});
