import type { AvailChannelCheckResponse } from "@alloggio/domain/contract/portal/avail-channel-check";
import { useQuery } from "@tanstack/react-query";
import { getJson, type QueryValue } from "../../../lib/api-client";
import { type SearchState, toSearchQuery } from "../../search/search-state";

export type PortalSearchParams = Record<string, QueryValue>;

/** The query of a portal search: channel, language, the stay and guests of the URL, the chosen hotels. */
export function toPortalParams(
  ids: { channel: number; language: number },
  search: SearchState,
  hotels?: readonly number[],
): PortalSearchParams {
  const q = toSearchQuery(search);
  return {
    channel: ids.channel,
    language: ids.language,
    arrival: q.arrival,
    departure: q.departure,
    adults: q.adults,
    childs: q.childs,
    ages: q.ages,
    promoCode: q.promoCode,
    hiddenPromocode: q.hiddenPromocode,
    hotels: hotels && hotels.length > 0 ? hotels : undefined,
  };
}

/** `availChannelCheck.do`: every hotel of the search with its lowest price for the stay, or why it has none. */
export function fetchAvailChannelCheck(
  params: PortalSearchParams,
  signal?: AbortSignal,
): Promise<AvailChannelCheckResponse> {
  return getJson<AvailChannelCheckResponse>("availChannelCheck.do", params, { signal: signal ?? null });
}

export function useAvailChannelCheck(params: PortalSearchParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["availChannelCheck", params],
    queryFn: ({ signal }) => fetchAvailChannelCheck(params, signal),
    enabled: options.enabled ?? true,
  });
}
