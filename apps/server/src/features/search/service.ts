import { accountCommissionOf } from "@alloggio/domain/booking/trade-booking";
import type { RoomRequest } from "@alloggio/domain/contract/common";
import {
  type AvailQuery,
  type AvailResponse,
  AvailResponseSchema,
} from "@alloggio/domain/contract/search/avail";
import type { NearbyAvailResponse } from "@alloggio/domain/contract/search/nearby-avail";
import { pickText } from "@alloggio/domain/i18n/languages";
import { fromMinor } from "@alloggio/domain/money/money";
import type { Promo } from "@alloggio/domain/pricing/promo";
import {
  cheapestRatePerSlot,
  cheapestSelection,
  type Evaluation,
  evaluateStay,
  SearchIndex,
} from "@alloggio/domain/search/evaluate";
import {
  addDays,
  firstArrivalInZone,
  isoToYmd,
  nightsBetween,
  todayInZone,
  ymdToIso,
} from "@alloggio/domain/stay-dates/stay-dates";
import type { Database } from "../../db/client";
import { AppError, badInput, notFound } from "../../http/errors";
import type { SearchCache } from "./answer-cache";
import { readOverrides } from "./overrides";
import {
  findHotelTimeZoneRows,
  loadSearchContextKept,
  type PromoRow,
  type SearchContext,
} from "./repository";

export type SearchDeps = {
  database: Database;
  now: () => Date;
  overrideSecret: string;
  /** Answers kept between searches (ADR 0045); none when absent. */
  searchCache?: SearchCache | null;
  /** Other hotels of the group free for a stay this hotel has no room for (`crossProperty`); none when absent. */
  crossProperty?: (q: CrossPropertyQuery) => Promise<AvailResponse["crossProperty"]>;
};

export type CrossPropertyQuery = Pick<
  AvailQuery,
  "channel" | "hotel" | "language" | "rooms" | "promoCode" | "customer"
> & { arrival: string; departure: string };

/** How far around the asked dates the nearby-dates search looks, in days. */
export const NEARBY_WINDOW = 7;

/** The promotion a search context carries, as the domain's pricing reads it. */
export function toPromo(row: PromoRow | null): Promo | null {
  if (!row) return null;
  const ymd = (d: string | null) => (d ? isoToYmd(d) : null);
  return {
    code: row.code,
    hidden: row.hidden,
    discountPercent: Number(row.discount_percent),
    stayFrom: ymd(row.stay_from),
    stayTo: ymd(row.stay_to),
    bookFrom: ymd(row.book_from),
    bookTo: ymd(row.book_to),
    minNights: row.min_nights,
    ratePlanIds: row.rate_plan_ids,
  };
}

async function findHotelZone(database: Database, hotelId: number): Promise<string> {
  const rows = await findHotelTimeZoneRows(database, hotelId);
  const zone = rows[0]?.time_zone;
  if (!zone) throw notFound("hotel", "Unknown hotel");
  return zone;
}

type Loaded = {
  ctx: SearchContext;
  index: SearchIndex;
  today: string;
  arrival: string;
  departure: string;
  promo: Promo | null;
};

/**
 * Loads a search: at most two statements (one only when the dates are given), whatever the nights, rooms or
 * room types. `window` widens the nights loaded on both sides, for the nearby-dates search.
 */
