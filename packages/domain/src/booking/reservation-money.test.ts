import { describe, expect, it } from "vitest";
import type { PrepaymentStep } from "./payment-schedule";
import {
  atHotelMinor,
  planDues,
  planPrepayments,
  type RoomCharge,
  splitDues,
  totalReservation,
} from "./reservation-money";

const PREPAID: PrepaymentStep[] = [{ timing: "immediate", days: 0, percent: 100 }];
const DEPOSIT: PrepaymentStep[] = [
  { timing: "immediate", days: 0, percent: 30 },
  { timing: "days_before_arrival", days: 7, percent: 70 },
];
const AT_HOTEL: PrepaymentStep[] = [];

const room = (id: number, over: Partial<RoomCharge> = {}): RoomCharge => ({
  id,
  active: true,
  roomMinor: 10_000,
  penaltyMinor: 0,
  refundProtectionMinor: 0,
  adults: 2,
  nights: 2,
  arrival: "20270310",
  prepayment: PREPAID,
  ...over,
});

describe("totalReservation", () => {
  it("adds rooms, services, protection; city tax per adult night beside the total", () => {
    const totals = totalReservation(
      [room(1, { refundProtectionMinor: 1500 }), room(2, { adults: 1, roomMinor: 8000 })],
      [
        { roomId: 1, priceMinor: 1200 },
        { roomId: 2, priceMinor: 600 },
        { roomId: null, priceMinor: 2000 },
      ],
      250,
    );
    expect(totals).toEqual({
      roomsTotalMinor: 18_000,
      servicesTotalMinor: 3800,
      refundProtectionMinor: 1500,
      cityTaxMinor: 1500,
      totalMinor: 23_300,
    });
  });

  it("a cancelled room leaves only its penalty: no city tax, services or protection of it remain", () => {
    const totals = totalReservation(
      [room(1), room(2, { active: false, penaltyMinor: 5000, refundProtectionMinor: 1500 })],
      [
        { roomId: 1, priceMinor: 1200 },
        { roomId: 2, priceMinor: 600 },
        { roomId: null, priceMinor: 2000 },
      ],
      500,
    );
    expect(totals).toEqual({
      roomsTotalMinor: 15_000,
      servicesTotalMinor: 3200,
      refundProtectionMinor: 0,
      cityTaxMinor: 2000,
      totalMinor: 18_200,
    });
  });

  it("with every room cancelled only the penalties remain, and no city tax", () => {
    const totals = totalReservation(
      [room(1, { active: false, penaltyMinor: 5000 }), room(2, { active: false })],
      [{ roomId: null, priceMinor: 2000 }],
      500,
    );
    expect(totals).toEqual({
      roomsTotalMinor: 5000,
      servicesTotalMinor: 0,
      refundProtectionMinor: 0,
      cityTaxMinor: 0,
      totalMinor: 5000,
    });
  });
});

describe("planPrepayments", () => {
  it("a pay-at-hotel room's fee is not charged because another room is prepaid (172 = 148 + 12 + 12)", () => {
    // The reviewer's booking: a prepaid room of 148 with a fee of 12, a pay-at-hotel room with a fee of 12.
    const plan = planPrepayments(
      [room(1, { roomMinor: 14_800 }), room(2, { roomMinor: 9000, prepayment: AT_HOTEL })],
      [
        { roomId: 1, priceMinor: 1200 },
        { roomId: 2, priceMinor: 1200 },
      ],
      "20270301",
    );
    expect(plan).toEqual([{ date: "20270301", amountMinor: 16_000 }]);
  });

  it("services follow their room's steps; the whole booking's go with the first active room", () => {
    const plan = planPrepayments(
      [room(1, { prepayment: DEPOSIT }), room(2, { prepayment: PREPAID })],
      [
        { roomId: 1, priceMinor: 1000 },
        { roomId: null, priceMinor: 2000 },
      ],
      "20270201",
    );
    // Room 1: (10 000 + 1 000 + 2 000) × 30 % now, 70 % on 3 March; room 2: 10 000 now.
    expect(plan).toEqual([
      { date: "20270201", amountMinor: 3900 + 10_000 },
      { date: "20270303", amountMinor: 9100 },
    ]);
  });

  it("a cancelled room's penalty follows its rate; a pay-at-hotel booking asks nothing", () => {
    expect(
      planPrepayments([room(1, { active: false, penaltyMinor: 5000 }), room(2)], [], "20270301"),
    ).toEqual([{ date: "20270301", amountMinor: 15_000 }]);
    expect(
      planPrepayments([room(1, { prepayment: AT_HOTEL }), room(2, { prepayment: AT_HOTEL })], [], "20270301"),
    ).toEqual([]);
  });

  it("a cancelled room's penalty the rate would have taken at the hotel is owed from the booking day on", () => {
    // Pay at the hotel: the guest of a cancelled room never arrives to pay it.
    expect(
      planPrepayments([room(1, { active: false, penaltyMinor: 8600, prepayment: AT_HOTEL })], [], "20270301"),
    ).toEqual([{ date: "20270301", amountMinor: 8600 }]);
    // A 30 % deposit: its share of the penalty on its own date, the rest from the booking day.
    expect(
      planPrepayments(
        [room(1, { active: false, penaltyMinor: 10_000, prepayment: [DEPOSIT[0]!] })],
        [],
        "20270301",
      ),
    ).toEqual([{ date: "20270301", amountMinor: 10_000 }]);
    // Through planDues a penalty dated in the past is due today, less what was paid.
    const target = planPrepayments(
      [room(1, { active: false, penaltyMinor: 8600, prepayment: AT_HOTEL })],
      [],
      "20270301",
    );
    expect(planDues({ target, paidMinor: 0, due: [], today: "20270305" })).toMatchObject({
      add: [{ date: "20270305", amountMinor: 8600 }],
      outstandingMinor: 8600,
    });
  });
});

