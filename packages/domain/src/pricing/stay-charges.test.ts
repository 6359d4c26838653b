import { describe, expect, it } from "vitest";
import {
  type CatalogueService,
  cityTaxOf,
  findMandatoryExtras,
  priceStayForGuest,
  totalSelection,
} from "./stay-charges";

const service = (
  id: number,
  over: Partial<CatalogueService> & Pick<CatalogueService, "priceMinor">,
): CatalogueService => ({
  id,
  categoryId: 1,
  categoryMandatory: false,
  pricingBasis: "per_person",
  perNight: false,
  mandatoryFor: "none",
  ...over,
});

// The demo hotels' catalogue: a resort fee for every adult per night, a kids club for every child per night, a
// mandatory insurance category (basic cover free, full cover 12 per person) and optional extras.
const RESORT = service(10, { categoryId: 5, priceMinor: 300, perNight: true, mandatoryFor: "all_adults" });
const KIDS = service(11, { categoryId: 5, priceMinor: 800, perNight: true, mandatoryFor: "all_children" });
const BASIC = service(20, {
  categoryId: 2,
  categoryMandatory: true,
  priceMinor: 0,
  pricingBasis: "per_stay",
});
const FULL = service(21, { categoryId: 2, categoryMandatory: true, priceMinor: 1200 });
const DINNER = service(30, { categoryId: 3, priceMinor: 4500 });
const CATALOGUE = [RESORT, KIDS, BASIC, FULL, DINNER];

describe("findMandatoryExtras", () => {
  it.each([
    {
      name: "two adults, three nights: the resort fee for both, the free basic cover",
      party: { adults: 2, children: 0, nights: 3 },
      expected: [
        { serviceId: 10, reason: "all_adults", quantity: 2, priceMinor: 1800 },
        { serviceId: 20, reason: "category", quantity: 1, priceMinor: 0 },
      ],
    },
    {
      name: "with a child the kids club joins, per night",
      party: { adults: 2, children: 1, nights: 3 },
      expected: [
        { serviceId: 10, reason: "all_adults", quantity: 2, priceMinor: 1800 },
        { serviceId: 11, reason: "all_children", quantity: 1, priceMinor: 2400 },
        { serviceId: 20, reason: "category", quantity: 1, priceMinor: 0 },
      ],
    },
    {
      name: "one adult, one night",
      party: { adults: 1, children: 0, nights: 1 },
      expected: [
        { serviceId: 10, reason: "all_adults", quantity: 1, priceMinor: 300 },
        { serviceId: 20, reason: "category", quantity: 1, priceMinor: 0 },
      ],
    },
  ])("$name", ({ party, expected }) => {
    expect(findMandatoryExtras(CATALOGUE, party).map(({ categoryId: _, ...e }) => e)).toEqual(expected);
  });

  it("takes the least expensive service of a mandatory category with no free option", () => {
    const boards = [
      service(1, { categoryId: 9, categoryMandatory: true, priceMinor: 3500, perNight: true }),
      service(2, { categoryId: 9, categoryMandatory: true, priceMinor: 2000, perNight: true }),
    ];
    expect(findMandatoryExtras(boards, { adults: 2, children: 0, nights: 2 })).toEqual([
      { serviceId: 2, categoryId: 9, reason: "category", quantity: 1, priceMinor: 4000 },
    ]);
  });

  it("a category already covered by a service mandatory for everyone asks nothing more", () => {
    const covered = [
      service(1, { categoryId: 9, categoryMandatory: true, priceMinor: 500, mandatoryFor: "all_adults" }),
      service(2, { categoryId: 9, categoryMandatory: true, priceMinor: 100 }),
    ];
    expect(
      findMandatoryExtras(covered, { adults: 2, children: 0, nights: 1 }).map((e) => e.serviceId),
    ).toEqual([1]);
  });

  it("a service the rate includes is free", () => {
    const extras = findMandatoryExtras(CATALOGUE, { adults: 2, children: 0, nights: 3 }, [10]);
    expect(extras.find((e) => e.serviceId === 10)?.priceMinor).toBe(0);
  });

  it("a whole-stay service mandatory for all adults counts once", () => {
    const fee = service(1, { priceMinor: 1000, pricingBasis: "per_stay", mandatoryFor: "all_adults" });
    expect(findMandatoryExtras([fee], { adults: 3, children: 0, nights: 4 })).toEqual([
      { serviceId: 1, categoryId: 1, reason: "all_adults", quantity: 1, priceMinor: 1000 },
    ]);
  });

  it("refuses a negative party", () => {
    expect(() => findMandatoryExtras(CATALOGUE, { adults: -1, children: 0, nights: 1 })).toThrow(RangeError);
  });
});

describe("priceStayForGuest", () => {
  it("the reviewer's stay: 318 of room become 360 with the resort fee and kids club, city tax beside it", () => {
    // 3 nights, 2 adults and 1 child: resort fee 2 × 3 × 3 = 18, kids club 1 × 3 × 8 = 24.
    const price = priceStayForGuest({
      roomMinor: 31_800,
      catalogue: CATALOGUE,
      party: { adults: 2, children: 1, nights: 3 },
      cityTaxPerAdultNightMinor: 250,
    });
    expect(price).toMatchObject({
      roomMinor: 31_800,
      extrasMinor: 4200,
      totalMinor: 36_000,
      cityTaxMinor: 1500,
    });
  });

  it("a hotel without mandatory extras or city tax shows the room price", () => {
    const price = priceStayForGuest({
      roomMinor: 10_000,
      catalogue: [DINNER],
      party: { adults: 2, children: 0, nights: 1 },
      cityTaxPerAdultNightMinor: 0,
    });
    expect(price).toMatchObject({ extras: [], totalMinor: 10_000, cityTaxMinor: 0 });
  });
});

describe("cityTaxOf", () => {
  it.each([
    [250, 2, 3, 1500],
    [250, 0, 3, 0],
    [0, 4, 7, 0],
  ])("%i per adult night × %i adults × %i nights = %i", (rate, adults, nights, expected) => {
    expect(cityTaxOf(rate, adults, nights)).toBe(expected);
  });
});

describe("totalSelection", () => {
  const stay = (roomMinor: number, party: { adults: number; children: number; nights: number }) => {
    const p = priceStayForGuest({ roomMinor, catalogue: CATALOGUE, party, cityTaxPerAdultNightMinor: 100 });
    return { roomMinor, extras: p.extras, cityTaxMinor: p.cityTaxMinor };
  };

  it("adds each room with its own extras and counts a mandatory category once", () => {
    const paid = [
      service(1, { categoryId: 9, categoryMandatory: true, priceMinor: 1000, pricingBasis: "per_stay" }),
    ];
    const one = priceStayForGuest({
      roomMinor: 10_000,
      catalogue: paid,
      party: { adults: 2, children: 0, nights: 1 },
      cityTaxPerAdultNightMinor: 0,
    });
    const stays = [one, one].map((p) => ({ roomMinor: p.roomMinor, extras: p.extras, cityTaxMinor: 0 }));
    expect(totalSelection(stays).totalMinor).toBe(21_000);
  });

  it("sums the rooms' extras and city tax", () => {
    const result = totalSelection([
      stay(30_000, { adults: 2, children: 0, nights: 2 }),
      stay(20_000, { adults: 1, children: 1, nights: 2 }),
    ]);
    // resort 2×2×3 + 1×2×3 = 18, kids club 1×2×8 = 16: 500 + 34 = 534.
    expect(result).toEqual({ totalMinor: 53_400, cityTaxMinor: 600 });
  });
});
