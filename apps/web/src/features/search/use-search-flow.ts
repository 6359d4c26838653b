import type { AvailResponse } from "@alloggio/domain/contract/search/avail";
import type { NearbyAvailResponse } from "@alloggio/domain/contract/search/nearby-avail";
import { nightsBetween } from "@alloggio/domain/stay-dates/stay-dates";
import { useCallback, useEffect, useMemo } from "react";
import { useHotel } from "../hotel/hotel-context";
import { type AvailParams, useAvail } from "./api/use-avail";
import { useAvailCheck } from "./api/use-avail-check";
import { useNearbyAvail } from "./api/use-nearby-avail";
import { type SearchState, toSearchQuery, useSearchState } from "./search-state";

export type SearchIds = { hotel: number; channel: number; language: number };

/** The query of the search calls: the ids, the search of the URL, and the reservation link as `rlId`. */
export function toAvailParams(ids: SearchIds, search: SearchState): AvailParams {
  const { reservationLinkId, ...query } = toSearchQuery(search);
  return {
    hotel: ids.hotel,
    channel: ids.channel,
    language: ids.language,
    ...query,
    rlId: reservationLinkId,
  };
}

/** Every room slot has a room, or a cross-booking option: the stay can be booked as searched. */
export function isBookable(result: AvailResponse): boolean {
  return (
    result.availability.length > 0 &&
    result.availability.every(
      (rooms, slot) => rooms.length > 0 || result.crossAvailability.some((c) => c.slot === slot),
    )
  );
}

/** The answer when the availability check says no: an empty list per room slot. */
export function emptyResult(search: SearchState, currency: string): AvailResponse {
  return {
    availability: search.rooms.map(() => []),
    crossAvailability: [],
    crossbooking: { enabled: false, maxSegments: 0 },
    crossProperty: [],
    currency,
    arrival: search.arrival,
    departure: search.departure,
    nights: nightsBetween(search.arrival, search.departure),
    promo: null,
    restrictions: [],
  };
}

export type SearchFlow = {
  search: SearchState;
  /** A search has finished (with rooms, without, or with an error). */
  roomSearched: boolean;
  loading: boolean;
  /** The main search's answer (empty when the check said no); null while loading or after an error. */
  result: AvailResponse | null;
  /** Room types that can be had for every room of a multi-room search at once (the connected-room search). */
  connectedRoomIds: number[];
  /** The search ran and no room (nor cross-booking option) came back for some slot. */
  empty: boolean;
  nearby: NearbyAvailResponse | null;
  nearbyLoading: boolean;
  failed: boolean;
  retry: () => void;
};

/**
 * SPEC §4 Search. A multi-room search first runs the availability check; if available, the connected-room search
 * (not for reservation links), then the main search (`cross=1`, so cross-booking options come back). If no rooms
 * come back, or the check said no (results empty), the nearby-dates search runs. Errors are only logged (SPEC §8).
 */
export function useSearchFlow(extra?: AvailParams): SearchFlow {
  const { ids, hotel } = useHotel();
  const [search] = useSearchState();
  // Extra parameters of a page's own search (a package's pc_id), as a stable key.
  const extraKey = JSON.stringify(extra ?? {});
  const params = useMemo(
    () => ({ ...toAvailParams(ids, search), ...(JSON.parse(extraKey) as AvailParams) }),
    [ids, search, extraKey],
  );
  const crossParams = useMemo(() => ({ ...params, cross: 1 }), [params]);
  const connectedParams = useMemo(() => ({ ...params, connected: 1 }), [params]);

  const multi = search.rooms.length > 1;
  const check = useAvailCheck(crossParams, { enabled: multi });
  const wantConnected = multi && !search.reservationLinkId;
  const connected = useAvail(connectedParams, { enabled: wantConnected && check.data === true });
  const connectedSettled = !wantConnected || connected.isSuccess || connected.isError;
  const main = useAvail(crossParams, { enabled: (!multi || check.data === true) && connectedSettled });

  const notAvailable = multi && check.data === false;
  const failed = check.isError || main.isError;
  const result = useMemo(
    () => (notAvailable ? emptyResult(search, hotel.currency) : (main.data ?? null)),
    [notAvailable, search, hotel.currency, main.data],
  );
  const empty = result !== null && !isBookable(result);
  const nearby = useNearbyAvail(params, { enabled: empty });

  useEffect(() => {
    for (const error of [check.error, connected.error, main.error, nearby.error])
      if (error) console.error("search failed", error);
  }, [check.error, connected.error, main.error, nearby.error]);

  const connectedRoomIds = useMemo(
    () => (connected.data?.availability[0] ?? []).map((r) => r.id),
    [connected.data],
  );
  const { refetch: refetchCheck } = check;
  const { refetch: refetchMain } = main;
  const checkFailed = check.isError;
  const retry = useCallback(() => {
    if (checkFailed) void refetchCheck();
    else void refetchMain();
  }, [checkFailed, refetchCheck, refetchMain]);
  const nearbyData = nearby.data ?? null;
  const nearbyLoading = empty && nearby.isPending && !nearby.isError;

  // One object per state, not per render: the rooms page renders the results from a deferred copy of the flow, which
  // a new object on every render would restart again and again (ADR 0051).
  return useMemo(
    () => ({
      search,
      roomSearched: failed || result !== null,
      loading: !failed && result === null,
      result,
      connectedRoomIds,
      empty,
      nearby: nearbyData,
      nearbyLoading,
      failed,
      retry,
    }),
    [search, failed, result, connectedRoomIds, empty, nearbyData, nearbyLoading, retry],
  );
}
