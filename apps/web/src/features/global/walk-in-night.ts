import { addDays, localTimeInZone, type Ymd } from "@alloggio/domain/stay-dates/stay-dates";

/** The walk-in prompt runs from 20:00 to 03:59 hotel-local time. */
export const WALK_IN_FROM_HOUR = 20;
export const WALK_IN_UNTIL_HOUR = 4;

/**
 * Tonight's stay for a guest arriving now, or null outside the hotel's evening. After midnight "tonight" is the
 * night that began the day before: at 01:00 on the 11th the guest wants the night of the 10th to the 11th.
 */
export function findWalkInNight(now: Date, timeZone: string): { arrival: Ymd; departure: Ymd } | null {
  const local = localTimeInZone(now, timeZone);
  let arrival: Ymd;
  if (local.hour >= WALK_IN_FROM_HOUR) arrival = local.ymd;
  else if (local.hour < WALK_IN_UNTIL_HOUR) arrival = addDays(local.ymd, -1);
  else return null;
  return { arrival, departure: addDays(arrival, 1) };
}
