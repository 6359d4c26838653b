import { accountCommissionOf } from "@alloggio/domain/booking/trade-booking";
import type {
  AvailChannelCheckQuery,
  AvailChannelCheckResponse,
  PortalHotel,
} from "@alloggio/domain/contract/portal/avail-channel-check";
import type { DestinationsQuery, DestinationsResponse } from "@alloggio/domain/contract/portal/destinations";
import type {
  ReservationLinkQuery,
  ReservationLinkResponse,
} from "@alloggio/domain/contract/portal/reservation-link";
import type { RestrictionNotice } from "@alloggio/domain/contract/search/avail";
import { pickText } from "@alloggio/domain/i18n/languages";
import { fromMinor } from "@alloggio/domain/money/money";
import { linkTotalMinor } from "@alloggio/domain/pricing/quoted-total";
import { cheapestSelection, evaluateStay, SearchIndex } from "@alloggio/domain/search/evaluate";
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
import { type SearchCache, type SearchContext, toPromo } from "../search";
import {
  findDestinations,
  findPortalHotels,
  findReservationLinks,
  loadPortalContext,
  type PortalCatalogue,
  type PortalContext,
  type PortalHotelContext,
} from "./repository";

export type PortalDeps = { database: Database; now: () => Date; searchCache?: SearchCache | null };

/** The loosest notice of each kind over all rooms, as the hotel search reports them. */
function mergeNotices(notices: RestrictionNotice[]): RestrictionNotice[] {
  return [...new Map(notices.map((n) => [n.kind, n])).values()];
}

type Stay = { arrival: string; departure: string };

/** One hotel of the list, priced from its loaded rows. */
function portalHotel(
  h: PortalHotelContext,
  ctx: PortalContext,
  q: AvailChannelCheckQuery,
  stay: Stay,
  now: Date,
  tradeChannel: boolean,
): PortalHotel {
  const { arrival, departure } = stay;
  const base = {
    id: h.hotel.id,
    name: h.hotel.name,
    city: h.hotel.city,
    country: h.hotel.country,
    destinations: h.destination_ids,
    image: h.room_types.find((t) => t.gallery.length > 0)?.gallery[0] ?? null,
    currency: h.currency?.code ?? h.hotel.currency_code,
  };
  if (arrival < firstArrivalInZone(now, h.hotel.time_zone))
    return { ...base, available: false, minTotal: null, cityTax: null, reason: "past", restrictions: [] };
  // A trade customer's prices apply only where the account is enabled: elsewhere the hotel shows what anybody sees.
  const isTrade = tradeChannel && h.trade_enabled;
  const search: SearchContext = {
    ...h,
    channel: ctx.channel,
    customer: isTrade ? ctx.customer : null,
    link: null,
    package: null,
  };
  const from = ymdToIso(arrival);
  const index = new SearchIndex(search, from);
  const ev = evaluateStay(index, arrival, departure, q.rooms, {
    languageId: q.language,
    today: todayInZone(now, h.hotel.time_zone),
    promo: toPromo(h.promo),
    overrides: [],
    mtId: 0,
    chosenRates: q.rooms.map(() => null),
    isTrade,
    customerPercent: isTrade ? Number(ctx.customer?.extra_discount_percent ?? 0) : 0,
    customerCommission: isTrade ? accountCommissionOf(ctx.customer?.commission_percent) : null,
    cross: false,
    connected: false,
    ageMode: "portal",
    cheapestOnly: true,
  });
  if (ev.available) {
    const digits = index.rules.decimalDigits;
    const cheapest = cheapestSelection(ev, digits);
    return {
      ...base,
      available: true,
      minTotal: fromMinor(cheapest.totalMinor, digits),
      cityTax: fromMinor(cheapest.cityTaxMinor, digits),
      reason: null,
      restrictions: [],
    };
  }
  const restrictions = mergeNotices(ev.slots.flatMap((s) => s.notices));
  return {
    ...base,
    available: false,
    minTotal: null,
    cityTax: null,
    reason: restrictions.length > 0 ? "restricted" : "sold_out",
    restrictions,
  };
}

/**
 * The cache key of one hotel's line in a portal list (ADR 0045), or null when lines are not kept: a trade
 * customer's search (its prices follow the account, which the hotel's search version does not).
 */
function portalKey(q: AvailChannelCheckQuery, hotel: number, today: string, stay: Stay): string | null {
  if (q.customer !== undefined) return null;
  const rooms = q.rooms.map((r) => `${r.adults}:${r.ages.join(".")}`).join(",");
  return `portal|${hotel}|${today}|${q.channel}|${q.language}|${stay.arrival}|${stay.departure}|${rooms}|${q.promoCode ?? ""}`;
}

/** The cache key of a hotel's catalogue as a portal list on a channel reads it (ADR 0053). */
function catalogueKey(hotel: number, channel: number): string {
  return `portal-catalogue|${hotel}|${channel}`;
}

