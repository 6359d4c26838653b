// Start time as a user sees it: `node scripts/start.mjs` (what `npm start` runs) as a child process on an empty
// database (empty DATA_DIR for PGlite, a new empty database for PostgreSQL), timed from the spawn to the first
// search answered 200; then stopped with SIGTERM and started again on the same data (restart).
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureServerBuild } from "../scripts/build-server.mjs";
import { serverNodeFlags } from "../scripts/node-flags.mjs";
import { createPostgresDatabase, type Kind, tempDir } from "./database";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  server.close();
  await once(server, "close");
  return port;
}

/** The README's first search on the demo group. */
const FIRST_SEARCH = "/api/avail.do?channel=1&hotel=1&language=1&adults=2";

export async function startAndSearch(
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<{ ms: number; child: ChildProcess; stderr: () => string }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags(env), resolve(root, "scripts/start.mjs")], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4000);
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`scripts/start.mjs exited before answering a search:\n${stderr}`);
    if (performance.now() - t0 > 60_000) {
      child.kill("SIGKILL");
      throw new Error(`no search answered within 60 s:\n${stderr}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}${FIRST_SEARCH}`);
      await res.arrayBuffer();
      if (res.status === 200) return { ms: performance.now() - t0, child, stderr: () => stderr };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * What `node scripts/start.mjs` needs to start the demo product on an empty database: a free port, an empty
 * temporary `DATA_DIR` (PGlite) or a new empty database named `<name>_…` (PostgreSQL), the demo data on; `remove`
 * drops them. The server bundle start.mjs runs is built first when stale, so no build is timed.
 */
export async function demoEnvironment(
  kind: Kind,
  url: string | undefined,
  name: string,
): Promise<{ env: NodeJS.ProcessEnv; port: number; remove: () => Promise<void> }> {
  await ensureServerBuild();
  const port = await freePort();
  const dir = tempDir(`${name.replaceAll("_", "-")}-`);
  const pgDb = kind === "postgres" && url ? await createPostgresDatabase(url, name) : null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dir.dir,
    DEMO_DATA: "true",
    LOG_LEVEL: "warn",
  };
  if (pgDb) env.DATABASE_URL = pgDb.url;
  else delete env.DATABASE_URL;
  const remove = async () => {
    dir.remove();
    await pgDb?.drop();
  };
  return { env, port, remove };
}

export async function measureStartup(
  kind: Kind,
  url: string | undefined,
): Promise<{ firstMs: number; restartMs: number }> {
  // As the web app (web.ts): no build is timed.
  const { env, port, remove } = await demoEnvironment(kind, url, "alloggio_bench_start");
  try {
    const first = await startAndSearch(env, port);
    await stop(first.child);
    const restart = await startAndSearch(env, port);
    await stop(restart.child);
    return { firstMs: first.ms, restartMs: restart.ms };
  } finally {
    await remove();
  }
}
