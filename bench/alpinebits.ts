// AlpineBits in the benchmark: what a PMS's big messages cost. A hotel of 20 room categories and 10 rate plans on
// its own new database (PostgreSQL), the real HTTP app answering `app.inject` (no network: the figure is the
// server's work), a FreeRooms complete set of 20 categories × 365 nights (one Inventory a night, counts changing
// every run) applied 20 times, then a RatePlans message of 10 rates × 365 nights (a Rate and a booking rule a night)
// 20 times after one untimed first Full. Afterwards the search's cached answers must equal a cache-less app's on the same
// data: the cache stayed exact.
import { isDeepStrictEqual } from "node:util";
import { addDays, isoToYmd, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import { migrateDatabase, openDatabase } from "../apps/server/src/db/client";
import { createAlpineBitsClient, setAlpineBitsCodes } from "../apps/server/src/features/alpinebits";
import {
  type AlpineBitsPost,
  alpineBitsRequest,
  freeRoomsRequest,
  ratePlansBenchRequest,
} from "../packages/test-kit/src/alpinebits";
import { createTestApp } from "../packages/test-kit/src/app";
import {
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "../packages/test-kit/src/builders";
import { createPostgresDatabase } from "./database";
import { atMost, type Figure, info } from "./figures";
import { percentile } from "./load";

const CATEGORIES = 20;
const RATES = 10;
const NIGHTS = 365;
const RUNS = 20;
const FIRST_NIGHT = "2030-01-01";
const CLOCK = new Date("2029-12-31T10:00:00Z");
const USER = "bench-pms";
const PASSWORD = "Bench-AlpineBits-1";

const night = (i: number) => ymdToIso(addDays(isoToYmd(FIRST_NIGHT), i));
const compact = (iso: string) => iso.replaceAll("-", "");

/** A complete set: every category, every night its own Inventory, counts shifted by `run` so each run writes. */
function completeSet(codes: string[], run: number): string {
  return freeRoomsRequest(
    "BENCH",
    true,
    codes.flatMap((invTypeCode, c) =>
      Array.from({ length: NIGHTS }, (_, d) => ({
        start: night(d),
        end: night(d),
        invTypeCode,
        count: (c + d + run) % 7,
      })),
    ),
  );
}

export async function alpineBitsFigures(databaseUrl: string, log: (msg: string) => void): Promise<Figure[]> {
  const created = await createPostgresDatabase(databaseUrl, "bench_alpinebits");
  const database = await openDatabase({ url: created.url });
  try {
    await migrateDatabase(database);
    const period = { from: FIRST_NIGHT, to: night(NIGHTS - 1) };
    const rooms = Array.from({ length: CATEGORIES }, () => aRoomType());
    const rates = Array.from({ length: RATES }, () => aRatePlan());
    const { hotelId } = await seedProperty(
      database,
      buildProperty({
        roomTypes: rooms,
        ratePlans: rates,
        prices: rooms.flatMap((room) =>
          rates.map((rate) => aPriceRange(room, rate, { ...period, adults: room.maxOccupancy })),
        ),
        inventory: rooms.map((room) => anInventoryRange(room, { ...period, allotment: 6 })),
      }),
    );
    await createAlpineBitsClient(database.db, { username: USER, password: PASSWORD, hotelIds: [hotelId] });
    const codes = rooms.map((_, i) => `CAT${i + 1}`);
    await setAlpineBitsCodes(database.db, hotelId, {
      hotelCode: "BENCH",
      roomTypes: rooms.map((room, i) => ({ roomTypeId: room.id, code: codes[i] as string })),
      ratePlans: rates.map((rate, i) => ({ ratePlanId: rate.id, code: `RATE${i + 1}` })),
    });
    const app = await createTestApp(database, () => CLOCK);
    const fresh = await createTestApp(database, () => CLOCK, { searchCacheMb: 0 });
    try {
      const stays = Array.from({ length: 40 }, (_, i) => {
        const from = (i * 37) % (NIGHTS - 10);
        return { arrival: compact(night(from)), departure: compact(night(from + 1 + (i % 7))) };
      });
      const search = (a: typeof app, s: (typeof stays)[number]) =>
        a
          .inject({
            url: `/api/avail.do?${new URLSearchParams({ channel: "1", hotel: String(hotelId), language: "1", ...s, adults: "2" })}`,
          })
          .then((r) => r.json() as unknown);
      // The cache holds every stay before the pushes, so a missed invalidation would show afterwards.
      const before: unknown[] = [];
      for (const s of stays) before.push(await search(app, s));
      const post = async (p: AlpineBitsPost) => {
        // The request is built (and schema-checked) before the clock starts.
        const request = await alpineBitsRequest({ username: USER, password: PASSWORD, ...p });
        const t = performance.now();
        const res = await app.inject(request);
        const ms = performance.now() - t;
        if (res.statusCode !== 200 || !res.body.includes("<Success/>"))
          throw new Error(`AlpineBits answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        return ms;
      };
      log(`alpinebits: ${RUNS} complete sets of ${CATEGORIES} categories × ${NIGHTS} nights…`);
      const freeRooms: number[] = [];
      for (let run = 0; run < RUNS; run++)
        freeRooms.push(
          await post({ action: "OTA_HotelInvCountNotif:FreeRooms", request: completeSet(codes, run) }),
        );
      const ratePlans = ratePlansBenchRequest({
        hotelCode: "BENCH",
        ratePlanCodes: rates.map((_, i) => `RATE${i + 1}`),
        invTypeCodes: [codes[0] as string],
        from: FIRST_NIGHT,
        days: NIGHTS,
      });
      // The first Full also removes the rate plans' prices of the other categories: a one-off, not timed.
      await post({ action: "OTA_HotelRatePlanNotif:RatePlans", request: ratePlans });
      log(`alpinebits: ${RUNS} RatePlans messages of ${RATES} rates × ${NIGHTS} nights…`);
      const ratePlanRuns: number[] = [];
      for (let run = 0; run < RUNS; run++)
        ratePlanRuns.push(await post({ action: "OTA_HotelRatePlanNotif:RatePlans", request: ratePlans }));
      let differing = 0;
      let changed = 0;
      for (const [i, s] of stays.entries()) {
        const cached = await search(app, s);
        if (!isDeepStrictEqual(cached, await search(fresh, s))) differing += 1;
        if (!isDeepStrictEqual(cached, before[i])) changed += 1;
      }
      const sorted = [...freeRooms].sort((a, b) => a - b);
      const sortedRates = [...ratePlanRuns].sort((a, b) => a - b);
      return [
        atMost(
          "AlpineBits FreeRooms complete set p99",
          percentile(sorted, 0.99),
          "ms",
          1000,
          `${CATEGORIES} categories × ${NIGHTS} nights, one Inventory a night; ${RUNS} runs, app.inject`,
        ),
        info("AlpineBits FreeRooms complete set p50", percentile(sorted, 0.5), "ms"),
        atMost(
          "AlpineBits RatePlans 10 rates × 365 nights p99",
          percentile(sortedRates, 0.99),
          "ms",
          1000,
          `${RATES} Full rate plans of one category, a Rate and a booking rule a night; ${RUNS} runs after a first one`,
        ),
        info("AlpineBits RatePlans 10 rates × 365 nights p50", percentile(sortedRates, 0.5), "ms"),
        atMost(
          "searches the cache answered differently after the pushes",
          differing,
          "",
          0,
          `${stays.length} stays cached before, compared with a cache-less app`,
        ),
        info(
          "searches whose answer the pushes changed",
          changed,
          "",
          `of ${stays.length}: what the check saw`,
        ),
      ];
    } finally {
      await app.close();
      await fresh.close();
    }
  } finally {
    await database.close();
    await created.drop();
  }
}