/**
 * The hotels of a portal list not in the cache are loaded this many to a statement, at most `PORTAL_PARALLEL`
 * statements at a time: a list of 1 000 hotels holds the rows of 100 in memory, not all of them, and two
 * statements use two of the database's cores (ADR 0050).
 */
export const PORTAL_CHUNK = 50;
export const PORTAL_PARALLEL = 2;

/**
 * Runs `work` over `items` in ⌈n ÷ most⌉ slices of equal size (60 hotels: two of 30, not 50 and 10), at most
 * `parallel` slices at once.
 */
async function inChunks<T>(
  items: T[],
  most: number,
  parallel: number,
  work: (slice: T[]) => Promise<void>,
): Promise<void> {
  if (items.length === 0) return;
  const size = Math.ceil(items.length / Math.ceil(items.length / most));
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const slice = items.slice(next, next + size);
      next += size;
      await work(slice);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, Math.ceil(items.length / size)) }, worker));
}

/**
 * `availChannelCheck.do`: one search across the channel's hotels (or a destination's, or a chosen set), each with
 * its lowest price for the whole stay or the reason it has none. A small statement lists the hotels with their
 * time zones and search versions; each hotel's line is taken from the cache when it was computed from the hotel's
 * current data, and the others are loaded 50 to a statement, two statements at a time, and evaluated (ADR 0011,
 * ADR 0045, ADR 0050). Children matching no age group stay children (SPEC §5 portal rule).
 */
export async function searchPortal(
  deps: PortalDeps,
  q: AvailChannelCheckQuery,
  /** Instead of the query's hotels, those a hotel's search suggests (findPortalHotels). */
  neighboursOf?: { hotelId: number; limit: number },
): Promise<AvailChannelCheckResponse> {
  const now = deps.now();
  const cache = deps.searchCache ?? null;
  const listed = await findPortalHotels(deps.database, {
    channelId: q.channel,
    hotelIds: q.hotels,
    destinationId: q.destination,
    neighboursOf,
  });
  if (neighboursOf && listed.length === 0) return { hotels: [], arrival: "", departure: "", nights: 0 };
  // Without dates: the latest "today" among the hotels, so the default arrival is bookable everywhere.
  const arrival =
    q.arrival ??
    listed
      .map((h) => todayInZone(now, h.zone))
      .sort()
      .at(-1) ??
    todayInZone(now, "UTC");
  const stay = { arrival, departure: q.departure ?? addDays(arrival, 1) };
  const lines = new Map<number, PortalHotel>();
  const keys = new Map<number, string>();
  for (const h of listed) {
    const key = cache ? portalKey(q, h.id, todayInZone(now, h.zone), stay) : null;
    if (!cache || !key) continue;
    keys.set(h.id, key);
    const entry = cache.peek(key);
    if (entry && entry.version === h.version && arrival >= firstArrivalInZone(now, h.zone)) {
      cache.served(true);
      lines.set(h.id, entry.value as PortalHotel);
    } else if (entry) cache.served(false);
    else cache.missed();
  }
  const missing = listed.filter((h) => !lines.has(h.id)).map((h) => h.id);
  // The catalogues kept (ADR 0053): the statement leaves out those still at their version.
  const catalogues = new Map<number, { version: number; rows: PortalCatalogue }>();
  for (const id of missing) {
    const kept = cache?.keptRows<PortalCatalogue>(catalogueKey(id, q.channel));
    if (kept) catalogues.set(id, kept);
  }
  const priced = q.rooms.flatMap((r) => [r.adults, r.adults + r.ages.length]);
  /** Loads and prices some hotels (all of `q.hotels`, or the channel's, when `hotelIds` is undefined). */
  const price = async (hotelIds: number[] | undefined): Promise<void> => {
    const known = (hotelIds ?? []).flatMap((id) => {
      const kept = catalogues.get(id);
      return kept ? [{ id, version: kept.version }] : [];
    });
    const ctx = await loadPortalContext(deps.database, {
      channelId: q.channel,
      hotelIds,
      destinationId: q.destination,
      promoCode: q.promoCode,
      customerId: q.customer,
      from: ymdToIso(stay.arrival),
      to: ymdToIso(stay.departure),
      minAdults: Math.min(...priced),
      maxAdults: Math.max(...priced),
      ages: q.rooms.flatMap((r) => r.ages),
      known,
    });
    if (!ctx.channel) throw notFound("channel", "Unknown channel");
    const tradeChannel = ctx.channel.kind === "trade" && ctx.customer !== null;
    for (const { id, catalogue: read, ...daily } of ctx.hotels) {
      // Left out only when the kept one is of the version these rows were read at.
      const catalogue = read ?? catalogues.get(id)?.rows;
      if (!catalogue) throw new Error(`portal: hotel ${id} came without its catalogue`);
      if (read && cache)
        cache.keepRows(catalogueKey(id, q.channel), id, Number(daily.catalogue_version), read);
      const h: PortalHotelContext = { ...catalogue, ...daily };
      const line = portalHotel(h, ctx, q, stay, now, tradeChannel);
      lines.set(h.hotel.id, line);
      const key = keys.get(h.hotel.id);
      // A line of a hotel whose arrival is past is not kept: it turns on the hour, not on the hotel's data.
      if (cache && key && line.reason !== "past") cache.store(key, h.hotel.id, Number(h.version), line, 600);
    }
  };
  // Nothing listed: one statement all the same, which tells an unknown channel from an empty list.
  if (listed.length === 0) await price(q.hotels);
  else await inChunks(missing, PORTAL_CHUNK, PORTAL_PARALLEL, price);
  const hotels = listed.flatMap((h) => lines.get(h.id) ?? []);
  if (hotels.length > 0 && hotels.every((h) => h.reason === "past"))
    throw badInput("arrival", "cannot be in the past");
  return {
    hotels,
    arrival: stay.arrival,
    departure: stay.departure,
    nights: nightsBetween(stay.arrival, stay.departure),
  };
}

