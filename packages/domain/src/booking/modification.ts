/**
 * Changing a reservation from the voucher (SPEC §4 "Modified", "room swap"; ADR 0010): adding services, or
 * swapping the dates of one room or of the whole stay, with the "already debited / was / becomes" preview.
 *
 * Who may change what:
 * - never a cancelled reservation, a resellable rate, or a booking still waiting for the gateway
 *   (`payment_required`, `preauth_required`: pay or authorise first);
 * - services may be added until the end of the arrival day, hotel-local;
 * - dates may be swapped only while cancelling that room would be free (a swap is a cancel and a rebook: after the
 *   deadline it would move the deadline), to any stay the rate allows: any length within its minimum and maximum
 *   stay (and MAX_NIGHTS), arriving hotel-local today or later, same room type and rate. Whether the nights are
 *   free is the server's question (`verifyDispo`), counting the room's own nights as free.
 */
import { MAX_NIGHTS, nightsBetween, todayInZone, type Ymd } from "../stay-dates/stay-dates";
import {
  assessRoomCancellation,
  type CancellationPolicy,
  type HotelClock,
  type RoomStatus,
} from "./cancellation";
import { type ReservationStatus, transition } from "./reservation-state";

export type ModificationKind = "services" | "dates";

export type RoomToModify = {
  id: number;
  status: RoomStatus;
  arrival: Ymd;
  departure: Ymd;
  policy: CancellationPolicy;
  /** The room's price for the stay, in minor units (cancellation needs it only for its penalty). */
  nightlyMinor: readonly number[];
  totalMinor: number;
  /** The rate's minimum and maximum stay in nights (`rate_plan.minStay`, `maxStay`; null = none). */
  minStay: number;
  maxStay: number | null;
};

export type ReservationToModify = { status: ReservationStatus; rooms: readonly RoomToModify[] };

export type ModificationRefusal =
  | "reservation_cancelled"
  | "payment_pending"
  | "room_not_found"
  | "room_cancelled"
  | "resellable"
  | "stay_started"
  /** Dates only: the free-cancellation deadline has passed. */
  | "after_deadline"
  /** Dates only: a non-refundable rate keeps its dates. */
  | "non_refundable";

export type ModificationCheck =
  | { allowed: true; rooms: RoomToModify[] }
  | { allowed: false; reason: ModificationRefusal; roomId?: number };

/**
 * Whether the guest may add services to (kind `services`) or swap the dates of (kind `dates`) one room
 * (`roomId`) or the whole reservation (no `roomId`: every active room). Services for the whole booking are
 * checked with no `roomId`.
 */
export function checkModification(
  reservation: ReservationToModify,
  kind: ModificationKind,
  clock: HotelClock,
  roomId?: number,
): ModificationCheck {
  if (reservation.status === "cancelled") return { allowed: false, reason: "reservation_cancelled" };
  if (reservation.status === "payment_required" || reservation.status === "preauth_required")
    return { allowed: false, reason: "payment_pending" };
  const rooms =
    roomId === undefined
      ? reservation.rooms.filter((room) => room.status !== "C")
      : reservation.rooms.filter((room) => room.id === roomId);
  if (rooms.length === 0)
    return roomId === undefined
      ? { allowed: false, reason: "room_cancelled" }
      : { allowed: false, reason: "room_not_found", roomId };
  const today = todayInZone(clock.now, clock.timeZone);
  for (const room of rooms) {
    if (room.status === "C") return { allowed: false, reason: "room_cancelled", roomId: room.id };
    if (room.policy.resellable) return { allowed: false, reason: "resellable", roomId: room.id };
    if (today > room.arrival) return { allowed: false, reason: "stay_started", roomId: room.id };
    if (kind === "dates") {
      const cancellation = assessRoomCancellation({ ...room, extrasMinor: 0 }, clock, reservation.status);
      if (cancellation.outcome === "penalty")
        return { allowed: false, reason: cancellation.reason, roomId: room.id };
      if (cancellation.outcome === "not_allowed")
        return { allowed: false, reason: "stay_started", roomId: room.id };
    }
  }
  return { allowed: true, rooms };
}

export type SwapDatesRefusal =
  | "same_dates"
  | "in_the_past"
  | "departure_not_after_arrival"
  | "below_min_stay"
  | "above_max_stay";

export type SwapDatesCheck =
  | { selectable: true; nights: number }
  | { selectable: false; reason: SwapDatesRefusal };

/**
 * Whether new dates are selectable for a room (SPEC §5 "not selectable"): arriving today or later (hotel-local),
 * any length within the rate's minimum and maximum stay and MAX_NIGHTS, and not the dates it has.
 * Availability ("no availability") is checked by the server.
 */
export function checkSwapDates(
  room: Pick<RoomToModify, "arrival" | "departure" | "minStay" | "maxStay">,
  proposed: { arrival: Ymd; departure: Ymd },
  today: Ymd,
): SwapDatesCheck {
  const nights = nightsBetween(proposed.arrival, proposed.departure);
  if (nights < 1) return { selectable: false, reason: "departure_not_after_arrival" };
  if (proposed.arrival < today) return { selectable: false, reason: "in_the_past" };
  if (proposed.arrival === room.arrival && proposed.departure === room.departure)
    return { selectable: false, reason: "same_dates" };
  if (nights < room.minStay) return { selectable: false, reason: "below_min_stay" };
  if (nights > Math.min(room.maxStay ?? MAX_NIGHTS, MAX_NIGHTS))
    return { selectable: false, reason: "above_max_stay" };
  return { selectable: true, nights };
}

