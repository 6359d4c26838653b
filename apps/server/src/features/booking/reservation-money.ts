/**
 * A stored reservation's money through the domain's rules (packages/domain/src/booking/reservation-money.ts):
 * its rooms and services as charges, its totals and its dues recomputed from them. Cancelling a room, swapping
 * dates and adding services all write what these say, so nothing of a change is left behind.
 */
import {
  type DuesPlan,
  planDues,
  planPrepayments,
  type ReservationTotals,
  type RoomCharge,
  type ServiceCharge,
  totalReservation,
} from "@alloggio/domain/booking/reservation-money";
import { toGuests } from "@alloggio/domain/search/evaluate";
import { isoToYmd, nightsBetween, todayInZone, type Ymd } from "@alloggio/domain/stay-dates/stay-dates";
import type { Tx } from "../../db/client";
import { addDue, cutDue, writeTotals } from "./changes-repository";
import type { StoredReservation } from "./retrieve-repository";

export type ReservationCharges = { rooms: RoomCharge[]; services: ServiceCharge[] };

/** The reservation's rooms and services as they stand. */
export function chargesOf(r: StoredReservation): ReservationCharges {
  return {
    rooms: r.rooms.map((room) => {
      const arrival = isoToYmd(room.arrival);
      return {
        id: room.id,
        active: room.status !== "C",
        roomMinor: room.totalMinor,
        penaltyMinor: room.penaltyMinor,
        refundProtectionMinor: room.refundProtectionMinor,
        // City tax counts adults as the search does: a child older than every age group is one.
        adults: toGuests({ adults: room.adults, ages: room.childAges }, r.hotel.ageGroups).adults,
        nights: nightsBetween(arrival, isoToYmd(room.departure)),
        arrival,
        prepayment: room.prepayment,
      };
    }),
    services: r.services.map((s) => ({ roomId: s.roomId, priceMinor: s.priceMinor })),
  };
}

export type MoneyAfter = { totals: ReservationTotals; dues: DuesPlan; today: Ymd };

/**
 * The totals and the dues of the reservation if its rooms and services were `charges`: what the rates ask,
 * less what is paid, against the payments still due.
 */
export function moneyAfter(r: StoredReservation, charges: ReservationCharges, now: Date): MoneyAfter {
  const today = todayInZone(now, r.hotel.timeZone);
  const bookingDay = todayInZone(new Date(r.createdAt), r.hotel.timeZone);
  const totals = totalReservation(charges.rooms, charges.services, r.hotel.cityTaxMinor);
  const dues = planDues({
    target: planPrepayments(charges.rooms, charges.services, bookingDay),
    paidMinor: Math.max(0, r.paidMinor),
    due: r.payments
      .filter((p) => p.status === "due")
      .map((p) => ({ id: p.id, date: isoToYmd(p.dueDate), amountMinor: p.amountMinor })),
    today,
  });
  return { totals, dues, today };
}

/** Writes the reservation's totals and its dues as `moneyAfter` planned them, in the caller's transaction. */
export async function writeMoney(
  tx: Tx,
  reservationId: number,
  money: MoneyAfter,
  dates?: { arrival: string; departure: string },
): Promise<void> {
  await writeTotals(tx, reservationId, money.totals, dates);
  for (const cut of money.dues.cut) await cutDue(tx, cut);
  for (const add of money.dues.add) await addDue(tx, reservationId, add);
}
