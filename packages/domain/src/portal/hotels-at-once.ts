/**
 * How many hotels a group's portal lists at once (ADR 0085): the server draws this many cards in the page's first
 * paint and the web app shows as many, then the next as many at a guest's request. Beyond this, a long list costs
 * the phone more (elements, style, layout, script) than it gives a guest who reads from the top.
 */
export const PORTAL_HOTELS_AT_ONCE = 20;

/** What the list's "show more" offers with `shown` of `total` hotels on the page: the next ones, and whether they are the last; null once every hotel is shown. */
export function nextHotels(shown: number, total: number): { count: number; last: boolean } | null {
  const rest = total - shown;
  if (rest <= 0) return null;
  return rest > PORTAL_HOTELS_AT_ONCE
    ? { count: PORTAL_HOTELS_AT_ONCE, last: false }
    : { count: rest, last: true };
}
