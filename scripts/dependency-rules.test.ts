import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const run = promisify(execFile);

/** A small server tree with one file per rule, cruised with the repository's own rules and no baseline. */
const files: Record<string, string> = {
  "apps/server/src/features/rooms/index.ts": 'export { listRooms } from "./service";\n',
  "apps/server/src/features/rooms/service.ts":
    'import { readRooms } from "./repository";\nexport const listRooms = () => readRooms();\n',
  "apps/server/src/features/rooms/repository.ts":
    'import { sql } from "drizzle-orm";\nexport const readRooms = () => sql`select 1`;\n',
  "apps/server/src/features/booking/good.ts":
    'import { listRooms } from "../rooms";\nexport const good = () => listRooms();\n',
  "apps/server/src/features/booking/deep.ts":
    'import { readRooms } from "../rooms/repository";\nexport const deep = () => readRooms();\n',
  "apps/server/src/http/rooms.ts":
    'import { readRooms } from "../features/rooms/repository";\nexport const rooms = () => readRooms();\n',
  "apps/server/src/http/cookies.ts": "export const setCookie = () => 1;\n",
  "apps/server/src/features/rooms/cookie.ts":
    'import { setCookie } from "../../http/cookies";\nexport const cookie = () => setCookie();\n',
  "packages/test-kit/src/rooms.ts":
    'import { readRooms } from "../../../apps/server/src/features/rooms/repository";\nexport const kit = () => readRooms();\n',
  "apps/server/src/http/route.ts":
    'import { sql } from "drizzle-orm";\nexport const route = () => sql`select 2`;\n',
  "apps/server/src/features/jobs/a.ts": 'import { b } from "./b";\nexport const a = () => b();\n',
  "apps/server/src/features/jobs/b.ts": 'import { a } from "./a";\nexport const b = (): unknown => a;\n',
};

let dir = "";
beforeAll(() => {
  // Inside the repository, so `drizzle-orm` resolves to the real package as it does for the server.
  dir = mkdtempSync(join(root, "test-results-deps-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function violations(): Promise<string[]> {
  const cli = join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const args = [
    cli,
    "apps/server/src",
    "packages/test-kit/src",
    "--config",
    join(root, ".dependency-cruiser.cjs"),
    "--output-type",
    "json",
  ];
  const { stdout } = await run(process.execPath, args, { cwd: dir }).catch((e: { stdout: string }) => e);
  const result = JSON.parse(stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe("the server's dependency rules (npm run lint:deps)", () => {
  it("refuse SQL outside repositories, a deep import into another feature or from a layer, a use case that reaches into HTTP, a test kit past the faces, and a cycle, and nothing else", async () => {
    const found = await violations();
    // A cycle is reported once, from the first module of the circle.
    expect(found).toEqual([
      "features-below-http: apps/server/src/features/rooms/cookie.ts -> apps/server/src/http/cookies.ts",
      "features-through-their-public-face: apps/server/src/features/booking/deep.ts -> apps/server/src/features/rooms/repository.ts",
      "layers-through-the-public-face: apps/server/src/http/rooms.ts -> apps/server/src/features/rooms/repository.ts",
      "no-cycles: apps/server/src/features/jobs/a.ts -> apps/server/src/features/jobs/b.ts",
      expect.stringMatching(
        /^sql-only-in-repositories: apps\/server\/src\/http\/route\.ts -> .*node_modules\/drizzle-orm\//,
      ),
      "test-kit-through-the-faces: packages/test-kit/src/rooms.ts -> apps/server/src/features/rooms/repository.ts",
    ]);
  });
});
