import type { AvailChannelCheckResponse } from "@alloggio/domain/contract/portal/avail-channel-check";
import { createTestApp } from "@alloggio/test-kit/app";
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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { PORTAL_CHUNK } from "./service";

const clock = fixedClock("2030-01-05T10:00:00Z");
const HOTELS = 100;

let database: Database;
let app: App;

/** A small hotel with two room types and two rates, priced and open for the first three weeks of January. */
function aSmallHotel(i: number) {
  const rooms = [aRoomType(), aRoomType({ maxOccupancy: 4, maxAdults: 4 })];
  const rates = [aRatePlan(), aRatePlan({ refundable: false })];
  const period = { from: "2030-01-05", to: "2030-01-25" };
  return buildProperty({
    hotel: { name: `Portal hotel ${i}`, destinationIds: [1] },
    roomTypes: rooms,
    ratePlans: rates,
    prices: rooms.flatMap((room) =>
      rates.map((rate) => aPriceRange(room, rate, { ...period, adults: room.maxOccupancy })),
    ),
    inventory: rooms.map((room) => anInventoryRange(room, { ...period, allotment: i % 7 === 0 ? 0 : 3 })),
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 1; i <= HOTELS; i++) await seedProperty(database, aSmallHotel(i));
  app = await createTestApp(database, clock.now);
  // A hundred properties imported one by one: a wait budget for a busy shared machine, not a speed check.
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function countStatements(
  query: string,
): Promise<{ statements: number; body: AvailChannelCheckResponse }> {
  const before = database.statements.count;
  const res = await app.inject({
    method: "GET",
    url: `/api/availChannelCheck.do?channel=1&language=1&${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { statements: database.statements.count - before, body: res.json() as AvailChannelCheckResponse };
}

describe("portal search cost", () => {
  it(`runs one statement per ${PORTAL_CHUNK} hotels over ${HOTELS}, whatever the nights and rooms; one when kept`, async () => {
    // The hotels with their search versions, then the rows of those whose lines are not in the cache, in slices
    // (ADR 0045, ADR 0050).
    const slices = 1 + Math.ceil(HOTELS / PORTAL_CHUNK);
    expect(slices).toBeGreaterThan(2);
    const all = await countStatements("arrival=20300110&departure=20300117&adults=2,3&childs=1,0&ages=6");
    expect(all.body.hotels).toHaveLength(HOTELS);
    // Every 7th hotel is full: the others have a price.
    expect(all.body.hotels.filter((h) => h.available)).toHaveLength(HOTELS - Math.floor(HOTELS / 7));
    expect(all.statements).toBe(slices);
    const again = await countStatements("arrival=20300110&departure=20300117&adults=2,3&childs=1,0&ages=6");
    expect(again.statements).toBe(1);
    expect(again.body).toEqual(all.body);

    const ids = all.body.hotels.slice(0, 2).map((h) => h.id);
    const two = await countStatements(`arrival=20300110&departure=20300111&adults=2&hotels=${ids.join(",")}`);
    expect(two.body.hotels).toHaveLength(2);
    expect(two.statements).toBe(2);

    const destination = await countStatements("arrival=20300110&departure=20300112&destination=1");
    expect(destination.body.hotels).toHaveLength(HOTELS);
    expect(destination.statements).toBe(slices);

    // Without dates too: the first statement brings the hotels' time zones, for "today".
    const noDates = await countStatements("adults=2");
    expect(noDates.statements).toBeLessThanOrEqual(slices);
  });
});
