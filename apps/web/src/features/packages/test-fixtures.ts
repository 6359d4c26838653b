import type { PackageResponse } from "@alloggio/domain/contract/packages/package";

export type Package = PackageResponse["packages"][number];

/** A romantic special offer as `package.do` gives it: 2–4 nights for two, a flight from London, a price from. */
export function aPackage(overrides: Partial<Package> = {}): Package {
  return {
    id: 1,
    code: "ROMANTIC",
    kind: "offer",
    name: "Romantic getaway",
    description: "Two nights for two.",
    image: null,
    validFrom: "20300101",
    validTo: "20300630",
    minNights: 2,
    maxNights: 4,
    minAdults: 2,
    maxAdults: 2,
    rateIds: [1],
    roomIds: [],
    includedServices: [{ id: 1, name: "Prosecco" }],
    airports: [{ code: "LGW", name: "London Gatwick", flights: [] }],
    gallery: [],
    closedSeasons: [{ from: "20300201", to: "20300210" }],
    priceFrom: { total: 238, cityTax: 10, nights: 2, adults: 2, arrival: "20300115", flightsFrom: null },
    currency: "EUR",
    ...overrides,
  };
}
