/** A room of a quote or price link, priced on its own. */
export type QuotedRoom = { totalMinor: number };

/** A quote's "Rooms total": the sum of its rooms' own prices, each priced (and sent) on its own. */
export function quotedTotalMinor(rooms: readonly QuotedRoom[]): number {
  return rooms.reduce((sum, room) => sum + room.totalMinor, 0);
}

/** A price link's total: its rooms' prices where it carries them, else the one total it was signed with. */
export function linkTotalMinor(link: {
  roomPrices: readonly QuotedRoom[] | null | undefined;
  totalMinor: number | null;
}): number | null {
  return link.roomPrices ? quotedTotalMinor(link.roomPrices) : link.totalMinor;
}
