// `npm run bench`: Alloggio's performance figures beside their baselines, measured in the same run.
// PostgreSQL when DATABASE_URL is set, PGlite otherwise; `--both` runs both (DATABASE_URL needed) and adds
// PGlite ÷ PostgreSQL latency; PostgreSQL adds AlpineBits' big messages (`--alpinebits-only` runs just those).
// `--lighthouse` adds Lighthouse's mobile scores of the pages a guest lands on and, on the demo product, of those
// behind a login or a choice (lighthouse-signed-in.ts) (slow: opt-in); `--lighthouse-only` measures just those, on
// the warmed-up server (BENCH_LIGHTHOUSE_PAGES=portal,voucher names some).
// Prints a table per database and writes bench/results/latest.json. Never fails on a missed goal.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { CacheCounts } from "../apps/server/src/features/search/answer-cache";
import { serverNodeFlags } from "../scripts/node-flags.mjs";
import type { AgentCommand, AgentReady, B1Result } from "./agent";
import { buildAgent } from "./agent-build";
import { alpineBitsFigures } from "./alpinebits";
import { measureCache } from "./cache";
import { type BookingStay, type Kind, type Prepared, prepareDatabase } from "./database";
import { atLeast, atMost, type Figure, formatTable, info, notMeasured } from "./figures";
import { signedInPages } from "./lighthouse-signed-in";
import { closedLoop, openLoop, percentile, serialLoop, type Target } from "./load";
import { memoryPhases, SEARCH_LOAD_PHASE } from "./memory";
import { measureProcesses } from "./processes";
import { portalQuery, type SearchCase, searchMix, searchQuery } from "./queries";
import { benchServerEnv } from "./server-env";
import { measureStartup } from "./startup";
import {
  ensureWebBuild,
  type LighthousePage,
  type LighthouseScores,
  lighthouseMetricFigures,
  measureInitialJs,
  runLighthouse,
} from "./web";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = join(root, "bench/results");
const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
/** `--lighthouse-only`: the data set, the server, a warm-up and Lighthouse; no load phase. */
const lighthouseOnly = args.has("--lighthouse-only");
/** Seconds of each load phase; --quick halves them (for trying the bench out, not for figures). */
const S = (seconds: number) => (quick ? seconds / 2 : seconds);
/** Connections of the closed-loop search runs (the issue's reference engine was measured at 10). */
const CONNECTIONS = 10;
/** The fixed rate of the latency runs, as a share of the peak measured just before. */
const FIXED_SHARE = 0.7;

const t0 = performance.now();

/** What an interrupted run must still undo (the server process, the temporary databases). */
const cleanups = new Set<() => Promise<void>>();
process.once("SIGINT", () => {
  process.stderr.write("\ninterrupted: cleaning up…\n");
  void Promise.allSettled([...cleanups].map((f) => f())).then(() => process.exit(130));
});
/** The per-phase memory rows of the running suite (memory.ts): every log line may start a phase. */
let phases: ReturnType<typeof memoryPhases> | null = null;
const log = (msg: string) => {
  phases?.log(msg);
  process.stderr.write(`[bench ${((performance.now() - t0) / 1000).toFixed(1)}s] ${msg}\n`);
};

// ── The server process ──────────────────────────────────────────────────────────────────────────────────────

type Agent = {
  child: ChildProcess;
  ready: AgentReady;
  call: <T>(request: AgentCommand) => Promise<T>;
  /** Resolves when the server has answered every request it was given (`Target.settle`). */
  settle: () => Promise<unknown>;
};

/** The agent bundle (agent-build.ts), built once per invocation. */
let agentScript: string | undefined;

async function startAgent(env: Record<string, string>, logFile: string): Promise<Agent> {
  const out = openSync(logFile, "w");
  const childEnv = benchServerEnv(env);
  agentScript ??= await buildAgent(root);
  // The heap flags `npm start` runs with (ADR 0050).
  const child = spawn(process.execPath, [...serverNodeFlags(childEnv), agentScript], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", out, out, "ipc"],
  });
  closeSync(out);
  child.on("error", (err) => log(`server process: ${err.message}`));
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const ready = new Promise<AgentReady>((resolveReady, rejectReady) => {
    child.on("message", (m: { type: string; id?: number; result?: unknown; error?: string }) => {
      if (m.type === "ready") resolveReady(m as AgentReady);
      else if (m.type === "reply" && m.id !== undefined) {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (m.error) p?.reject(new Error(m.error));
        else p?.resolve(m.result);
      }
    });
    child.once("exit", (code) => {
      const err = new Error(`the server process exited (${code}); see ${logFile}`);
      rejectReady(err);
      for (const p of pending.values()) p.reject(err);
    });
  });
  const call = <T>(request: AgentCommand) =>
    new Promise<T>((resolveCall, rejectCall) => {
      if (!child.connected) return rejectCall(new Error(`the server process is gone; see ${logFile}`));
      const id = nextId++;
      pending.set(id, { resolve: resolveCall as (v: unknown) => void, reject: rejectCall });
      child.send({ ...request, id });
    });
  return { child, ready: await ready, call, settle: () => call({ cmd: "settle" }) };
}

