// Where the server's memory goes, phase by phase (ADR 0049). The server child (agent.ts) samples its own
// process.memoryUsage() every 50 ms, plus PGlite's WebAssembly memory, and keeps the peaks of each phase; the
// parent names the phases — every `log()` line of run.ts that ends in "…" starts one — and prints one info row per
// phase. VmHWM (the figure with the goal) is read from /proc at each phase's end, so the phase in which it grew is
// the one to look at. Each phase also has the server's event-loop delay (monitorEventLoopDelay), its GC pauses
// ('gc' performance entries), the CPU seconds of the server, PostgreSQL's processes and the load generator, and how
// long the loop's thread waited for a core: what a p99 waited behind.
import { readdirSync, readFileSync } from "node:fs";
import { createHistogram, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import type { Figure } from "./figures";
import { info } from "./figures";

export type MemoryCommand =
  | { cmd: "memory"; action: "phase"; name: string }
  | { cmd: "memory"; action: "report" };

type Sample = {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  wasm: number;
};
/** The server's event loop and collector during a phase: delays and pauses in ms, its own CPU in seconds. */
export type PhaseLoop = {
  delayP50: number;
  delayP99: number;
  delayMax: number;
  gcCount: number;
  gcTotalMs: number;
  gcMaxMs: number;
  cpuS: number;
  wallS: number;
  /** The server's own time per request (its parser's 'request' event to `res.end()`): p50, p99, max in ms. */
  handledP50: number;
  handledP99: number;
  handledMax: number;
  handled: number;
  /**
   * How long the server's main thread (its event loop) was ready to run but waited for a core, in ms: the kernel's
   * run-queue delay (`/proc/self/schedstat`), NaN where it cannot be read. A loop delay with as much run-queue wait
   * is a machine short of cores, not a long task.
   */
  runQueueMs: number;
};
export type PhaseMemory = { name: string; peak: Sample; hwmMb: number; loop: PhaseLoop };

const MB = 1024 * 1024;
const KEYS = ["rss", "heapTotal", "heapUsed", "external", "arrayBuffers", "wasm"] as const;

/** The main thread's run-queue delay so far, in ns (schedstat's second field), NaN where it cannot be read. */
function runQueueNs(): number {
  try {
    return Number(readFileSync("/proc/self/schedstat", "utf8").split(" ")[1]);
  } catch {
    return Number.NaN;
  }
}

function vmHwmMb(): number {
  try {
    const status = readFileSync("/proc/self/status", "utf8");
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * In the server process: samples memory every 50 ms until stopped. `wasmBytes` reads the embedded database's
 * WebAssembly memory (0 on PostgreSQL): it is neither V8 heap nor `external`, only RSS shows it.
 */
export function startMemorySampler(wasmBytes: () => number) {
  const zero = (): Sample => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0, wasm: 0 });
  const phases: PhaseMemory[] = [];
  let current = { name: "start and warm-up", peak: zero() };
  // Sampled every 10 ms: how late the loop's timer ran, i.e. how long anything waited behind other work. The
  // histogram records the time between samples, the resolution included: it is taken off.
  const RESOLUTION_MS = 10;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  gcObserver.observe({ entryTypes: ["gc"] });
  let cpuAt = process.cpuUsage();
  let wallAt = performance.now();
  let waitAt = runQueueNs();
  // Microseconds: what a request spent inside the server, beside what the load generator measured end to end.
  const handled = createHistogram();
  const loopOfPhase = (): PhaseLoop => {
    const cpu = process.cpuUsage(cpuAt);
    const ms = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
    const loop = {
      delayP50: ms(delay.percentile(50)),
      delayP99: ms(delay.percentile(99)),
      delayMax: ms(delay.max),
      gcCount: gc.count,
      gcTotalMs: gc.totalMs,
      gcMaxMs: gc.maxMs,
      cpuS: (cpu.user + cpu.system) / 1e6,
      wallS: (performance.now() - wallAt) / 1000,
      handledP50: handled.count > 0 ? handled.percentile(50) / 1000 : Number.NaN,
      handledP99: handled.count > 0 ? handled.percentile(99) / 1000 : Number.NaN,
      handledMax: handled.count > 0 ? handled.max / 1000 : Number.NaN,
      handled: handled.count,
      runQueueMs: (runQueueNs() - waitAt) / 1e6,
    };
    delay.reset();
    handled.reset();
    gc = { count: 0, totalMs: 0, maxMs: 0 };
    cpuAt = process.cpuUsage();
    wallAt = performance.now();
    waitAt = runQueueNs();
    return loop;
  };
  const sample = () => {
    const m = process.memoryUsage();
    const s: Sample = { ...m, wasm: wasmBytes() };
    for (const k of KEYS) current.peak[k] = Math.max(current.peak[k], s[k]);
  };
  sample();
  const timer = setInterval(sample, 50);
  timer.unref();
  const close = () => {
    sample();
    phases.push({ ...current, hwmMb: vmHwmMb(), loop: loopOfPhase() });
  };
  return {
    /** A request the server answered, with the milliseconds it spent on it. */
    answered(ms: number) {
      handled.record(Math.max(1, Math.round(ms * 1000)));
    },
    handle(command: MemoryCommand): PhaseMemory[] | true {
      if (command.action === "phase") {
        close();
        current = { name: command.name, peak: zero() };
        return true;
      }
      close();
      clearInterval(timer);
      delay.disable();
      gcObserver.disconnect();
      return phases;
    },
  };
}

/** PGlite's WebAssembly memory in bytes (the Emscripten module's heap), 0 when there is none. */
export function pgliteWasmBytes(client: unknown): number {
  const mod = (client as { mod?: { HEAPU8?: Uint8Array } } | undefined)?.mod;
  return mod?.HEAPU8?.byteLength ?? 0;
}

/** The phase a run.ts log line starts, or null: "postgres: B1 search statement without HTTP…" → "B1 search…". */
export function phaseOf(line: string): string | null {
  if (!line.endsWith("…")) return null;
  const text = line.replace(/^[a-z]+: /, "").replace(/…$/, "");
  return text.replace(/ \(.*\)$/, "");
}

type Call = <T>(request: MemoryCommand) => Promise<T>;

/**
 * CPU seconds used so far by PostgreSQL on this machine (0 where there is none: PGlite): its live processes' own
 * and, through the postmaster's children's times, those of the backends that have ended (a closed connection's).
 */
function postgresCpuS(): number {
  let ticks = 0;
  let names: string[];
  try {
    names = readdirSync("/proc").filter((n) => /^\d+$/.test(n));
  } catch {
    return 0;
  }
  for (const pid of names) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      if (!stat.slice(stat.indexOf("(") + 1, close).startsWith("postgres")) continue;
      const fields = stat.slice(close + 2).split(" ");
      // utime, stime, cutime, cstime: fields 14 to 17 of stat, 12 to 15 after the name and state.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended while we read.
    }
  }
  // USER_HZ is 100 on Linux.
  return ticks / 100;
}

