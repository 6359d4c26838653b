import type { PriceCalendarResponse } from "@alloggio/domain/contract/search/price-calendar";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/api-client";

export type PriceCalendarParams = {
  hotel: number;
  channel: number;
  language: number;
  /** Adults of the first room: the chart prices one room for them. */
  adults: number;
  from?: string;
};

/** `priceCalendar.do`: the cheapest one-night price per day and per month for 12 months (no-availability chart). */
export function fetchPriceCalendar(
  params: PriceCalendarParams,
  signal?: AbortSignal,
): Promise<PriceCalendarResponse> {
  return getJson<PriceCalendarResponse>("priceCalendar.do", params, { signal: signal ?? null });
}

export function usePriceCalendar(params: PriceCalendarParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["priceCalendar", params],
    queryFn: ({ signal }) => fetchPriceCalendar(params, signal),
    enabled: options.enabled ?? true,
    staleTime: 10 * 60_000,
  });
}
