/**
 * A reservation's money from its rows, in one place: the totals (rooms, services, refund protection, city tax)
 * and the prepayments its rates ask for. The booking writes them, and every change (a room cancelled, dates
 * swapped, services added) computes them again from the rows as they stand afterwards, so nothing of a cancelled
 * room (its city tax, its services, its protection) stays behind and what is due follows each room's own rate.
 * Amounts are integer minor units; dates are hotel-local `YYYYMMDD`.
 */
import type { Ymd } from "../stay-dates/stay-dates";
import { type PrepaymentStep, schedulePrepayments } from "./payment-schedule";

export type RoomCharge = {
  id: number;
  /** Not cancelled (status A or W). */
  active: boolean;
  /** The room's price for its stay. */
  roomMinor: number;
  /** What a cancelled room still costs: its cancellation penalty (0 when it was free, and for active rooms). */
  penaltyMinor: number;
  refundProtectionMinor: number;
  adults: number;
  nights: number;
  arrival: Ymd;
  /** The room's rate's prepayment steps (empty: paid at the hotel). */
  prepayment: readonly PrepaymentStep[];
};

/** A booked service: of one room, or of the whole booking (`roomId` null). */
export type ServiceCharge = { roomId: number | null; priceMinor: number };

export type ReservationTotals = {
  /** Active rooms, plus the penalties of cancelled ones. */
  roomsTotalMinor: number;
  /** Services of active rooms, and the whole booking's while a room is active. */
  servicesTotalMinor: number;
  refundProtectionMinor: number;
  /** Per adult per night of the active rooms; paid at the hotel, not part of the total. */
  cityTaxMinor: number;
  totalMinor: number;
};