async function loadSearch(deps: SearchDeps, q: AvailQuery, window = 0): Promise<Loaded> {
  let arrival = q.arrival;
  let departure = q.departure;
  let zone: string | null = null;
  if (!arrival) {
    zone = await findHotelZone(deps.database, q.hotel);
    arrival = todayInZone(deps.now(), zone);
  }
  if (!departure) departure = addDays(arrival, 1);
  const priced = q.rooms.flatMap((r) => [r.adults, r.adults + r.ages.length]);
  // The hotel's catalogue as last read on this channel (ADR 0053): the statement leaves it out if still current.
  const ctx = await loadSearchContextKept(deps.database, deps.searchCache, {
    hotelId: q.hotel,
    channelId: q.channel,
    promoCode: q.promoCode,
    customerId: q.customer,
    reservationLinkId: q.reservationLinkId,
    packageId: q.packageId,
    from: ymdToIso(addDays(arrival, -window)),
    to: ymdToIso(addDays(departure, window)),
    minAdults: Math.min(...priced),
    maxAdults: Math.max(...priced),
  });
  if (!ctx.hotel) throw notFound("hotel", "Unknown hotel, or not sold on this channel");
  if (!ctx.channel) throw notFound("channel", "Unknown channel");
  const today = todayInZone(deps.now(), zone ?? ctx.hotel.time_zone);
  if (arrival < firstArrivalInZone(deps.now(), zone ?? ctx.hotel.time_zone))
    throw badInput("arrival", "cannot be in the past");
  return {
    ctx,
    index: new SearchIndex(ctx, ymdToIso(addDays(arrival, -window))),
    today,
    arrival,
    departure,
    promo: toPromo(ctx.promo),
  };
}

function evaluate(
  deps: SearchDeps,
  q: AvailQuery,
  l: Loaded,
  arrival: string,
  departure: string,
  rooms: RoomRequest[],
  /** Only each room's cheapest rate (EvaluateOptions.cheapestOnly): for answers that show no rate card. */
  cheapestOnly = false,
) {
  const overrides = readOverrides(deps.overrideSecret, {
    hpcc: q.hpcc,
    override: q.override,
    roomIds: q.roomIds,
    rateIds: q.rateIds,
    arrival,
    departure,
  });
  const isTrade = l.ctx.channel?.kind === "trade" && l.ctx.customer !== null;
  return evaluateStay(l.index, arrival, departure, rooms, {
    languageId: q.language,
    today: l.today,
    promo: l.promo,
    overrides,
    roomIds: q.roomIds,
    rateIds: q.rateIds,
    mtId: q.mtId,
    chosenRates: q.chosenRates,
    isTrade,
    customerPercent: isTrade ? Number(l.ctx.customer?.extra_discount_percent ?? 0) : 0,
    customerCommission: isTrade ? accountCommissionOf(l.ctx.customer?.commission_percent) : null,
    cross: q.cross,
    connected: q.connected,
    airport: q.airport,
    cheapestOnly,
  });
}

/**
 * The cheapest stay a search finds, priced as the rate cards price it (mandatory extras, city tax beside): the
 * "from" of a package. Null when nothing can be had.
 */
export async function findCheapestStay(
  deps: SearchDeps,
  q: AvailQuery,
): Promise<{ total: number; cityTax: number } | null> {
  const l = await loadSearch(deps, q);
  const ev = evaluate(deps, q, l, l.arrival, l.departure, q.rooms, true);
  if (!ev.available) return null;
  const digits = l.index.rules.decimalDigits;
  const from = cheapestSelection(ev, digits);
  return { total: fromMinor(from.totalMinor, digits), cityTax: fromMinor(from.cityTaxMinor, digits) };
}

/** A plain search of a stay (no promo, trade customer, package or link, no cross options) with `q` on top. */
export function aStaySearch(
  q: Pick<AvailQuery, "channel" | "hotel" | "language" | "arrival" | "departure" | "rooms"> &
    Partial<AvailQuery>,
): AvailQuery {
  return {
    promoCode: undefined,
    customer: undefined,
    cross: false,
    airport: undefined,
    mtId: 0,
    packageId: undefined,
    reservationLinkId: undefined,
    connected: false,
    roomIds: undefined,
    rateIds: undefined,
    hpcc: undefined,
    override: undefined,
    chosenRates: q.rooms.map(() => null),
    ...q,
  };
}

/**
 * The least expensive room and rate a search offers each room slot of a stay (by the total the rate card shows),
 * or null for a slot nothing can be had for: what a quote offers for a room the guest did not choose.
 */
export async function findCheapestRates(
  deps: SearchDeps,
  q: AvailQuery,
): Promise<({ roomId: number; rateId: number } | null)[]> {
  const l = await loadSearch(deps, q);
  const ev = evaluate(deps, q, l, l.arrival, l.departure, q.rooms, true);
  return cheapestRatePerSlot(ev).map((best) => (best ? { roomId: best.roomId, rateId: best.rate.id } : null));
}

