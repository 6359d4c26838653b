import type { HotelListResponse } from "@alloggio/domain/contract/channels/hotel-list";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/api-client";
import { readApiKey } from "../../../lib/config";

export type HotelListParams = { channel?: number; hotel?: number; language: number };

/** `hotellist.do`: the channel (by id, else by this host name), its branding and its hotels. */
export function fetchHotelList(params: HotelListParams): Promise<HotelListResponse> {
  return getJson<HotelListResponse>(
    "hotellist.do",
    { ...params, domain: window.location.hostname },
    { headers: { "X-Api-Key": readApiKey() } },
  );
}

const hotelListQuery = (params: HotelListParams) => ({
  queryKey: ["hotellist", params],
  queryFn: () => fetchHotelList(params),
  staleTime: 10 * 60_000,
});

export function useHotelList(params: HotelListParams) {
  return useQuery(hotelListQuery(params));
}

/** Asks for the hotel list before any component does (the first page, ADR 0046): useHotelList then finds it. */
export function prefetchHotelList(queryClient: QueryClient, params: HotelListParams): void {
  void queryClient.prefetchQuery(hotelListQuery(params));
}
