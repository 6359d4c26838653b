import { href } from "../../app/routes";
import { type SearchState, toSearchQuery } from "../search/search-state";

/** A hotel's rooms with the portal's search kept (its choice of properties left behind). */
export function roomsHrefOf(hotel: number, ids: { channel: number; language: number }, search: SearchState) {
  return href(
    "rooms",
    { hotel, channel: ids.channel, language: ids.language },
    { ...toSearchQuery(search), hotels: undefined },
  );
}
