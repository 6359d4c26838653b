import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, localTimeInZone } from "../stay-dates/stay-dates";
import {
  assessCancellation,
  assessRoomCancellation,
  type CancellationPolicy,
  cancellationTerms,
  freeCancellationDaysOf,
  latePenaltyMinor,
  type ReservationToCancel,
  type RoomToCancel,
} from "./cancellation";
import type { ReservationStatus } from "./reservation-state";

const ZONES = ["Europe/Rome", "Pacific/Auckland", "America/New_York", "UTC"] as const;

function freeDays(days: number): CancellationPolicy {
  return { refundable: true, freeCancellationDays: days, resellable: false };
}
const NON_REFUNDABLE: CancellationPolicy = {
  refundable: false,
  freeCancellationDays: null,
  resellable: false,
};
const RESELLABLE: CancellationPolicy = { refundable: false, freeCancellationDays: null, resellable: true };

describe("freeCancellationDaysOf", () => {
  it.each<[string, CancellationPolicy, number | null]>([
    ["7 days", freeDays(7), 7],
    ["arrival day", freeDays(0), 0],
    ["refundable without days: until arrival day", { ...freeDays(0), freeCancellationDays: null }, 0],
    ["non-refundable", NON_REFUNDABLE, null],
    ["not refundable even with days", { ...freeDays(3), refundable: false }, null],
    ["resellable", RESELLABLE, null],
    ["resellable even if marked refundable", { ...freeDays(3), resellable: true }, null],
  ])("%s", (_name, policy, expected) => {
    expect(freeCancellationDaysOf(policy)).toBe(expected);
  });

  it("refuses negative or fractional days", () => {
    expect(() => freeCancellationDaysOf(freeDays(-1))).toThrow(RangeError);
    expect(() => freeCancellationDaysOf(freeDays(1.5))).toThrow(RangeError);
  });
});

