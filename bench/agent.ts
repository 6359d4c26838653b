// The server process of the benchmark, started by run.ts as a child (bundled first: agent-build.ts), so the
// load generator and the server do not share an event loop, and its peak memory is its own (/proc/<pid>/status).
// It starts the REAL server with startServer() — the same function `npm start` runs — on the prepared database,
// plus a bare Fastify instance for the baselines B0 (precomputed JSON) and B2 (naive search). It answers the
// parent over IPC: statement counts, and B1 (the search's own statement through the driver, no HTTP).
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import Fastify from "fastify";
import { loadEnv } from "../apps/server/src/config/env";
import {
  catalogueOf,
  loadSearchContext,
  type SearchCatalogue,
} from "../apps/server/src/features/search/repository";
import { startServer } from "../apps/server/src/server";
import { type MemoryCommand, pgliteWasmBytes, startMemorySampler } from "./memory";
import { naiveSearch } from "./naive";
import { type SearchCase, searchLoad } from "./queries";

export type AgentReady = { type: "ready"; url: string; baselineUrl: string; pid: number; startMs: number };
export type AgentCommand =
  | { cmd: "statements" }
  | { cmd: "cache" }
  | { cmd: "b0"; body: string }
  | { cmd: "b1"; cases: SearchCase[]; durationMs: number; concurrency: number }
  | { cmd: "settle" }
  | { cmd: "profile"; action: "start" }
  | { cmd: "profile"; action: "stop"; file: string }
  | MemoryCommand
  | { cmd: "stop" };
export type AgentRequest = AgentCommand & { id: number };
export type B1Result = { latenciesMs: number[]; elapsedMs: number; statements: number };

// The repository root: run.ts starts this process there (it runs as a bundle in bench/results/agent, agent-build.ts).
const root = process.cwd();
const t0 = performance.now();
const server = await startServer(loadEnv(), { root });
const { database } = server;
const memory = startMemorySampler(() =>
  pgliteWasmBytes((database.db as unknown as { $client: unknown }).$client),
);

let b0Body = "{}";
const baseline = Fastify({ logger: false });
baseline.get("/b0", (_request, reply) => {
  reply.type("application/json; charset=utf-8").send(b0Body);
});
baseline.get<{ Querystring: Record<string, string> }>("/b2", async (request) => {
  const q = request.query;
  const childs = Number(q.childs ?? 0);
  return naiveSearch(database, {
    hotel: Number(q.hotel),
    arrival: String(q.arrival),
    departure: String(q.departure),
    adults: Number(q.adults ?? 2),
    ages: childs > 0 ? String(q.ages).split(",").map(Number) : [],
  });
});
const baselineUrl = await baseline.listen({ port: 0, host: "127.0.0.1" });

/**
 * Requests the server is still answering. autocannon ends a closed loop by closing its sockets, not by waiting for
 * its answers, so the server may still be working through up to one request per connection when the loop has
 * returned; a phase measured next would count that backlog as its own latency. `settle` waits it out. An answer
 * ends with `res.end()` or, for a request whose client has gone, with the connection's close.
 */
let answering = 0;
function countAnswers(http: import("node:http").Server): void {
  const handlers = http.listeners("request") as ((req: unknown, res: unknown) => void)[];
  http.removeAllListeners("request");
  http.on("request", (req, res) => {
    answering++;
    const at = performance.now();
    const end = res.end;
    let ended = false;
    const done = () => {
      if (!ended) answering--;
      ended = true;
    };
    res.end = function (this: typeof res, ...args: Parameters<typeof end>) {
      if (!ended) memory.answered(performance.now() - at);
      done();
      return end.apply(this, args);
    } as typeof end;
    // A request whose client went (a load phase's last ones, cut at its end) may never call end(): a compressed
    // answer is piped, and a pipe into a closed connection stops. Those few (at most a phase's connections) are not
    // waited for.
    res.once("close", done);
    for (const handler of handlers) handler.call(http, req, res);
  });
}
countAnswers(server.app.server);
countAnswers(baseline.server);

/** Waits until no request is being answered; after 60 s it gives up (a response destroyed without `end()`). */
async function settle(): Promise<number> {
  const t0 = performance.now();
  while (answering > 0) {
    if (performance.now() - t0 > 60_000) {
      console.warn(`settle: still ${answering} request(s) being answered after 60 s; going on`);
      answering = 0;
      break;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - t0;
}

/** The hotels' catalogues as B1 last read them: the service passes its kept one the same way (ADR 0053). */
const b1Catalogues = new Map<number, { version: number; catalogue: SearchCatalogue }>();

/** B1: the one search statement, called through the repository as the service calls it, `concurrency` at a time. */
async function runB1(cases: SearchCase[], durationMs: number, concurrency: number): Promise<B1Result> {
  const loads = cases.map(searchLoad);
  const latenciesMs: number[] = [];
  const before = database.statements.count;
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    while (performance.now() - start < durationMs) {
      const load = loads[next++ % loads.length];
      if (!load) break;
      const t = performance.now();
      const known = b1Catalogues.get(load.hotelId);
      const ctx = await loadSearchContext(database, { ...load, known });
      latenciesMs.push(performance.now() - t);
      if (ctx.room_types !== known?.catalogue.room_types)
        b1Catalogues.set(load.hotelId, { version: Number(ctx.version), catalogue: catalogueOf(ctx) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    latenciesMs,
    elapsedMs: performance.now() - start,
    statements: database.statements.count - before,
  };
}

/** CPU profiles of one phase (`--profile`): V8's sampling profiler through the inspector, in this process. */
const inspector = new Session();
inspector.connect();

process.on("message", async (message: AgentRequest) => {
  const reply = (result: unknown) => process.send?.({ type: "reply", id: message.id, result });
  try {
    switch (message.cmd) {
      case "statements":
        return reply(database.statements.count);
      case "cache":
        return reply(server.app.searchCache?.stats() ?? null);
      case "b0":
        b0Body = message.body;
        return reply(Buffer.byteLength(b0Body));
      case "settle":
        return reply(await settle());
      case "b1":
        return reply(await runB1(message.cases, message.durationMs, message.concurrency));
      case "profile":
        if (message.action === "start") {
          await inspector.post("Profiler.enable");
          await inspector.post("Profiler.setSamplingInterval", { interval: 200 });
          await inspector.post("Profiler.start");
          return reply(true);
        } else {
          const { profile } = await inspector.post("Profiler.stop");
          writeFileSync(message.file, JSON.stringify(profile));
          return reply(message.file);
        }
      case "memory":
        return reply(memory.handle(message));
      case "stop":
        await baseline.close();
        await server.close();
        reply(true);
        return setTimeout(() => process.exit(0), 50);
    }
  } catch (err) {
    process.send?.({ type: "reply", id: message.id, error: err instanceof Error ? err.stack : String(err) });
  }
});

process.send?.({
  type: "ready",
  url: server.url.replace("0.0.0.0", "127.0.0.1"),
  baselineUrl,
  pid: process.pid,
  startMs: performance.now() - t0,
} satisfies AgentReady);
