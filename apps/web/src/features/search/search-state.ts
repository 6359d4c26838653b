// Not from contract/common: that module builds zod schemas, which would put zod in the first page (ADR 0046).
import {
  DEFAULT_ADULTS,
  MAX_ADULTS,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
  MAX_ROOMS,
  MIN_ADULTS,
  MIN_CHILD_AGE,
  type RoomOccupancy,
} from "@alloggio/domain/occupancy/occupancy";
import {
  addDays,
  firstArrivalInZone,
  isValidYmd,
  MAX_NIGHTS,
  nightsBetween,
  todayInZone,
} from "@alloggio/domain/stay-dates/stay-dates";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
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
  /**
   * SPEC §3: a promo code a link carries, applied to the search (unless the guest types one) but never shown in
   * the promo field or named on the page (ADR 0065).
   */
  hiddenPromocode?: string | undefined;
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

/** At most this many rooms in one search, as the server takes (SPEC §5). */
export { MAX_ROOMS };

/** What the search in a URL asked for that could not be searched, and what it became. */
export type SearchCorrection =
  | { kind: "arrivalPast" | "arrivalInvalid"; arrival: string }
  | { kind: "departureBeforeArrival" | "departureInvalid"; departure: string }
  | { kind: "tooLong"; departure: string; nights: number }
  | { kind: "adults" }
  | { kind: "rooms"; count: number }
  | { kind: "children" };

