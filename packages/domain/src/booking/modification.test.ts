import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CancellationPolicy, HotelClock } from "./cancellation";
import {
  checkModification,
  checkSwapDates,
  type ModificationKind,
  planDateSwap,
  previewModification,
  type ReservationToModify,
  type RoomToModify,
} from "./modification";
import type { PrepaymentStep } from "./payment-schedule";
import { planDues, planPrepayments } from "./reservation-money";
import type { ReservationStatus } from "./reservation-state";

const FREE_7: CancellationPolicy = { refundable: true, freeCancellationDays: 7, resellable: false };
const NON_REFUNDABLE: CancellationPolicy = {
  refundable: false,
  freeCancellationDays: null,
  resellable: false,
};
const RESELLABLE: CancellationPolicy = { refundable: false, freeCancellationDays: null, resellable: true };

function room(overrides: Partial<RoomToModify> = {}): RoomToModify {
  return {
    id: 1,
    status: "A",
    arrival: "20240715",
    departure: "20240718",
    policy: FREE_7,
    nightlyMinor: [10_000, 10_000, 10_000],
    totalMinor: 30_000,
    minStay: 2,
    maxStay: 14,
    ...overrides,
  };
}

function reservation(overrides: Partial<ReservationToModify> = {}): ReservationToModify {
  return { status: "confirmed", rooms: [room(), room({ id: 2, policy: NON_REFUNDABLE })], ...overrides };
}

// Rome: the first room is free to cancel until 2024-07-08 23:59:59 CEST.
const EARLY: HotelClock = { timeZone: "Europe/Rome", now: new Date("2024-07-01T10:00:00Z") };
const LATE: HotelClock = { timeZone: "Europe/Rome", now: new Date("2024-07-10T10:00:00Z") };
const ARRIVAL_EVENING: HotelClock = { timeZone: "Europe/Rome", now: new Date("2024-07-15T21:59:00Z") };
const AFTER_ARRIVAL: HotelClock = { timeZone: "Europe/Rome", now: new Date("2024-07-15T22:00:00Z") };

describe("checkModification", () => {
  it.each<[string, ReservationToModify, ModificationKind, HotelClock, number | undefined, string]>([
    ["services for a room, early", reservation(), "services", EARLY, 1, "ok"],
    ["services for a non-refundable room, late", reservation(), "services", LATE, 2, "ok"],
    [
      "services for the booking on the arrival evening",
      reservation(),
      "services",
      ARRIVAL_EVENING,
      undefined,
      "ok",
    ],
    ["services once the arrival day is over", reservation(), "services", AFTER_ARRIVAL, 1, "stay_started"],
    ["services for an option", reservation({ status: "pending_confirmation" }), "services", LATE, 1, "ok"],
    ["dates of a free room before its deadline", reservation(), "dates", EARLY, 1, "ok"],
    ["dates of a free room after its deadline", reservation(), "dates", LATE, 1, "after_deadline"],
    ["dates of a non-refundable room", reservation(), "dates", EARLY, 2, "non_refundable"],
    [
      "dates of the whole stay with a non-refundable room",
      reservation(),
      "dates",
      EARLY,
      undefined,
      "non_refundable",
    ],
    [
      "dates of the whole stay, all free",
      reservation({ rooms: [room(), room({ id: 2 })] }),
      "dates",
      EARLY,
      undefined,
      "ok",
    ],
    [
      "dates of a non-refundable room of an option (free to cancel)",
      reservation({ status: "pending_confirmation" }),
      "dates",
      LATE,
      2,
      "ok",
    ],
    ["dates after the arrival day", reservation(), "dates", AFTER_ARRIVAL, 1, "stay_started"],
    [
      "anything on a cancelled reservation",
      reservation({ status: "cancelled" }),
      "services",
      EARLY,
      1,
      "reservation_cancelled",
    ],
    [
      "anything while a payment is pending",
      reservation({ status: "payment_required" }),
      "services",
      EARLY,
      1,
      "payment_pending",
    ],
    [
      "anything while an authorisation is pending",
      reservation({ status: "preauth_required" }),
      "dates",
      EARLY,
      1,
      "payment_pending",
    ],
    [
      "a resellable room's services",
      reservation({ rooms: [room({ policy: RESELLABLE })] }),
      "services",
      EARLY,
      1,
      "resellable",
    ],
    [
      "a resellable room's dates",
      reservation({ rooms: [room({ policy: RESELLABLE })] }),
      "dates",
      EARLY,
      1,
      "resellable",
    ],
    [
      "the whole stay with a resellable room",
      reservation({ rooms: [room(), room({ id: 2, policy: RESELLABLE })] }),
      "services",
      EARLY,
      undefined,
      "resellable",
    ],
    [
      "a cancelled room",
      reservation({ rooms: [room({ status: "C" }), room({ id: 2 })] }),
      "services",
      EARLY,
      1,
      "room_cancelled",
    ],
    [
      "the whole stay skips a cancelled room",
      reservation({ rooms: [room({ status: "C", policy: RESELLABLE }), room({ id: 2 })] }),
      "dates",
      EARLY,
      undefined,
      "ok",
    ],
    ["a room that is not there", reservation(), "services", EARLY, 9, "room_not_found"],
    [
      "no active room",
      reservation({ rooms: [room({ status: "C" })] }),
      "services",
      EARLY,
      undefined,
      "room_cancelled",
    ],
  ])("%s → %s", (_name, r, kind, clock, roomId, expected) => {
    const result = checkModification(r, kind, clock, roomId);
    expect(result.allowed ? "ok" : result.reason).toBe(expected);
  });

  it("names the room that refuses", () => {
    expect(checkModification(reservation(), "dates", EARLY)).toEqual({
      allowed: false,
      reason: "non_refundable",
      roomId: 2,
    });
  });
});

