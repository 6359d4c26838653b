import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { testDatabaseKind } from "@alloggio/test-kit/database";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const run = promisify(execFile);

/** Starts `node apps/server/dist/server.js` and resolves with its address once it says it listens. */
function boot(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [join(root, "apps/server/dist/server.js")], {
    cwd: tmpdir(),
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/\S+)/.exec(output);
      if (listening?.[1]) resolvePromise({ child, url: listening[1], output: () => output });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`the built server exited (${code}):\n${output}`)));
  });
}

// The production path (ADR 0014): `npm run build` compiles the web app and the server, `node`
// runs the output: no tsx, no web build at boot. Built once (on the PGlite project only: both would write one dist).
describe.skipIf(testDatabaseKind() !== "pglite")("npm run build, then node runs the server", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "alloggio-prod-"));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("builds, boots with node and answers", { timeout: 900_000 }, async () => {
    await run("npm", ["run", "build"], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    expect(existsSync(join(root, "apps/server/dist/server.js"))).toBe(true);
    // The voucher PDF's worker thread, found next to the server (ADR 0055).
    expect(existsSync(join(root, "apps/server/dist/pdf-worker.js"))).toBe(true);
    expect(existsSync(join(root, "apps/server/dist/migrations/meta/_journal.json"))).toBe(true);
    expect(existsSync(join(root, "apps/web/dist/index.html"))).toBe(true);

    const { PATH, HOME, TZ } = process.env;
    const started = await boot({
      PATH,
      HOME,
      TZ,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      API_KEYS: "a-production-key",
      OVERRIDE_SECRET: "a-production-override-secret",
      PUBLIC_URL: "https://booking.hotel.test",
      // The server's default gateway is chosen explicitly in production (ADR 0013); hotels bring their own (ADR 0072).
      PAYMENT_GATEWAY: "sandbox",
    });
    child = started.child;
    expect(started.output()).not.toContain("building the web app");

    const health = await fetch(`${started.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    // The web app is served from its build, and an unknown page is a 404 with it.
    const home = await fetch(`${started.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    expect((await fetch(`${started.url}/nope`)).status).toBe(404);
    // The migrations shipped beside the bundle ran: the API reads the (empty) database.
    const hotels = await fetch(`${started.url}/api/hotellist.do?channel=1&language=1`, {
      headers: { "x-api-key": "a-production-key" },
    });
    expect(hotels.status).toBeLessThan(500);
  });
});