describe("cancellationTerms", () => {
  // zone, policy, arrival, cut-off, last free day, free before (exclusive, UTC)
  it.each<[string, string, CancellationPolicy, string, string | undefined, string | null, string | null]>([
    [
      "Rome, 7 days, summer",
      "Europe/Rome",
      freeDays(7),
      "20240715",
      undefined,
      "20240708",
      "2024-07-08T22:00:00.000Z",
    ],
    [
      "Rome, 1 day, arrival after spring forward",
      "Europe/Rome",
      freeDays(1),
      "20240401",
      undefined,
      "20240331",
      "2024-03-31T22:00:00.000Z",
    ],
    [
      "Rome, 1 day, last free day before spring forward",
      "Europe/Rome",
      freeDays(1),
      "20240331",
      undefined,
      "20240330",
      "2024-03-30T23:00:00.000Z",
    ],
    [
      "Rome, 3 days, last free day is the fall-back day (25 h)",
      "Europe/Rome",
      freeDays(3),
      "20241030",
      undefined,
      "20241027",
      "2024-10-27T23:00:00.000Z",
    ],
    [
      "Rome, arrival day on the fall-back day",
      "Europe/Rome",
      freeDays(0),
      "20241027",
      undefined,
      "20241027",
      "2024-10-27T23:00:00.000Z",
    ],
    [
      "Rome, arrival day with a 22:00 cut-off on the fall-back day",
      "Europe/Rome",
      freeDays(0),
      "20241027",
      "22:00",
      "20241027",
      "2024-10-27T21:00:00.000Z",
    ],
    [
      "Auckland, 3 days, spring forward inside the stay's lead",
      "Pacific/Auckland",
      freeDays(3),
      "20240930",
      undefined,
      "20240927",
      "2024-09-27T12:00:00.000Z",
    ],
    [
      "Auckland, 1 day, the last free day is the spring-forward day (23 h)",
      "Pacific/Auckland",
      freeDays(1),
      "20240930",
      undefined,
      "20240929",
      "2024-09-29T11:00:00.000Z",
    ],
    [
      "Auckland, arrival day with an 18:00 cut-off on the fall-back day",
      "Pacific/Auckland",
      freeDays(0),
      "20240407",
      "18:00",
      "20240407",
      "2024-04-07T06:00:00.000Z",
    ],
    [
      "Auckland, 1 day in January (NZDT)",
      "Pacific/Auckland",
      freeDays(1),
      "20240110",
      undefined,
      "20240109",
      "2024-01-09T11:00:00.000Z",
    ],
    [
      "New York, 2 days, last free day is the spring-forward day",
      "America/New_York",
      freeDays(2),
      "20240312",
      undefined,
      "20240310",
      "2024-03-11T04:00:00.000Z",
    ],
    [
      "New York, arrival day on the fall-back day",
      "America/New_York",
      freeDays(0),
      "20241103",
      undefined,
      "20241103",
      "2024-11-04T05:00:00.000Z",
    ],
    [
      "New York, 1 day, the last free day is the fall-back day",
      "America/New_York",
      freeDays(1),
      "20241104",
      undefined,
      "20241103",
      "2024-11-04T05:00:00.000Z",
    ],
    [
      "New York, arrival day with a cut-off as PostgreSQL writes it",
      "America/New_York",
      freeDays(0),
      "20240710",
      "14:00:00",
      "20240710",
      "2024-07-10T18:00:00.000Z",
    ],
    [
      "UTC, 14 days over a leap day",
      "UTC",
      freeDays(14),
      "20240301",
      undefined,
      "20240216",
      "2024-02-17T00:00:00.000Z",
    ],
    [
      "UTC, arrival day, a 00:00 cut-off is the end of the day",
      "UTC",
      freeDays(0),
      "20240301",
      "00:00",
      "20240301",
      "2024-03-02T00:00:00.000Z",
    ],
    [
      "a cut-off is for arrival-day rates only",
      "UTC",
      freeDays(2),
      "20240301",
      "18:00",
      "20240228",
      "2024-02-29T00:00:00.000Z",
    ],
    ["non-refundable", "Europe/Rome", NON_REFUNDABLE, "20240715", undefined, null, null],
    ["resellable", "Europe/Rome", RESELLABLE, "20240715", undefined, null, null],
  ])("%s", (_name, zone, policy, arrival, cutoff, lastFreeDay, freeBefore) => {
    const terms = cancellationTerms(policy, arrival, zone, cutoff);
    expect(terms.lastFreeDay).toBe(lastFreeDay);
    expect(terms.freeBefore?.toISOString() ?? null).toBe(freeBefore);
    expect(terms.refundable).toBe(lastFreeDay !== null);
  });

  it("refuses a malformed cut-off", () => {
    expect(() => cancellationTerms(freeDays(0), "20240301", "UTC", "25:00")).toThrow(RangeError);
    expect(() => cancellationTerms(freeDays(0), "20240301", "UTC", "6pm")).toThrow(RangeError);
  });

  it("free before is always 00:00 hotel-local of the day after the last free day, and the millisecond before is that day", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 1200 }),
        fc.integer({ min: 0, max: 60 }),
        (zone, offset, days) => {
          const arrival = addDays("20240101", offset);
          const terms = cancellationTerms(freeDays(days), arrival, zone);
          if (!terms.refundable) throw new Error("refundable expected");
          expect(terms.lastFreeDay).toBe(addDays(arrival, -days));
          const at = localTimeInZone(terms.freeBefore, zone);
          expect(at).toEqual({ ymd: addDays(terms.lastFreeDay, 1), hour: 0, minute: 0 });
          const before = localTimeInZone(new Date(terms.freeBefore.getTime() - 1), zone);
          expect(before).toEqual({ ymd: terms.lastFreeDay, hour: 23, minute: 59 });
        },
      ),
    );
  });
});

function room(overrides: Partial<RoomToCancel> = {}): RoomToCancel {
  return {
    id: 1,
    status: "A",
    arrival: "20240715",
    policy: freeDays(7),
    nightlyMinor: [10_000, 12_000, 12_000],
    totalMinor: 34_000,
    extrasMinor: 5_000,
    ...overrides,
  };
}