async function stopAgent(agent: Agent): Promise<void> {
  if (agent.child.exitCode !== null || agent.child.signalCode !== null) return;
  const exited = once(agent.child, "exit");
  await agent.call({ cmd: "stop" }).catch(() => {});
  const timer = setTimeout(() => agent.child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Peak and current resident memory of a process, from /proc/<pid>/status, in MB. */
function memoryOf(pid: number): { peakMb: number; rssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { peakMb: kb("VmHWM") / 1024, rssMb: kb("VmRSS") / 1024 };
}

// ── Targets ─────────────────────────────────────────────────────────────────────────────────────────────────

function cycle<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length] as T;
}

function searchTarget(url: string, path: string, cases: SearchCase[], settle?: Target["settle"]): Target {
  const next = cycle(cases.map((c) => `${path}?${searchQuery(c)}`));
  return { url, next: () => ({ path: next() }), settle };
}

let keyCounter = 0;
function bookingBody(stay: BookingStay): string {
  return JSON.stringify({
    method: "confirm",
    hotel: stay.hotel,
    channel: 1,
    language: 1,
    arrival: stay.arrival,
    departure: stay.departure,
    rooms: [{ slot: 0, roomId: stay.room, rateId: stay.rate, adults: 2, ages: [], refundProtection: false }],
    booker: {
      fullname: "Maria Rossi",
      email: "maria@example.test",
      emailConfirm: "maria@example.test",
      phone: { dialCode: "+39", number: "3331234567" },
      country: "IT",
    },
    privacy: { marketing: false, report: false, profile: false, custom: [] },
    terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
    services: [],
    payment: { method: "pay_at_hotel" },
  });
}

function bookingTarget(url: string, stays: () => BookingStay, settle?: Target["settle"]): Target {
  const run = `${process.pid}-${Date.now()}`;
  return {
    url,
    settle,
    next: () => ({
      path: "/api/guestdata.do",
      method: "POST",
      body: bookingBody(stays()),
      headers: { "idempotency-key": `bench-${run}-${++keyCounter}` },
    }),
  };
}

// ── Figures that need features not built yet: each is one function; replace its body when the feature lands ──

type SuiteContext = { kind: Kind; agent: Agent; prepared: Prepared; cases: SearchCase[] };

/**
 * Portal search over the 100 hotels (`availChannelCheck.do`): the same mix without a hotel, so every
 * hotel of the channel is searched at once. Peak closed-loop, then p50/p99 open loop at 70% of it. When the
 * server has no such call (a build before the portal search) the figure says so instead of a number.
 */
async function measurePortalSearch(ctx: SuiteContext): Promise<Figure[]> {
  const { agent } = ctx;
  const url = agent.ready.url;
  const probe = await fetch(`${url}/api/availChannelCheck.do?${portalQuery(ctx.cases[0] as SearchCase)}`);
  const text = await probe.text();
  if (probe.status === 404 && text.includes("No route"))
    return [
      notMeasured(
        "portal search over 100 hotels p99",
        "ms",
        "≤ 250",
        "not measured: this build has no portal search",
      ),
    ];
  if (probe.status !== 200)
    throw new Error(`availChannelCheck.do answered ${probe.status}: ${text.slice(0, 300)}`);
  const hotels = (JSON.parse(text) as { hotels: unknown[] }).hotels.length;
  log(`${ctx.kind}: portal search over ${hotels} hotels…`);
  const next = cycle(ctx.cases.map((c) => `/api/availChannelCheck.do?${portalQuery(c)}`));
  const target: Target = { url, next: () => ({ path: next() }), settle: agent.settle };
  const peak = await profiled(ctx, "portal", () => closedLoop(target, CONNECTIONS, S(3)));
  const fixed = await openLoop(target, Math.max(1, peak.rps * FIXED_SHARE), S(4));
  // Statements of single requests (median of 5): over a run of a few requests a tick of the server's timed
  // jobs would show as a fraction of a statement per search. The last searches of the mix, which the load above
  // never reached: lists not in the cache (1 + one per slice of hotels, ADR 0050).
  // Timed too: one cold list at a time, so that 100 and 1 000 hotels compare without queueing.
  const counts: number[] = [];
  const alone: number[] = [];
  for (const c of ctx.cases.slice(-5)) {
    const before = await agent.call<number>({ cmd: "statements" });
    const t0 = performance.now();
    await (await fetch(`${url}/api/availChannelCheck.do?${portalQuery(c)}`)).arrayBuffer();
    alone.push(performance.now() - t0);
    counts.push((await agent.call<number>({ cmd: "statements" })) - before);
  }
  const statements = percentile(
    counts.sort((a, b) => a - b),
    0.5,
  );
  return [
    atMost(
      `portal search over ${hotels} hotels p99`,
      fixed.p99,
      "ms",
      // The goals: 100 ms on PostgreSQL (issue 33; was 250), 600 ms on PGlite (one WebAssembly database in the
      // server's process).
      ctx.kind === "postgres" ? 100 : 600,
      `open loop at ${Math.round(fixed.rate)}/s = 70% of peak; ${fixed.failed} failed; the generator sent its latest request ${Math.round(fixed.maxSendLagMs)} ms late`,
    ),
    info(`portal search over ${hotels} hotels p50`, fixed.p50, "ms"),
    info(
      `portal search over ${hotels} hotels, one at a time (p50)`,
      percentile(
        alone.sort((a, b) => a - b),
        0.5,
      ),
      "ms",
      "5 lists not in the cache, unloaded",
    ),
    info("portal search peak", peak.rps, "req/s", `closed loop, ${CONNECTIONS} connections`),
    info("SQL statements per portal search", statements, "", "a list not in the cache"),
    info("response bytes per portal search", fixed.bodyBytes, "B"),
  ];
}

