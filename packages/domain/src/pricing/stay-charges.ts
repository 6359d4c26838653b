/**
 * What a stay costs the guest, in one place (one pricing function): the room, the extras the stay
 * cannot be booked without, and the city tax beside them. Search (rate cards, cross-booking, portal and package
 * "from" prices), quotes, the booking and every later change use these functions, so the total a guest sees on a
 * rate card is the total of the checkout when the guest adds nothing. Amounts are integer minor units.
 *
 * - Mandatory extras of a room: every service mandatory for all its adults, every service mandatory for all its
 *   children (when it has children), and, for each mandatory category none of those covers, the category's least
 *   expensive service (quantity one): the least the booking can cost. A service the rate includes is free.
 * - A mandatory category asks for one service per booking, not per room: a selection of several rooms counts each
 *   category once, at the least any of its rooms would pay.
 * - City tax: per adult per night (children are exempt), paid at the hotel, never part of the total.
 */
import { priceService, type ServicePricing } from "../booking/services";

/** A service of the hotel's catalogue, as the mandatory rules read it. */
export type CatalogueService = ServicePricing & {
  id: number;
  categoryId: number;
  /** The category needs at least one chosen service (SPEC §5). */
  categoryMandatory: boolean;
};

/** The guests of one room and its nights. */
export type Party = { adults: number; children: number; nights: number };

export type MandatoryExtra = {
  serviceId: number;
  categoryId: number;
  /**
   * `all_adults` / `all_children`: charged for every adult or child of the room. `category`: the least expensive
   * service of a mandatory category, needed once per booking.
   */
  reason: "all_adults" | "all_children" | "category";
  /** Quantity as the services step and the booking count it. */
  quantity: number;
  priceMinor: number;
};

function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer: ${value}`);
}

function priceFor(service: CatalogueService, party: Party, quantity: number, included: boolean): number {
  if (included) return 0;
  return priceService(service, {
    quantity,
    adults: party.adults,
    children: party.children,
    nights: party.nights,
  });
}

/** The extras one room's stay cannot be booked without (see the top of this file), in catalogue order. */
export function findMandatoryExtras(
  catalogue: readonly CatalogueService[],
  party: Party,
  includedServiceIds: readonly number[] = [],
): MandatoryExtra[] {
  assertCount("Adults", party.adults);
  assertCount("Children", party.children);
  assertCount("Nights", party.nights);
  const included = new Set(includedServiceIds);
  const extras: MandatoryExtra[] = [];
  const covered = new Set<number>();
  for (const service of catalogue) {
    if (service.mandatoryFor === "none") continue;
    if (service.mandatoryFor === "all_children" && party.children === 0) continue;
    const quantity = service.mandatoryFor === "all_adults" ? party.adults : party.children;
    extras.push({
      serviceId: service.id,
      categoryId: service.categoryId,
      reason: service.mandatoryFor,
      quantity: service.pricingBasis === "per_stay" ? 1 : quantity,
      priceMinor: priceFor(service, party, quantity, included.has(service.id)),
    });
    covered.add(service.categoryId);
  }
  const cheapest = new Map<number, MandatoryExtra>();
  for (const service of catalogue) {
    if (!service.categoryMandatory || service.mandatoryFor !== "none" || covered.has(service.categoryId))
      continue;
    const priceMinor = priceFor(service, party, 1, included.has(service.id));
    const best = cheapest.get(service.categoryId);
    if (!best || priceMinor < best.priceMinor)
      cheapest.set(service.categoryId, {
        serviceId: service.id,
        categoryId: service.categoryId,
        reason: "category",
        quantity: 1,
        priceMinor,
      });
  }
  return [...extras, ...cheapest.values()];
}

/** City tax of one room: per adult per night. */
export function cityTaxOf(perAdultNightMinor: number, adults: number, nights: number): number {
  assertCount("City tax", perAdultNightMinor);
  assertCount("Adults", adults);
  assertCount("Nights", nights);
  return perAdultNightMinor * adults * nights;
}

export type StayPrice = {
  /** The room for the stay, after discounts. */
  roomMinor: number;
  extras: MandatoryExtra[];
  extrasMinor: number;
  /** Room plus mandatory extras: what a rate card shows as its total. */
  totalMinor: number;
  /** Paid at the hotel, beside the total. */
  cityTaxMinor: number;
};

/** What one room's stay costs the guest: the rate card's total and the city tax beside it. */
export function priceStayForGuest(input: {
  roomMinor: number;
  catalogue: readonly CatalogueService[];
  includedServiceIds?: readonly number[];
  party: Party;
  cityTaxPerAdultNightMinor: number;
}): StayPrice {
  assertCount("Room price", input.roomMinor);
  const extras = findMandatoryExtras(input.catalogue, input.party, input.includedServiceIds);
  const extrasMinor = extras.reduce((sum, e) => sum + e.priceMinor, 0);
  return {
    roomMinor: input.roomMinor,
    extras,
    extrasMinor,
    totalMinor: input.roomMinor + extrasMinor,
    cityTaxMinor: cityTaxOf(input.cityTaxPerAdultNightMinor, input.party.adults, input.party.nights),
  };
}

/** One chosen room of a selection: its room price (with refund protection when chosen), extras and city tax. */
export type SelectedStay = { roomMinor: number; extras: readonly MandatoryExtra[]; cityTaxMinor: number };

/**
 * The total of several chosen rooms before the services step: each room with its own mandatory extras, each
 * mandatory category once (at the least any room would pay for it), the city tax beside it.
 */
export function totalSelection(stays: readonly SelectedStay[]): { totalMinor: number; cityTaxMinor: number } {
  let totalMinor = 0;
  let cityTaxMinor = 0;
  const categories = new Map<number, number>();
  for (const stay of stays) {
    totalMinor += stay.roomMinor;
    cityTaxMinor += stay.cityTaxMinor;
    for (const extra of stay.extras) {
      if (extra.reason !== "category") totalMinor += extra.priceMinor;
      else
        categories.set(
          extra.categoryId,
          Math.min(categories.get(extra.categoryId) ?? extra.priceMinor, extra.priceMinor),
        );
    }
  }
  for (const price of categories.values()) totalMinor += price;
  return { totalMinor, cityTaxMinor };
}
