/**
 * Cancelling a reservation or one of its rooms from the voucher (SPEC §4, ADR 0010). Pure: the caller passes
 * the hotel's time zone and "now"; nothing reads the process clock or its time zone.
 *
 * Deadlines are instants, exclusive: cancellation is free while `now < freeBefore`.
 * - A rate free until N ≥ 1 days before arrival: free until 23:59:59.999 hotel-local of the day `arrival − N`
 *   (its `lastFreeDay`), so `freeBefore` is 00:00 hotel-local of the day after.
 * - A rate free until the arrival day (N = 0): free until the hotel's check-in cut-off on the arrival day when the
 *   caller gives one (`arrivalDayCutoff`, the hotel's `checkInUntil`), else until the end of the arrival day.
 * - A non-refundable rate has no free period.
 * After the deadline, and up to the end of the arrival day, the penalty is the first night of the room on a
 * refundable rate and the whole room price on a non-refundable one; the room's services and its city tax are never
 * part of the penalty. Once the arrival day is over the stay has begun and the voucher cannot cancel.
 * Resellable rates cannot be cancelled by the guest at all: the guest puts the room up for resale instead (resale.ts).
 * The property is not bound by the guest's refusals (ADR 0061): it cancels a resellable rate (the whole room is
 * the penalty, as non-refundable) and a stay that has begun (the same penalty as late), and it may waive the
 * penalty.
 */

import { addDays, instantInZone, startOfDayInZone, todayInZone, type Ymd } from "../stay-dates/stay-dates";
import type { ReservationStatus } from "./reservation-state";

/** A rate's cancellation terms as `rate_plan` stores them. */
export type CancellationPolicy = {
  refundable: boolean;
  /** Free until N days before arrival (0 = until the arrival day); null = non-refundable. */
  freeCancellationDays: number | null;
  resellable: boolean;
};

/** Where and when the question is asked. */
export type HotelClock = {
  /** The hotel's IANA time zone. */
  timeZone: string;
  now: Date;
  /**
   * `HH:MM` (or `HH:MM:SS`) hotel-local: a rate free until the arrival day stops being free at this time of the
   * arrival day (the hotel's check-in cut-off). `00:00` or absent = the end of the arrival day.
   */
  arrivalDayCutoff?: string | undefined;
};

/** Room status of SPEC §4: A active, C cancelled, W waiting. */
export type RoomStatus = "A" | "C" | "W";

/** One reservation room, as the cancellation rules need it. Amounts are integer minor units. */
export type RoomToCancel = {
  id: number;
  status: RoomStatus;
  arrival: Ymd;
  policy: CancellationPolicy;
  /** The room's price per night, in night order. */
  nightlyMinor: readonly number[];
  /** The room's price for the stay. */
  totalMinor: number;
  /** What goes away with the room and is never a penalty: its services and its share of city tax. */
  extrasMinor: number;
};

export type ReservationToCancel = {
  status: ReservationStatus;
  /** The reservation's total as it stands (after any earlier change or room cancellation). */
  totalMinor: number;
  /** What the guest has paid so far (captured, not merely authorised), less refunds. */
  paidMinor: number;
  /** Services of the whole booking and any other amount released only when the last room goes. */
  sharedExtrasMinor: number;
  rooms: readonly RoomToCancel[];
};

export type CancellationTerms =
  /** Free while `now < freeBefore`; `lastFreeDay` is the hotel-local day to print ("free until …"). */
  | { refundable: true; freeBefore: Date; lastFreeDay: Ymd }
  | { refundable: false; freeBefore: null; lastFreeDay: null };

export type RoomCancellation =
  | {
      roomId: number;
      outcome: "free";
      /**
       * `option`: the booking is an unconfirmed option, which expires without charge anyway; `waived`: the
       * property gave up the penalty.
       */
      reason: "before_deadline" | "option" | "waived";
      terms: CancellationTerms;
      penaltyMinor: 0;
    }
  | {
      roomId: number;
      outcome: "penalty";
      reason: "after_deadline" | "non_refundable";
      terms: CancellationTerms;
      penaltyMinor: number;
    }
  | {
      roomId: number;
      outcome: "not_allowed";
      reason: "resellable" | "already_cancelled" | "stay_started";
    };

