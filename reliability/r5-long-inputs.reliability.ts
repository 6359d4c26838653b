// R5 long inputs (reliability/README.md): long addresses and fields sent 8 at a time, with the request log on as in
// production, beside a guest's ordinary searches. A long input is refused or served at once; no search waits for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../apps/server/src/db/client";
import { type App, buildApp } from "../apps/server/src/http/app";
import { MAX_URL_LENGTH } from "../apps/server/src/http/url-limit";
import { TEST_API_KEY, TEST_OVERRIDE_SECRET } from "../packages/test-kit/src/app";
import {
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "../packages/test-kit/src/builders";
import { createTestDatabase } from "../packages/test-kit/src/database";
import { report } from "./harness";
import { ARRIVAL, DEPARTURE, NOW } from "./inject";

const PARALLEL = 8;
const ROUNDS = 4;
/** R5's bound on any answer. */
const SLOW_MS = 2000;

let database: Database;
let app: App;
let hotelId: number;

beforeAll(async () => {
  const room = aRoomType();
  const rate = aRatePlan();
  const property = buildProperty({ roomTypes: [room], ratePlans: [rate], prices: [aPriceRange(room, rate)] });
  database = await createTestDatabase();
  hotelId = (await seedProperty(database, property)).hotelId;
  // Every request line logged and redacted, as at LOG_LEVEL=info: that is where a long address cost CPU.
  app = await buildApp({
    database,
    now: () => NOW,
    apiKeys: [TEST_API_KEY],
    overrideSecret: TEST_OVERRIDE_SECRET,
    logLevel: "info",
    logStream: { write: () => {} },
    searchCacheMb: 0,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A run of e-mail address characters without an `@`, `length` long. */
const addressRun = (length: number) => "ada.lovelace-".repeat(Math.ceil(length / 13)).slice(0, length);

describe("R5 long inputs", () => {
  it(`${PARALLEL} long inputs at a time beside ordinary searches: each answered 4xx or served, no search slowed`, async () => {
    const search = `/api/avail.do?channel=1&hotel=${hotelId}&language=1&arrival=${ARRIVAL}&departure=${DEPARTURE}&adults=2`;
    const long = [
      // Past the limit: 414.
      { url: `${search}&q=${addressRun(16 * 1024)}`, statuses: [414] },
      { url: `/hotel/${hotelId}/${addressRun(64 * 1024)}`, statuses: [414] },
      // Just under it: read, validated (an unknown parameter is ignored; a long promo code is refused).
      { url: `${search}&q=${addressRun(MAX_URL_LENGTH - search.length - 3)}`, statuses: [200] },
      { url: `${search}&promoCode=${addressRun(MAX_URL_LENGTH - search.length - 11)}`, statuses: [400] },
    ];
    const searches: number[] = [];
    const wrong: string[] = [];
    let running = true;
    const guest = (async () => {
      while (running) {
        const t0 = performance.now();
        const res = await app.inject({ method: "GET", url: search });
        searches.push(performance.now() - t0);
        if (res.statusCode !== 200) wrong.push(`search ${res.statusCode}`);
      }
    })();
    const t0 = performance.now();
    for (let round = 0; round < ROUNDS; round++)
      await Promise.all(
        Array.from({ length: PARALLEL }, async (_, i) => {
          const input = long[(round + i) % long.length]!;
          const res = await app.inject({ method: "GET", url: input.url });
          if (!input.statuses.includes(res.statusCode))
            wrong.push(`${input.url.slice(0, 60)}… ${res.statusCode}`);
        }),
      );
    const longMs = performance.now() - t0;
    running = false;
    await guest;
    const slowest = Math.max(...searches);
    report("R5 long inputs", {
      longInputs: PARALLEL * ROUNDS,
      searches: searches.length,
      slowestSearchMs: Math.round(slowest),
      longInputsMs: Math.round(longMs),
    });
    expect(wrong).toEqual([]);
    expect(searches.length).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(SLOW_MS);
  });
});