function assertMinor(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer of minor units: ${value}`);
}

/** The reservation's totals from its rooms and services as they stand. */
export function totalReservation(
  rooms: readonly RoomCharge[],
  services: readonly ServiceCharge[],
  cityTaxPerAdultNightMinor: number,
): ReservationTotals {
  assertMinor("City tax", cityTaxPerAdultNightMinor);
  const active = new Set(rooms.filter((room) => room.active).map((room) => room.id));
  let roomsTotalMinor = 0;
  let refundProtectionMinor = 0;
  let cityTaxMinor = 0;
  for (const room of rooms) {
    assertMinor("Room", room.roomMinor);
    assertMinor("Penalty", room.penaltyMinor);
    assertMinor("Refund protection", room.refundProtectionMinor);
    if (!room.active) {
      roomsTotalMinor += room.penaltyMinor;
      continue;
    }
    roomsTotalMinor += room.roomMinor;
    refundProtectionMinor += room.refundProtectionMinor;
    cityTaxMinor += cityTaxPerAdultNightMinor * room.adults * room.nights;
  }
  let servicesTotalMinor = 0;
  for (const service of services) {
    assertMinor("Service", service.priceMinor);
    if (service.roomId === null ? active.size > 0 : active.has(service.roomId))
      servicesTotalMinor += service.priceMinor;
  }
  return {
    roomsTotalMinor,
    servicesTotalMinor,
    refundProtectionMinor,
    cityTaxMinor,
    totalMinor: roomsTotalMinor + servicesTotalMinor + refundProtectionMinor,
  };
}

export type Dated = { date: Ymd; amountMinor: number };

function addTo(map: Map<Ymd, number>, date: Ymd, amount: number): void {
  if (amount > 0) map.set(date, (map.get(date) ?? 0) + amount);
}

const byDate = (map: Map<Ymd, number>): Dated[] =>
  [...map]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, amountMinor]) => ({ date, amountMinor }));

/**
 * The prepayments the rates ask for, by date: each room's share — an active room's price, its protection and its
 * services (the first active room also carries the whole booking's services), a cancelled room's penalty — goes
 * through its own rate's steps from the booking day. A room paid at the hotel asks nothing, whatever the others do;
 * a cancelled room's penalty is owed whole, what its rate would have taken at the hotel from the booking day.
 */
export function planPrepayments(
  rooms: readonly RoomCharge[],
  services: readonly ServiceCharge[],
  bookingDay: Ymd,
): Dated[] {
  const firstActive = rooms.find((room) => room.active)?.id;
  const dates = new Map<Ymd, number>();
  for (const room of rooms) {
    let share = room.penaltyMinor;
    if (room.active) {
      share = room.roomMinor + room.refundProtectionMinor;
      for (const service of services)
        if (service.roomId === room.id || (service.roomId === null && room.id === firstActive))
          share += service.priceMinor;
    }
    if (share === 0) continue;
    let scheduled = 0;
    for (const payment of schedulePrepayments(room.prepayment, share, room.arrival, bookingDay)) {
      addTo(dates, payment.date, payment.amount);
      scheduled += payment.amount;
    }
    // A cancelled room's guest never arrives to pay at the hotel: what the rate left for then is owed already.
    if (!room.active) addTo(dates, bookingDay, share - scheduled);
  }
  return byDate(dates);
}

/** The later of two days (`YYYYMMDD` strings sort as dates). */
const notBefore = (date: Ymd, first: Ymd): Ymd => (date < first ? first : date);

/** A payment still due, as stored. */
export type DueRow = { id: number; date: Ymd; amountMinor: number };

export type DuesPlan = {
  /** New payments to add (dated today or later), in date order. */
  add: Dated[];
  /** Due payments to reduce, latest first: `amountMinor` is what each keeps (0: cancelled). */
  cut: { id: number; amountMinor: number }[];
  /** Of `add`, what is dated today: the change's "pay now". */
  nowMinor: number;
  /** Everything still due afterwards (the old rows as cut and the new ones). */
  outstandingMinor: number;
};

/**
 * What is due after a change, from what the rates ask (`planPrepayments` of the rooms afterwards) and what was
 * paid: the prepayments are met with the paid amount first, earliest first; whatever is still missing at a date is
 * added there (past dates count as today), and whatever the stored rows ask beyond the plan is cut, latest first.
 * A booking whose rooms are paid at the hotel thus never gains a payment by a change.
 */
export function planDues(input: {
  target: readonly Dated[];
  paidMinor: number;
  due: readonly DueRow[];
  today: Ymd;
}): DuesPlan {
  assertMinor("Paid", input.paidMinor);
  // The plan less what is paid, earliest first, dates before today moved to today.
  const wanted = new Map<Ymd, number>();
  let paid = input.paidMinor;
  for (const step of [...input.target].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    assertMinor("Prepayment", step.amountMinor);
    const covered = Math.min(paid, step.amountMinor);
    paid -= covered;
    addTo(wanted, notBefore(step.date, input.today), step.amountMinor - covered);
  }
  const rows = [...input.due].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  // Add what the stored rows do not cover by each date.
  const add: Dated[] = [];
  let wantedSoFar = 0;
  let addedSoFar = 0;
  for (const step of byDate(wanted)) {
    wantedSoFar += step.amountMinor;
    const storedSoFar = rows
      .filter((row) => notBefore(row.date, input.today) <= step.date)
      .reduce((sum, row) => sum + row.amountMinor, 0);
    const missing = wantedSoFar - storedSoFar - addedSoFar;
    if (missing > 0) {
      add.push({ date: step.date, amountMinor: missing });
      addedSoFar += missing;
    }
  }
  // Cut what the rows ask beyond the plan, latest first.
  const totalWanted = wantedSoFar;
  let excess = rows.reduce((sum, row) => sum + row.amountMinor, 0) + addedSoFar - totalWanted;
  const cut: DuesPlan["cut"] = [];
  for (const row of [...rows].reverse()) {
    if (excess <= 0) break;
    const taken = Math.min(excess, row.amountMinor);
    excess -= taken;
    cut.push({ id: row.id, amountMinor: row.amountMinor - taken });
  }
  return {
    add,
    cut,
    nowMinor: add.filter((a) => a.date === input.today).reduce((sum, a) => sum + a.amountMinor, 0),
    outstandingMinor: totalWanted,
  };
}

/** The booking's first schedule: what is due today and on later dates (a plan with nothing paid or stored). */
export function splitDues(target: readonly Dated[], today: Ymd): { dueNowMinor: number; later: Dated[] } {
  const plan = planDues({ target, paidMinor: 0, due: [], today });
  return {
    dueNowMinor: plan.nowMinor,
    later: plan.add.filter((a) => a.date > today),
  };
}

/** What the guest pays at the hotel: the total less what is due now and on later dates, never below 0. */
export function atHotelMinor(
  totalMinor: number,
  dueNowMinor: number,
  dueLaterMinor: readonly number[],
): number {
  return Math.max(
    0,
    dueLaterMinor.reduce((left, due) => left - due, totalMinor - dueNowMinor),
  );
}
