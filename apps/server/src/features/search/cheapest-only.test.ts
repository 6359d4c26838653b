import {
  cheapestRatePerSlot,
  cheapestSelection,
  type EvaluateOptions,
  evaluateStay,
  SearchIndex,
} from "@alloggio/domain/search/evaluate";
import {
  aChildPriceRange,
  anAgeGroup,
  aPriceRange,
  aRatePlan,
  aRoomType,
  aService,
  aServiceCategory,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { loadSearchContext } from "./repository";

// `cheapestOnly` (the portal, nearby dates, a package's "from", a quote's default rates) builds only each room's
// cheapest rate. The hotel is made so that a shortcut would show: the lowest nightly price (`cheap`) is not the
// lowest stay, because a mandatory extra is included in the other rates; two rates tie (`bundled` comes first in
// the hotel's order), and children are priced by age group.
const double = aRoomType({ maxOccupancy: 4, maxAdults: 3, maxChildren: 2 });
const suite = aRoomType({ maxOccupancy: 4, maxAdults: 3, maxChildren: 2 });
const kids = anAgeGroup(2, 11);
const fees = aServiceCategory();
const resortFee = aService(fees, {
  pricingBasis: "per_person",
  price: 30,
  perNight: true,
  mandatoryFor: "all_adults",
});
const cheap = aRatePlan({ sortOrder: 1 });
const bundled = aRatePlan({ sortOrder: 2, includedServiceIds: [resortFee.id] });
const twin = aRatePlan({ sortOrder: 3, includedServiceIds: [resortFee.id] });
const hotel = buildProperty({
  roomTypes: [double, suite],
  ratePlans: [cheap, bundled, twin],
  ageGroups: [kids],
  serviceCategories: [fees],
  services: [resortFee],
  prices: [
    aPriceRange(double, cheap, { perAdults: { "1": 80, "2": 100, "3": 130 } }),
    aPriceRange(double, bundled, { perAdults: { "1": 100, "2": 120, "3": 150 } }),
    aPriceRange(double, twin, { perAdults: { "1": 100, "2": 120, "3": 150 } }),
    aPriceRange(suite, cheap, { perAdults: { "1": 150, "2": 170, "3": 200 } }),
    aPriceRange(suite, bundled, { perAdults: { "1": 190, "2": 230, "3": 260 } }),
  ],
  childPrices: [
    aChildPriceRange(double, cheap, kids, { amount: 20 }),
    aChildPriceRange(double, bundled, kids, { amount: 20 }),
    aChildPriceRange(double, twin, kids, { amount: 20 }),
    aChildPriceRange(suite, cheap, kids, { amount: 30 }),
    aChildPriceRange(suite, bundled, kids, { amount: 30 }),
  ],
});

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
});

afterAll(async () => {
  await database?.close();
});

const options: EvaluateOptions = {
  languageId: 1,
  today: "20300105",
  promo: null,
  overrides: [],
  mtId: 0,
  chosenRates: [null],
  isTrade: false,
  customerPercent: 0,
  customerCommission: 0,
  cross: false,
  connected: false,
};

async function evaluateBoth(arrival: string, departure: string, rooms: { adults: number; ages: number[] }[]) {
  const adults = rooms.flatMap((r) => [r.adults, r.adults + r.ages.length]);
  const ctx = await loadSearchContext(database, {
    hotelId: hotel.hotel.id,
    channelId: 1,
    promoCode: undefined,
    customerId: undefined,
    reservationLinkId: undefined,
    packageId: undefined,
    from: `${arrival.slice(0, 4)}-${arrival.slice(4, 6)}-${arrival.slice(6)}`,
    to: `${departure.slice(0, 4)}-${departure.slice(4, 6)}-${departure.slice(6)}`,
    minAdults: Math.min(...adults),
    maxAdults: Math.max(...adults),
  });
  const index = new SearchIndex(ctx, `${arrival.slice(0, 4)}-${arrival.slice(4, 6)}-${arrival.slice(6)}`);
  const chosenRates = rooms.map(() => null);
  return {
    full: evaluateStay(index, arrival, departure, rooms, { ...options, chosenRates }),
    lean: evaluateStay(index, arrival, departure, rooms, { ...options, chosenRates, cheapestOnly: true }),
  };
}

describe("evaluation of the cheapest rate only", () => {
  it.each([
    ["one night, two adults", "20300110", "20300111", [{ adults: 2, ages: [] }]],
    ["three nights, a child", "20300110", "20300113", [{ adults: 2, ages: [5] }]],
    [
      "two rooms",
      "20300110",
      "20300112",
      [
        { adults: 1, ages: [] },
        { adults: 3, ages: [] },
      ],
    ],
  ])(
    "%s: each room's first rate, the availability and the totals are the full evaluation's",
    async (_, arrival, departure, rooms) => {
      const { full, lean } = await evaluateBoth(arrival, departure, rooms);
      expect(lean.available).toBe(full.available);
      expect(full.available).toBe(true);
      lean.slots.forEach((slot, i) => {
        const whole = full.slots[i]!;
        expect(slot.notices).toEqual(whole.notices);
        expect(slot.rooms.map((r) => r.id)).toEqual(whole.rooms.map((r) => r.id));
        slot.rooms.forEach((room, j) => {
          const { rates, ...rest } = whole.rooms[j]!;
          expect(room).toEqual({ ...rest, rates: [rates[0]] });
        });
      });
      expect(cheapestSelection(lean, 2)).toEqual(cheapestSelection(full, 2));
      expect(cheapestRatePerSlot(lean)).toEqual(cheapestRatePerSlot(full));
    },
  );

  it("picks the lowest stay total, not the lowest room price, and the first of equal totals", async () => {
    const { lean } = await evaluateBoth("20300110", "20300111", [{ adults: 2, ages: [] }]);
    const [best] = cheapestRatePerSlot(lean);
    // cheap: 100 + 2 × 30 resort fee = 160; bundled and twin: 120 with the fee included.
    expect(best?.roomId).toBe(double.id);
    expect(best?.rate.id).toBe(bundled.id);
    expect(best?.rate.stayTotal).toBe(120);
  });
});
