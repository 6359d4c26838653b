import type { ServiceAvailResponse } from "@alloggio/domain/contract/booking/service-avail";
import { useQueries } from "@tanstack/react-query";
import { getJson, type QueryValue } from "../../../lib/api-client";

/** The query of `serviceAvail.do` for one room slot: its room, rate, guests and dates. */
export type ServiceAvailParams = Record<string, QueryValue>;

/** `serviceAvail.do`: the extra services one room slot may add, by category. */
export function fetchServiceAvail(
  params: ServiceAvailParams,
  signal?: AbortSignal,
): Promise<ServiceAvailResponse> {
  return getJson<ServiceAvailResponse>("serviceAvail.do", params, { signal: signal ?? null });
}

/** One `serviceAvail.do` per chosen room slot, in the slots' order. */
export function useServiceAvailPerSlot(paramsList: readonly ServiceAvailParams[]) {
  return useQueries({
    queries: paramsList.map((params) => ({
      queryKey: ["service-avail", params],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchServiceAvail(params, signal),
    })),
  });
}
