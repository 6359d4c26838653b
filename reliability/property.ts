// The property the process-level reliability tests book: one hotel, a room type with the last few rooms, a
// pay-at-hotel rate, on a fresh database of its own.
import { aBookingRequest } from "@alloggio/test-kit/booking";
import {
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import type { Database } from "../apps/server/src/db/client";

export const LAST_ROOMS = 5;

export async function lastRoomsProperty() {
  const database = await createTestDatabase();
  const identical = aRoomType();
  const overlapping = aRoomType();
  const plenty = aRoomType();
  const rate = aRatePlan({ payment: "pay_at_hotel" });
  const prepaid = aRatePlan({
    refundable: false,
    freeCancellationDays: undefined,
    payment: "prepaid",
    prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
  });
  // Rooms of it booked on this rate are put up for resale: resale stock among the contested nights (ADR 0065).
  const resellable = aRatePlan({ refundable: false, freeCancellationDays: undefined, resellable: true });
  const property = buildProperty({
    roomTypes: [identical, overlapping, plenty],
    ratePlans: [rate, prepaid, resellable],
    prices: [
      aPriceRange(identical, rate),
      aPriceRange(overlapping, rate),
      aPriceRange(overlapping, resellable),
      aPriceRange(plenty, rate),
      aPriceRange(plenty, prepaid),
    ],
    inventory: [
      anInventoryRange(identical, { allotment: LAST_ROOMS }),
      anInventoryRange(overlapping, { allotment: LAST_ROOMS }),
      anInventoryRange(plenty, { allotment: 500 }),
    ],
  });
  await seedProperty(database, property);
  const book = (roomId: number, arrival: string, departure: string, rateId = rate.id) =>
    aBookingRequest({ hotel: property.hotel.id, roomId, rateId, arrival, departure });
  return {
    database,
    hotelId: property.hotel.id,
    identical,
    overlapping,
    plenty,
    rate,
    prepaid,
    resellable,
    book,
  };
}

/** YYYYMMDD `days` after 2030-01-10. */
export function day(days: number): string {
  return new Date(Date.UTC(2030, 0, 10 + days)).toISOString().slice(0, 10).replaceAll("-", "");
}

/**
 * Nights where more is sold than the allotment, or `sold` disagrees with the active reservation rooms less the
 * resale nights sold whose holder's room is active (ADR 0065: a resold night is the holder's and the buyer's),
 * or a resold night whose buyer's room does not hold it.
 */
export async function inventoryViolations(database: Database): Promise<number> {
  const [row] = await database.query<{ n: number }>(sql`
    select (select count(*)::int from inventory i
    left join lateral (
      select count(*)::int as booked from reservation_room rr
      where rr.room_type_id = i.room_type_id and rr.status = 'A' and i.day >= rr.arrival and i.day < rr.departure
    ) b on true
    left join lateral (
      select count(*)::int as resold from resale_night rn
      join resale_offer o on o.id = rn.offer_id join reservation_room h on h.id = o.reservation_room_id
      where rn.room_type_id = i.room_type_id and rn.day = i.day and rn.status = 'sold' and h.status = 'A'
    ) r on true
    where i.sold > i.allotment or i.sold <> b.booked - r.resold)
    + (select count(*)::int from resale_night rn left join reservation_room br on br.id = rn.buyer_room_id
       where rn.status = 'sold' and (br.id is null or br.room_type_id <> rn.room_type_id
         or rn.day < br.arrival or rn.day >= br.departure)) as n`);
  return row!.n;
}

/** Reservations with no room, rooms with no nights taken, requests with no reservation: a half-written booking. */
export async function partialBookings(database: Database): Promise<number> {
  const [row] = await database.query<{ n: number }>(sql`
    select (select count(*)::int from reservation r where not exists
              (select 1 from reservation_room rr where rr.reservation_id = r.id))
         + (select count(*)::int from reservation r where not exists
              (select 1 from reservation_request q where q.reservation_id = r.id)) as n`);
  return row!.n;
}