function checkLink(l: Loaded, now: Date): void {
  const link = l.ctx.link;
  if (!link) return;
  if (link.expires_at && new Date(link.expires_at) < now)
    throw new AppError("link_expired", 410, "This link has expired");
}

/** `avail.do`: rooms and rates per room slot, cross-booking options, other hotels, restriction notices. */
export async function searchAvailability(deps: SearchDeps, q: AvailQuery): Promise<AvailResponse> {
  const { response } = await searchLoaded(deps, q);
  const others = await crossPropertyOf(deps, q, { ...response, bookable: isBookable(response) });
  return others.length > 0 ? { ...response, crossProperty: others } : response;
}

/** Every room slot can be had, by a room or by a cross-booking option (as the web app books it). */
function isBookable(r: AvailResponse): boolean {
  return r.availability.every(
    (rooms, slot) => rooms.length > 0 || r.crossAvailability.some((c) => c.slot === slot),
  );
}

/** What an answer says of itself that `crossProperty` needs; kept with its text in the cache. */
type AnswerOutline = { arrival: string; departure: string; bookable: boolean };

/**
 * `crossProperty` (ADR 0065): only for a plain search of a stay its hotel cannot host, neither a reservation
 * link's nor a package's. Not part of the hotel's kept answer: it follows the other hotels' data.
 */
async function crossPropertyOf(
  deps: SearchDeps,
  q: AvailQuery,
  answer: AnswerOutline,
): Promise<AvailResponse["crossProperty"]> {
  if (answer.bookable || !deps.crossProperty || q.reservationLinkId || q.packageId !== undefined) return [];
  return deps.crossProperty({
    channel: q.channel,
    hotel: q.hotel,
    language: q.language,
    arrival: answer.arrival,
    departure: answer.departure,
    rooms: q.rooms,
    promoCode: q.promoCode,
    customer: q.customer,
  });
}

/** The answer's text with `crossProperty` filled in (a JSON text has that key with `[]` exactly once). */
function withCrossProperty(body: string, others: AvailResponse["crossProperty"]): string {
  if (others.length === 0) return body;
  return body.replace('"crossProperty":[]', () => `"crossProperty":${JSON.stringify(others)}`);
}

async function searchLoaded(
  deps: SearchDeps,
  q: AvailQuery,
): Promise<{ response: AvailResponse; l: Loaded }> {
  const l = await loadSearch(deps, q);
  if (q.reservationLinkId && !l.ctx.link) throw notFound("rlId", "unknown reservation link");
  if (q.packageId && !l.ctx.package) throw notFound("pc_id", "unknown package");
  checkLink(l, deps.now());
  const ev = evaluate(deps, q, l, l.arrival, l.departure, q.rooms);
  return { response: toResponse(l, ev, q), l };
}

/**
 * The cache key of a search, or null for one that is never kept: a trade customer's, a link's, a package's or one
 * with signed price overrides (their answers depend on rows or secrets the hotel's search version does not
 * follow). The query is already parsed, so its keys come in the schema's order; hotel-local today is part of it.
 */
function availCacheKey(q: AvailQuery, today: string): string | null {
  if (q.customer !== undefined || q.reservationLinkId || q.packageId !== undefined || q.hpcc || q.override)
    return null;
  return `avail|${today}|${JSON.stringify(q)}`;
}

/**
 * `avail.do` as the JSON text sent: from the cache when an answer for the same search, computed from the hotel's
 * current data, is kept (one small shared statement), else searched and kept (ADR 0045).
 */
