// The availability cache (ADR 0045) in the benchmark: the same searches asked again, so every answer is a hit,
// beside the figures of the main mix, where nearly every search is a miss (5 000 different searches). The server
// counts hits, misses and stale entries itself (agent command "cache").
import type { CacheCounts } from "../apps/server/src/features/search/answer-cache";
import type { Kind } from "./database";
import { atLeast, atMost, type Figure, info } from "./figures";
import { closedLoop, openLoop, type Target } from "./load";
import { portalQuery, type SearchCase, searchQuery } from "./queries";

export type CacheContext = {
  url: string;
  cases: SearchCase[];
  /** The agent's cache counters. */
  counts: () => Promise<CacheCounts | null>;
  /** Waits until the server has answered what it was given (`Target.settle`). */
  settle: Target["settle"];
  seconds: (s: number) => number;
  connections: number;
  fixedShare: number;
  /** B0's closed-loop peak, req/s. */
  b0Rps: number;
  kind: Kind;
};

function repeat(url: string, paths: string[], settle: Target["settle"]): Target {
  let i = 0;
  return { url, next: () => ({ path: paths[i++ % paths.length] as string }), settle };
}

async function warm(url: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    const res = await fetch(`${url}${path}`);
    if (res.status !== 200)
      throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
  }
}

/** Hits of avail.do and of the portal search: peak, then p50/p99 open loop at 70% of it. */
export async function measureCache(ctx: CacheContext): Promise<Figure[]> {
  const before = await ctx.counts();
  if (!before) return [info("search cache", 0, "", "off (SEARCH_CACHE_MB=0)")];
  const avail = ctx.cases.slice(0, 300).map((c) => `/api/avail.do?${searchQuery(c)}`);
  const portal = ctx.cases.slice(0, 40).map((c) => `/api/availChannelCheck.do?${portalQuery(c)}`);
  await warm(ctx.url, avail);
  await warm(ctx.url, portal);
  const warmed = await ctx.counts();
  const hot = repeat(ctx.url, avail, ctx.settle);
  const peak = await closedLoop(hot, ctx.connections, ctx.seconds(3));
  const fixed = await openLoop(hot, Math.max(1, peak.rps * ctx.fixedShare), ctx.seconds(4));
  const hotPortal = repeat(ctx.url, portal, ctx.settle);
  const portalPeak = await closedLoop(hotPortal, ctx.connections, ctx.seconds(2));
  const portalFixed = await openLoop(hotPortal, Math.max(1, portalPeak.rps * ctx.fixedShare), ctx.seconds(3));
  const after = await ctx.counts();
  const hits = (after?.hits ?? 0) - (warmed?.hits ?? 0);
  const asked =
    hits + (after?.misses ?? 0) - (warmed?.misses ?? 0) + (after?.stale ?? 0) - (warmed?.stale ?? 0);
  return [
    info(
      "avail.do p50, cache hits",
      fixed.p50,
      "ms",
      `the same 300 searches again, open loop at ${Math.round(fixed.rate)}/s`,
    ),
    // Issue 33: an answer from the cache waits behind nothing (5 ms on PostgreSQL, 10 on PGlite).
    atMost("avail.do p99, cache hits", fixed.p99, "ms", ctx.kind === "postgres" ? 5 : 10),
    info("avail.do peak, cache hits", peak.rps, "req/s", `closed loop, ${ctx.connections} connections`),
    atLeast(
      "B3 req/s ÷ B0 req/s, cache hits",
      peak.rps / ctx.b0Rps,
      "",
      0.25,
      "the same 300 searches again: what a hotel's busy dates cost",
    ),
    info(
      "portal search over 100 hotels p50, cache hits",
      portalFixed.p50,
      "ms",
      "the same 40 searches again",
    ),
    atMost("portal search over 100 hotels p99, cache hits", portalFixed.p99, "ms", 20),
    info("portal search peak, cache hits", portalPeak.rps, "req/s"),
    info(
      "cache hits while repeating",
      asked > 0 ? (100 * hits) / asked : 0,
      "%",
      `${hits} of ${asked} lookups`,
    ),
    info(
      "cache over the whole run",
      after?.hits ?? 0,
      "hits",
      `${after?.misses ?? 0} misses, ${after?.stale ?? 0} stale; ${after?.entries ?? 0} entries, ${Math.round((after?.bytes ?? 0) / 1024 / 1024)} MB`,
    ),
  ];
}
