/** A stay restriction of a rate plan on one day (SPEC §3 rate kinds and restrictions). */
export type DayRestriction = {
  closedToArrival: boolean;
  closedToDeparture: boolean;
  minStay: number | null;
  maxStay: number | null;
};

export type RateLimits = {
  minStay: number;
  maxStay: number | null;
  minAdults: number;
  maxAdults: number | null;
};

export type RestrictionFailure =
  | { kind: "closed_to_arrival"; value: null }
  | { kind: "closed_to_departure"; value: null }
  | { kind: "min_stay"; value: number }
  | { kind: "max_stay"; value: number }
  | { kind: "min_adults"; value: number }
  | { kind: "max_adults"; value: number };

/**
 * Checks a stay against a rate's limits and its day restrictions. Minimum and maximum stay are read on the
 * arrival day (the industry's "min stay on arrival"), the stricter of the rate's own and the day's.
 */
export function checkRestrictions(input: {
  nights: number;
  adults: number;
  limits: RateLimits;
  onArrival: DayRestriction | undefined;
  onDeparture: DayRestriction | undefined;
}): RestrictionFailure | null {
  const { nights, adults, limits, onArrival, onDeparture } = input;
  if (adults < limits.minAdults) return { kind: "min_adults", value: limits.minAdults };
  if (limits.maxAdults !== null && adults > limits.maxAdults)
    return { kind: "max_adults", value: limits.maxAdults };
  if (onArrival?.closedToArrival) return { kind: "closed_to_arrival", value: null };
  if (onDeparture?.closedToDeparture) return { kind: "closed_to_departure", value: null };
  const minStay = Math.max(limits.minStay, onArrival?.minStay ?? 1);
  if (nights < minStay) return { kind: "min_stay", value: minStay };
  const maxes = [limits.maxStay, onArrival?.maxStay ?? null].filter((m): m is number => m !== null);
  if (maxes.length > 0) {
    const maxStay = Math.min(...maxes);
    if (nights > maxStay) return { kind: "max_stay", value: maxStay };
  }
  return null;
}

/** The rooms left for a whole stay: the smallest free count over its nights; 0 if a night is closed or missing. */
export function countFree(nights: readonly ({ free: number; closed: boolean } | undefined)[]): number {
  if (nights.length === 0) return 0;
  let min = Number.POSITIVE_INFINITY;
  for (const n of nights) {
    if (!n || n.closed) return 0;
    if (n.free < min) min = n.free;
  }
  return Math.max(0, min);
}