/** The CPU of this process (the load generator) and PostgreSQL's, read at a phase's start. */
type ParentCpu = { generatorS: number; postgresS: number };
const parentCpu = (): ParentCpu => {
  const u = process.cpuUsage();
  return { generatorS: (u.user + u.system) / 1e6, postgresS: postgresCpuS() };
};

/** In the parent: names phases from log lines, and turns the agent's report into info rows. */
export function memoryPhases(call: Call) {
  let done = false;
  // Read at each phase's start: a phase's CPU is the difference to the next one's.
  const marks: ParentCpu[] = [parentCpu()];
  return {
    /** Called with every log line; a line that starts a phase tells the agent (fire and forget). */
    log(line: string): void {
      const name = phaseOf(line);
      if (done || name === null || name.startsWith("start times")) return;
      marks.push(parentCpu());
      void call({ cmd: "memory", action: "phase", name }).catch(() => {});
    },
    async figures(): Promise<Figure[]> {
      done = true;
      marks.push(parentCpu());
      const phases = await call<PhaseMemory[]>({ cmd: "memory", action: "report" });
      const cpuOf = (i: number): ParentCpu | null => {
        const [a, b] = [marks[i], marks[i + 1]];
        return a && b
          ? { generatorS: b.generatorS - a.generatorS, postgresS: b.postgresS - a.postgresS }
          : null;
      };
      return [
        ...phases.map((p) => memoryFigure(p)),
        ...phases.map((p, i) => loopFigure(p, cpuOf(i))),
        ...searchLoadGoal(phases),
      ];
    },
  };
}

const fixed = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : "–");

export function loopFigure(p: PhaseMemory, cpu: ParentCpu | null): Figure {
  const { loop } = p;
  const split = cpu
    ? `server ${fixed(loop.cpuS)}, PostgreSQL ${fixed(cpu.postgresS)}, load generator ${fixed(cpu.generatorS)}`
    : `server ${fixed(loop.cpuS)}`;
  return info(
    `event loop p99: ${p.name}`,
    loop.delayP99,
    "ms",
    `p50 ${fixed(loop.delayP50)}, max ${fixed(loop.delayMax)}; GC ${loop.gcCount} pauses, ${fixed(loop.gcTotalMs)} ms in all, longest ${fixed(loop.gcMaxMs)}; CPU s ${split} in ${fixed(loop.wallS)} s; the loop's thread waited ${fixed(loop.runQueueMs / 1000, 2)} s for a core; ${loop.handled} requests, the server's own time p50 ${fixed(loop.handledP50)}, p99 ${fixed(loop.handledP99)}, max ${fixed(loop.handledMax)} ms`,
  );
}

/** The phase the goal is about: the search at 70% of its peak, whose p99 is the figure with the goal. */
export const SEARCH_LOAD_PHASE = "B3 at 70% of peak";

function searchLoadGoal(phases: PhaseMemory[]): Figure[] {
  const phase = phases.find((p) => p.name === SEARCH_LOAD_PHASE);
  if (!phase) return [];
  return [
    {
      ...info("server event-loop delay p99 during search load", phase.loop.delayP99, "ms"),
      goal: "≤ 5",
      meets: phase.loop.delayP99 <= 5,
      note: `the phase "${SEARCH_LOAD_PHASE}"; max ${fixed(phase.loop.delayMax)} ms`,
    },
  ];
}

export function memoryFigure(p: PhaseMemory): Figure {
  const mb = (v: number) => Math.round(v / MB);
  const { peak } = p;
  const wasm = peak.wasm > 0 ? `, PGlite wasm ${mb(peak.wasm)}` : "";
  return info(
    `memory: ${p.name}`,
    peak.rss / MB,
    "MB",
    `peak RSS; heap ${mb(peak.heapUsed)} used of ${mb(peak.heapTotal)}, external ${mb(peak.external)} (array buffers ${mb(peak.arrayBuffers)})${wasm}; VmHWM ${Math.round(p.hwmMb)} at its end`,
  );
}
