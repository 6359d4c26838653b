import { randomBytes } from "node:crypto";
import { encodeReservationCode } from "@alloggio/domain/booking/reservation-code";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { type App, buildApp } from "../../http/app";
import { RETRIEVE_PER_ADDRESS_PER_MINUTE } from "../../http/booking/routes";
import { createAttemptLimiter } from "./attempt-limiter";
import { readRateLimit } from "./rate-limits";
import { hitRateLimit, sweepRateLimits } from "./repository";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function clockAt(ms: number) {
  const clock = { ms, now: () => new Date(clock.ms) };
  return clock;
}

describe("rate limits in the database", () => {
  it("counts hits in a window that starts with the first hit, then starts a new one", async () => {
    const t0 = Date.UTC(2030, 0, 1);
    expect((await hitRateLimit(database.db, "t:a", 1000, new Date(t0))).count).toBe(1);
    const second = await hitRateLimit(database.db, "t:a", 1000, new Date(t0 + 400));
    expect(second).toEqual({ count: 2, resetAt: new Date(t0 + 1000) });
    expect(await readRateLimit(database.db, "t:a", new Date(t0 + 999))).toBe(2);
    expect(await readRateLimit(database.db, "t:a", new Date(t0 + 1000))).toBe(0);
    expect(await hitRateLimit(database.db, "t:a", 1000, new Date(t0 + 1500))).toEqual({
      count: 1,
      resetAt: new Date(t0 + 2500),
    });
  });

  it("loses no hit when many arrive at once", async () => {
    const at = new Date(Date.UTC(2030, 0, 2));
    await Promise.all(Array.from({ length: 25 }, () => hitRateLimit(database.db, "t:burst", 60_000, at)));
    expect(await readRateLimit(database.db, "t:burst", at)).toBe(25);
  });

  it("an attempt limiter blocks a key after max failures until its window ends, for every instance", async () => {
    const clock = clockAt(Date.UTC(2030, 0, 3));
    const options = { database, scope: "t-code", max: 3, windowMs: 1000, now: clock.now };
    // Two limiters on one database stand for two server processes: they share the count.
    const one = createAttemptLimiter(options);
    const two = createAttemptLimiter(options);
    await one.recordFailure("A");
    await two.recordFailure("A");
    expect(await one.isBlocked("A")).toBe(false);
    await one.recordFailure("A");
    expect(await one.isBlocked("A")).toBe(true);
    expect(await two.isBlocked("A")).toBe(true);
    expect(await two.isBlocked("B")).toBe(false);
    clock.ms += 999;
    expect(await two.isBlocked("A")).toBe(true);
    clock.ms += 1;
    expect(await two.isBlocked("A")).toBe(false);
    await two.recordFailure("A");
    expect(await one.isBlocked("A")).toBe(false);
  });

  it("sweeps the rows whose window has ended and keeps the others", async () => {
    const t0 = Date.UTC(2031, 0, 1);
    await database.query(sql`delete from rate_limit`);
    await hitRateLimit(database.db, "t:old", 1000, new Date(t0));
    await hitRateLimit(database.db, "t:live", 10_000, new Date(t0));
    expect(await sweepRateLimits(database, new Date(t0 + 1000))).toBe(1);
    const keys = await database.query<{ key: string }>(sql`select key from rate_limit`);
    expect(keys.map((k) => k.key)).toEqual(["t:live"]);
  });
});

describe("per-address limits and the proxy in front", () => {
  const retrieve = (app: App, forwardedFor: string) =>
    app.inject({
      method: "POST",
      url: "/api/retrieve.do",
      remoteAddress: "10.0.0.1",
      headers: { "x-forwarded-for": forwardedFor },
      // A code of its own each time: the per-code limit stays out of the way.
      payload: { channel: 1, code: encodeReservationCode(randomBytes(10)), mail: "nobody@example.test" },
    });
  const statuses = async (app: App, clients: string[]) => {
    const out: number[] = [];
    for (const client of clients) out.push((await retrieve(app, client)).statusCode);
    return out;
  };
  const appWith = (trustProxy: boolean | string[] | undefined) =>
    buildApp({
      database,
      now: () => new Date(Date.UTC(2032, 0, 1)),
      apiKeys: ["k"],
      overrideSecret: "test-override-secret",
      logLevel: "silent",
      trustProxy,
    });

  it("counts by the address the trusted proxy names, and by the peer's address when no proxy is trusted", async () => {
    await database.query(sql`delete from rate_limit`);
    const clients = Array.from({ length: RETRIEVE_PER_ADDRESS_PER_MINUTE + 1 }, (_, i) => `203.0.113.${i}`);
    // Trusted (any proxy, or the proxy's own range): every client has its own count.
    for (const trust of [true, ["10.0.0.0/8"]]) {
      const app = await appWith(trust);
      expect(new Set(await statuses(app, clients))).toEqual(new Set([404]));
      await app.close();
      await database.query(sql`delete from rate_limit`);
    }
    // Not trusted (the default): all of them are the proxy, which reaches the limit.
    const app = await appWith(undefined);
    const answers = await statuses(app, clients);
    expect(answers.at(-1)).toBe(429);
    expect(answers.filter((s) => s === 404)).toHaveLength(RETRIEVE_PER_ADDRESS_PER_MINUTE);
    await app.close();
  });
});