/** With --profile, a CPU profile of the server process during `phase`, in bench/results/profile-<db>-<phase>. */
async function profiled<T>(ctx: SuiteContext, phase: string, run: () => Promise<T>): Promise<T> {
  if (!args.has("--profile")) return run();
  await ctx.agent.call({ cmd: "profile", action: "start" });
  const result = await run();
  const file = join(resultsDir, `profile-${ctx.kind}-${phase}.cpuprofile`);
  await ctx.agent.call({ cmd: "profile", action: "stop", file });
  log(`profile: npx tsx bench/profile-summary.ts ${file}`);
  return result;
}

// ── One database ────────────────────────────────────────────────────────────────────────────────────────────

/** Lighthouse's figures, measured once per invocation (--lighthouse). */
let lighthouse: Figure[] | null = null;

type SuiteResult = { kind: Kind; figures: Figure[]; b3p50: number; b3p99: number; b3Serial: number };

async function runSuite(kind: Kind, web: Figure[]): Promise<SuiteResult> {
  const url = process.env.DATABASE_URL;
  const figures: Figure[] = [];
  log(`${kind}: generating the data set…`);
  const prepared = await prepareDatabase(kind, url);
  cleanups.add(prepared.drop);
  const rows = prepared.data.rows;
  figures.push(
    info(
      "data set generation (SQL)",
      prepared.data.ms / 1000,
      "s",
      `${rows.hotels} hotels, ${rows.room_types} room types, ${rows.rate_plans} rates, ${rows.inventory} inventory, ${rows.prices} prices, ${rows.child_prices} child prices, ${rows.restrictions} restrictions`,
    ),
  );
  log(`${kind}: data set in ${(prepared.data.ms / 1000).toFixed(1)} s: ${JSON.stringify(rows)}`);

  mkdirSync(resultsDir, { recursive: true });
  const agent = await startAgent(prepared.env, join(resultsDir, `server-${kind}.log`));
  const killAgent = async () => {
    agent.child.kill("SIGKILL");
  };
  cleanups.add(killAgent);
  const pid = agent.ready.pid;
  phases = memoryPhases(agent.call);
  log(`${kind}: server up in ${Math.round(agent.ready.startMs)} ms (pid ${pid}) at ${agent.ready.url}`);
  const cases = searchMix(prepared.data.today, 5000);
  const ctx: SuiteContext = { kind, agent, prepared, cases };
  const statements = () => agent.call<number>({ cmd: "statements" });
  try {
    const settle = agent.settle;
    const b3 = searchTarget(agent.ready.url, "/api/avail.do", cases, settle);
    const b2 = searchTarget(agent.ready.baselineUrl, "/b2", cases, settle);

    // Warm-up, and what the searches find: a data set where nothing is free would flatter every figure.
    const bodies: string[] = [];
    let withRooms = 0;
    for (const c of cases.slice(0, 100)) {
      const res = await fetch(`${agent.ready.url}/api/avail.do?${searchQuery(c)}`);
      const text = await res.text();
      if (res.status !== 200) throw new Error(`search answered ${res.status}: ${text.slice(0, 300)}`);
      bodies.push(text);
      const answer = JSON.parse(text) as { availability: unknown[][] };
      if ((answer.availability[0]?.length ?? 0) > 0) withRooms++;
    }
    figures.push(info("searches that find a room", withRooms, "%"));
    await closedLoop(b3, CONNECTIONS, S(2));
    // Only Lighthouse, on the server warmed up by the searches above: to work on a page's score in minutes.
    if (lighthouseOnly) {
      const pages = await lighthouseFigures(
        agent.ready.url,
        prepared.data.today,
        prepared.uncontended.shift(),
        prepared.offer,
      );
      return { kind, figures: [...figures, ...pages], b3p50: 0, b3p99: 0, b3Serial: 0 };
    }

    // SQL statements of one search, 1 night and 14 nights (2 adults + 2 children).
    const countOne = async (query: string) => {
      const before = await statements();
      const res = await fetch(`${agent.ready.url}/api/avail.do?channel=1&hotel=7&language=1&${query}`);
      if (res.status !== 200) throw new Error(`search answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return (await statements()) - before;
    };
    const arrival = cases[0]?.arrival ?? prepared.data.today;
    const depart = (n: number) => {
      const d = new Date(`${arrival.slice(0, 4)}-${arrival.slice(4, 6)}-${arrival.slice(6)}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10).replaceAll("-", "");
    };
    const one = await countOne(`arrival=${arrival}&departure=${depart(1)}&adults=2&childs=2&ages=4,9`);
    const fourteen = await countOne(`arrival=${arrival}&departure=${depart(14)}&adults=2&childs=2&ages=4,9`);

    // B0: the HTTP floor, a bare route with a precomputed search answer of median size.
    const sizes = bodies.map((b) => Buffer.byteLength(b)).sort((a, b) => a - b);
    const median = bodies.find((b) => Buffer.byteLength(b) === percentile(sizes, 0.5)) ?? bodies[0] ?? "{}";
    await agent.call({ cmd: "b0", body: median });
    log(`${kind}: B0 bare route (${Buffer.byteLength(median)} bytes)…`);
    const b0Peak = await closedLoop(
      { url: agent.ready.baselineUrl, next: () => ({ path: "/b0" }), settle },
      CONNECTIONS,
      S(3),
    );

    // B1: the search's own statement through the driver, without HTTP: one at a time, then 10 at a time.
    log(`${kind}: B1 search statement without HTTP…`);
    const b1 = await agent.call<B1Result>({ cmd: "b1", cases, durationMs: S(2) * 1000, concurrency: 1 });
    const b1Sorted = [...b1.latenciesMs].sort((a, b) => a - b);
    const b1Par = await agent.call<B1Result>({ cmd: "b1", cases, durationMs: S(2) * 1000, concurrency: 10 });
    const b1p50 = percentile(b1Sorted, 0.5);

    // B2: the naive search, one statement per room type per night.
    log(`${kind}: B2 naive search…`);
    const b2Peak = await closedLoop(b2, CONNECTIONS, S(3));
    let before = await statements();
    const b2Fixed = await openLoop(b2, Math.max(1, b2Peak.rps * FIXED_SHARE), S(3));
    const b2Statements = ((await statements()) - before) / Math.max(1, b2Fixed.completed);

    // B3: Alloggio. One at a time first (against B1, also one at a time), then the same rate as B2's latency run
    // (against B2), then the peak and the latency at 70% of it.
    log(`${kind}: B3 Alloggio avail.do…`);
    const b3Serial = await serialLoop(b3, S(2));
    const b3AtB2Rate = await openLoop(b3, b2Fixed.rate, S(3));
    const b3Peak = await profiled(ctx, "b3", () => closedLoop(b3, CONNECTIONS, S(5)));
    // Its own phase: the server's event-loop delay of this run is the figure with a goal (memory.ts).
    log(`${kind}: ${SEARCH_LOAD_PHASE}…`);
    before = await statements();
    const b3Fixed = await openLoop(b3, Math.max(1, b3Peak.rps * FIXED_SHARE), S(5));
    const b3Statements = ((await statements()) - before) / Math.max(1, b3Fixed.completed);
    // The same searches as a browser asks them, taking brotli or gzip: what compressing the answers costs (after
    // the latency phase, which it must not disturb).
    log(`${kind}: B3 compressed peak…`);
    const b3Compressed = await closedLoop(
      { ...b3, next: () => ({ ...b3.next(), headers: { "accept-encoding": "br, gzip" } }) },
      CONNECTIONS,
      S(5),
    );
    log(
      `${kind}: B3 peak ${Math.round(b3Peak.rps)}/s; at ${Math.round(b3Fixed.rate)}/s p50 ${b3Fixed.p50.toFixed(1)} ms p99 ${b3Fixed.p99.toFixed(1)} ms, codes ${JSON.stringify(b3Fixed.statusCodes)}`,
    );

    figures.push(
      atMost(
        "avail.do p50 (B3)",
        b3Fixed.p50,
        "ms",
        10,
        `open loop at ${Math.round(b3Fixed.rate)}/s = 70% of peak`,
      ),
      atMost(
        "avail.do p99 (B3)",
        b3Fixed.p99,
        "ms",
        // Issue 33's goals: 10 ms on PostgreSQL, 40 ms on PGlite (was 40 on both).
        kind === "postgres" ? 10 : 40,
        `open loop at ${Math.round(b3Fixed.rate)}/s; the generator sent its latest request ${Math.round(b3Fixed.maxSendLagMs)} ms late`,
      ),
      info(
        "avail.do peak (B3)",
        b3Peak.rps,
        "req/s",
        `closed loop, ${CONNECTIONS} connections; 5 000 different searches: nearly all cache misses`,
      ),
      info(
        "avail.do peak, compressed (B3)",
        b3Compressed.rps,
        "req/s",
        `Accept-Encoding: br, gzip; ${Math.round(b3Compressed.bytesPerResponse)} B on the wire per answer against ${Math.round(b3Peak.bytesPerResponse)} B`,
      ),
      info("compressed ÷ plain search peak (B3)", b3Compressed.rps / b3Peak.rps, ""),
      info("bare route peak (B0)", b0Peak.rps, "req/s", `closed loop, ${CONNECTIONS} connections`),
      atLeast("B3 req/s ÷ B0 req/s", b3Peak.rps / b0Peak.rps, "", 0.25),
      info("search statement p50 (B1)", b1p50, "ms", "repository call, one at a time"),
      info("search statement p99 (B1)", percentile(b1Sorted, 0.99), "ms"),
      info(
        "search statements/s (B1)",
        (b1Par.latenciesMs.length / b1Par.elapsedMs) * 1000,
        "/s",
        "10 at a time",
      ),
      info("avail.do p50 one at a time (B3)", b3Serial.p50, "ms", "1 connection, unloaded"),
      atMost("B3 p50 ÷ B1 p50", b3Serial.p50 / b1p50, "", 2, "both one at a time"),
      atMost("SQL statements per search (B3)", b3Statements, "", 3),
      {
        name: "SQL statements, 14 nights vs 1 night",
        value: fourteen,
        unit: "",
        goal: `= ${one} (1 night), ≤ 3`,
        meets: fourteen === one && fourteen <= 3,
      },
      info("response bytes per search (B3)", b3Fixed.bodyBytes, "B", "JSON body, uncompressed"),
      info("naive search peak (B2)", b2Peak.rps, "req/s"),
      info(
        "naive search p50 (B2)",
        b2Fixed.p50,
        "ms",
        `open loop at ${Math.round(b2Fixed.rate)}/s = 70% of its peak`,
      ),
      info("naive search p99 (B2)", b2Fixed.p99, "ms"),
      info("SQL statements per search (B2)", b2Statements, ""),
      info(
        "avail.do p50 at B2's rate (B3)",
        b3AtB2Rate.p50,
        "ms",
        `open loop at ${Math.round(b3AtB2Rate.rate)}/s`,
      ),
      atLeast(
        "B2 ÷ B3 latency (p50)",
        b2Fixed.p50 / b3AtB2Rate.p50,
        "",
        5,
        "both open loop at B2's 70%-of-peak rate",
      ),
    );
    if (b3Fixed.failed > 0 || b3Peak.non2xx > 0)
      figures.push(
        info("failed searches (B3)", b3Fixed.failed + b3Peak.non2xx, "", JSON.stringify(b3Fixed.statusCodes)),
      );
    figures.push(...(await measurePortalSearch(ctx)));
    log(`${kind}: search cache hits…`);
    figures.push(
      ...(await measureCache({
        url: agent.ready.url,
        cases,
        counts: () => agent.call<CacheCounts | null>({ cmd: "cache" }),
        settle,
        seconds: S,
        connections: CONNECTIONS,
        fixedShare: FIXED_SHARE,
        b0Rps: b0Peak.rps,
        kind,
      })),
    );

    // Lighthouse once per invocation (it needs the app with data), on PostgreSQL's server when the run has one: the
    // goal is a PostgreSQL figure, and PGlite's server answers the page's calls on its own thread, on the cores the
    // browser uses too (ADR 0058). After the search load and before the bookings: each booking queues its mails,
    // which the server's mail job renders (voucher PDFs included) minutes after the load at its pace (ADR 0047);
    // a page measured during that backlog measured the tail of the booking phase, not a quiet server.
    if (args.has("--lighthouse") && lighthouse === null && kind === lighthouseKind())
      lighthouse = await lighthouseFigures(
        agent.ready.url,
        prepared.data.today,
        prepared.uncontended.shift(),
        prepared.offer,
      );

    // Bookings: pay at hotel, confirmed in one call, each with its own Idempotency-Key.
    log(`${kind}: bookings…`);
    const free = bookingTarget(agent.ready.url, cycle(prepared.uncontended), settle);
    // Warm-up, as for B3: the booking path's first calls compile its code, prepare its statements on each
    // connection and start the mail job's PDF thread; the figure is the steady state after that.
    await closedLoop(free, CONNECTIONS, S(1));
    before = await statements();
    // 8 s, as the processes phase: a 3-second phase moved by a quarter between runs of the same code (ADR 0059).
    const uncontended = await profiled(ctx, "booking", () => closedLoop(free, CONNECTIONS, S(8)));
    const bookingStatements =
      ((await statements()) - before) / Math.max(1, uncontended.ok + uncontended.non2xx);
    const contendedRun = await profiled(ctx, "booking-contended", () =>
      closedLoop(
        bookingTarget(agent.ready.url, () => prepared.contended, settle),
        20,
        S(3),
      ),
    );
    log(
      `${kind}: bookings ${Math.round(uncontended.rps)}/s codes ${JSON.stringify(uncontended.statusCodes)}; contended p99 ${contendedRun.p99} ms codes ${JSON.stringify(contendedRun.statusCodes)}`,
    );
    figures.push(
      // The goal is PostgreSQL's; PGlite's figure is shown as info.
      kind === "postgres"
        ? atLeast(
            "uncontended bookings",
            uncontended.rps,
            "/s",
            300,
            `closed loop, ${CONNECTIONS} connections, each stay at another hotel or night; ${uncontended.non2xx} non-2xx`,
          )
        : info(
            "uncontended bookings",
            uncontended.rps,
            "/s",
            `the goal (≥ 300/s) is PostgreSQL's; closed loop, ${CONNECTIONS} connections; ${uncontended.non2xx} non-2xx`,
          ),
      atMost(
        "booking p99 under contention",
        contendedRun.p99,
        "ms",
        250,
        `20 connections booking the same 2 nights of one room type; ${Math.round(contendedRun.rps)}/s, ${contendedRun.non2xx} non-2xx`,
      ),
      info("uncontended booking p50", uncontended.p50, "ms"),
      info("SQL statements per booking", bookingStatements, ""),
    );

    const memory = memoryOf(pid);
    const memoryRows = await phases.figures();
    const limit = kind === "postgres" ? 300 : 500;
    figures.push(
      atMost(
        "peak resident memory of the server (VmHWM)",
        memory.peakMb,
        "MB",
        limit,
        "server child process",
      ),
      ...memoryRows,
    );
    // The server as 1 and 2 processes (PostgreSQL only), on its own: the suite's server stops first.
    await stopAgent(agent);
    const unbooked = cycle([...prepared.uncontended].reverse());
    const search = (u: string) => searchTarget(u, "/api/avail.do", cases);
    const booking = (u: string) => bookingTarget(u, unbooked);
    const env = prepared.env;
    figures.push(
      ...(await measureProcesses({ kind, env, search, booking, seconds: S, connections: CONNECTIONS, log })),
    );
    return {
      kind,
      figures: [...figures, ...(await startupFigures(kind, url)), ...web, ...(lighthouse ?? [])],
      b3p50: b3Fixed.p50,
      b3p99: b3Fixed.p99,
      b3Serial: b3Serial.p50,
    };
  } finally {
    await stopAgent(agent);
    cleanups.delete(killAgent);
    await prepared.drop();
    cleanups.delete(prepared.drop);
  }
}