/** The most hotels a hotel search's `crossProperty` looks at. */
export const CROSS_PROPERTY_CANDIDATES = 20;

/**
 * `avail.do`'s `crossProperty` for a stay its hotel has no room for: the group's hotels of the same destination
 * on the channel that have a price for the same stay, guests, promo code and trade login, in the group's order
 * (ADR 0065). Priced as the portal list prices them, from its cached lines.
 */
export async function findCrossProperties(
  deps: PortalDeps,
  q: {
    channel: number;
    hotel: number;
    language: number;
    arrival: string;
    departure: string;
    rooms: AvailChannelCheckQuery["rooms"];
    promoCode: string | undefined;
    customer: number | undefined;
  },
): Promise<{ id: number; name: string }[]> {
  try {
    const list = await searchPortal(
      deps,
      {
        channel: q.channel,
        language: q.language,
        arrival: q.arrival,
        departure: q.departure,
        destination: undefined,
        hotels: undefined,
        rooms: q.rooms,
        promoCode: q.promoCode,
        customer: q.customer,
      },
      { hotelId: q.hotel, limit: CROSS_PROPERTY_CANDIDATES },
    );
    return list.hotels.filter((h) => h.available).map((h) => ({ id: h.id, name: h.name }));
  } catch (error) {
    // An arrival already past in every other hotel's zone: none to suggest.
    if (error instanceof AppError && error.status === 400) return [];
    throw error;
  }
}

/** Destinations of the channel's group with the count and list of their properties sold on the channel. */
export async function listDestinations(
  database: Database,
  q: DestinationsQuery,
): Promise<DestinationsResponse> {
  const found = await findDestinations(database, q.channel);
  if (!found.known) throw notFound("channel", "Unknown channel");
  return {
    destinations: found.destinations
      .filter((d) => d.properties.length > 0)
      .map((d) => ({
        id: d.id,
        name: pickText(d.name, q.language),
        count: d.properties.length,
        properties: d.properties,
      })),
  };
}

/**
 * `reservationLink.do`: the stay a property prepared for a guest. Links are private to the guest they were sent
 * to, so only the link named by `rlId` comes back; without it the list is empty (ADR 0011).
 */
export async function getReservationLinks(
  deps: PortalDeps,
  q: ReservationLinkQuery,
): Promise<ReservationLinkResponse> {
  const found = await findReservationLinks(deps.database, {
    hotelId: q.hotel,
    channelId: q.channel,
    linkId: q.rlId,
  });
  if (!found.currency) throw notFound("hotel", "Unknown hotel, or not sold on this channel");
  if (q.rlId && found.links.length === 0) throw notFound("rlId", "unknown reservation link");
  const digits = found.currency.decimal_digits;
  const now = deps.now();
  return {
    links: found.links.map((l) => {
      const arrival = isoToYmd(l.arrival);
      const departure = isoToYmd(l.departure);
      const expiresAt = l.expires_at ? new Date(l.expires_at).toISOString() : null;
      const totalMinor = linkTotalMinor({ roomPrices: l.room_prices, totalMinor: l.total_minor });
      return {
        id: l.id,
        title: pickText(l.title, q.language),
        message: pickText(l.message, q.language),
        arrival,
        departure,
        nights: nightsBetween(arrival, departure),
        rooms: l.rooms,
        roomIds: l.room_type_ids,
        rateIds: l.rate_plan_ids,
        promoCode: l.promo_code,
        total: totalMinor === null ? null : fromMinor(totalMinor, digits),
        currency: found.currency!.code,
        expiresAt,
        expired: expiresAt !== null && new Date(expiresAt) < now,
      };
    }),
  };
}
