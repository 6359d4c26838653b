import { GuestDataRequestSchema } from "@alloggio/domain/contract/booking/guestdata";
import { aBookingRequest } from "@alloggio/test-kit/booking";
import {
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { priceBooking } from "../booking/pricing";
import { SearchCache } from "./answer-cache";
import { aStaySearch, searchAvailability } from "./service";

// A hotel search keeps the hotel's catalogue (hotel, rooms, rates, services…) under its search version (ADR 0053):
// the next search of the hotel does not read it again, unless the hotel changed — which the search statement sees in
// its own snapshot, so a change committed before a search always shows in it.
const clock = fixedClock("2030-01-05T10:00:00Z");
const room = aRoomType({ name: { en: "Garden room" } });
const rate = aRatePlan();
const hotel = buildProperty({
  roomTypes: [room],
  ratePlans: [rate],
  prices: [aPriceRange(room, rate)],
  inventory: [anInventoryRange(room)],
});

const dialect = new PgDialect();
let database: Database;
let cache: SearchCache;
/** Whether each search statement sent the catalogue (its room types), in order. */
const sent: boolean[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  cache = new SearchCache(database);
});

afterAll(async () => {
  await cache?.close();
  await database?.close();
});

function watched(): Database {
  const note = async <T>(statement: SQL, run: (s: SQL) => Promise<T[]>): Promise<T[]> => {
    const rows = await run(statement);
    if (dialect.sqlToQuery(statement).sql.includes("as room_types"))
      sent.push((rows[0] as { room_types: unknown }).room_types !== null);
    return rows;
  };
  return {
    ...database,
    query: (s) => note(s, (x) => database.query(x)),
    queryPrepared: (s) => note(s, (x) => database.queryPrepared(x)),
  };
}

function search(arrival: string, searchCache: SearchCache | null = cache) {
  const q = aStaySearch({
    channel: 1,
    hotel: hotel.hotel.id,
    language: 1,
    arrival,
    departure: `2030011${Number(arrival.slice(-1)) + 1}`,
    rooms: [{ adults: 2, ages: [] }],
  });
  return searchAvailability(
    { database: watched(), now: clock.now, overrideSecret: "s".repeat(32), searchCache },
    q,
  );
}

describe("hotel search catalogue kept between searches", () => {
  it("is read once, then left out while the hotel is unchanged; answers are the same as without it", async () => {
    const first = await search("20300110");
    const second = await search("20300112");
    expect(sent.slice(-2)).toEqual([true, false]);
    expect(second).toEqual(await search("20300112", null));
    expect(first.availability[0]?.[0]?.name).toBe("Garden room");
  });

  it("a change of the catalogue shows in the next search", async () => {
    await database.query(sql`update room_type set name = '{"en": "Sea room"}' where id = ${room.id}`);
    const after = await search("20300113");
    expect(sent.at(-1)).toBe(true);
    expect(after.availability[0]?.[0]?.name).toBe("Sea room");
    expect(after).toEqual(await search("20300113", null));
    await search("20300114");
    expect(sent.at(-1)).toBe(false);
  });

  it("stays kept through a booking or a price change, whose rows the next search reads (ADR 0057)", async () => {
    await search("20300115");
    await database.query(
      sql`update price set amount_minor = amount_minor + 700 where room_type_id = ${room.id} and day = '2030-01-15'`,
    );
    await database.query(
      sql`update inventory set sold = sold + 1 where room_type_id = ${room.id} and day = '2030-01-15'`,
    );
    const after = await search("20300115");
    expect(sent.at(-1)).toBe(false);
    expect(after).toEqual(await search("20300115", null));
  });

  it("is shared by a booking's pricing, which prices as it does without it (ADR 0057)", async () => {
    await search("20300116");
    const req = GuestDataRequestSchema.parse(
      aBookingRequest({
        hotel: hotel.hotel.id,
        roomId: room.id,
        rateId: rate.id,
        arrival: "20300116",
        departure: "20300117",
      }),
    );
    const deps = { now: clock.now, overrideSecret: "s".repeat(32) };
    const priced = await priceBooking(watched(), req, { ...deps, searchCache: cache });
    expect(sent.at(-1)).toBe(false);
    expect(priced.totalMinor).toBe((await priceBooking(database, req, deps)).totalMinor);
    expect(priced.totalMinor).toBeGreaterThan(0);
  });

  it("keeps the catalogue frozen: changing it in place fails instead of changing other searches", async () => {
    await search("20300115");
    const kept = cache.peek(`search-catalogue|${hotel.hotel.id}|1`)?.value as {
      room_types: { name: object }[];
    };
    expect(() => {
      (kept.room_types[0] as { name: object }).name = {};
    }).toThrow(TypeError);
  });
});
