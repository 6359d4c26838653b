import { useMemo } from "react";
import { useHotel } from "../hotel/hotel-context";
import { canContinue, type RoomSlot, restoreSlots, searchScope, slotsTotal } from "../rooms/use-room-slots";
import { type SearchState, toSearchQuery, useSearchState } from "../search/search-state";

/** A room slot with its room and rate chosen. */
export type ChosenSlot = RoomSlot & {
  selectedRoom: NonNullable<RoomSlot["selectedRoom"]>;
  selectedRate: NonNullable<RoomSlot["selectedRate"]>;
};

export type ChosenRooms = {
  search: SearchState;
  /** Identifies the search the rooms were chosen for; the services and the checkout key are saved under it. */
  scope: string;
  /** Every slot with its room and rate, or null when the guest has not chosen them all for this search. */
  slots: ChosenSlot[] | null;
  roomsTotal: number;
  /** Back to the rooms page with the same search. */
  searchQuery: ReturnType<typeof toSearchQuery>;
};

const sessionStore = () => (typeof window === "undefined" ? undefined : window.sessionStorage);

/** The rooms chosen on the rooms page (session storage `chosenRooms`) for the search in the URL. */
export function useChosenRooms(): ChosenRooms {
  const { ids } = useHotel();
  const [search] = useSearchState();
  const scope = searchScope(ids, search);
  return useMemo(() => {
    const restored = restoreSlots(sessionStore(), scope);
    const slots = restored && canContinue(restored).ok ? (restored as ChosenSlot[]) : null;
    return {
      search,
      scope,
      slots,
      roomsTotal: slots ? slotsTotal(slots) : 0,
      searchQuery: toSearchQuery(search),
    };
  }, [scope, search]);
}

/** The stay dates of a slot: a cross-booking segment has its own. */
export function slotDates(slot: RoomSlot, search: SearchState): { arrival: string; departure: string } {
  return { arrival: slot.arrival ?? search.arrival, departure: slot.departure ?? search.departure };
}