async function startupFigures(kind: Kind, url: string | undefined): Promise<Figure[]> {
  log(`${kind}: start times (node scripts/start.mjs)…`);
  try {
    const s = await measureStartup(kind, url);
    return [
      atMost(
        "start on an empty database → first search",
        s.firstMs / 1000,
        "s",
        10,
        "includes migrations and the demo data",
      ),
      atMost("restart → first search", s.restartMs / 1000, "s", 2),
    ];
  } catch (err) {
    log(`start times failed: ${(err as Error).message}`);
    return [
      notMeasured(
        "start on an empty database → first search",
        "s",
        "≤ 10",
        `failed: ${(err as Error).message.split("\n")[0]}`,
      ),
      notMeasured("restart → first search", "s", "≤ 2", "failed"),
    ];
  }
}

async function webFigures(): Promise<Figure[]> {
  const figures: Figure[] = [];
  try {
    const buildMs = ensureWebBuild();
    if (buildMs > 0) log(`built the web app in ${(buildMs / 1000).toFixed(1)} s`);
    const js = measureInitialJs();
    figures.push(atMost("search page initial JS (gzip)", js.value, "KB", 150, `${js.files.length} files`));
    for (const route of js.routes)
      figures.push(info(`${route.name} page initial JS (gzip)`, route.value, "KB", `${route.files} files`));
  } catch (err) {
    log(`web build or bundle size failed: ${(err as Error).message.split("\n")[0]}`);
    figures.push(
      notMeasured("search page initial JS (gzip)", "KB", "≤ 150", "not measured: the web app does not build"),
    );
  }
  if (!args.has("--lighthouse") && !lighthouseOnly) {
    figures.push(
      notMeasured(
        "Lighthouse mobile performance (search page)",
        "",
        "≥ 95",
        "skipped (run with --lighthouse)",
      ),
      notMeasured(
        "Lighthouse mobile accessibility (search page)",
        "",
        "≥ 100",
        "skipped (run with --lighthouse)",
      ),
    );
  }
  return figures;
}

