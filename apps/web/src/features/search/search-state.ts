import type { RoomOccupancy } from "@alloggio/domain/occupancy/occupancy";
import {
  DEFAULT_ADULTS,
  MAX_ADULTS,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
} from "@alloggio/domain/occupancy/occupancy";
import {
  addDays,
  firstArrivalInZone,
  isValidYmd,
  nightsBetween,
  todayInZone,
} from "@alloggio/domain/stay-dates/stay-dates";
import { useCallback, useMemo } from "react";
import { useSearch } from "wouter";
import { type QueryValue, toQuery } from "../../lib/api-client";
import { useNavigateTo } from "../../ui/app-link";
import { useHotel } from "../hotel/hotel-context";

/** What the guest searches for. It lives in the URL query, so a reload or a shared link searches the same. */
export type SearchState = {
  arrival: string;
  departure: string;
  rooms: RoomOccupancy[];
  promoCode: string;
  /** Query parameters of SPEC §2 passed through to the search call as they came. */
  hpcc?: string | undefined;
  override?: string | undefined;
  room?: string | undefined;
  packs?: string | undefined;
  reservationLinkId?: string | undefined;
  /** SPEC §2 flight need: the origin airport (IATA code) of a flight-included package. */
  airport?: string | undefined;
  /** The package searched on its landing page (`pc_id`), kept through the booking. */
  packageId?: string | undefined;
  /** Portal mode: the chosen properties (comma list of hotel ids), kept in the URL. */
  hotels?: string | undefined;
};

export const MAX_ROOMS = 10;

function intList(value: string | null, min: number, max: number): number[] | null {
  if (!value) return null;
  const parts = value.split(",").map(Number);
  return parts.every((n) => Number.isInteger(n) && n >= min && n <= max) ? parts : null;
}

/**
 * Reads the search from a query string; anything missing or invalid falls back to SPEC §9's defaults (one night
 * from hotel-local today). `earliest` is the first arrival still bookable (last night, just after midnight).
 */
export function parseSearch(query: string, today: string, earliest = today): SearchState {
  const q = new URLSearchParams(query);
  let arrival = q.get("arrival") ?? "";
  let departure = q.get("departure") ?? "";
  if (!isValidYmd(arrival) || arrival < earliest) arrival = today;
  if (
    !isValidYmd(departure) ||
    nightsBetween(arrival, departure) < 1 ||
    nightsBetween(arrival, departure) > 60
  )
    departure = addDays(arrival, 1);
  const adults = intList(q.get("adults"), 1, MAX_ADULTS)?.slice(0, MAX_ROOMS) ?? [DEFAULT_ADULTS];
  const childs = intList(q.get("childs"), 0, MAX_CHILDREN);
  const ages = intList(q.get("ages"), 0, MAX_CHILD_AGE) ?? [];
  const counts = childs && childs.length === adults.length ? childs : adults.map(() => 0);
  const total = counts.reduce((a, b) => a + b, 0);
  let next = 0;
  const rooms = adults.map((a, i) => {
    const n = total === ages.length ? (counts[i] ?? 0) : 0;
    const roomAges = ages.slice(next, next + n);
    next += n;
    return { adults: a, ages: roomAges };
  });
  const pass = (key: string) => q.get(key) ?? undefined;
  return {
    arrival,
    departure,
    rooms,
    promoCode: q.get("promoCode") ?? "",
    hpcc: pass("hpcc"),
    override: pass("override"),
    room: pass("room"),
    packs: pass("packs"),
    reservationLinkId: pass("reservationLinkId"),
    airport: pass("airport"),
    packageId: pass("pc_id"),
    hotels: pass("hotels"),
  };
}

/** The query string of a search, in the names of SPEC §2 and API.md. */
export function toSearchQuery(s: SearchState): Record<string, QueryValue> {
  return {
    arrival: s.arrival,
    departure: s.departure,
    adults: s.rooms.map((r) => r.adults),
    childs: s.rooms.map((r) => r.ages.length),
    ages: s.rooms.flatMap((r) => r.ages),
    promoCode: s.promoCode || undefined,
    hpcc: s.hpcc,
    override: s.override,
    room: s.room,
    packs: s.packs,
    reservationLinkId: s.reservationLinkId,
    airport: s.airport,
    pc_id: s.packageId,
    hotels: s.hotels,
  };
}

/** The current search, and a way to change it (the URL is replaced, so Back leaves the page). */
export function useSearchState(): [SearchState, (next: SearchState) => void] {
  const { hotel } = useHotel();
  const query = useSearch();
  const navigate = useNavigateTo();
  const now = new Date();
  const today = todayInZone(now, hotel.timeZone);
  // Before 04:00 hotel time last night is still bookable (a walk-in), so it is not "the past" yet.
  const earliest = firstArrivalInZone(now, hotel.timeZone);
  const state = useMemo(() => parseSearch(query, today, earliest), [query, today, earliest]);
  const set = useCallback(
    (next: SearchState) => {
      navigate(`${window.location.pathname}${toQuery(toSearchQuery(next))}`, { replace: true });
    },
    [navigate],
  );
  return [state, set];
}
