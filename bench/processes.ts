// Past one process (ADR 0048): the real server as 1 and as 2 processes (`PROCESSES=N` of
// the server bundle, a Node cluster whose workers share the port) on the run's PostgreSQL database, each
// measured the same way: search req/s (the B3 mix, closed loop) and uncontended bookings/s, then the ratio. Info
// rows, no goal: the load generator runs on the same 2 cores as the server processes, so a second process can
// never double a figure here. PGlite is one process's database: skipped there, with the reason.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureServerBuild, serverBundle } from "../scripts/build-server.mjs";
import { serverNodeFlags } from "../scripts/node-flags.mjs";
import type { Kind } from "./database";
import { type Figure, info } from "./figures";
import { closedLoop, type Target } from "./load";
import { benchServerEnv } from "./server-env";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = join(root, "bench/results");

export type ProcessesContext = {
  kind: Kind;
  /** The run's database for the server (DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  /** The B3 search mix against a server at `url`. */
  search: (url: string) => Target;
  /** Uncontended pay-at-hotel bookings against a server at `url` (stays not booked before, if possible). */
  booking: (url: string) => Target;
  /** Seconds of a phase (halved by --quick). */
  seconds: (s: number) => number;
  connections: number;
  log: (msg: string) => void;
};

type Server = { child: ChildProcess; url: string; pids: number[]; logFile: string };

/** The server bundle (`apps/server/dist/server.js`) with PROCESSES=n; resolves once n servers said they listen. */
async function startServer(ctx: ProcessesContext, n: number): Promise<Server> {
  mkdirSync(resultsDir, { recursive: true });
  const logFile = join(resultsDir, `server-processes-${n}.log`);
  const out = openSync(logFile, "w");
  const env: NodeJS.ProcessEnv = { ...benchServerEnv(ctx.env), PROCESSES: String(n) };
  delete env.WEB_CONCURRENCY;
  // The server bundle, as `npm run start:prod` runs it and as the suite's own server runs (ADR 0049).
  await ensureServerBuild();
  const child = spawn(process.execPath, [...serverNodeFlags(env), serverBundle], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", out],
  });
  closeSync(out);
  let output = "";
  return new Promise<Server>((resolveStart, rejectStart) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      rejectStart(new Error(`${n} processes did not all listen within 120 s; see ${logFile}`));
    }, 120_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const urls = [...output.matchAll(/listening on (http:\/\/\S+)/g)].map((m) => m[1] as string);
      if (urls.length < n) return;
      clearTimeout(timer);
      const workers = [...output.matchAll(/worker (\d+) listening/g)].map((m) => Number(m[1]));
      // The primary holds no connection of its own; its memory counts all the same.
      const pids = n === 1 ? [child.pid ?? 0] : [child.pid ?? 0, ...workers];
      resolveStart({ child, url: urls[0] as string, pids, logFile });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      rejectStart(new Error(`the server (${n} processes) exited (${code}) before listening; see ${logFile}`));
    });
  });
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, "exit");
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 40_000);
  await exited;
  clearTimeout(timer);
}

/** The peak resident memory (VmHWM) of each process, in MB. */
function peakMemoryMb(pids: number[]): number[] {
  return pids.map((pid) => {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
  });
}

type Run = {
  search: number;
  bookings: number;
  bookingNon2xx: number;
  searchNon2xx: number;
  /** Peak memory of each process (the primary first, with 2). */
  memoryMb: number[];
};

async function measure(ctx: ProcessesContext, n: number): Promise<Run> {
  ctx.log(`${ctx.kind}: the server as ${n} process${n === 1 ? "" : "es"}…`);
  const server = await startServer(ctx, n);
  try {
    const search = ctx.search(server.url);
    // Warm-up: every worker's connections prepare the search statement and JIT the hot path.
    await closedLoop(search, ctx.connections, ctx.seconds(2));
    const peak = await closedLoop(search, ctx.connections, ctx.seconds(5));
    // 8 s: on a busy shared machine a booking can take seconds under 10 connections, and a closed loop counts
    // only the answers that arrive before its end.
    const bookings = await closedLoop(ctx.booking(server.url), ctx.connections, ctx.seconds(8));
    ctx.log(
      `${ctx.kind}: ${n} process(es): search ${Math.round(peak.rps)}/s, bookings ${Math.round(bookings.rps)}/s codes ${JSON.stringify(bookings.statusCodes)}`,
    );
    return {
      search: peak.rps,
      searchNon2xx: peak.non2xx + peak.errors,
      bookings: bookings.rps,
      bookingNon2xx: bookings.non2xx + bookings.errors,
      memoryMb: peakMemoryMb(server.pids),
    };
  } finally {
    await stopServer(server);
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

const NOTE = "closed loop; the load generator shares the 2 cores with the server processes";

/** b ÷ a, or a row saying why there is no ratio (nothing answered with one process). */
function ratio(name: string, b: number, a: number): Figure {
  if (a > 0) return info(name, b / a, "", NOTE);
  return { name, value: null, unit: "", goal: null, meets: null, note: "nothing answered with 1 process" };
}

/** The one row that says why the 1- and 2-process figures are missing. */
function notMeasuredRow(note: string): Figure {
  return {
    name: "search req/s and bookings/s, 2 processes ÷ 1",
    value: null,
    unit: "",
    goal: null,
    meets: null,
    note,
  };
}

/** The 1-process and 2-process figures (info rows), or one row saying why they were not measured. */
export async function measureProcesses(ctx: ProcessesContext): Promise<Figure[]> {
  if (ctx.kind !== "postgres")
    return [
      notMeasuredRow(
        "skipped on PGlite: its database belongs to one process (PROCESSES > 1 needs PostgreSQL)",
      ),
    ];
  try {
    const one = await measure(ctx, 1);
    const two = await measure(ctx, 2);
    const c = `${ctx.connections} connections`;
    return [
      info(
        "search req/s, 1 process",
        one.search,
        "req/s",
        `B3 mix, ${NOTE}, ${c}; ${one.searchNon2xx} non-2xx`,
      ),
      info(
        "search req/s, 2 processes",
        two.search,
        "req/s",
        `B3 mix, Node cluster; ${two.searchNon2xx} non-2xx`,
      ),
      ratio("search req/s, 2 processes ÷ 1", two.search, one.search),
      info("uncontended bookings, 1 process", one.bookings, "/s", `${c}; ${one.bookingNon2xx} non-2xx`),
      info("uncontended bookings, 2 processes", two.bookings, "/s", `${c}; ${two.bookingNon2xx} non-2xx`),
      ratio("uncontended bookings, 2 processes ÷ 1", two.bookings, one.bookings),
      info("peak resident memory, 1 process", sum(one.memoryMb), "MB", "VmHWM"),
      info(
        "peak resident memory, 2 processes",
        sum(two.memoryMb),
        "MB",
        `VmHWM summed: primary ${Math.round(two.memoryMb[0] ?? 0)} MB, workers ${two.memoryMb
          .slice(1)
          .map((m) => Math.round(m))
          .join(" + ")} MB`,
      ),
    ];
  } catch (err) {
    ctx.log(`processes: ${(err as Error).message}`);
    return [notMeasuredRow(`failed: ${(err as Error).message.split("\n")[0]}`)];
  }
}