/** The suite whose server Lighthouse measures: PostgreSQL's when the run has one. */
const lighthouseKind = (): Kind => (args.has("--both") || process.env.DATABASE_URL ? "postgres" : "pglite");

/** Lighthouse runs per bench: one run's score moves by 10 points on a shared machine; the median run is quoted. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** The other pages' runs: the issue's median of 3 (fewer when BENCH_LIGHTHOUSE_RUNS asks for fewer). */
const OTHER_PAGE_RUNS = Math.min(3, LIGHTHOUSE_RUNS);

/**
 * Lighthouse (mobile) on the pages a guest lands on: the search page (LIGHTHOUSE_RUNS runs, its metrics beside it),
 * then the hotel page before a search, the portal, the packages, a voucher and an offer as its recipient opens it
 * from the mail, still locked (3 runs each; the voucher's booking and the offer are made here, from stays no other
 * phase books); then the pages behind a login or a choice, on the demo product in a tab prepared first
 * (lighthouse-signed-in.ts): services, checkout, unlocked offer, agency area, back office, back-office rates grid.
 */
async function lighthouseFigures(
  url: string,
  today: string,
  voucherStay: BookingStay | undefined,
  offer: Prepared["offer"],
): Promise<Figure[]> {
  const hotel = "/hotel/1/channel/1/language/1";
  const pages: LighthousePage[] = [
    { name: "search page", path: searchPagePath(today), runs: LIGHTHOUSE_RUNS },
    { name: "hotel page before a search", path: `${hotel}/rooms`, runs: OTHER_PAGE_RUNS },
    { name: "portal", path: "/channel/1/language/1", runs: OTHER_PAGE_RUNS },
    { name: "packages", path: `${hotel}/packages`, runs: OTHER_PAGE_RUNS },
  ];
  if (voucherStay) {
    const res = await fetch(`${url}/api/guestdata.do`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": `bench-voucher-${process.pid}` },
      body: bookingBody(voucherStay),
    });
    const answer = (await res.json()) as { reservation?: { code: string; email: string } };
    if (answer.reservation)
      pages.push({
        name: "voucher",
        path: `/hotel/${voucherStay.hotel}/channel/1/language/1/voucher/code/${answer.reservation.code}/email/${encodeURIComponent(answer.reservation.email)}`,
        runs: OTHER_PAGE_RUNS,
        private: true,
      });
    else log(`Lighthouse: the voucher's booking answered ${res.status}; no voucher page`);
  }
  const offerPath = offer ? await benchOffer(url, offer) : null;
  if (offerPath) pages.push({ name: "offer", path: offerPath, runs: OTHER_PAGE_RUNS, private: true });
  // BENCH_LIGHTHOUSE_PAGES=portal,voucher: only the pages named (their names in lower case, spaces as "-").
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",").map((name) => name.trim());
  const wanted = (name: string) => !only || only.includes(pageSlug(name));
  const figures: Figure[] = [];
  for (const page of pages) if (wanted(page.name)) figures.push(...(await lighthousePage(url, page)));
  const demo = await signedInPages({
    kind: lighthouseKind(),
    url: process.env.DATABASE_URL,
    runs: OTHER_PAGE_RUNS,
    wanted,
    log,
  });
  if (demo) {
    cleanups.add(demo.stop);
    try {
      for (const page of demo.pages) figures.push(...(await lighthousePage(url, page)));
    } finally {
      await demo.stop();
      cleanups.delete(demo.stop);
    }
  }
  return figures;
}

