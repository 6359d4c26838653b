// The search mix of the benchmark: single-hotel `avail.do` over the 100 generated hotels, 2 adults with 0–2
// children, 1–7 nights, arrival 0–180 days ahead, 10% with a promo code. Deterministic (seeded), so every target
// (B1, B2, B3) and every run gets the same searches.
import { addDays, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { SearchLoad } from "../apps/server/src/features/search/repository";
import { DIRECT_CHANNEL, HOTELS, PROMO_CODES } from "./dataset";

export type SearchCase = {
  hotel: number;
  arrival: string;
  departure: string;
  adults: number;
  ages: number[];
  promo: string | undefined;
};

/** A small fast PRNG (mulberry32): the same seed gives the same mix. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` searches from hotel-local `today` (YYYYMMDD). */
export function searchMix(today: string, count: number, seed = 7): SearchCase[] {
  const rnd = random(seed);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  return Array.from({ length: count }, () => {
    const arrival = addDays(today, int(0, 180));
    const children = int(0, 2);
    const promoDraw = rnd();
    return {
      hotel: int(1, HOTELS),
      arrival,
      departure: addDays(arrival, int(1, 7)),
      adults: 2,
      ages: Array.from({ length: children }, () => int(0, 17)),
      // 10% with a promo: mostly the visible code, some the hidden one, a few unknown codes.
      promo:
        promoDraw < 0.06
          ? PROMO_CODES[0]
          : promoDraw < 0.09
            ? PROMO_CODES[1]
            : promoDraw < 0.1
              ? "NOSUCHCODE"
              : undefined,
    };
  });
}

/** The query string of a search case (without the path). */
export function searchQuery(c: SearchCase): string {
  const params = new URLSearchParams({
    channel: String(DIRECT_CHANNEL),
    hotel: String(c.hotel),
    language: "1",
    arrival: c.arrival,
    departure: c.departure,
    adults: String(c.adults),
  });
  if (c.ages.length > 0) {
    params.set("childs", String(c.ages.length));
    params.set("ages", c.ages.join(","));
  }
  if (c.promo) params.set("promoCode", c.promo);
  return params.toString();
}

/** The same case as a portal search over every hotel of the channel (`availChannelCheck.do`, no hotel). */
export function portalQuery(c: SearchCase): string {
  const params = new URLSearchParams(searchQuery(c));
  params.delete("hotel");
  return params.toString();
}

/** What the search service hands the repository for this case: the same one statement B3 runs (B1). */
export function searchLoad(c: SearchCase): SearchLoad {
  return {
    hotelId: c.hotel,
    channelId: DIRECT_CHANNEL,
    promoCode: c.promo,
    customerId: undefined,
    reservationLinkId: undefined,
    packageId: undefined,
    from: ymdToIso(c.arrival),
    to: ymdToIso(c.departure),
    minAdults: c.adults,
    maxAdults: c.adults + c.ages.length,
  };
}
