import type { ReservationLink } from "@alloggio/domain/contract/portal/reservation-link";
import type { SearchState } from "../search/search-state";

/** The search a reservation link prepares: its dates and rooms, the link id kept (SPEC §2), its rates only. */
export function searchOfLink(link: ReservationLink, current: SearchState): SearchState {
  return {
    ...current,
    arrival: link.arrival,
    departure: link.departure,
    rooms: link.rooms.map((r) => ({ adults: r.adults, ages: [...r.ages] })),
    promoCode: link.promoCode ?? current.promoCode,
    reservationLinkId: String(link.id),
  };
}

/** Whether the URL already holds the link's stay (then the page searches it as it is). */
export function holdsLink(search: SearchState, link: ReservationLink): boolean {
  return (
    search.reservationLinkId === String(link.id) &&
    search.arrival === link.arrival &&
    search.departure === link.departure &&
    search.rooms.length === link.rooms.length
  );
}