/** An offer of one option on `offer.stay`, made with its hotel's API key: its page's path, or null. */
async function benchOffer(url: string, offer: NonNullable<Prepared["offer"]>): Promise<string | null> {
  const { stay, apiKey } = offer;
  const res = await fetch(`${url}/api/v2/offers/create`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${apiKey}`,
      "idempotency-key": `bench-offer-${process.pid}`,
    },
    body: JSON.stringify({
      hotel: stay.hotel,
      channel: 1,
      recipient: { name: "Maria Rossi", email: "maria@example.test", language: 1 },
      arrival: stay.arrival,
      departure: stay.departure,
      options: [
        {
          title: "Double room",
          rooms: [{ roomId: stay.room, rateId: stay.rate, adults: 2, ages: [], priceMinor: 12_000 }],
        },
      ],
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    }),
  });
  const answer = (await res.json()) as { offerCode?: string };
  if (answer.offerCode) return `/offer/${answer.offerCode}`;
  log(`Lighthouse: the offer's creation answered ${res.status}; no offer page`);
  return null;
}

const pageSlug = (name: string) => name.toLowerCase().replaceAll(" ", "-");

async function lighthousePage(url: string, page: LighthousePage): Promise<Figure[]> {
  log(`Lighthouse (${page.preset ?? "mobile"}) on the ${page.name}, ${page.runs} runs…`);
  const runs: LighthouseScores[] = [];
  const failures: string[] = [];
  // A failed run (Lighthouse saw no paint, Chromium did not start…) is replaced by another, at most twice: the
  // median is of scored runs only; a failure is not a score of 0.
  for (let i = 0; i < page.runs + 2 && runs.length < page.runs; i++) {
    try {
      runs.push(await (page.measure ? page.measure() : runLighthouse(url + page.path)));
    } catch (err) {
      failures.push((err as Error).message);
      log(`Lighthouse run ${i + 1} failed: ${(err as Error).message}`);
    }
  }
  const failure = failures.join("; ");
  const named = (what: string) => `Lighthouse ${page.preset ?? "mobile"} ${what} (${page.name})`;
  if (runs.length === 0)
    return [
      notMeasured(named("performance"), "", "≥ 95", `failed: ${failure}`),
      notMeasured(named("accessibility"), "", "≥ 100", "failed"),
    ];
  // The median run by performance score (the lower middle of an even count), and its metrics.
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseScores;
  // The median run's whole report, to read what its score is made of (Lighthouse's own JSON).
  writeFileSync(join(resultsDir, `lighthouse-${pageSlug(page.name)}.json`), median.report);
  const scores = runs.map((r) => r.performance).join(", ");
  const { lcp, tbt, cls } = median.metrics;
  const metrics = `its LCP ${Math.round(lcp)} ms, TBT ${Math.round(tbt)} ms, CLS ${Math.round(cls * 1000) / 1000}`;
  const note = `median of ${runs.length} run(s): ${scores} (${metrics})${failures.length ? `; ${failures.length} failed (${failure})` : ""}`;
  const lowest = (key: "accessibility" | "bestPractices" | "seo") => Math.min(...runs.map((r) => r[key]));
  return [
    atLeast(named("performance"), median.performance, "", 95, note),
    atLeast(named("accessibility"), lowest("accessibility"), "", 100, "the lowest of the runs"),
    atLeast(named("best practices"), lowest("bestPractices"), "", 100, "the lowest of the runs"),
    page.private
      ? info(
          named("SEO"),
          lowest("seo"),
          "",
          "a private page says noindex on purpose, which Lighthouse's is-crawlable audit counts against it",
        )
      : atLeast(named("SEO"), lowest("seo"), "", 100, "the lowest of the runs"),
    ...(page.name === "search page" ? lighthouseMetricFigures(median) : []),
    ...(page.extra?.(median) ?? []),
  ];
}

function searchPagePath(today: string): string {
  const [c] = searchMix(today, 1);
  return `/hotel/1/channel/1/language/1/rooms?arrival=${c?.arrival}&departure=${c?.departure}&adults=2`;
}

/**
 * How the server reaches PostgreSQL, printed in the table's title: over TCP, or over a Unix socket when the URL names
 * a socket folder (`?host=/var/run/postgresql`), which costs a booking less CPU on a shared machine (ADR 0059).
 */
function databaseTransport(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "unknown connection";
  }
  const host = u.searchParams.get("host") ?? u.hostname;
  return host.startsWith("/") ? `Unix socket in ${host}` : `TCP to ${host}:${u.port || "5432"}`;
}

