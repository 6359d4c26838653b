import type { HotelListResponse } from "@alloggio/domain/contract/channels/hotel-list";
import { createContext, useContext } from "react";

export type HotelContextValue = {
  hotel: HotelListResponse["hotels"][number];
  channel: HotelListResponse["channel"];
  ids: { hotel: number; channel: number; language: number };
  /** BCP 47 locale for dates and numbers. */
  locale: string;
  /** A portal page (the channel's hotels): `ids.hotel` is only the first hotel, for the search bar's needs. */
  portal?: boolean;
};

export const HotelContext = createContext<HotelContextValue | null>(null);

/** The hotel, channel and language of the current route; only inside the hotel layout. */
export function useHotel(): HotelContextValue {
  const value = useContext(HotelContext);
  if (!value) throw new Error("useHotel outside HotelLayout");
  return value;
}
