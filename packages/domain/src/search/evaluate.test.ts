import { describe, expect, it } from "vitest";
import type { RatePlanRow, SearchContext } from "./context";
import { type EvaluateOptions, evaluateStay, SearchIndex } from "./evaluate";

const FROM = "2027-06-01";
const rate = (id: number, over: Partial<RatePlanRow> = {}): RatePlanRow => ({
  id,
  mt_id: 1,
  name: { en: `Rate ${id}` },
  description: {},
  meal_plan: "breakfast",
  refundable: true,
  free_cancellation_days: 3,
  payment: "pay_at_hotel",
  prepayment: [],
  commission_percent: null,
  is_net: false,
  min_stay: 1,
  max_stay: null,
  min_adults: 1,
  max_adults: null,
  resellable: false,
  refund_protection_minor: null,
  trade_only: false,
  long_stay_discounts: [],
  included_service_ids: [],
  ...over,
});

/** One hotel, one double room (2 free a night for 7 nights), two rates; prices per night by adults. */
function context(over: Partial<SearchContext> = {}): SearchContext {
  const prices: number[] = [];
  for (let night = 0; night < 7; night++) {
    prices.push(10, 1, night, 1, 8_000, 10, 1, night, 2, 10_000);
    prices.push(10, 2, night, 1, 7_000, 10, 2, night, 2, 9_000);
  }
  return {
    hotel: {
      id: 1,
      name: "Hotel",
      time_zone: "Europe/Rome",
      currency_code: "EUR",
      group_id: 1,
      settings: {},
      city_tax_minor: 0,
    },
    channel: { id: 1, kind: "direct" },
    currency: { code: "EUR", decimal_digits: 2, rounding: "0" },
    age_groups: [],
    room_types: [
      {
        id: 10,
        name: { en: "Double" },
        description: {},
        gallery: [],
        amenities: [],
        min_occupancy: 1,
        max_occupancy: 3,
        max_adults: 2,
        max_children: 1,
      },
    ],
    rate_plans: [rate(1), rate(2, { refundable: false, free_cancellation_days: null })],
    promo: null,
    customer: null,
    services: [],
    link: null,
    package: null,
    inventory: Array.from(
      { length: 7 },
      (_, night) => [10, night, 2, false] as [number, number, number, boolean],
    ),
    prices,
    child_prices: [],
    restrictions: [],
    ...over,
  };
}

const options: EvaluateOptions = {
  languageId: 1,
  today: "20270501",
  promo: null,
  overrides: [],
  mtId: 0,
  chosenRates: [null],
  isTrade: false,
  customerPercent: 0,
  customerCommission: null,
  cross: false,
  connected: false,
};

const totals = (
  ctx: SearchContext,
  arrival: string,
  departure: string,
  adults = 2,
  o: Partial<EvaluateOptions> = {},
) => {
  const evaluation = evaluateStay(new SearchIndex(ctx, FROM), arrival, departure, [{ adults, ages: [] }], {
    ...options,
    ...o,
  });
  const slot = evaluation.slots[0]!;
  return {
    available: evaluation.available,
    rates: slot.rooms.flatMap((room) => room.rates.map((r) => [room.id, r.id, r.total] as const)),
    notices: slot.notices.map((n) => n.kind),
  };
};

// Rates come cheapest first.
describe("evaluateStay: the pricing engine, as a table", () => {
  it.each([
    [
      "two adults, two nights",
      "20270601",
      "20270603",
      2,
      [
        [10, 2, 180],
        [10, 1, 200],
      ],
    ],
    [
      "one adult, one night",
      "20270602",
      "20270603",
      1,
      [
        [10, 2, 70],
        [10, 1, 80],
      ],
    ],
    [
      "the last priced night",
      "20270606",
      "20270608",
      2,
      [
        [10, 2, 180],
        [10, 1, 200],
      ],
    ],
  ] as const)("%s", (_, arrival, departure, adults, expected) => {
    const found = totals(context(), arrival, departure, adults);
    expect(found.available).toBe(true);
    expect(found.rates).toEqual(expected);
  });

  it("finds nothing on a sold-out night, and a room on the nights around it", () => {
    const ctx = context();
    ctx.inventory[2] = [10, 2, 0, false];
    expect(totals(ctx, "20270602", "20270604").available).toBe(false);
    expect(totals(ctx, "20270601", "20270603").available).toBe(true);
    expect(totals(ctx, "20270604", "20270606").available).toBe(true);
  });

  it("keeps a rate out of a stay its minimum stay or closed arrival refuses, and says why", () => {
    const ctx = context({
      restrictions: [
        [1, 0, false, false, 3, null],
        [2, 0, true, false, null, null],
      ],
    });
    const found = totals(ctx, "20270601", "20270603");
    expect(found.rates).toEqual([]);
    expect(found.notices).toEqual(expect.arrayContaining(["min_stay"]));
    expect(totals(ctx, "20270602", "20270604").rates).toHaveLength(2);
  });

  it("applies a promo code to the rates it names only", () => {
    const promo = {
      code: "SUMMER",
      hidden: false,
      discountPercent: 10,
      stayFrom: null,
      stayTo: null,
      bookFrom: null,
      bookTo: null,
      minNights: 1,
      ratePlanIds: [1],
    };
    expect(totals(context(), "20270601", "20270603", 2, { promo }).rates).toEqual([
      [10, 1, 180],
      [10, 2, 180],
    ]);
  });

  it("offers no trade-only rate to a guest, and every rate to an agent", () => {
    const ctx = context({ rate_plans: [rate(1), rate(2, { trade_only: true })] });
    expect(totals(ctx, "20270601", "20270602").rates.map(([, id]) => id)).toEqual([1]);
    expect(totals(ctx, "20270601", "20270602", 2, { isTrade: true }).rates.map(([, id]) => id)).toEqual([
      2, 1,
    ]);
  });
});
