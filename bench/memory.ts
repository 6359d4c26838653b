// Where the server's memory goes, phase by phase (ADR 0049). The server child (agent.ts) samples its own
// process.memoryUsage() every 50 ms, plus PGlite's WebAssembly memory, and keeps the peaks of each phase; the
// parent names the phases — every `log()` line of run.ts that ends in "…" starts one — and prints one info row per
// phase. VmHWM (the figure with the goal) is read from /proc at each phase's end, so the phase in which it grew is
// the one to look at.
import { readFileSync } from "node:fs";
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
export type PhaseMemory = { name: string; peak: Sample; hwmMb: number };

const MB = 1024 * 1024;
const KEYS = ["rss", "heapTotal", "heapUsed", "external", "arrayBuffers", "wasm"] as const;

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
    phases.push({ ...current, hwmMb: vmHwmMb() });
  };
  return {
    handle(command: MemoryCommand): PhaseMemory[] | true {
      if (command.action === "phase") {
        close();
        current = { name: command.name, peak: zero() };
        return true;
      }
      close();
      clearInterval(timer);
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

/** In the parent: names phases from log lines, and turns the agent's report into info rows. */
export function memoryPhases(call: Call) {
  let done = false;
  return {
    /** Called with every log line; a line that starts a phase tells the agent (fire and forget). */
    log(line: string): void {
      const name = phaseOf(line);
      if (done || name === null || name.startsWith("start times")) return;
      void call({ cmd: "memory", action: "phase", name }).catch(() => {});
    },
    async figures(): Promise<Figure[]> {
      done = true;
      const phases = await call<PhaseMemory[]>({ cmd: "memory", action: "report" });
      return phases.map((p) => memoryFigure(p));
    },
  };
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
