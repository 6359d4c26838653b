import type { CalendarResponse } from "@alloggio/domain/contract/search/calendar";
import { useQuery } from "@tanstack/react-query";
import { getJson, retryUnlessAnswered } from "../../../lib/api-client";

export type CalendarParams = {
  hotel: number;
  channel: number;
  login?: boolean | undefined;
  /** False where no single hotel's calendar applies (the portal): the picker then uses the empty calendar. */
  enabled?: boolean | undefined;
};
export type CalendarDay = CalendarResponse["days"][number];

/** No days known: the picker then only applies the rules it knows without the hotel (past days, validity). */
export const EMPTY_CALENDAR: CalendarResponse = { from: "", days: [] };

/** `calendar.do`: per day from hotel-local today, closed season, availability and arrival restrictions. */
export function fetchCalendar({
  hotel,
  channel,
  login,
}: Omit<CalendarParams, "enabled">): Promise<CalendarResponse> {
  return getJson<CalendarResponse>("calendar.do", { hotel, channel, login: login ? 1 : undefined });
}

/**
 * The calendar of the hotel, loaded once (staleTime Infinity). An error (a 404 for an unknown hotel or channel
 * included) gives the empty calendar, so the picker still works; the search call checks the dates anyway.
 */
export function useCalendar(params: CalendarParams): { calendar: CalendarResponse; isLoading: boolean } {
  const query = useQuery({
    queryKey: ["calendar", params.hotel, params.channel, Boolean(params.login)],
    queryFn: () => fetchCalendar(params),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: params.enabled ?? true,
    retry: retryUnlessAnswered(1),
  });
  return { calendar: query.data ?? EMPTY_CALENDAR, isLoading: query.isPending };
}