// ── Main ────────────────────────────────────────────────────────────────────────────────────────────────────

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryMb: Math.round(os.totalmem() / 1024 / 1024),
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    quick,
  };
}

/**
 * `--portal-1000`: the portal search over 1 000 hotels (the same hotel shape, ten times as many), on a data set of its
 * own, to show how the list's cost grows with the hotels. Info rows beside the 100-hotel goal. About
 * 2.5 minutes more on PostgreSQL (the data set), much more on PGlite: PostgreSQL only.
 */
async function portalAtScale(hotels: number): Promise<Figure[]> {
  const url = process.env.DATABASE_URL;
  if (!url) return [notMeasured(`portal search over ${hotels} hotels p99`, "ms", "info", "PostgreSQL only")];
  log(`postgres: ${hotels}-hotel data set for the portal…`);
  const prepared = await prepareDatabase("postgres", url, hotels);
  cleanups.add(prepared.drop);
  const agent = await startAgent(prepared.env, join(resultsDir, `server-postgres-${hotels}.log`));
  const kill = async () => {
    agent.child.kill("SIGKILL");
  };
  cleanups.add(kill);
  try {
    const cases = searchMix(prepared.data.today, 5000);
    const figures = await measurePortalSearch({ kind: "postgres", agent, prepared, cases });
    return figures
      .filter((f) => f.name.startsWith("portal search over") || f.name.startsWith("SQL statements"))
      .map((f) => ({
        ...f,
        name: f.name.startsWith("SQL") ? `${f.name} (${hotels} hotels)` : f.name,
        goal: null,
        meets: null,
      }));
  } finally {
    await stopAgent(agent);
    cleanups.delete(kill);
    await prepared.drop();
    cleanups.delete(prepared.drop);
  }
}

