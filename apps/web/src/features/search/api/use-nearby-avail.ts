import type { NearbyAvailResponse } from "@alloggio/domain/contract/search/nearby-avail";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/api-client";
import type { AvailParams } from "./use-avail";

/** `nearbyAvail.do`: other arrival dates (±7 days, same length) where the whole stay is available. */
export function fetchNearbyAvail(params: AvailParams, signal?: AbortSignal): Promise<NearbyAvailResponse> {
  return getJson<NearbyAvailResponse>("nearbyAvail.do", params, { signal: signal ?? null });
}

export function useNearbyAvail(params: AvailParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["nearbyAvail", params],
    queryFn: ({ signal }) => fetchNearbyAvail(params, signal),
    enabled: options.enabled ?? true,
  });
}
