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

// The portal loads child prices only for the age groups the search's children fall in (ADR 0050): a hotel with
// three groups priced apart, where a wrong or missing group's price would change the total.
const clock = fixedClock("2030-01-05T10:00:00Z");
const family = aRoomType({ maxOccupancy: 4, maxAdults: 3, maxChildren: 2 });
const rate = aRatePlan();
const babies = anAgeGroup(0, 2);
const kids = anAgeGroup(3, 11);
const teens = anAgeGroup(12, 15);
const hotel = buildProperty({
  hotel: { name: "Family Inn" },
  roomTypes: [family],
  ratePlans: [rate],
  ageGroups: [babies, kids, teens],
  prices: [aPriceRange(family, rate, { perAdults: { "1": 100, "2": 150, "3": 190 } })],
  childPrices: [
    aChildPriceRange(family, rate, babies, { amount: 10 }),
    aChildPriceRange(family, rate, kids, { amount: 40 }),
    aChildPriceRange(family, rate, teens, { amount: 70 }),
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

describe("portal list with children", () => {
  it.each([
    { ages: [1], night: 160 },
    { ages: [6], night: 190 },
    { ages: [13], night: 220 },
    { ages: [1, 6], night: 200 },
    { ages: [6, 13], night: 260 },
    // 16 matches no group: the portal keeps the child and prices one more adult (SPEC §5).
    { ages: [16], night: 190 },
  ])(
    "prices children of ages $ages with their own groups' prices: $night a night",
    async ({ ages, night }) => {
      const query = {
        channel: "1",
        language: "1",
        arrival: "20300110",
        departure: "20300112",
        adults: "2",
        childs: String(ages.length),
        ages: ages.join(","),
      };
      const list = await json<AvailChannelCheckResponse>(
        `/api/availChannelCheck.do?${new URLSearchParams(query)}`,
      );
      expect(list.hotels).toHaveLength(1);
      expect(list.hotels[0]).toMatchObject({ available: true, minTotal: 2 * night });
      if (ages.includes(16)) return;
      // Children in a group are priced alike by the hotel search: the list's total is its cheapest rate.
      const search = await json<AvailResponse>(
        `/api/avail.do?${new URLSearchParams({ ...query, hotel: String(hotel.hotel.id) })}`,
      );
      const totals = (search.availability[0] ?? []).flatMap((room) => room.rates.map((r) => r.stayTotal));
      expect(Math.min(...totals)).toBe(2 * night);
    },
  );
});
