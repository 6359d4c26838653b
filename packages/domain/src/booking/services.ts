import type { Ymd } from "../stay-dates/stay-dates";

export type PricingBasis = "per_person" | "per_unit" | "per_stay";
export type MandatoryFor = "none" | "all_adults" | "all_children";

export type ServicePricing = {
  pricingBasis: PricingBasis;
  /** Charged for every night of the stay rather than once. */
  perNight: boolean;
  priceMinor: number;
  mandatoryFor: MandatoryFor;
};

/** A service's price and what a guest may choose of it: a date, a time slot, a transfer's details, how many. */
export type ServiceTerms = ServicePricing & {
  needsDate: boolean;
  timeSlots: string[];
  isTransfer: boolean;
  maxQuantity: number;
};

export type ServiceChoice = { quantity: number; adults: number; children: number; nights: number };

function assertCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer: ${value}`);
}

/**
 * How many the guest pays for: a service mandatory for all adults or all children counts every one of them
 * (docs/property-format.md: "then priced per person"); a whole-stay service counts once.
 */
export function chargedQuantity(service: ServicePricing, choice: ServiceChoice): number {
  if (service.pricingBasis === "per_stay") return 1;
  if (service.mandatoryFor === "all_adults") return choice.adults;
  if (service.mandatoryFor === "all_children") return choice.children;
  return choice.quantity;
}

/** The price of one service choice for one room, in minor units. */
export function priceService(service: ServicePricing, choice: ServiceChoice): number {
  assertCount("Price", service.priceMinor);
  assertCount("Quantity", choice.quantity);
  assertCount("Adults", choice.adults);
  assertCount("Children", choice.children);
  assertCount("Nights", choice.nights);
  // A whole-stay service mandatory for all children applies only when there are children.
  if (service.mandatoryFor === "all_children" && choice.children === 0) return 0;
  const times = service.perNight ? choice.nights : 1;
  return service.priceMinor * chargedQuantity(service, choice) * times;
}

/** SPEC §5: the ids of the mandatory categories with no chosen service, in the categories' order. */
export function checkMandatoryCategories(
  categories: readonly { id: number; mandatory: boolean }[],
  chosen: readonly { categoryId: number }[],
): number[] {
  const covered = new Set(chosen.map((choice) => choice.categoryId));
  return categories.filter((category) => category.mandatory && !covered.has(category.id)).map((c) => c.id);
}

export type ServiceOffer = { needsDate: boolean; timeSlots: readonly string[]; maxQuantity: number };

export type ServiceRequest = { quantity: number; date?: Ymd | undefined; timeSlot?: string | undefined };

export type ServiceChoiceError =
  | "date_required"
  | "date_outside_stay"
  | "time_slot_required"
  | "time_slot_unknown"
  | "too_many";

export type ServiceChoiceIssue = { field: "date" | "timeSlot" | "quantity"; code: ServiceChoiceError };

/**
 * What the server checks of one chosen service against the hotel's offer: a date within the stay (arrival to
 * departure day, both included: a transfer leaves on departure day), a time slot the service offers, a quantity
 * within its maximum.
 */
export function checkServiceChoice(
  offer: ServiceOffer,
  request: ServiceRequest,
  stay: { arrival: Ymd; departure: Ymd },
): ServiceChoiceIssue[] {
  const issues: ServiceChoiceIssue[] = [];
  if (request.date) {
    if (request.date < stay.arrival || request.date > stay.departure)
      issues.push({ field: "date", code: "date_outside_stay" });
  } else if (offer.needsDate) issues.push({ field: "date", code: "date_required" });
  if (request.timeSlot) {
    if (!offer.timeSlots.includes(request.timeSlot))
      issues.push({ field: "timeSlot", code: "time_slot_unknown" });
  } else if (offer.timeSlots.length > 0) issues.push({ field: "timeSlot", code: "time_slot_required" });
  if (request.quantity > offer.maxQuantity) issues.push({ field: "quantity", code: "too_many" });
  return issues;
}
