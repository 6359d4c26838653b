// Load generation. Peak throughput is closed-loop (autocannon, no pipelining: each connection sends its next
// request when the previous answer arrived). Latency is open-loop at a fixed rate: request i is due at
// start + i / rate and its latency runs from that intended send time to the last byte of the answer, so a slow
// answer that delays the following requests is counted in theirs too (no coordinated omission).
import http from "node:http";
import autocannon from "autocannon";

export type Target = {
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  /** The next request: path (with query), and for POST a body and headers. */
  next: () => { path: string; method?: "GET" | "POST"; body?: string; headers?: Record<string, string> };
  /**
   * Resolves when the server has answered every request it was given. A closed loop ends by closing its sockets,
   * not by waiting for the answers, so without it the next phase would start behind up to one request per
   * connection and count that backlog as its own latency.
   */
  settle?: () => Promise<unknown>;
};

export type ClosedLoop = {
  /** Successful (2xx) answers per second. */
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  /** Mean bytes on the wire per answer (headers and body). */
  bytesPerResponse: number;
  statusCodes: Record<string, number>;
};

export async function closedLoop(target: Target, connections: number, seconds: number): Promise<ClosedLoop> {
  const result = await autocannon({
    url: target.url,
    connections,
    pipelining: 1,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const n = target.next();
          return {
            ...request,
            path: n.path,
            method: n.method ?? "GET",
            ...(n.body === undefined ? {} : { body: n.body }),
            headers: {
              ...(n.body === undefined ? {} : { "content-type": "application/json" }),
              ...n.headers,
            },
          };
        },
      },
    ],
  });
  await target.settle?.();
  const answers = result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"];
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stat.count ?? 0;
  return {
    rps: result["2xx"] / result.duration,
    ok: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerResponse: answers > 0 ? result.throughput.total / answers : 0,
    statusCodes,
  };
}

export type OpenLoop = {
  rate: number;
  sent: number;
  completed: number;
  ok: number;
  failed: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Mean body bytes per answer. */
  bodyBytes: number;
  /** How late the generator itself sent the worst request (a busy generator shows here, not in latency). */
  maxSendLagMs: number;
  statusCodes: Record<string, number>;
  sample: string | null;
};

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

/** Sends `rate` requests a second for `seconds`, whatever the answers do, and waits for the stragglers. */
export async function openLoop(
  target: Target,
  rate: number,
  seconds: number,
  keepSample = false,
): Promise<OpenLoop> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const base = new URL(target.url);
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let ok = 0;
  let failed = 0;
  let bodyBytes = 0;
  let completed = 0;
  let maxSendLagMs = 0;
  let sample: string | null = null;
  const inflight = new Set<Promise<void>>();

  const send = (intended: number) => {
    const n = target.next();
    const lag = performance.now() - intended;
    if (lag > maxSendLagMs) maxSendLagMs = lag;
    const p = new Promise<void>((done) => {
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: n.path,
          method: n.method ?? "GET",
          agent,
          headers: { ...(n.body === undefined ? {} : { "content-type": "application/json" }), ...n.headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            latencies.push(performance.now() - intended);
            const code = String(res.statusCode);
            statusCodes[code] = (statusCodes[code] ?? 0) + 1;
            const size = chunks.reduce((s, c) => s + c.length, 0);
            bodyBytes += size;
            if (res.statusCode && res.statusCode < 300) ok++;
            else failed++;
            if (keepSample && sample === null && res.statusCode === 200)
              sample = Buffer.concat(chunks).toString();
            completed++;
            done();
          });
        },
      );
      req.on("error", () => {
        failed++;
        statusCodes.error = (statusCodes.error ?? 0) + 1;
        done();
      });
      req.end(n.body);
    });
    inflight.add(p);
    void p.then(() => inflight.delete(p));
  };

  const start = performance.now() + 5;
  let i = 0;
  while (i < total) {
    const now = performance.now();
    while (i < total && start + i * interval <= now) send(start + i++ * interval);
    const wait = start + i * interval - performance.now();
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(wait, 5))));
  }
  // Stragglers: up to 15 s more; what has not answered by then counts as failed, with that latency.
  const deadline = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 15_000).unref());
  if ((await Promise.race([Promise.all(inflight), deadline])) === "timeout") {
    const lost = total - completed - failed;
    for (let k = 0; k < lost; k++) latencies.push(15_000 + seconds * 1000);
    failed += lost;
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rate,
    sent: total,
    completed,
    ok,
    failed,
    p50: percentile(latencies, 0.5),
    p90: percentile(latencies, 0.9),
    p99: percentile(latencies, 0.99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    bodyBytes: completed > 0 ? bodyBytes / completed : 0,
    maxSendLagMs,
    statusCodes,
    sample,
  };
}

/** One request at a time over one keep-alive connection, for `seconds`: the unloaded latency of a target. */
export async function serialLoop(
  target: Target,
  seconds: number,
): Promise<{ p50: number; p99: number; count: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const base = new URL(target.url);
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const n = target.next();
    const t = performance.now();
    await new Promise<void>((done, fail) => {
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: n.path,
          method: n.method ?? "GET",
          agent,
          headers: n.headers,
        },
        (res) => {
          res.on("data", () => {});
          res.on("end", () => done());
        },
      );
      req.on("error", fail);
      req.end(n.body);
    });
    latencies.push(performance.now() - t);
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), count: latencies.length };
}
