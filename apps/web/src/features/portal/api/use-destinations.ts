import type { DestinationsResponse } from "@alloggio/domain/contract/portal/destinations";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/api-client";

/** `channel/destinations`: the group's destinations with the count and list of their properties. */
export function fetchDestinations(params: {
  channel: number;
  language: number;
}): Promise<DestinationsResponse> {
  return getJson<DestinationsResponse>("channel/destinations", params);
}

export function useDestinations(params: { channel: number; language: number }) {
  return useQuery({
    queryKey: ["destinations", params],
    queryFn: () => fetchDestinations(params),
    staleTime: 10 * 60_000,
  });
}
