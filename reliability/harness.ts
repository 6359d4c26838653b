// Shared by the reliability suite: a figure line per test, server processes of the real product, fresh data.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Prints one summary line of the suite: `[R1 overbooking] attempts=1000 successes=5 violations=0 …`. */
export function report(test: string, figures: Record<string, number | string>): void {
  const parts = Object.entries(figures).map(([k, v]) => `${k}=${v}`);
  console.log(`[${test}] ${parts.join(" ")}`);
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<string>;
  /** The last lines the process wrote, for a failure message. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<string>;
};

/**
 * Starts the product's server (apps/server/src/main.ts, as `npm start` runs it, without the web build) on a free
 * port with `env` (DATABASE_URL, …) and waits for /api/health.
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", resolve(ROOT, "apps/server/src/main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      DEMO_DATA: "false",
      NODE_ENV: "test",
      PAYMENT_GATEWAY: "sandbox",
      WEB_DIST: resolve(ROOT, "reliability/no-web"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n"));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<string>((done) =>
    child.once("exit", (code, signal) => done(signal ?? String(code))),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited before it was ready:\n${lines.join("\n")}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server was not ready in ${timeoutMs} ms:\n${lines.join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    exited,
    output: () => lines.join("\n"),
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** POSTs JSON and answers the status, the parsed body and the time it took. */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: the JSON answer of any call, read by the test that sent it
): Promise<{ status: number; body: any; ms: number }> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, body: parsed, ms: performance.now() - t0 };
  } catch (err) {
    // The connection itself failed (a killed server): status 0.
    return { status: 0, body: String(err), ms: performance.now() - t0 };
  }
}
