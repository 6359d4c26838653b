import type { AvailResponse } from "@alloggio/domain/contract/search/avail";
import { useQuery } from "@tanstack/react-query";
import { getJson, type QueryValue } from "../../../lib/api-client";

/** The query of a search call: hotel, channel, language, the search of the URL and the call's own flags. */
export type AvailParams = Record<string, QueryValue>;

/** `avail.do`: rooms and rates per room slot, cross-booking options, restriction notices, promo status. */
export function fetchAvail(params: AvailParams, signal?: AbortSignal): Promise<AvailResponse> {
  return getJson<AvailResponse>("avail.do", params, { signal: signal ?? null });
}

export function useAvail(params: AvailParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["avail", params],
    queryFn: ({ signal }) => fetchAvail(params, signal),
    enabled: options.enabled ?? true,
  });
}
