/** What services read the time from; production passes `{ now: () => new Date() }`. */
export type Clock = { now: () => Date };

/** A clock stopped at one instant, e.g. `fixedClock("2030-01-15T10:00:00Z")`. */
export function fixedClock(iso: string): Clock {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`fixedClock needs an ISO instant, got ${iso}`);
  return { now: () => new Date(ms) };
}