/** A comma list of whole numbers; null when absent or not all numbers. */
function numberList(value: string | null): number[] | null {
  if (!value) return null;
  const parts = value.split(",").map((part) => (part.trim() === "" ? Number.NaN : Number(part)));
  return parts.every(Number.isInteger) ? parts : null;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * Reads the search from a query string, the one place where a search is made valid: past or unreadable dates,
 * a departure not after the arrival, more than MAX_NIGHTS nights, adults outside SPEC §5's 1–20 per room, more than
 * MAX_ROOMS rooms, children whose ages do not add up. Each change is listed so the guest can be told; anything
 * missing falls back to SPEC §9's defaults (one night from hotel-local today) without a word.
 * `earliest` is the first arrival still bookable (last night, just after midnight).
 */
export function normaliseSearch(
  query: string,
  today: string,
  earliest = today,
): { state: SearchState; corrections: SearchCorrection[] } {
  const q = new URLSearchParams(query);
  const corrections: SearchCorrection[] = [];
  let arrival = q.get("arrival") ?? "";
  let departure = q.get("departure") ?? "";
  if (!isValidYmd(arrival) || arrival < earliest) {
    if (arrival !== "")
      corrections.push({ kind: isValidYmd(arrival) ? "arrivalPast" : "arrivalInvalid", arrival: today });
    // A past stay moves to today with its length kept.
    const nights = isValidYmd(arrival) && isValidYmd(departure) ? nightsBetween(arrival, departure) : 0;
    arrival = today;
    if (nights >= 1 && nights <= MAX_NIGHTS) departure = addDays(today, nights);
  }
  if (!isValidYmd(departure)) {
    if (departure !== "") corrections.push({ kind: "departureInvalid", departure: addDays(arrival, 1) });
    departure = addDays(arrival, 1);
  } else if (nightsBetween(arrival, departure) < 1) {
    departure = addDays(arrival, 1);
    corrections.push({ kind: "departureBeforeArrival", departure });
  } else if (nightsBetween(arrival, departure) > MAX_NIGHTS) {
    departure = addDays(arrival, MAX_NIGHTS);
    corrections.push({ kind: "tooLong", departure, nights: MAX_NIGHTS });
  }

  const rawAdults = q.get("adults");
  let adults = numberList(rawAdults) ?? [DEFAULT_ADULTS];
  if (rawAdults !== null && numberList(rawAdults) === null) corrections.push({ kind: "adults" });
  else if (adults.some((a) => a < MIN_ADULTS || a > MAX_ADULTS)) {
    adults = adults.map((a) => clamp(a, MIN_ADULTS, MAX_ADULTS));
    corrections.push({ kind: "adults" });
  }
  if (adults.length > MAX_ROOMS) {
    adults = adults.slice(0, MAX_ROOMS);
    corrections.push({ kind: "rooms", count: MAX_ROOMS });
  }

  const childs = numberList(q.get("childs"));
  const ages = numberList(q.get("ages")) ?? [];
  const counts = childs ?? adults.map(() => 0);
  const total = counts.reduce((a, b) => a + b, 0);
  const childrenOk =
    counts.length >= adults.length &&
    counts.every((n) => n >= 0 && n <= MAX_CHILDREN) &&
    total === ages.length &&
    ages.every((age) => age >= MIN_CHILD_AGE && age <= MAX_CHILD_AGE);
  if (!childrenOk && (q.get("childs") !== null || q.get("ages") !== null) && (total > 0 || ages.length > 0))
    corrections.push({ kind: "children" });
  let next = 0;
  const rooms = adults.map((a, i) => {
    const n = childrenOk ? (counts[i] ?? 0) : 0;
    const roomAges = ages.slice(next, next + n);
    next += n;
    return { adults: a, ages: roomAges };
  });
  const pass = (key: string) => q.get(key) ?? undefined;
  return {
    state: {
      arrival,
      departure,
      rooms,
      promoCode: q.get("promoCode") ?? "",
      hiddenPromocode: pass("hiddenPromocode"),
      hpcc: pass("hpcc"),
      override: pass("override"),
      room: pass("room"),
      packs: pass("packs"),
      reservationLinkId: pass("reservationLinkId"),
      airport: pass("airport"),
      packageId: pass("pc_id"),
      hotels: pass("hotels"),
    },
    corrections,
  };
}

/** The search a query string asks for, made valid (see normaliseSearch). */
export function parseSearch(query: string, today: string, earliest = today): SearchState {
  return normaliseSearch(query, today, earliest).state;
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
    hiddenPromocode: s.hiddenPromocode || undefined,
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

function useParsedSearch() {
  const { hotel } = useHotel();
  const query = useSearch();
  const now = new Date();
  const today = todayInZone(now, hotel.timeZone);
  // Before 04:00 hotel time last night is still bookable (a walk-in), so it is not "the past" yet.
  const earliest = firstArrivalInZone(now, hotel.timeZone);
  return useMemo(() => normaliseSearch(query, today, earliest), [query, today, earliest]);
}

/** The current search, and a way to change it (the URL is replaced, so Back leaves the page). */
export function useSearchState(): [SearchState, (next: SearchState) => void] {
  const { state } = useParsedSearch();
  const navigate = useNavigateTo();
  const set = useCallback(
    (next: SearchState) => {
      navigate(`${window.location.pathname}${toQuery(toSearchQuery(next))}`, { replace: true });
    },
    [navigate],
  );
  return [state, set];
}

/**
 * What was corrected in the search the URL asked for. The URL is replaced at once by the corrected search (so a
 * reload or a shared link no longer carries the bad one); the corrections are shown until the search changes again.
 */
export function useSearchCorrections(): SearchCorrection[] {
  const { state, corrections } = useParsedSearch();
  const query = useSearch();
  const [shown, setShown] = useState<SearchCorrection[]>([]);
  const corrected = useRef<string | null>(null);
  const [, set] = useSearchState();
  useEffect(() => {
    if (corrections.length > 0) {
      setShown(corrections);
      corrected.current = toQuery(toSearchQuery(state));
      set(state);
    } else if (corrected.current !== null && `?${query}` !== corrected.current) {
      // Another search than the corrected one: the notice no longer applies.
      corrected.current = null;
      setShown([]);
    }
  }, [corrections, state, set, query]);
  return shown;
}