describe("checkSwapDates", () => {
  const r = room();
  it.each<[string, string, string, string, string | number]>([
    ["a later week, same length", "20240801", "20240804", "20240701", 3],
    ["longer, within the maximum stay", "20240715", "20240729", "20240701", 14],
    ["shorter, at the minimum stay", "20240716", "20240718", "20240701", 2],
    ["arriving today", "20240701", "20240703", "20240701", 2],
    ["the same dates", "20240715", "20240718", "20240701", "same_dates"],
    ["arriving yesterday", "20240630", "20240703", "20240701", "in_the_past"],
    ["departure on arrival", "20240801", "20240801", "20240701", "departure_not_after_arrival"],
    ["departure before arrival", "20240801", "20240730", "20240701", "departure_not_after_arrival"],
    ["below the minimum stay", "20240801", "20240802", "20240701", "below_min_stay"],
    ["above the maximum stay", "20240801", "20240816", "20240701", "above_max_stay"],
  ])("%s", (_name, arrival, departure, today, expected) => {
    const result = checkSwapDates(r, { arrival, departure }, today);
    expect(result.selectable ? result.nights : result.reason).toBe(expected);
  });

  it("without a maximum stay, a stay is at most 60 nights", () => {
    const open = room({ maxStay: null });
    expect(checkSwapDates(open, { arrival: "20240801", departure: "20240930" }, "20240701")).toEqual({
      selectable: true,
      nights: 60,
    });
    expect(checkSwapDates(open, { arrival: "20240801", departure: "20241001" }, "20240701")).toEqual({
      selectable: false,
      reason: "above_max_stay",
    });
  });
});

