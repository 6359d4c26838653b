import type { RetrieveQuery, RetrieveResponse } from "@alloggio/domain/contract/booking/retrieve";
import { useQuery } from "@tanstack/react-query";
import { postJson, retryUnlessAnswered } from "../../../lib/api-client";

/** `retrieve.do`: a reservation by its code and the booker's e-mail (404 `reservation_not_found` if either is wrong). */
export function fetchReservation(query: RetrieveQuery, signal?: AbortSignal): Promise<RetrieveResponse> {
  return postJson<RetrieveResponse>("retrieve.do", query, { signal: signal ?? null });
}

export function useReservation(query: RetrieveQuery) {
  return useQuery({
    queryKey: ["reservation", query.channel, query.code, query.mail, query.language],
    queryFn: ({ signal }) => fetchReservation(query, signal),
    // A wrong code or e-mail, or too many tries, is an answer: not asked again.
    retry: retryUnlessAnswered(2),
    staleTime: 60_000,
  });
}