/** AlpineBits' big messages on their own database (PostgreSQL only: the issue's figure is PostgreSQL's). */
async function alpineBitsPhase(): Promise<Figure[]> {
  try {
    return await alpineBitsFigures(process.env.DATABASE_URL ?? "", log);
  } catch (err) {
    log(`alpinebits failed: ${(err as Error).message}`);
    return [
      notMeasured(
        "AlpineBits FreeRooms complete set p99",
        "ms",
        "≤ 1000",
        `failed: ${(err as Error).message.split("\n")[0]}`,
      ),
    ];
  }
}

async function main() {
  if (args.has("--alpinebits-only")) {
    if (!process.env.DATABASE_URL) throw new Error("--alpinebits-only needs DATABASE_URL");
    console.log(`\n${formatTable("Alloggio bench: AlpineBits only", await alpineBitsPhase())}\n`);
    return;
  }
  const kinds: Kind[] = args.has("--both")
    ? ["pglite", "postgres"]
    : process.env.DATABASE_URL
      ? ["postgres"]
      : ["pglite"];
  if (kinds.includes("postgres") && !process.env.DATABASE_URL) {
    console.error("--both needs DATABASE_URL (a PostgreSQL role that may create databases)");
    process.exit(2);
  }
  const atStart = machine();
  const web = await webFigures();
  const results: SuiteResult[] = [];
  for (const kind of kinds) results.push(await runSuite(kind, web));
  const pglite = results.find((r) => r.kind === "pglite");
  const postgres = results.find((r) => r.kind === "postgres");
  if (pglite && postgres)
    postgres.figures.push(
      // One at a time: the two runs are minutes apart on a shared machine, and at 70% of a peak measured a moment
      // before either may tip into queueing; unloaded latency compares the engines, the loaded ratios are info.
      atMost(
        "PGlite ÷ PostgreSQL latency (B3 p50)",
        pglite.b3Serial / postgres.b3Serial,
        "",
        3,
        "one at a time",
      ),
      info("PGlite ÷ PostgreSQL p50 at 70% of each peak", pglite.b3p50 / postgres.b3p50, ""),
      info("PGlite ÷ PostgreSQL p99 at 70% of each peak", pglite.b3p99 / postgres.b3p99, ""),
    );
  if (postgres && args.has("--portal-1000")) postgres.figures.push(...(await portalAtScale(1000)));
  if (postgres && !lighthouseOnly) postgres.figures.push(...(await alpineBitsPhase()));
  mkdirSync(resultsDir, { recursive: true });
  for (const r of results) {
    const title = `Alloggio bench on ${r.kind === "postgres" ? `PostgreSQL (${databaseTransport(process.env.DATABASE_URL ?? "")})` : "PGlite"} — ${atStart.cpus} × ${atStart.cpuModel}, load ${atStart.loadAverage.join(" ")}${quick ? " (QUICK: not for quoting)" : ""}`;
    console.log(`\n${formatTable(title, r.figures)}\n`);
    const json = JSON.stringify({ machine: atStart, database: r.kind, figures: r.figures }, null, 2);
    writeFileSync(join(resultsDir, `latest-${r.kind}.json`), `${json}\n`);
  }
  const last = results[results.length - 1];
  if (last) {
    const json = JSON.stringify({ machine: atStart, database: last.kind, figures: last.figures }, null, 2);
    writeFileSync(join(resultsDir, "latest.json"), `${json}\n`);
  }
  log(`done; results in ${join("bench/results", "latest.json")}`);
}

await main();