describe("planDateSwap", () => {
  const free = reservation({ rooms: [room(), room({ id: 2 })] });

  it("moves one room", () => {
    expect(planDateSwap(free, { roomId: 2, arrival: "20240801", departure: "20240805" }, EARLY)).toEqual({
      allowed: true,
      rooms: [{ id: 2, arrival: "20240801", departure: "20240805", nights: 4 }],
    });
  });

  it("moves every active room of the stay to the same dates", () => {
    const result = planDateSwap(free, { arrival: "20240801", departure: "20240803" }, EARLY);
    expect(result).toEqual({
      allowed: true,
      rooms: [
        { id: 1, arrival: "20240801", departure: "20240803", nights: 2 },
        { id: 2, arrival: "20240801", departure: "20240803", nights: 2 },
      ],
    });
  });

  it("a whole-stay swap may keep a room that already has the new dates", () => {
    const mixed = reservation({ rooms: [room(), room({ id: 2, arrival: "20240716" })] });
    const result = planDateSwap(mixed, { arrival: "20240716", departure: "20240718" }, EARLY);
    expect(result.allowed).toBe(true);
  });

  it.each<
    [string, ReservationToModify, { roomId?: number; arrival: string; departure: string }, HotelClock, string]
  >([
    ["the same dates", free, { roomId: 1, arrival: "20240715", departure: "20240718" }, EARLY, "same_dates"],
    [
      "the whole stay to its own dates",
      free,
      { arrival: "20240715", departure: "20240718" },
      EARLY,
      "same_dates",
    ],
    [
      "past the deadline",
      free,
      { roomId: 1, arrival: "20240801", departure: "20240803" },
      LATE,
      "after_deadline",
    ],
    [
      "a non-refundable room",
      reservation(),
      { roomId: 2, arrival: "20240801", departure: "20240803" },
      EARLY,
      "non_refundable",
    ],
    [
      "below the minimum stay",
      free,
      { roomId: 1, arrival: "20240801", departure: "20240802" },
      EARLY,
      "below_min_stay",
    ],
    [
      "in the past (hotel-local)",
      free,
      { roomId: 1, arrival: "20240630", departure: "20240703" },
      EARLY,
      "in_the_past",
    ],
  ])("refuses %s", (_name, r, proposed, clock, reason) => {
    const result = planDateSwap(r, proposed, clock);
    expect(result.allowed ? "ok" : result.reason).toBe(reason);
  });

  it("'today' is the hotel's: 23:30 in New York is already tomorrow in UTC", () => {
    const ny: HotelClock = { timeZone: "America/New_York", now: new Date("2024-07-02T03:30:00Z") };
    const r = reservation({ rooms: [room({ arrival: "20240801", departure: "20240804" })] });
    expect(planDateSwap(r, { roomId: 1, arrival: "20240701", departure: "20240703" }, ny).allowed).toBe(true);
    const auckland: HotelClock = { timeZone: "Pacific/Auckland", now: new Date("2024-07-01T12:30:00Z") };
    expect(planDateSwap(r, { roomId: 1, arrival: "20240701", departure: "20240703" }, auckland)).toEqual({
      allowed: false,
      reason: "in_the_past",
      roomId: 1,
    });
  });
});