export type CancellationRefusal =
  | "reservation_cancelled"
  | "room_not_found"
  | "resellable"
  | "already_cancelled"
  | "stay_started";

export type CancellationAssessment =
  | {
      allowed: true;
      /** The last active room goes too, so the reservation becomes cancelled. */
      cancelsReservation: boolean;
      /** The rooms this cancellation takes, each with its outcome. */
      rooms: (RoomCancellation & { outcome: "free" | "penalty" })[];
      /** True when no room in the request costs anything. */
      isFree: boolean;
      /** The sum of the rooms' penalties. */
      penaltyMinor: number;
      /** The reservation's total afterwards: what stays booked plus the penalties. */
      newTotalMinor: number;
      /** What goes back to the guest: paid beyond the new total. */
      refundMinor: number;
      /** What the guest still owes afterwards (for a cancelled reservation: the penalty not yet paid). */
      stillOwedMinor: number;
      /** The penalty the property waived (0 unless it did). */
      waivedMinor: number;
    }
  | { allowed: false; reason: CancellationRefusal; rooms: RoomCancellation[] };

function assertMinor(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer of minor units: ${value}`);
}

/** N free days, or null for a non-refundable rate; a refundable rate without days is free until arrival day. */
export function freeCancellationDaysOf(policy: CancellationPolicy): number | null {
  if (!policy.refundable || policy.resellable) return null;
  const days = policy.freeCancellationDays ?? 0;
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Invalid free cancellation days: ${days}`);
  return days;
}

function parseCutoff(cutoff: string): { hour: number; minute: number } | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(cutoff);
  if (!match) throw new RangeError(`Invalid arrival-day cut-off: ${cutoff}`);
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour === 0 && minute === 0 ? null : { hour, minute };
}

/**
 * When free cancellation ends for a rate and an arrival day (see the top of this file). Resellable rates are
 * never cancelled and get non-refundable terms.
 */
export function cancellationTerms(
  policy: CancellationPolicy,
  arrival: Ymd,
  timeZone: string,
  arrivalDayCutoff?: string,
): CancellationTerms {
  const days = freeCancellationDaysOf(policy);
  if (days === null) return { refundable: false, freeBefore: null, lastFreeDay: null };
  const lastFreeDay = addDays(arrival, -days);
  const cutoff = days === 0 && arrivalDayCutoff ? parseCutoff(arrivalDayCutoff) : null;
  const freeBefore = cutoff
    ? instantInZone(arrival, cutoff.hour, cutoff.minute, timeZone)
    : startOfDayInZone(addDays(lastFreeDay, 1), timeZone);
  return { refundable: true, freeBefore, lastFreeDay };
}

/** The penalty of a late cancellation: the first night on a refundable rate, the whole room otherwise. */
export function latePenaltyMinor(room: Pick<RoomToCancel, "policy" | "nightlyMinor" | "totalMinor">): number {
  assertMinor("Room total", room.totalMinor);
  if (freeCancellationDaysOf(room.policy) === null) return room.totalMinor;
  const firstNight = room.nightlyMinor[0] ?? room.totalMinor;
  assertMinor("First night", firstNight);
  return Math.min(firstNight, room.totalMinor);
}

/** Whose rules apply: the guest's (voucher, agency) or the property's (back office). */
export type CancelledBy = "guest" | "property";

/**
 * What cancelling one room costs now. `reservationStatus` matters for options: an unconfirmed option
 * (`pending_confirmation`) expires without charge, so cancelling it earlier is free too.
 */
