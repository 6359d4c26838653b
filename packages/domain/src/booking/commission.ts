// The commission rule alone, so the rate card of a trade channel loads it without the agency form's checks.

/**
 * The commission of a commissionable rate on a booked room, in minor units: `percent` of the room's nights
 * (flights and extras earn none), rounded half up; 0 for a net rate (`percent` null).
 */
export function commissionMinor(nightsMinor: number, percent: number | null): number {
  if (percent === null || percent <= 0) return 0;
  return Math.round((nightsMinor * percent) / 100);
}
