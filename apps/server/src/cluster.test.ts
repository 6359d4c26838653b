import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { createTestDatabase, testDatabaseKind } from "@alloggio/test-kit/database";
import { afterAll, describe, expect, it, vi } from "vitest";
import { processCount, processPlan } from "./cluster";
import type { Database } from "./db/client";

const main = fileURLToPath(new URL("./main.ts", import.meta.url));
const root = fileURLToPath(new URL("../../..", import.meta.url));

/** `node --import tsx main.ts` with the environment given; its output is collected as it comes. */
function start(env: NodeJS.ProcessEnv) {
  const { PATH, HOME, TZ } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    cwd: root, // where `--import tsx` resolves
    env: {
      PATH,
      HOME,
      TZ,
      HOST: "127.0.0.1",
      PORT: "0",
      DEMO_DATA: "false",
      PAYMENT_GATEWAY: "sandbox",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters: { test: () => boolean; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of waiters.splice(0))
      if (w.test()) w.resolve();
      else waiters.push(w);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    /** Resolves when the output matches (no time limit of its own: the test's wait budget is the only one). */
    until: (test: (output: string) => boolean) =>
      new Promise<void>((resolve) => {
        const w = { test: () => test(output), resolve };
        if (w.test()) resolve();
        else waiters.push(w);
      }),
  };
}

const listeningWorkers = (output: string) =>
  [...output.matchAll(/worker (\d+) listening on port (\d+)/g)].map((m) => ({
    pid: Number(m[1]),
    port: Number(m[2]),
  }));

/** GET on a new connection each time (no keep-alive), so the cluster deals each request to a worker afresh. */
function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("processes from the environment", () => {
  it("reads PROCESSES, else WEB_CONCURRENCY, else 1; `auto` is one per core; refuses anything else", () => {
    expect(processCount({})).toBe(1);
    expect(processCount({ PROCESSES: "3" })).toBe(3);
    expect(processCount({ WEB_CONCURRENCY: "2" })).toBe(2);
    expect(processCount({ PROCESSES: "4", WEB_CONCURRENCY: "2" })).toBe(4);
    expect(processCount({ PROCESSES: "auto" })).toBeGreaterThanOrEqual(1);
    for (const bad of ["0", "-1", "two", "1.5"])
      expect(() => processCount({ PROCESSES: bad })).toThrow(/^PROCESSES: must be a whole number/);
    expect(() => processCount({ WEB_CONCURRENCY: "x" })).toThrow(/^WEB_CONCURRENCY:/);
  });

  it("plans one process, a primary (PostgreSQL only) or a worker", () => {
    const pg = { DATABASE_URL: "postgres://u:p@db/alloggio" };
    expect(processPlan(pg, {}, true)).toEqual({ role: "single", processes: 1 });
    expect(processPlan({}, { PROCESSES: "1" }, true)).toEqual({ role: "single", processes: 1 });
    expect(processPlan(pg, { PROCESSES: "2" }, true)).toEqual({ role: "primary", processes: 2 });
    expect(processPlan(pg, { PROCESSES: "2" }, false)).toEqual({ role: "worker", processes: 2 });
    expect(() => processPlan({}, { PROCESSES: "2" }, true)).toThrow(/PROCESSES=2 needs PostgreSQL/);
  });

  it.runIf(testDatabaseKind() === "pglite")(
    "refuses to start two processes on PGlite, with the reason",
    async () => {
      const server = start({ PROCESSES: "2", DATA_DIR: tmpdir() });
      expect(await server.exited, server.output()).toBe(1);
      expect(server.output()).toContain("PROCESSES=2 needs PostgreSQL");
      expect(server.output()).not.toContain("listening");
    },
    // One Node process compiles the server before it refuses: a wait budget on a busy machine, not a speed check.
    120_000,
  );
});

describe.runIf(testDatabaseKind() === "postgres")("the server as two processes on one PostgreSQL", () => {
  let database: Database | undefined;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    await database?.close();
  });

  it("two workers share the port and both answer; a killed one is replaced; SIGHUP renews them without a failed request; SIGTERM drains them and exits 0", async () => {
    database = await createTestDatabase();
    // LOG_LEVEL=info: each worker logs its requests, with its pid.
    const server = start({ PROCESSES: "2", DATABASE_URL: database.url, LOG_LEVEL: "info" });
    child = server.child;
    await server.until((out) => listeningWorkers(out).length >= 2 || out.includes("Error"));
    const workers = listeningWorkers(server.output());
    expect(workers).toHaveLength(2);
    const port = workers[0]!.port;
    expect(workers[1]!.port).toBe(port);
    // The primary migrated once, before forking: its line comes before any worker's.
    expect(server.output().indexOf("database ready")).toBeLessThan(server.output().indexOf("primary"));

    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push(await get(port, "/api/health"));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const answeredBy = new Set(
      [...server.output().matchAll(/"pid":(\d+)[^\n]*"url":"\/api\/health"/g)].map((m) => Number(m[1])),
    );
    expect([...answeredBy].sort()).toEqual(workers.map((w) => w.pid).sort());

    // A worker that dies is replaced, on the same port; the survivor answers meanwhile.
    process.kill(workers[0]!.pid, "SIGKILL");
    await server.until((out) => listeningWorkers(out).length >= 3);
    const replacement = listeningWorkers(server.output())[2]!;
    expect(replacement.port).toBe(port);
    expect(replacement.pid).not.toBe(workers[0]!.pid);
    expect(server.output()).toContain(`worker ${workers[0]!.pid} died (signal SIGKILL): starting another`);
    for (let i = 0; i < 6; i++) expect(await get(port, "/api/health")).toBe(200);

    // SIGHUP: a rolling restart. Each old worker is stopped only after its replacement listens, so requests
    // sent all along are all answered.
    const before = listeningWorkers(server.output()).length;
    let rolling = true;
    const during: Promise<number>[] = [];
    const load = (async () => {
      while (rolling) {
        during.push(get(port, "/api/health").catch(() => 0));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    server.child.kill("SIGHUP");
    await server.until((out) => out.includes("rolling restart done"));
    rolling = false;
    await load;
    const codes = await Promise.all(during);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.filter((c) => c !== 200)).toEqual([]);
    const renewed = listeningWorkers(server.output()).slice(before);
    expect(renewed).toHaveLength(2);
    for (const old of [workers[1]!.pid, replacement.pid])
      await vi.waitFor(() => expect(() => process.kill(old, 0)).toThrow(), {
        timeout: 60_000,
        interval: 200,
      });

    // SIGTERM: each worker closes its server and database, then the primary exits 0.
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("every worker stopped");
    for (const pid of renewed.map((w) => w.pid)) expect(() => process.kill(pid, 0)).toThrow();
  }, 240_000); // Three Node processes compile and start the server: a wait budget on a busy shared machine, not a speed check.
});