export function assessRoomCancellation(
  room: RoomToCancel,
  clock: HotelClock,
  reservationStatus: ReservationStatus = "confirmed",
  by: CancelledBy = "guest",
): RoomCancellation {
  const roomId = room.id;
  if (room.status === "C") return { roomId, outcome: "not_allowed", reason: "already_cancelled" };
  if (by === "guest" && room.policy.resellable)
    return { roomId, outcome: "not_allowed", reason: "resellable" };
  if (by === "guest" && todayInZone(clock.now, clock.timeZone) > room.arrival)
    return { roomId, outcome: "not_allowed", reason: "stay_started" };
  const terms = cancellationTerms(room.policy, room.arrival, clock.timeZone, clock.arrivalDayCutoff);
  if (reservationStatus === "pending_confirmation")
    return { roomId, outcome: "free", reason: "option", terms, penaltyMinor: 0 };
  if (terms.refundable && clock.now.getTime() < terms.freeBefore.getTime())
    return { roomId, outcome: "free", reason: "before_deadline", terms, penaltyMinor: 0 };
  return {
    roomId,
    outcome: "penalty",
    reason: terms.refundable ? "after_deadline" : "non_refundable",
    terms,
    penaltyMinor: latePenaltyMinor(room),
  };
}

/**
 * What cancelling the reservation (no `roomId`) or one of its rooms costs now, and what is refunded.
 * The whole reservation can be cancelled only when every active room can; cancelled rooms are skipped. Cancelling
 * the last active room cancels the reservation.
 */
export function assessCancellation(
  reservation: ReservationToCancel,
  clock: HotelClock,
  roomId?: number,
  options: { by?: CancelledBy; waivePenalty?: boolean } = {},
): CancellationAssessment {
  assertMinor("Reservation total", reservation.totalMinor);
  assertMinor("Paid", reservation.paidMinor);
  assertMinor("Shared extras", reservation.sharedExtrasMinor);
  for (const room of reservation.rooms) assertMinor("Room extras", room.extrasMinor);
  const active = reservation.rooms.filter((room) => room.status !== "C");
  const targets = roomId === undefined ? active : reservation.rooms.filter((room) => room.id === roomId);
  const rooms = targets.map((room) =>
    assessRoomCancellation(room, clock, reservation.status, options.by ?? "guest"),
  );
  if (reservation.status === "cancelled") return { allowed: false, reason: "reservation_cancelled", rooms };
  if (roomId !== undefined && targets.length === 0)
    return { allowed: false, reason: "room_not_found", rooms };
  if (targets.length === 0) return { allowed: false, reason: "already_cancelled", rooms };
  const refused = rooms.find((room) => room.outcome === "not_allowed");
  if (refused) return { allowed: false, reason: refused.reason, rooms };
  const assessed = rooms.flatMap((room) => (room.outcome === "not_allowed" ? [] : [room]));
  // Only the property waives, and only what it would have charged.
  const waive = options.waivePenalty === true && options.by === "property";
  const waivedMinor = waive ? assessed.reduce((sum, room) => sum + room.penaltyMinor, 0) : 0;
  const taken = waive
    ? assessed.map((room) =>
        room.outcome === "penalty"
          ? {
              roomId: room.roomId,
              outcome: "free" as const,
              reason: "waived" as const,
              terms: room.terms,
              penaltyMinor: 0 as const,
            }
          : room,
      )
    : assessed;

  const cancelsReservation = targets.length === active.length;
  const penaltyMinor = taken.reduce((sum, room) => sum + room.penaltyMinor, 0);
  const releasedMinor =
    targets.reduce((sum, room) => sum + room.totalMinor + room.extrasMinor, 0) +
    (cancelsReservation ? reservation.sharedExtrasMinor : 0);
  // An earlier room's penalty stays in the total; nothing released can take the total below the penalties.
  const newTotalMinor = Math.max(penaltyMinor, reservation.totalMinor - releasedMinor + penaltyMinor);
  return {
    allowed: true,
    cancelsReservation,
    rooms: taken,
    isFree: penaltyMinor === 0,
    penaltyMinor,
    newTotalMinor,
    refundMinor: Math.max(0, reservation.paidMinor - newTotalMinor),
    stillOwedMinor: Math.max(0, newTotalMinor - reservation.paidMinor),
    waivedMinor,
  };
}
