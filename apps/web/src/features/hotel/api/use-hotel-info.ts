import type { HotelInfoResponse } from "@alloggio/domain/contract/hotels/hotel-info";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../../lib/api-client";

/** GET /api/bol/hotel/:hotel/info/language/:lang: times, pets, wellness, activities, services, contacts. */
export function fetchHotelInfo(hotel: number, language: number): Promise<HotelInfoResponse> {
  return getJson<HotelInfoResponse>(`bol/hotel/${hotel}/info/language/${language}`);
}

export function useHotelInfo(hotel: number, language: number) {
  return useQuery({
    queryKey: ["hotel-info", hotel, language],
    queryFn: () => fetchHotelInfo(hotel, language),
    staleTime: 10 * 60_000,
  });
}