export type DateSwapPlan =
  | { allowed: true; rooms: { id: number; arrival: Ymd; departure: Ymd; nights: number }[] }
  | { allowed: false; reason: ModificationRefusal | SwapDatesRefusal; roomId?: number };

/**
 * The rooms a date swap moves and their new dates, or why it cannot be done: `checkModification` for `dates`,
 * then `checkSwapDates` for each room. A whole-stay swap gives every active room the same new dates.
 */
export function planDateSwap(
  reservation: ReservationToModify,
  proposed: { arrival: Ymd; departure: Ymd; roomId?: number | undefined },
  clock: HotelClock,
): DateSwapPlan {
  const check = checkModification(reservation, "dates", clock, proposed.roomId);
  if (!check.allowed) return check;
  const today = todayInZone(clock.now, clock.timeZone);
  const rooms: { id: number; arrival: Ymd; departure: Ymd; nights: number }[] = [];
  let moves = false;
  for (const room of check.rooms) {
    const dates = checkSwapDates(room, proposed, today);
    // A whole-stay swap may leave a room that already has the new dates where it is.
    const isStaying = !dates.selectable && dates.reason === "same_dates" && check.rooms.length > 1;
    if (!dates.selectable && !isStaying) return { allowed: false, reason: dates.reason, roomId: room.id };
    moves ||= dates.selectable;
    rooms.push({
      id: room.id,
      arrival: proposed.arrival,
      departure: proposed.departure,
      nights: nightsBetween(proposed.arrival, proposed.departure),
    });
  }
  if (!moves) return { allowed: false, reason: "same_dates" };
  return { allowed: true, rooms };
}

/** One part of the reservation whose price changes: a room (with its services) or the whole booking's services. */
export type PriceChange = {
  /** The reservation room, or null for services of the whole booking. */
  roomId: number | null;
  /** What it cost before, in minor units (0 for something new). */
  wasMinor: number;
  /** What it costs after. */
  becomesMinor: number;
};

export type ModificationPreview = {
  /** What the guest has paid so far (SPEC "already debited"). */
  alreadyDebitedMinor: number;
  /** The reservation's total before the change. */
  wasMinor: number;
  /** The total after the change. */
  becomesMinor: number;
  /** becomes − was: what the change itself costs (negative: it saves). */
  differenceMinor: number;
  /** Charged at once ("Pay now"): what the rates ask by today and is not paid yet. */
  payNowMinor: number;
  /** Still to prepay online on later dates (the rates' schedule), after the change. */
  payLaterMinor: number;
  /** Left to pay at the hotel: the total less what is paid and what the schedule asks. */
  payAtHotelMinor: number;
  /** To give back: what was paid beyond the new total. */
  refundMinor: number;
  /** Per changed part, in the order given. */
  lines: (PriceChange & { differenceMinor: number })[];
  /** The reservation's status once the change is confirmed. */
  nextStatus: ReservationStatus;
};

function assertMinor(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer of minor units: ${value}`);
}

/**
 * The "recalc" preview (SPEC §4 "Modified: already debited, was, becomes") and how it is settled. The server
 * prices the changed parts (`changes`), computes the totals before and after from the reservation's rows, and the
 * dues the rates ask afterwards (`dues`: reservation-money's `planDues`); the preview says the same thing the
 * change then writes. A booking paid at the hotel never gets a charge from a change; an option keeps waiting (what
 * its rates ask by today waits with it).
 */
export function previewModification(input: {
  status: ReservationStatus;
  wasMinor: number;
  becomesMinor: number;
  paidMinor: number;
  changes: readonly PriceChange[];
  dues: { nowMinor: number; outstandingMinor: number };
}): ModificationPreview {
  assertMinor("Was", input.wasMinor);
  assertMinor("Becomes", input.becomesMinor);
  assertMinor("Paid", input.paidMinor);
  assertMinor("Due now", input.dues.nowMinor);
  assertMinor("Outstanding", input.dues.outstandingMinor);
  for (const change of input.changes) {
    assertMinor("Was", change.wasMinor);
    assertMinor("Becomes", change.becomesMinor);
  }
  const lines = input.changes.map((change) => ({
    ...change,
    differenceMinor: change.becomesMinor - change.wasMinor,
  }));
  const payNowMinor = input.status === "confirmed" ? input.dues.nowMinor : 0;
  const next = transition(input.status, payNowMinor > 0 ? "modify_payment_due" : "modify");
  if (!next.ok) throw new RangeError(`A ${input.status} reservation cannot be changed`);
  const refundMinor = Math.max(0, input.paidMinor - input.becomesMinor);
  return {
    alreadyDebitedMinor: input.paidMinor,
    wasMinor: input.wasMinor,
    becomesMinor: input.becomesMinor,
    differenceMinor: input.becomesMinor - input.wasMinor,
    payNowMinor,
    payLaterMinor: input.dues.outstandingMinor - payNowMinor,
    payAtHotelMinor: Math.max(0, input.becomesMinor - input.paidMinor - input.dues.outstandingMinor),
    refundMinor,
    lines,
    nextStatus: next.state,
  };
}