export async function searchAvailabilityBody(deps: SearchDeps, q: AvailQuery): Promise<string> {
  const cache = deps.searchCache;
  if (!cache) return JSON.stringify(AvailResponseSchema.parse(await searchAvailability(deps, q)));
  type Kept = AnswerOutline & { body: string };
  const zone = cache.zoneOf(q.hotel);
  const now = deps.now();
  const key = zone ? availCacheKey(q, todayInZone(now, zone)) : null;
  const entry = key ? cache.peek(key) : undefined;
  if (entry && zone) {
    const current = await cache.versionOf(q.hotel);
    if (current && current.version === entry.version && current.zone === zone) {
      if ((q.arrival ?? todayInZone(now, zone)) < firstArrivalInZone(now, zone))
        throw badInput("arrival", "cannot be in the past");
      cache.served(true);
      const kept = entry.value as Kept;
      return withCrossProperty(kept.body, await crossPropertyOf(deps, q, kept));
    }
    cache.served(false);
  } else cache.missed();
  const { response, l } = await searchLoaded(deps, q);
  const body = JSON.stringify(AvailResponseSchema.parse(response));
  const kept: Kept = {
    body,
    arrival: response.arrival,
    departure: response.departure,
    bookable: isBookable(response),
  };
  const hotel = l.ctx.hotel;
  const fresh = availCacheKey(q, l.today);
  if (hotel && fresh && l.ctx.version !== undefined) {
    cache.rememberZone(hotel.id, hotel.time_zone);
    cache.store(fresh, hotel.id, Number(l.ctx.version), kept, body.length * 2);
  }
  return withCrossProperty(body, await crossPropertyOf(deps, q, kept));
}

function toResponse(l: Loaded, ev: Evaluation, q: AvailQuery): AvailResponse {
  const promoCheck = q.promoCode
    ? {
        code: q.promoCode,
        // The hotel's name for the promotion, in the guest's language; empty for a code it does not know.
        name: pickText(l.ctx.promo?.name, q.language),
        valid:
          l.promo !== null && ev.slots.some((s) => s.rooms.some((r) => r.rates.some((rate) => rate.promo))),
        reason: l.promo === null ? "unknown" : null,
        hidden: l.promo?.hidden ?? false,
      }
    : null;
  if (promoCheck && l.promo && !promoCheck.valid) promoCheck.reason = "not_applicable";
  const notices = ev.slots.flatMap((s) => s.notices);
  return {
    availability: ev.slots.map((s) => s.rooms),
    crossAvailability: ev.slots.flatMap((s) => (s.cross ? [s.cross] : [])),
    crossbooking: {
      enabled: q.cross && (l.ctx.hotel?.settings.crossBooking ?? true) !== false,
      maxSegments: 3,
    },
    crossProperty: [],
    currency: l.index.rules.code,
    arrival: l.arrival,
    departure: l.departure,
    nights: nightsBetween(l.arrival, l.departure),
    promo: promoCheck,
    restrictions: [...new Map(notices.map((n) => [n.kind, n])).values()],
  };
}

/** `availCheck.do`: whether every room slot can be had at once (cross-booking counts when asked for). */
export async function checkAvailability(deps: SearchDeps, q: AvailQuery): Promise<boolean> {
  const l = await loadSearch(deps, q);
  const ev = evaluate(deps, q, l, l.arrival, l.departure, q.rooms, true);
  if (ev.available) return true;
  return q.cross && ev.slots.every((s) => s.rooms.length > 0 || s.cross !== null);
}

/** `nearbyAvail.do`: the nearest other arrivals (±7 days, same length) at which every room can be had. */
export async function findNearbyDates(deps: SearchDeps, q: AvailQuery): Promise<NearbyAvailResponse> {
  const l = await loadSearch(deps, q, NEARBY_WINDOW);
  const nights = nightsBetween(l.arrival, l.departure);
  const found: NearbyAvailResponse["availabilityList"] = [];
  for (let distance = 1; distance <= NEARBY_WINDOW; distance++) {
    for (const shift of [-distance, distance]) {
      const arrival = addDays(l.arrival, shift);
      if (arrival < l.today) continue;
      const departure = addDays(arrival, nights);
      const ev = evaluate(deps, q, l, arrival, departure, q.rooms, true);
      if (!ev.available) continue;
      const digits = l.index.rules.decimalDigits;
      const from = cheapestSelection(ev, digits);
      found.push({
        arrival,
        departure,
        minTotal: fromMinor(from.totalMinor, digits),
        cityTax: fromMinor(from.cityTaxMinor, digits),
      });
    }
  }
  return { availabilityList: found.slice(0, 6), currency: l.index.rules.code };
}
