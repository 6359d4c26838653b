import type { ReservationLinkResponse } from "@alloggio/domain/contract/portal/reservation-link";
import { useQuery } from "@tanstack/react-query";
import { getJson, retryUnlessAnswered } from "../../../lib/api-client";

export type ReservationLinkParams = { channel: number; hotel: number; language: number; rlId: string };

/** `reservationLink.do`: the stay the property prepared (dates, rooms, rates, agreed total, expiry). */
export function fetchReservationLink(params: ReservationLinkParams): Promise<ReservationLinkResponse> {
  return getJson<ReservationLinkResponse>("reservationLink.do", params);
}

export function useReservationLink(params: ReservationLinkParams) {
  return useQuery({
    queryKey: ["reservationLink", params],
    queryFn: () => fetchReservationLink(params),
    retry: retryUnlessAnswered(1),
  });
}