describe("planDues", () => {
  const today = "20270305";

  it("a pay-at-hotel booking never gains a payment by a change", () => {
    const plan = planDues({ target: [], paidMinor: 0, due: [], today });
    expect(plan).toEqual({ add: [], cut: [], nowMinor: 0, outstandingMinor: 0 });
  });

  it("a fully paid prepaid booking that costs more pays the difference now", () => {
    const plan = planDues({
      target: [{ date: "20270301", amountMinor: 54_000 }],
      paidMinor: 40_500,
      due: [],
      today,
    });
    expect(plan).toEqual({
      add: [{ date: today, amountMinor: 13_500 }],
      cut: [],
      nowMinor: 13_500,
      outstandingMinor: 13_500,
    });
  });

  it("a deposit booking adds its rate's shares: now what is already due, later the rest", () => {
    const plan = planDues({
      target: [
        { date: "20270301", amountMinor: 3600 },
        { date: "20270320", amountMinor: 8400 },
      ],
      paidMinor: 3000,
      due: [{ id: 7, date: "20270320", amountMinor: 7000 }],
      today,
    });
    expect(plan).toEqual({
      add: [
        { date: today, amountMinor: 600 },
        { date: "20270320", amountMinor: 1400 },
      ],
      cut: [],
      nowMinor: 600,
      outstandingMinor: 9000,
    });
  });

  it("a cheaper change cuts what is due, latest first, and never touches what is paid", () => {
    const plan = planDues({
      target: [
        { date: "20270301", amountMinor: 2000 },
        { date: "20270320", amountMinor: 4000 },
      ],
      paidMinor: 3000,
      due: [
        { id: 1, date: "20270315", amountMinor: 2000 },
        { id: 2, date: "20270320", amountMinor: 4000 },
      ],
      today,
    });
    expect(plan.add).toEqual([]);
    // 6 000 asked less 3 000 paid: 3 000 stays due; the latest row gives up the 3 000 beyond it.
    expect(plan.cut).toEqual([{ id: 2, amountMinor: 1000 }]);
    expect(plan.outstandingMinor).toBe(3000);
  });

  it("a payment moved earlier by a date swap is asked at its new date and cut at its old one", () => {
    const plan = planDues({
      target: [{ date: "20270310", amountMinor: 5000 }],
      paidMinor: 0,
      due: [{ id: 3, date: "20270401", amountMinor: 5000 }],
      today,
    });
    expect(plan.add).toEqual([{ date: "20270310", amountMinor: 5000 }]);
    expect(plan.cut).toEqual([{ id: 3, amountMinor: 0 }]);
  });

  it("the first schedule of a booking: due now and later", () => {
    expect(
      splitDues(
        [
          { date: "20270305", amountMinor: 3000 },
          { date: "20270320", amountMinor: 7000 },
        ],
        today,
      ),
    ).toEqual({ dueNowMinor: 3000, later: [{ date: "20270320", amountMinor: 7000 }] });
  });
});

describe("atHotelMinor", () => {
  it.each([
    [50000, 50000, [], 0],
    [50000, 15000, [], 35000],
    [50000, 15000, [10000, 5000], 20000],
    [50000, 0, [], 50000],
    // Prepayments that cover more than the total leave nothing at the hotel, not a negative amount.
    [50000, 40000, [20000], 0],
  ])("total %d, due now %d, later %j → %d", (total, now, later, expected) => {
    expect(atHotelMinor(total, now, later)).toBe(expected);
  });
});
