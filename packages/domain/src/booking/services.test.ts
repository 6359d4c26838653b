import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chargedQuantity,
  checkMandatoryCategories,
  checkServiceChoice,
  priceService,
  type ServicePricing,
} from "./services";

const base: ServicePricing = {
  pricingBasis: "per_unit",
  perNight: false,
  priceMinor: 1000,
  mandatoryFor: "none",
};
const stay = { adults: 2, children: 1, nights: 3 };

describe("priceService", () => {
  it.each<[string, Partial<ServicePricing>, number, number]>([
    ["per unit × quantity", {}, 2, 2000],
    ["per unit, every night", { perNight: true }, 2, 6000],
    ["per person × persons chosen", { pricingBasis: "per_person" }, 3, 3000],
    ["per person, every night", { pricingBasis: "per_person", perNight: true }, 2, 6000],
    ["whole stay, once whatever the quantity", { pricingBasis: "per_stay" }, 4, 1000],
    ["whole stay, every night", { pricingBasis: "per_stay", perNight: true }, 4, 3000],
    ["free", { priceMinor: 0 }, 5, 0],
    [
      "per person mandatory for all adults",
      { pricingBasis: "per_person", mandatoryFor: "all_adults" },
      1,
      2000,
    ],
    [
      "per person mandatory for all adults, every night",
      { pricingBasis: "per_person", mandatoryFor: "all_adults", perNight: true },
      1,
      6000,
    ],
    [
      "per person mandatory for all children",
      { pricingBasis: "per_person", mandatoryFor: "all_children" },
      5,
      1000,
    ],
    ["per unit mandatory for all adults counts each adult", { mandatoryFor: "all_adults" }, 1, 2000],
    [
      "whole stay mandatory for all adults, once",
      { pricingBasis: "per_stay", mandatoryFor: "all_adults" },
      1,
      1000,
    ],
    [
      "whole stay mandatory for all children, once",
      { pricingBasis: "per_stay", mandatoryFor: "all_children" },
      1,
      1000,
    ],
  ])("%s", (_name, change, quantity, expected) => {
    expect(priceService({ ...base, ...change }, { quantity, ...stay })).toBe(expected);
  });

  it.each<[Partial<ServicePricing>]>([
    [{ pricingBasis: "per_person", mandatoryFor: "all_children" }],
    [{ pricingBasis: "per_stay", mandatoryFor: "all_children" }],
    [{ pricingBasis: "per_unit", mandatoryFor: "all_children", perNight: true }],
  ])("mandatory for all children costs nothing without children: %j", (change) => {
    expect(priceService({ ...base, ...change }, { quantity: 1, adults: 2, children: 0, nights: 3 })).toBe(0);
  });

  it.each([
    ["a negative quantity", { quantity: -1, ...stay }],
    ["a fractional quantity", { quantity: 1.5, ...stay }],
    ["negative nights", { quantity: 1, adults: 2, children: 0, nights: -1 }],
  ])("throws on %s", (_name, choice) => {
    expect(() => priceService(base, choice)).toThrow(RangeError);
  });

  it("is the unit price × charged quantity × nights (when per night), never negative", () => {
    fc.assert(
      fc.property(
        fc.record({
          pricingBasis: fc.constantFrom("per_person" as const, "per_unit" as const, "per_stay" as const),
          perNight: fc.boolean(),
          priceMinor: fc.integer({ min: 0, max: 1_000_000 }),
          mandatoryFor: fc.constantFrom("none" as const, "all_adults" as const, "all_children" as const),
        }),
        fc.record({
          quantity: fc.integer({ min: 0, max: 99 }),
          adults: fc.integer({ min: 1, max: 20 }),
          children: fc.integer({ min: 0, max: 15 }),
          nights: fc.integer({ min: 1, max: 60 }),
        }),
        (service, choice) => {
          const price = priceService(service, choice);
          const times = service.perNight ? choice.nights : 1;
          const applies = service.mandatoryFor !== "all_children" || choice.children > 0;
          expect(price).toBe(applies ? service.priceMinor * chargedQuantity(service, choice) * times : 0);
          expect(price).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("checkMandatoryCategories", () => {
  const categories = [
    { id: 1, mandatory: true },
    { id: 2, mandatory: false },
    { id: 3, mandatory: true },
  ];
  it.each<[string, { categoryId: number }[], number[]]>([
    ["nothing chosen", [], [1, 3]],
    ["one mandatory covered", [{ categoryId: 3 }], [1]],
    ["both covered", [{ categoryId: 1 }, { categoryId: 3 }, { categoryId: 3 }], []],
    ["only an optional one", [{ categoryId: 2 }], [1, 3]],
    ["an unknown category counts for nothing", [{ categoryId: 9 }], [1, 3]],
  ])("%s", (_name, chosen, expected) => {
    expect(checkMandatoryCategories(categories, chosen)).toEqual(expected);
  });

  it("no categories, nothing missing", () => {
    expect(checkMandatoryCategories([], [])).toEqual([]);
  });
});

describe("checkServiceChoice", () => {
  const offer = { needsDate: true, timeSlots: ["09:00", "18:30"], maxQuantity: 4 };
  const dates = { arrival: "20240701", departure: "20240704" };
  it.each<
    [string, Parameters<typeof checkServiceChoice>[0], Parameters<typeof checkServiceChoice>[1], string[]]
  >([
    ["a good choice", offer, { quantity: 2, date: "20240702", timeSlot: "09:00" }, []],
    ["on arrival day", offer, { quantity: 1, date: "20240701", timeSlot: "18:30" }, []],
    ["on departure day", offer, { quantity: 1, date: "20240704", timeSlot: "18:30" }, []],
    [
      "the day before arrival",
      offer,
      { quantity: 1, date: "20240630", timeSlot: "09:00" },
      ["date:date_outside_stay"],
    ],
    [
      "the day after departure",
      offer,
      { quantity: 1, date: "20240705", timeSlot: "09:00" },
      ["date:date_outside_stay"],
    ],
    ["no date", offer, { quantity: 1, timeSlot: "09:00" }, ["date:date_required"]],
    ["no time slot", offer, { quantity: 1, date: "20240702" }, ["timeSlot:time_slot_required"]],
    [
      "a slot not offered",
      offer,
      { quantity: 1, date: "20240702", timeSlot: "10:00" },
      ["timeSlot:time_slot_unknown"],
    ],
    ["too many", offer, { quantity: 5, date: "20240702", timeSlot: "09:00" }, ["quantity:too_many"]],
    [
      "an undated service without slots",
      { needsDate: false, timeSlots: [], maxQuantity: 1 },
      { quantity: 1 },
      [],
    ],
    [
      "a slot for a service without slots",
      { needsDate: false, timeSlots: [], maxQuantity: 1 },
      { quantity: 1, timeSlot: "09:00" },
      ["timeSlot:time_slot_unknown"],
    ],
  ])("%s", (_name, o, request, expected) => {
    expect(checkServiceChoice(o, request, dates).map((e) => `${e.field}:${e.code}`)).toEqual(expected);
  });
});
