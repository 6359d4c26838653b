import { describe, expect, it } from "vitest";
import {
  type CatalogueRefs,
  checkPackage,
  checkPromoCode,
  checkService,
  checkServiceMoney,
} from "./property-file";

// The cross-field rules of one catalogue entity, shared by the JSON import and the back office.

const refs: CatalogueRefs = {
  ratePlanIds: new Set([10, 11]),
  roomTypeIds: new Set([20]),
  serviceIds: new Set([30]),
  categoryIds: new Set([40]),
  channelIds: new Set([1]),
  where: "one of the hotel's",
};

function issuesOf(run: (add: (path: (string | number)[], message: string) => void) => void) {
  const issues: { path: string; message: string }[] = [];
  run((path, message) => issues.push({ path: path.join("."), message }));
  return issues;
}

describe("a promo code's rules", () => {
  it("accepts a valid code and names each broken rule", () => {
    expect(issuesOf((add) => checkPromoCode({ id: 1, code: "A", discountPercent: 5 }, refs, add))).toEqual(
      [],
    );
    const issues = issuesOf((add) =>
      checkPromoCode(
        {
          id: 1,
          code: "A",
          discountPercent: 5,
          stayFrom: "2030-02-01",
          stayTo: "2030-01-01",
          bookFrom: "2030-02-01",
          bookTo: "2030-01-01",
          ratePlanIds: [10, 99, 10],
        },
        refs,
        add,
      ),
    );
    expect(issues).toEqual([
      { path: "ratePlanIds.1", message: "rate plan 99 is not one of the hotel's" },
      { path: "ratePlanIds", message: "must not repeat an id" },
      { path: "stayTo", message: "must not be before stayFrom" },
      { path: "bookTo", message: "must not be before bookFrom" },
    ]);
  });

  it("says 'in the file' when the references come from a property file", () => {
    const issues = issuesOf((add) =>
      checkPromoCode(
        { id: 1, code: "A", discountPercent: 5, ratePlanIds: [99] },
        { ...refs, where: undefined },
        add,
      ),
    );
    expect(issues[0]?.message).toBe("rate plan 99 is not in the file");
  });
});

describe("a service's rules", () => {
  const service = { id: 1, category: 40, name: { en: "Spa" }, pricingBasis: "per_unit" as const };
  it("needs a known category and per-person pricing when mandatory for everyone", () => {
    expect(issuesOf((add) => checkService(service, refs, add))).toEqual([]);
    expect(
      issuesOf((add) => checkService({ ...service, category: 41, mandatoryFor: "all_adults" }, refs, add)),
    ).toEqual([
      { path: "category", message: "service category 41 is not one of the hotel's" },
      { path: "mandatoryFor", message: "a service mandatory for every adult or child is priced per person" },
    ]);
  });

  it("prices in the currency's minor unit", () => {
    expect(issuesOf((add) => checkServiceMoney({ price: 1.5 }, "EUR", add))).toEqual([]);
    expect(issuesOf((add) => checkServiceMoney({ price: 1.5 }, "JPY", add))).toEqual([
      { path: "price", message: "JPY amounts have at most 0 decimal digits" },
    ]);
  });
});

describe("a package's rules", () => {
  it("checks references, dates and ranges", () => {
    const issues = issuesOf((add) =>
      checkPackage(
        {
          id: 1,
          code: "P",
          name: { en: "P" },
          kind: "package",
          ratePlanIds: [10],
          roomTypeIds: [21],
          includedServiceIds: [30],
          channelIds: [2],
          validFrom: "2030-02-01",
          validTo: "2030-01-01",
          minNights: 5,
          maxNights: 3,
        },
        refs,
        add,
      ),
    );
    expect(issues.map((i) => i.path)).toEqual(["roomTypeIds.0", "channelIds.0", "validTo", "maxNights"]);
  });
});
