// The server as N processes on one machine (ADR 0048): with PROCESSES (or WEB_CONCURRENCY) above 1 the
// process that starts is a Node `cluster` primary. It migrates the database once, forks N workers that share the
// port (each one the ordinary server of main.ts), replaces a worker that dies, restarts them one by one on SIGHUP
// (new code, no gap), and on SIGTERM/SIGINT lets every worker drain and exits when all have.
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import type { Env } from "./config/env";

/** A worker that has not exited this long after SIGTERM (a request that never ends) is killed. */
export const DRAIN_TIMEOUT_MS = 30_000;
/** Workers that die before listening this many times in a row (bad configuration, database down) stop the lot. */
export const MAX_START_FAILURES = 3;

/**
 * How many server processes the environment asks for: PROCESSES, else WEB_CONCURRENCY (the name hosting platforms
 * set), a whole number ≥ 1 or `auto` (one per CPU core); 1 when neither is set. Throws naming the variable.
 */
export function processCount(source: NodeJS.ProcessEnv = process.env): number {
  const name = source.PROCESSES !== undefined ? "PROCESSES" : "WEB_CONCURRENCY";
  const raw = (source[name] ?? "").trim();
  if (raw === "") return 1;
  if (raw === "auto") return availableParallelism();
  if (!/^[1-9]\d{0,2}$/.test(raw)) throw new Error(`${name}: must be a whole number from 1 to 999, or auto`);
  return Number(raw);
}

/**
 * The process plan: `single` (today's one process), `primary` (fork N workers) or `worker` (a forked one). PGlite
 * is a database inside one process (its files may not be opened by two), so N > 1 without DATABASE_URL is refused.
 */
export function processPlan(
  env: Pick<Env, "DATABASE_URL">,
  source: NodeJS.ProcessEnv = process.env,
  isPrimary = cluster.isPrimary,
): { role: "single" | "primary" | "worker"; processes: number } {
  const processes = processCount(source);
  if (!isPrimary) return { role: "worker", processes };
  if (processes === 1) return { role: "single", processes };
  if (!env.DATABASE_URL)
    throw new Error(
      `PROCESSES=${processes} needs PostgreSQL: the embedded PGlite database (DATA_DIR) belongs to one process. ` +
        "Set DATABASE_URL, or run one process (unset PROCESSES and WEB_CONCURRENCY).",
    );
  return { role: "primary", processes };
}

const log = (message: string) => console.log(`[alloggio] cluster: ${message}`);

/**
 * Runs the primary: `prepare()` first (migrations under their lock, demo data: once, before any worker starts),
 * then N workers. Resolves once they are forked; the primary then lives on its signal and exit handlers.
 */
export async function runPrimary(processes: number, prepare: () => Promise<void>): Promise<void> {
  await prepare();
  const listening = new Set<Worker>();
  let stopping = false;
  let failures = 0;

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on("listening", (address) => {
      listening.add(worker);
      failures = 0;
      log(`worker ${worker.process.pid} listening on port ${address.port}`);
    });
    return worker;
  };

  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining ${alive().length} workers`);
    for (const worker of alive()) worker.process.kill("SIGTERM");
    const timer = setTimeout(() => {
      for (const worker of alive()) {
        log(`worker ${worker.process.pid} still running after ${DRAIN_TIMEOUT_MS} ms: killed`);
        worker.process.kill("SIGKILL");
      }
    }, DRAIN_TIMEOUT_MS);
    timer.unref();
  };

  let exitCode = 0;
  cluster.on("exit", (worker, code, signal) => {
    const wasListening = listening.delete(worker);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (alive().length === 0) {
        log("every worker stopped");
        process.exit(exitCode);
      }
      return;
    }
    if (worker.exitedAfterDisconnect) return; // replaced on purpose (a rolling restart)
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!wasListening && ++failures >= MAX_START_FAILURES) {
      log(`${failures} workers in a row died before listening (${how}): stopping`);
      exitCode = 1;
      stop("start failures");
      if (alive().length === 0) process.exit(1);
      return;
    }
    log(`worker ${worker.process.pid} died (${how}): starting another`);
    fork();
  });

  // SIGHUP: a rolling restart, one worker at a time — a new one listens before an old one drains — so a new build
  // (or new migrations, which each worker runs under the lock) goes live without refusing a connection.
  let rolling = false;
  process.on("SIGHUP", () => {
    if (rolling || stopping) return;
    rolling = true;
    void (async () => {
      for (const old of alive()) {
        if (stopping) break;
        const next = fork();
        const ok = await new Promise<boolean>((resolve) => {
          next.once("listening", () => resolve(true));
          next.once("exit", () => resolve(false));
        });
        if (!ok) {
          if (!stopping) log("rolling restart: a new worker did not start; the old ones keep serving");
          break;
        }
        old.disconnect(); // stops taking connections; its SIGTERM handler drains what it has
        old.process.kill("SIGTERM");
      }
      if (!stopping) log("rolling restart done");
      rolling = false;
    })();
  });
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  for (let i = 0; i < processes; i++) fork();
  log(`primary ${process.pid} started ${processes} workers`);
}
