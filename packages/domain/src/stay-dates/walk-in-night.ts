import { addDays, firstArrivalInZone, localTimeInZone, type Ymd } from "./stay-dates";

/** The walk-in prompt runs from 20:00 to 03:59 hotel-local time. */
export const WALK_IN_FROM_HOUR = 20;
export const WALK_IN_UNTIL_HOUR = 4;

/** Where the web app keeps, for the session, that the guest has seen the prompt (then it is not shown again). */
export const WALK_IN_SEEN_KEY = "walkInSeen";

/**
 * Tonight's stay for a guest arriving now, or null outside the hotel's evening. After midnight "tonight" is the
 * night that began the day before: at 01:00 on the 11th the guest wants the night of the 10th to the 11th. Null
 * too when that night is no longer bookable (before firstArrivalInZone): the prompt offers only a night the search
 * takes as it is, rather than a button that quietly searches another night.
 *
 * One rule for both sides: the server draws the prompt into the search page's HTML when this says so (ADR 0054),
 * and the web app shows it when this says so.
 */
export function findWalkInNight(now: Date, timeZone: string): { arrival: Ymd; departure: Ymd } | null {
  const local = localTimeInZone(now, timeZone);
  let arrival: Ymd;
  if (local.hour >= WALK_IN_FROM_HOUR) arrival = local.ymd;
  else if (local.hour < WALK_IN_UNTIL_HOUR) arrival = addDays(local.ymd, -1);
  else return null;
  if (arrival < firstArrivalInZone(now, timeZone)) return null;
  return { arrival, departure: addDays(arrival, 1) };
}