describe("assessRoomCancellation", () => {
  type Row = [string, RoomToCancel, string, string | undefined, ReservationStatus, string, number | null];
  // name, room, zone, cut-off, reservation status, now (UTC), → outcome:reason, penalty
  const rows: Row[] = [
    [
      "Rome, 7 days: the last millisecond of the last free day",
      room(),
      "Europe/Rome",
      undefined,
      "confirmed",
      "2024-07-08T21:59:59.999Z",
      null,
    ],
    [
      "Rome, 7 days: midnight after it",
      room(),
      "Europe/Rome",
      undefined,
      "confirmed",
      "2024-07-08T22:00:00.000Z",
      10_000,
    ],
    [
      "Rome, 7 days: on the arrival day",
      room(),
      "Europe/Rome",
      undefined,
      "confirmed",
      "2024-07-15T21:59:00.000Z",
      10_000,
    ],
    [
      "Rome, 7 days: the day after arrival, the stay has begun",
      room(),
      "Europe/Rome",
      undefined,
      "confirmed",
      "2024-07-15T22:00:00.000Z",
      null,
    ],
    [
      "Rome, 3 days over fall back: 23:59 CET of the 25-hour day",
      room({ arrival: "20241030", policy: freeDays(3) }),
      "Europe/Rome",
      undefined,
      "confirmed",
      "2024-10-27T22:59:59.000Z",
      null,
    ],
    [
      "Rome, 3 days over fall back: midnight after",
      room({ arrival: "20241030", policy: freeDays(3) }),
      "Europe/Rome",
      undefined,
      "confirmed",
      "2024-10-27T23:00:00.000Z",
      10_000,
    ],
    [
      "Auckland, 1 day, spring forward: 23:59 NZDT",
      room({ arrival: "20240930", policy: freeDays(1) }),
      "Pacific/Auckland",
      undefined,
      "confirmed",
      "2024-09-29T10:59:59.000Z",
      null,
    ],
    [
      "Auckland, 1 day, spring forward: midnight",
      room({ arrival: "20240930", policy: freeDays(1) }),
      "Pacific/Auckland",
      undefined,
      "confirmed",
      "2024-09-29T11:00:00.000Z",
      10_000,
    ],
    [
      "Auckland, arrival day, cut-off 18:00 on the fall-back day: 17:59",
      room({ arrival: "20240407", policy: freeDays(0) }),
      "Pacific/Auckland",
      "18:00",
      "confirmed",
      "2024-04-07T05:59:00.000Z",
      null,
    ],
    [
      "Auckland, arrival day, cut-off 18:00 on the fall-back day: 18:00",
      room({ arrival: "20240407", policy: freeDays(0) }),
      "Pacific/Auckland",
      "18:00",
      "confirmed",
      "2024-04-07T06:00:00.000Z",
      10_000,
    ],
    [
      "New York, arrival day without cut-off: 23:59 EST",
      room({ arrival: "20241103", policy: freeDays(0) }),
      "America/New_York",
      undefined,
      "confirmed",
      "2024-11-04T04:59:00.000Z",
      null,
    ],
    [
      "New York, arrival day without cut-off: then the stay has begun",
      room({ arrival: "20241103", policy: freeDays(0) }),
      "America/New_York",
      undefined,
      "confirmed",
      "2024-11-04T05:00:00.000Z",
      null,
    ],
    [
      "New York, arrival day, cut-off 20:00 EST",
      room({ arrival: "20241103", policy: freeDays(0) }),
      "America/New_York",
      "20:00",
      "confirmed",
      "2024-11-04T01:00:00.000Z",
      10_000,
    ],
    [
      "New York, 2 days, spring forward: just before",
      room({ arrival: "20240312", policy: freeDays(2) }),
      "America/New_York",
      undefined,
      "confirmed",
      "2024-03-11T03:59:59.999Z",
      null,
    ],
    [
      "New York, 2 days, spring forward: at midnight EDT",
      room({ arrival: "20240312", policy: freeDays(2) }),
      "America/New_York",
      undefined,
      "confirmed",
      "2024-03-11T04:00:00.000Z",
      10_000,
    ],
    [
      "UTC, non-refundable: the whole room, months ahead",
      room({ arrival: "20240301", policy: NON_REFUNDABLE }),
      "UTC",
      undefined,
      "confirmed",
      "2024-01-01T00:00:00.000Z",
      34_000,
    ],
    [
      "a first night dearer than the stay's price (an override) is capped",
      room({ nightlyMinor: [50_000], totalMinor: 34_000 }),
      "UTC",
      undefined,
      "confirmed",
      "2024-07-14T00:00:00.000Z",
      34_000,
    ],
    [
      "no nightly prices: the room total",
      room({ nightlyMinor: [] }),
      "UTC",
      undefined,
      "confirmed",
      "2024-07-14T00:00:00.000Z",
      34_000,
    ],
    [
      "an unconfirmed option is free even when non-refundable",
      room({ policy: NON_REFUNDABLE }),
      "UTC",
      undefined,
      "pending_confirmation",
      "2024-07-14T00:00:00.000Z",
      null,
    ],
    [
      "payment required follows the rate",
      room({ policy: NON_REFUNDABLE }),
      "UTC",
      undefined,
      "payment_required",
      "2024-07-14T00:00:00.000Z",
      34_000,
    ],
  ];
  const expectedOutcome: Record<string, string> = {
    "Rome, 7 days: the day after arrival, the stay has begun": "not_allowed:stay_started",
    "New York, arrival day without cut-off: then the stay has begun": "not_allowed:stay_started",
    "UTC, non-refundable: the whole room, months ahead": "penalty:non_refundable",
    "an unconfirmed option is free even when non-refundable": "free:option",
    "payment required follows the rate": "penalty:non_refundable",
  };

  it.each(rows)("%s", (name, r, timeZone, cutoff, status, now, penalty) => {
    const result = assessRoomCancellation(
      r,
      { timeZone, now: new Date(now), arrivalDayCutoff: cutoff },
      status,
    );
    const outcome =
      expectedOutcome[name] ?? (penalty === null ? "free:before_deadline" : "penalty:after_deadline");
    expect(`${result.outcome}:${result.reason}`).toBe(outcome);
    if (result.outcome !== "not_allowed") expect(result.penaltyMinor).toBe(penalty ?? 0);
  });

  it.each<[string, RoomToCancel, string]>([
    ["a cancelled room", room({ status: "C" }), "already_cancelled"],
    ["a resellable rate", room({ policy: RESELLABLE }), "resellable"],
    ["a resellable rate, even when it is an option", room({ policy: RESELLABLE }), "resellable"],
  ])("refuses %s", (_name, r, reason) => {
    const result = assessRoomCancellation(r, { timeZone: "UTC", now: new Date("2024-01-01T00:00:00Z") });
    expect(result).toEqual({ roomId: 1, outcome: "not_allowed", reason });
  });

  it("a waiting room (W) is cancelled like an active one", () => {
    const result = assessRoomCancellation(room({ status: "W" }), {
      timeZone: "UTC",
      now: new Date("2024-01-01T00:00:00Z"),
    });
    expect(result.outcome).toBe("free");
  });
});

