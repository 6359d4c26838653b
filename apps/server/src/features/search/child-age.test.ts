import type { AvailChannelCheckResponse } from "@alloggio/domain/contract/portal/avail-channel-check";
import type { AvailResponse } from "@alloggio/domain/contract/search/avail";
import { createTestApp } from "@alloggio/test-kit/app";
import {
  aChildPriceRange,
  anAgeGroup,
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

// SPEC §5: a child takes the first age group whose max is at least its age. A hotel whose groups leave a gap
// (3 to 5), and whose room takes two adults and one child: a child in the gap made an adult would fit no room.
const clock = fixedClock("2030-01-05T10:00:00Z");
const room = aRoomType({ maxOccupancy: 3, maxAdults: 2, maxChildren: 1 });
const rate = aRatePlan();
const babies = anAgeGroup(0, 2);
const kids = anAgeGroup(6, 11);
const hotel = buildProperty({
  hotel: { name: "Gap Inn" },
  roomTypes: [room],
  ratePlans: [rate],
  ageGroups: [babies, kids],
  prices: [aPriceRange(room, rate, { perAdults: { "1": 80, "2": 100, "3": 130 } })],
  childPrices: [
    aChildPriceRange(room, rate, babies, { amount: 0 }),
    aChildPriceRange(room, rate, kids, { amount: 20 }),
  ],
});

let database: Database;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  app = await createTestApp(database, clock.now);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function json<T>(url: string): Promise<T> {
  const res = await app.inject({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const stay = (age: number) =>
  new URLSearchParams({
    channel: "1",
    language: "1",
    arrival: "20300110",
    departure: "20300111",
    adults: "2",
    childs: "1",
    ages: String(age),
  });

describe("a child's age group at the server (SPEC §5)", () => {
  it.each([
    { age: 1, total: 100 },
    // In the gap between 0–2 and 6–11: the next group up, a child, not a third adult.
    { age: 3, total: 120 },
    { age: 4, total: 120 },
    { age: 8, total: 120 },
  ])("a child of $age is priced in its group: $total", async ({ age, total }) => {
    const q = stay(age);
    q.set("hotel", String(hotel.hotel.id));
    const r = await json<AvailResponse>(`/api/avail.do?${q}`);
    expect(r.availability[0]?.map((x) => x.id)).toEqual([room.id]);
    expect(r.availability[0]?.[0]?.rates[0]?.total).toBe(total);
    const portal = await json<AvailChannelCheckResponse>(`/api/availChannelCheck.do?${stay(age)}`);
    expect(portal.hotels.find((h) => h.id === hotel.hotel.id)).toMatchObject({
      available: true,
      minTotal: total,
    });
  });

  it("a child older than every group counts as an adult, and no room takes three adults", async () => {
    const q = stay(12);
    q.set("hotel", String(hotel.hotel.id));
    const r = await json<AvailResponse>(`/api/avail.do?${q}`);
    expect(r.availability[0]).toEqual([]);
  });
});
