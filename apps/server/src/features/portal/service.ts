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
import type { Promo } from "@alloggio/domain/pricing/promo";
import {
  addDays,
  firstArrivalInZone,
  isoToYmd,
  nightsBetween,
  todayInZone,
  ymdToIso,
} from "@alloggio/domain/stay-dates/stay-dates";
import type { Database } from "../../db/client";
import { badInput, notFound } from "../../http/errors";
import { cheapestSelection, evaluateStay, SearchIndex } from "../search/evaluate";
import type { PromoRow, SearchContext } from "../search/repository";
import { findDestinations, findPortalZones, findReservationLinks, loadPortalContext } from "./repository";

export type PortalDeps = { database: Database; now: () => Date };

function toPromo(row: PromoRow | null): Promo | null {
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

/** The loosest notice of each kind over all rooms, as the hotel search reports them. */
function mergeNotices(notices: RestrictionNotice[]): RestrictionNotice[] {
  return [...new Map(notices.map((n) => [n.kind, n])).values()];
}

/**
 * `availChannelCheck.do`: one search across the channel's hotels (or a destination's, or a chosen set), each with
 * its lowest price for the whole stay or the reason it has none. One SQL statement whatever the number of hotels
 * (two without dates: the zones, for "today"). Children matching no age group stay children (SPEC §5 portal rule).
 */
export async function searchPortal(
  deps: PortalDeps,
  q: AvailChannelCheckQuery,
): Promise<AvailChannelCheckResponse> {
  const now = deps.now();
  let arrival = q.arrival;
  if (!arrival) {
    const zones = await findPortalZones(deps.database, {
      channelId: q.channel,
      hotelIds: q.hotels,
      destinationId: q.destination,
    });
    // The latest "today" among the hotels, so the default arrival is bookable everywhere.
    arrival =
      zones
        .map((z) => todayInZone(now, z))
        .sort()
        .at(-1) ?? todayInZone(now, "UTC");
  }
  const departure = q.departure ?? addDays(arrival, 1);
  const priced = q.rooms.flatMap((r) => [r.adults, r.adults + r.ages.length]);
  const from = ymdToIso(arrival);
  const ctx = await loadPortalContext(deps.database, {
    channelId: q.channel,
    hotelIds: q.hotels,
    destinationId: q.destination,
    promoCode: q.promoCode,
    customerId: q.customer,
    from,
    to: ymdToIso(departure),
    minAdults: Math.min(...priced),
    maxAdults: Math.max(...priced),
  });
  if (!ctx.channel) throw notFound("channel", "Unknown channel");
  const tradeChannel = ctx.channel.kind === "trade" && ctx.customer !== null;
  const hotels: PortalHotel[] = ctx.hotels.map((h) => {
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
      return {
        ...base,
        available: false,
        minTotal: null,
        cityTax: null,
        reason: "past" as const,
        restrictions: [],
      };
    // A trade customer's prices apply only where the account is enabled: elsewhere the hotel shows what anybody sees.
    const isTrade = tradeChannel && h.trade_enabled;
    const search: SearchContext = {
      ...h,
      channel: ctx.channel,
      customer: isTrade ? ctx.customer : null,
      link: null,
      package: null,
    };
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
      customerCommission: isTrade ? Number(ctx.customer?.commission_percent ?? 0) : 0,
      cross: false,
      connected: false,
      ageMode: "portal",
    });
    if (ev.available) {
      const digits = index.rules.decimalDigits;
      const from = cheapestSelection(ev, digits);
      return {
        ...base,
        available: true,
        minTotal: fromMinor(from.totalMinor, digits),
        cityTax: fromMinor(from.cityTaxMinor, digits),
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
      reason: restrictions.length > 0 ? ("restricted" as const) : ("sold_out" as const),
      restrictions,
    };
  });
  if (hotels.length > 0 && hotels.every((h) => h.reason === "past"))
    throw badInput("arrival", "cannot be in the past");
  return { hotels, arrival, departure, nights: nightsBetween(arrival, departure) };
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
        total: l.room_prices
          ? fromMinor(
              l.room_prices.reduce((sum, r) => sum + r.totalMinor, 0),
              digits,
            )
          : l.total_minor === null
            ? null
            : fromMinor(l.total_minor, digits),
        currency: found.currency!.code,
        expiresAt,
        expired: expiresAt !== null && new Date(expiresAt) < now,
      };
    }),
  };
}