describe("latePenaltyMinor", () => {
  it.each<[string, CancellationPolicy, number[], number, number]>([
    ["refundable: the first night", freeDays(3), [9_000, 11_000], 20_000, 9_000],
    ["refundable, free first night", freeDays(3), [0, 11_000], 11_000, 0],
    ["non-refundable: all of it", NON_REFUNDABLE, [9_000, 11_000], 20_000, 20_000],
  ])("%s", (_name, policy, nightlyMinor, totalMinor, expected) => {
    expect(latePenaltyMinor({ policy, nightlyMinor, totalMinor })).toBe(expected);
  });
});

// Two rooms: one free until 7 days before (30 000 + 2 000 services), one non-refundable (24 000); 1 000 shared.
function reservation(overrides: Partial<ReservationToCancel> = {}): ReservationToCancel {
  return {
    status: "confirmed",
    totalMinor: 57_000,
    paidMinor: 57_000,
    sharedExtrasMinor: 1_000,
    rooms: [
      room({ id: 1, nightlyMinor: [10_000, 10_000, 10_000], totalMinor: 30_000, extrasMinor: 2_000 }),
      room({
        id: 2,
        policy: NON_REFUNDABLE,
        nightlyMinor: [8_000, 8_000, 8_000],
        totalMinor: 24_000,
        extrasMinor: 0,
      }),
    ],
    ...overrides,
  };
}
const EARLY = { timeZone: "Europe/Rome", now: new Date("2024-07-01T10:00:00Z") };
const LATE = { timeZone: "Europe/Rome", now: new Date("2024-07-10T10:00:00Z") };

