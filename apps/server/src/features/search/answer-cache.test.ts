import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { AvailChannelCheckResponse } from "@alloggio/domain/contract/portal/avail-channel-check";
import { createTestApp } from "@alloggio/test-kit/app";
import { aOneRoomHotel, seedProperty } from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";

const NOW = "2030-01-05T10:00:00Z";
const clock = fixedClock(NOW);
let database: Database;
/** The app with its cache, and the same app with none: the answer every cached one must equal. */
let cached: App;
let uncached: App;
let hotel: number;
let other: number;

const search = (id: number) =>
  `/api/avail.do?channel=1&hotel=${id}&language=1&arrival=20300110&departure=20300112&adults=2`;
const portal = "/api/availChannelCheck.do?channel=1&language=1&arrival=20300110&departure=20300112&adults=2";

async function body(app: App, url: string): Promise<string> {
  const res = await app.inject({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** Sets every price of a hotel's first night asked for. */
async function setPrice(db: Database, id: number, amountMinor: number): Promise<void> {
  await db.query(sql`update price set amount_minor = ${amountMinor}
    where day = '2030-01-10' and room_type_id in (select id from room_type where hotel_id = ${id})`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  hotel = (await seedProperty(database, aOneRoomHotel("Cache A"))).hotelId;
  other = (await seedProperty(database, aOneRoomHotel("Cache B"))).hotelId;
  cached = await createTestApp(database, clock.now);
  uncached = await createTestApp(database, clock.now, { searchCacheMb: 0 });
});

afterAll(async () => {
  await cached?.close();
  await uncached?.close();
  await database?.close();
});

describe("the search cache (ADR 0045)", () => {
  it("serves a search again from memory after one statement, the same answer as a search without cache", async () => {
    const first = await body(cached, search(hotel));
    const stats = cached.searchCache!.stats();
    const before = database.statements.count;
    const again = await body(cached, search(hotel));
    expect(database.statements.count - before).toBe(1);
    expect(cached.searchCache!.stats().hits).toBe(stats.hits + 1);
    expect(again).toBe(first);
    expect(again).toBe(await body(uncached, search(hotel)));
  });

  it("never serves an answer after a change of its hotel committed, and keeps the other hotels' answers", async () => {
    await body(cached, search(hotel));
    const otherBefore = await body(cached, search(other));
    for (const amount of [12_345, 23_456, 34_567]) {
      await setPrice(database, hotel, amount);
      const after = await body(cached, search(hotel));
      expect(after).toBe(await body(uncached, search(hotel)));
      expect(after).toContain(String(amount / 100));
    }
    const hits = cached.searchCache!.stats().hits;
    expect(await body(cached, search(other))).toBe(otherBefore);
    expect(cached.searchCache!.stats().hits).toBe(hits + 1);
  });

  it("follows inventory: a room sold out by a booking's statement is gone from the next answer", async () => {
    await body(cached, search(hotel));
    await database.query(sql`update inventory set sold = allotment
      where day = '2030-01-11' and room_type_id in (select id from room_type where hotel_id = ${hotel})`);
    const after = JSON.parse(await body(cached, search(hotel))) as { availability: unknown[][] };
    expect(after.availability[0]).toEqual([]);
    await database.query(sql`update inventory set sold = 0
      where day = '2030-01-11' and room_type_id in (select id from room_type where hotel_id = ${hotel})`);
    expect(await body(cached, search(hotel))).toBe(await body(uncached, search(hotel)));
  });

  it("keeps a portal list's lines per hotel: a change loads only that hotel again", async () => {
    await body(cached, portal);
    const before = database.statements.count;
    const warm = await body(cached, portal);
    expect(database.statements.count - before).toBe(1);
    await setPrice(database, other, 45_678);
    const after = JSON.parse(await body(cached, portal)) as AvailChannelCheckResponse;
    expect(after).toEqual(JSON.parse(await body(uncached, portal)));
    expect(after).not.toEqual(JSON.parse(warm));
    expect(after.hotels.find((h) => h.id === other)?.minTotal).toBeGreaterThan(456);
  });

  it.runIf(process.env.ALLOGGIO_TEST_DB === "postgres")(
    "another process never serves a stale answer: a price changed here is in its very next answer",
    async () => {
      const script = fileURLToPath(new URL("../../testing/answer-cache-process.ts", import.meta.url));
      // The other process does not even listen for the notices (they may come late): the version check alone
      // must keep it right.
      const child = spawn(process.execPath, ["--import", "tsx", script, database.url!, NOW, "deaf"], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let out = "";
          child.stdout.on("data", (chunk: Buffer) => {
            out += chunk.toString();
            const line = out.split("\n").find((l) => l.startsWith("{"));
            if (line) resolve((JSON.parse(line) as { url: string }).url);
          });
          child.on("exit", (code) => reject(new Error(`the other process exited (${code})`)));
        });
        const there = async (path: string) => {
          const res = await fetch(`${url}${path}`);
          expect(res.status).toBe(200);
          return res.text();
        };
        for (let i = 1; i <= 20; i++) {
          await there(search(hotel));
          await there(portal);
          // Committed here, in this process; searched there at once: the very next answers have it.
          await setPrice(database, hotel, 50_000 + i * 100);
          expect(await there(search(hotel))).toBe(await body(uncached, search(hotel)));
          expect(JSON.parse(await there(portal))).toEqual(JSON.parse(await body(uncached, portal)));
        }
        // The other process did answer from its cache: the test would see a stale answer if it skipped the check.
        const stats = JSON.parse(await there("/test/cache-stats")) as { hits: number };
        expect(stats.hits).toBeGreaterThanOrEqual(19);
      } finally {
        child.kill("SIGTERM");
      }
    },
    // A Node process starts and compiles the app before any work: a wait budget, not a speed check.
    120_000,
  );
});
