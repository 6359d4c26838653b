import { toMinor } from "../money/money";
import { MAX_PRICE_MINOR } from "./daily-values";

/**
 * A decimal amount as a PMS writes it ("96", "76.80") in integer minor units, read from its text so no float
 * rounding can creep in; null when it is not a non-negative decimal, has more decimals than the currency, or is
 * above the calendar's largest price.
 */
export function decimalToMinor(text: string, decimalDigits: number): number | null {
  const match = /^(\d{1,10})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > decimalDigits) return null;
  // At most the currency's digits, checked above: the domain's conversion is exact for it.
  const minor = toMinor(Number(`${match[1]}.${fraction || "0"}`), decimalDigits);
  return Number.isSafeInteger(minor) && minor <= MAX_PRICE_MINOR ? minor : null;
}

/**
 * A room's price per night for each number of adults from 1 to `maxAdults`, from a PMS's amounts per occupancy
 * (the room's price for that many adults, or with `perPerson` each adult's, so the room's is that many times it)
 * and the price of each adult beyond the largest occupancy given (none: no price above it). Occupancies below the
 * smallest one given have no price: the rate is not sold for them. Null when a price would exceed the calendar's
 * largest price.
 */
export function pricesByAdults(
  perOccupancy: ReadonlyMap<number, number>,
  extraAdultMinor: number | null,
  maxAdults: number,
  perPerson = false,
): Map<number, number> | null {
  const out = new Map<number, number>();
  const largest = Math.max(0, ...perOccupancy.keys());
  const roomOf = (adults: number) => {
    const amount = perOccupancy.get(adults);
    return amount === undefined ? undefined : perPerson ? amount * adults : amount;
  };
  for (let adults = 1; adults <= maxAdults; adults++) {
    const own = roomOf(adults);
    let price: number | undefined = own;
    if (own === undefined && adults > largest && largest > 0 && extraAdultMinor !== null)
      price = (roomOf(largest) as number) + (adults - largest) * extraAdultMinor;
    if (price === undefined) continue;
    if (price > MAX_PRICE_MINOR) return null;
    out.set(adults, price);
  }
  return out;
}