describe("assessCancellation", () => {
  it.each<[string, ReservationToCancel, typeof EARLY, number | undefined, Record<string, number | boolean>]>([
    [
      "the whole stay before the deadline: only the non-refundable room is kept",
      reservation(),
      EARLY,
      undefined,
      {
        cancelsReservation: true,
        isFree: false,
        penaltyMinor: 24_000,
        newTotalMinor: 24_000,
        refundMinor: 33_000,
        stillOwedMinor: 0,
      },
    ],
    [
      "the refundable room before its deadline: free, its services go too",
      reservation(),
      EARLY,
      1,
      {
        cancelsReservation: false,
        isFree: true,
        penaltyMinor: 0,
        newTotalMinor: 25_000,
        refundMinor: 32_000,
        stillOwedMinor: 0,
      },
    ],
    [
      "the non-refundable room alone: nothing comes back",
      reservation(),
      EARLY,
      2,
      {
        cancelsReservation: false,
        isFree: false,
        penaltyMinor: 24_000,
        newTotalMinor: 57_000,
        refundMinor: 0,
        stillOwedMinor: 0,
      },
    ],
    [
      "the whole stay after the deadline: first night + non-refundable room",
      reservation(),
      LATE,
      undefined,
      {
        cancelsReservation: true,
        isFree: false,
        penaltyMinor: 34_000,
        newTotalMinor: 34_000,
        refundMinor: 23_000,
        stillOwedMinor: 0,
      },
    ],
    [
      "pay at hotel, late: the penalty is owed (charged to the guarantee)",
      reservation({ paidMinor: 0 }),
      LATE,
      undefined,
      {
        cancelsReservation: true,
        isFree: false,
        penaltyMinor: 34_000,
        newTotalMinor: 34_000,
        refundMinor: 0,
        stillOwedMinor: 34_000,
      },
    ],
    [
      "a 30% deposit, free room: the deposit covers what stays",
      reservation({ paidMinor: 17_100 }),
      EARLY,
      1,
      {
        cancelsReservation: false,
        isFree: true,
        penaltyMinor: 0,
        newTotalMinor: 25_000,
        refundMinor: 0,
        stillOwedMinor: 7_900,
      },
    ],
    [
      "one room already cancelled free: the whole stay is the other room",
      reservation({
        totalMinor: 25_000,
        paidMinor: 25_000,
        rooms: [{ ...reservation().rooms[0]!, status: "C" }, reservation().rooms[1]!],
      }),
      EARLY,
      undefined,
      {
        cancelsReservation: true,
        isFree: false,
        penaltyMinor: 24_000,
        newTotalMinor: 24_000,
        refundMinor: 1_000,
        stillOwedMinor: 0,
      },
    ],
    [
      "an earlier room's penalty stays in the total",
      reservation({
        totalMinor: 35_000,
        paidMinor: 35_000,
        rooms: [{ ...reservation().rooms[0]!, status: "C" }, reservation().rooms[1]!],
      }),
      EARLY,
      undefined,
      {
        cancelsReservation: true,
        isFree: false,
        penaltyMinor: 24_000,
        newTotalMinor: 34_000,
        refundMinor: 1_000,
        stillOwedMinor: 0,
      },
    ],
    [
      "the last active room by id cancels the reservation and its shared services",
      reservation({
        totalMinor: 25_000,
        paidMinor: 0,
        rooms: [{ ...reservation().rooms[0]!, status: "C" }, reservation().rooms[1]!],
      }),
      EARLY,
      2,
      {
        cancelsReservation: true,
        isFree: false,
        penaltyMinor: 24_000,
        newTotalMinor: 24_000,
        refundMinor: 0,
        stillOwedMinor: 24_000,
      },
    ],
    [
      "an unconfirmed option: free, all of it",
      reservation({ status: "pending_confirmation", paidMinor: 0 }),
      LATE,
      undefined,
      {
        cancelsReservation: true,
        isFree: true,
        penaltyMinor: 0,
        newTotalMinor: 0,
        refundMinor: 0,
        stillOwedMinor: 0,
      },
    ],
  ])("%s", (_name, r, clock, roomId, expected) => {
    const result = assessCancellation(r, clock, roomId);
    if (!result.allowed) throw new Error(`refused: ${result.reason}`);
    const { rooms: _rooms, allowed: _allowed, ...totals } = result;
    expect(totals).toEqual({ ...expected, waivedMinor: 0 });
  });

  it("lists each room's outcome and terms", () => {
    const result = assessCancellation(reservation(), EARLY);
    expect(result.rooms.map((r) => [r.roomId, r.outcome, r.reason])).toEqual([
      [1, "free", "before_deadline"],
      [2, "penalty", "non_refundable"],
    ]);
    const first = result.rooms[0];
    if (first?.outcome !== "free") throw new Error("free expected");
    expect(first.terms).toEqual({
      refundable: true,
      freeBefore: new Date("2024-07-08T22:00:00.000Z"),
      lastFreeDay: "20240708",
    });
  });

  it.each<[string, ReservationToCancel, typeof EARLY, number | undefined, string]>([
    [
      "a cancelled reservation",
      reservation({ status: "cancelled" }),
      EARLY,
      undefined,
      "reservation_cancelled",
    ],
    ["a room that is not in it", reservation(), EARLY, 99, "room_not_found"],
    [
      "a room already cancelled",
      reservation({ rooms: [{ ...reservation().rooms[0]!, status: "C" }, reservation().rooms[1]!] }),
      EARLY,
      1,
      "already_cancelled",
    ],
    [
      "no active room left",
      reservation({ rooms: reservation().rooms.map((r) => ({ ...r, status: "C" as const })) }),
      EARLY,
      undefined,
      "already_cancelled",
    ],
    [
      "the whole stay with one resellable room",
      reservation({ rooms: [reservation().rooms[0]!, { ...reservation().rooms[1]!, policy: RESELLABLE }] }),
      EARLY,
      undefined,
      "resellable",
    ],
    [
      "the resellable room alone",
      reservation({ rooms: [reservation().rooms[0]!, { ...reservation().rooms[1]!, policy: RESELLABLE }] }),
      EARLY,
      2,
      "resellable",
    ],
    [
      "after the arrival day",
      reservation(),
      { timeZone: "Europe/Rome", now: new Date("2024-07-16T08:00:00Z") },
      undefined,
      "stay_started",
    ],
  ])("refuses %s", (_name, r, clock, roomId, reason) => {
    const result = assessCancellation(r, clock, roomId);
    expect(result.allowed).toBe(false);
    if (!result.allowed) expect(result.reason).toBe(reason);
  });

  it("the property cancels what the guest may not: a resellable rate (whole room) and a stay begun", () => {
    const resold = reservation({
      rooms: [reservation().rooms[0]!, { ...reservation().rooms[1]!, policy: RESELLABLE }],
    });
    expect(assessCancellation(resold, EARLY, undefined, { by: "property" })).toMatchObject({
      allowed: true,
      cancelsReservation: true,
      penaltyMinor: 24_000,
      newTotalMinor: 24_000,
      refundMinor: 33_000,
      waivedMinor: 0,
    });
    const begun = { timeZone: "Europe/Rome", now: new Date("2024-07-16T08:00:00Z") };
    expect(assessCancellation(reservation(), begun, undefined, { by: "property" })).toMatchObject({
      allowed: true,
      penaltyMinor: 10_000 + 24_000,
    });
    // Still refused: what is already cancelled, and a room that is not in it.
    expect(
      assessCancellation(reservation({ status: "cancelled" }), EARLY, undefined, { by: "property" }),
    ).toMatchObject({
      allowed: false,
      reason: "reservation_cancelled",
    });
    expect(assessCancellation(reservation(), EARLY, 99, { by: "property" })).toMatchObject({
      allowed: false,
      reason: "room_not_found",
    });
  });

  it("the property may waive the penalty: nothing is kept, everything paid goes back; the guest may not", () => {
    const waived = assessCancellation(reservation(), EARLY, undefined, {
      by: "property",
      waivePenalty: true,
    });
    expect(waived).toMatchObject({
      allowed: true,
      isFree: true,
      penaltyMinor: 0,
      newTotalMinor: 0,
      refundMinor: 57_000,
      stillOwedMinor: 0,
      waivedMinor: 24_000,
    });
    if (waived.allowed) expect(waived.rooms.map((r) => r.reason)).toEqual(["before_deadline", "waived"]);
    expect(assessCancellation(reservation(), EARLY, undefined, { waivePenalty: true })).toMatchObject({
      penaltyMinor: 24_000,
      waivedMinor: 0,
    });
  });

  it("the other room of a reservation with a resellable room can still be cancelled", () => {
    const r = reservation({
      rooms: [reservation().rooms[0]!, { ...reservation().rooms[1]!, policy: RESELLABLE }],
    });
    expect(assessCancellation(r, EARLY, 1).allowed).toBe(true);
  });

  it("never charges more than the rooms cancelled, and the refund balances the books", () => {
    const roomArb = fc.record({
      id: fc.integer({ min: 1, max: 1000 }),
      status: fc.constantFrom<"A" | "C" | "W">("A", "A", "W", "C"),
      arrival: fc.integer({ min: 0, max: 400 }).map((d) => addDays("20240101", d)),
      policy: fc.oneof(fc.integer({ min: 0, max: 30 }).map(freeDays), fc.constant(NON_REFUNDABLE)),
      nightlyMinor: fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 10 }),
      extrasMinor: fc.integer({ min: 0, max: 50_000 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(roomArb, { minLength: 1, maxLength: 5, selector: (r) => r.id }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.double({ min: 0, max: 1.2, noNaN: true }),
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 420 * 24 }),
        fc.boolean(),
        (rawRooms, shared, paidShare, timeZone, hours, oneRoom) => {
          const rooms = rawRooms.map((r) => ({
            ...r,
            totalMinor: r.nightlyMinor.reduce((a, b) => a + b, 0),
          }));
          const totalMinor =
            rooms.filter((r) => r.status !== "C").reduce((sum, r) => sum + r.totalMinor + r.extrasMinor, 0) +
            shared;
          const paidMinor = Math.round(totalMinor * paidShare);
          const now = new Date(Date.UTC(2023, 11, 1) + hours * 3_600_000);
          const roomId = oneRoom ? rooms[0]?.id : undefined;
          const result = assessCancellation(
            { status: "confirmed", totalMinor, paidMinor, sharedExtrasMinor: shared, rooms },
            { timeZone, now },
            roomId,
          );
          if (!result.allowed) return;
          const taken = rooms.filter((r) => result.rooms.some((t) => t.roomId === r.id));
          expect(result.penaltyMinor).toBeLessThanOrEqual(taken.reduce((s, r) => s + r.totalMinor, 0));
          expect(result.newTotalMinor).toBeLessThanOrEqual(totalMinor);
          expect(result.newTotalMinor).toBeGreaterThanOrEqual(result.penaltyMinor);
          expect(result.refundMinor).toBeLessThanOrEqual(paidMinor);
          expect(result.refundMinor - result.stillOwedMinor).toBe(paidMinor - result.newTotalMinor);
          expect(Math.min(result.refundMinor, result.stillOwedMinor)).toBe(0);
        },
      ),
    );
  });
});