describe("previewModification", () => {
  const PREPAID: PrepaymentStep[] = [{ timing: "immediate", days: 0, percent: 100 }];
  const DEPOSIT: PrepaymentStep[] = [
    { timing: "immediate", days: 0, percent: 30 },
    { timing: "days_before_arrival", days: 7, percent: 70 },
  ];
  const bookingDay = "20240601";
  const today = "20240610";
  // One room of 3 nights: what the rates ask after the change, less what is paid, against what is due.
  function preview(options: {
    status?: ReservationStatus;
    steps: PrepaymentStep[];
    wasMinor: number;
    becomesMinor: number;
    paidMinor: number;
    due?: { id: number; date: string; amountMinor: number }[];
  }) {
    const target = planPrepayments(
      [
        {
          id: 1,
          active: true,
          roomMinor: options.becomesMinor,
          penaltyMinor: 0,
          refundProtectionMinor: 0,
          adults: 2,
          nights: 3,
          arrival: "20240715",
          prepayment: options.steps,
        },
      ],
      [],
      bookingDay,
    );
    const dues = planDues({ target, paidMinor: options.paidMinor, due: options.due ?? [], today });
    return previewModification({
      status: options.status ?? "confirmed",
      wasMinor: options.wasMinor,
      becomesMinor: options.becomesMinor,
      paidMinor: options.paidMinor,
      changes: [{ roomId: 1, wasMinor: options.wasMinor, becomesMinor: options.becomesMinor }],
      dues,
    });
  }

  it("a pay-at-hotel booking that costs more: all of it at the hotel, nothing charged", () => {
    // The reviewer's booking: 405 at the hotel became 540; the preview said "to pay later 540", the result
    // "135 to pay" with installments charged today.
    const p = preview({ steps: [], wasMinor: 40_500, becomesMinor: 54_000, paidMinor: 0 });
    expect(p).toMatchObject({
      becomesMinor: 54_000,
      differenceMinor: 13_500,
      payNowMinor: 0,
      payLaterMinor: 0,
      payAtHotelMinor: 54_000,
      refundMinor: 0,
      nextStatus: "confirmed",
    });
  });

  it("fully prepaid, a dearer week: the difference now, and the booking waits for it", () => {
    const p = preview({ steps: PREPAID, wasMinor: 60_000, becomesMinor: 66_000, paidMinor: 60_000 });
    expect(p).toMatchObject({
      payNowMinor: 6000,
      payLaterMinor: 0,
      payAtHotelMinor: 0,
      refundMinor: 0,
      nextStatus: "payment_required",
    });
  });

  it("fully prepaid, a cheaper week: the difference back", () => {
    const p = preview({ steps: PREPAID, wasMinor: 60_000, becomesMinor: 54_500, paidMinor: 60_000 });
    expect(p).toMatchObject({ payNowMinor: 0, payLaterMinor: 0, payAtHotelMinor: 0, refundMinor: 5500 });
  });

  it("a deposit booking: its share of the increase now, the rest when the schedule says", () => {
    const p = preview({
      steps: DEPOSIT,
      wasMinor: 30_000,
      becomesMinor: 40_000,
      paidMinor: 9000,
      due: [{ id: 1, date: "20240708", amountMinor: 21_000 }],
    });
    // 30 % of 40 000 is due by now (3 000 more than paid); 70 % on 8 July (7 000 more than due).
    expect(p).toMatchObject({ payNowMinor: 3000, payLaterMinor: 28_000, payAtHotelMinor: 0, refundMinor: 0 });
  });

  it("an option waits: nothing is charged before the hotel confirms it", () => {
    const p = preview({
      status: "pending_confirmation",
      steps: PREPAID,
      wasMinor: 30_000,
      becomesMinor: 36_000,
      paidMinor: 0,
    });
    expect(p).toMatchObject({ payNowMinor: 0, payLaterMinor: 36_000, nextStatus: "pending_confirmation" });
  });

  it("refuses a reservation that cannot be changed", () => {
    for (const status of ["cancelled", "payment_required", "preauth_required"] as const)
      expect(() =>
        previewModification({
          status,
          wasMinor: 100,
          becomesMinor: 100,
          paidMinor: 0,
          changes: [],
          dues: { nowMinor: 0, outstandingMinor: 0 },
        }),
      ).toThrow(RangeError);
  });

  it("refuses amounts that are not minor units", () => {
    expect(() =>
      previewModification({
        status: "confirmed",
        wasMinor: 100.5,
        becomesMinor: 100,
        paidMinor: 0,
        changes: [],
        dues: { nowMinor: 0, outstandingMinor: 0 },
      }),
    ).toThrow(RangeError);
    expect(() =>
      previewModification({
        status: "confirmed",
        wasMinor: 100,
        becomesMinor: 100,
        paidMinor: 0,
        changes: [{ roomId: 1, wasMinor: 0, becomesMinor: -1 }],
        dues: { nowMinor: 0, outstandingMinor: 0 },
      }),
    ).toThrow(RangeError);
  });

  it("already debited + now + later + at the hotel − refund is always the new total", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ReservationStatus>("confirmed", "pending_confirmation"),
        fc.constantFrom(PREPAID, DEPOSIT, []),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (status, steps, wasMinor, becomesMinor, paidShare) => {
          const paidMinor = Math.round(wasMinor * paidShare);
          const p = preview({ status, steps, wasMinor, becomesMinor, paidMinor });
          expect(
            p.alreadyDebitedMinor + p.payNowMinor + p.payLaterMinor + p.payAtHotelMinor - p.refundMinor,
          ).toBe(p.becomesMinor);
          expect(p.becomesMinor - p.wasMinor).toBe(p.differenceMinor);
          expect(Math.min(p.refundMinor, p.payNowMinor + p.payLaterMinor + p.payAtHotelMinor)).toBe(0);
          expect(p.nextStatus === "payment_required").toBe(p.payNowMinor > 0);
          if (steps.length === 0) expect(p.payNowMinor + p.payLaterMinor).toBe(0);
        },
      ),
    );
  });
});
