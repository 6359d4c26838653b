import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../stay-dates/stay-dates";
import {
  bankTransferDeadline,
  bankTransferDueDate,
  type PrepaymentStep,
  schedulePrepayments,
  splitPaymentSchedule,
} from "./payment-schedule";

const now: PrepaymentStep = { timing: "immediate", days: 0, percent: 100 };

describe("schedulePrepayments", () => {
  it.each<
    [string, PrepaymentStep[], number, string, string, { date: string; amount: number; percent: number }[]]
  >([
    ["no steps", [], 10_000, "20240801", "20240701", []],
    ["all now", [now], 10_000, "20240801", "20240701", [{ date: "20240701", amount: 10_000, percent: 100 }]],
    [
      "30% now, 70% 7 days before arrival",
      [
        { timing: "immediate", days: 0, percent: 30 },
        { timing: "days_before_arrival", days: 7, percent: 70 },
      ],
      10_000,
      "20240801",
      "20240701",
      [
        { date: "20240701", amount: 3000, percent: 30 },
        { date: "20240725", amount: 7000, percent: 70 },
      ],
    ],
    [
      "a third each: the last takes the remainder",
      [
        { timing: "immediate", days: 0, percent: 100 / 3 },
        { timing: "days_after_booking", days: 10, percent: 100 / 3 },
        { timing: "days_before_arrival", days: 1, percent: 100 / 3 },
      ],
      10_001,
      "20240801",
      "20240701",
      [
        { date: "20240701", amount: 3334, percent: 100 / 3 },
        { date: "20240711", amount: 3334, percent: 100 / 3 },
        { date: "20240731", amount: 3333, percent: 100 / 3 },
      ],
    ],
    [
      "rounded shares above the rounded total: the later steps get what is left, never a negative amount",
      [
        { timing: "immediate", days: 0, percent: 15 },
        { timing: "immediate", days: 0, percent: 3 },
        { timing: "immediate", days: 0, percent: 1 },
      ],
      17,
      "20240101",
      "20240101",
      [
        { date: "20240101", amount: 3, percent: 15 },
        { date: "20240101", amount: 0, percent: 3 },
        { date: "20240101", amount: 0, percent: 1 },
      ],
    ],
    [
      "a deposit of 20% only",
      [{ timing: "immediate", days: 0, percent: 20 }],
      12_345,
      "20240801",
      "20240701",
      [{ date: "20240701", amount: 2469, percent: 20 }],
    ],
    [
      "before arrival, but arrival is sooner: clamped to the booking day",
      [{ timing: "days_before_arrival", days: 30, percent: 100 }],
      5000,
      "20240710",
      "20240701",
      [{ date: "20240701", amount: 5000, percent: 100 }],
    ],
    [
      "after booking, but past arrival: clamped to arrival",
      [{ timing: "days_after_booking", days: 30, percent: 100 }],
      5000,
      "20240710",
      "20240701",
      [{ date: "20240710", amount: 5000, percent: 100 }],
    ],
    [
      "walk-in after midnight: arrival yesterday, due on the booking day",
      [{ timing: "days_before_arrival", days: 0, percent: 100 }],
      5000,
      "20240630",
      "20240701",
      [{ date: "20240701", amount: 5000, percent: 100 }],
    ],
    [
      "across a year end and a leap day",
      [{ timing: "days_before_arrival", days: 60, percent: 100 }],
      100,
      "20240301",
      "20231215",
      [{ date: "20240101", amount: 100, percent: 100 }],
    ],
    ["a zero total", [now], 0, "20240801", "20240701", [{ date: "20240701", amount: 0, percent: 100 }]],
    [
      "steps past 100% never ask more than the total",
      [
        { timing: "immediate", days: 0, percent: 80 },
        { timing: "days_before_arrival", days: 3, percent: 80 },
        { timing: "days_before_arrival", days: 1, percent: 10 },
      ],
      1000,
      "20240801",
      "20240701",
      [
        { date: "20240701", amount: 800, percent: 80 },
        { date: "20240729", amount: 200, percent: 80 },
        { date: "20240731", amount: 0, percent: 10 },
      ],
    ],
  ])("%s", (_name, steps, total, arrival, bookingDay, expected) => {
    expect(schedulePrepayments(steps, total, arrival, bookingDay)).toEqual(expected);
  });

  it.each<[string, PrepaymentStep[], number]>([
    ["a negative total", [now], -1],
    ["a fractional total", [now], 10.5],
    ["negative days", [{ timing: "days_before_arrival", days: -1, percent: 100 }], 100],
    ["negative percent", [{ timing: "immediate", days: 0, percent: -5 }], 100],
    ["NaN percent", [{ timing: "immediate", days: 0, percent: Number.NaN }], 100],
  ])("throws on %s", (_name, steps, total) => {
    expect(() => schedulePrepayments(steps, total, "20240801", "20240701")).toThrow(RangeError);
  });

  const stepArb = fc.record({
    timing: fc.constantFrom(
      "immediate" as const,
      "days_before_arrival" as const,
      "days_after_booking" as const,
    ),
    days: fc.integer({ min: 0, max: 365 }),
    percent: fc.integer({ min: 1, max: 100 }),
  });
  const scenario = fc.record({
    steps: fc.array(stepArb, { maxLength: 5 }),
    total: fc.integer({ min: 0, max: 10_000_000 }),
    bookingOffset: fc.integer({ min: 0, max: 3000 }),
    lead: fc.integer({ min: 0, max: 400 }),
  });

  it("adds up exactly to the share asked, with dates between booking and arrival", () => {
    fc.assert(
      fc.property(scenario, ({ steps, total, bookingOffset, lead }) => {
        const bookingDay = addDays("20240101", bookingOffset);
        const arrival = addDays(bookingDay, lead);
        const schedule = schedulePrepayments(steps, total, arrival, bookingDay);
        const percent = Math.min(
          100,
          steps.reduce((sum, s) => sum + s.percent, 0),
        );
        expect(schedule.reduce((sum, p) => sum + p.amount, 0)).toBe(Math.round((total * percent) / 100));
        for (const p of schedule) {
          expect(p.amount).toBeGreaterThanOrEqual(0);
          expect(p.date >= bookingDay && p.date <= arrival).toBe(true);
        }
      }),
    );
  });
});

describe("splitPaymentSchedule", () => {
  it.each<
    [string, PrepaymentStep[], number, { dueNow: number; dueLater: { date: string; amount: number }[] }]
  >([
    ["pay at hotel (no steps)", [], 10_000, { dueNow: 0, dueLater: [] }],
    ["all now", [now], 10_000, { dueNow: 10_000, dueLater: [] }],
    [
      "deposit now, rest before arrival",
      [
        { timing: "immediate", days: 0, percent: 30 },
        { timing: "days_before_arrival", days: 7, percent: 70 },
      ],
      10_000,
      { dueNow: 3000, dueLater: [{ date: "20240725", amount: 7000 }] },
    ],
    [
      "a step after booking of 0 days is due now",
      [{ timing: "days_after_booking", days: 0, percent: 100 }],
      10_000,
      { dueNow: 10_000, dueLater: [] },
    ],
    [
      "later steps come in date order, whatever the rate's order",
      [
        { timing: "days_before_arrival", days: 2, percent: 50 },
        { timing: "days_after_booking", days: 3, percent: 50 },
      ],
      10_000,
      {
        dueNow: 0,
        dueLater: [
          { date: "20240704", amount: 5000 },
          { date: "20240730", amount: 5000 },
        ],
      },
    ],
    [
      "a later step of nothing is left out",
      [
        { timing: "immediate", days: 0, percent: 100 },
        { timing: "days_before_arrival", days: 2, percent: 10 },
      ],
      10_000,
      { dueNow: 10_000, dueLater: [] },
    ],
  ])("%s", (_name, steps, total, expected) => {
    const split = splitPaymentSchedule(steps, total, "20240801", "20240701");
    expect({ dueNow: split.dueNow, dueLater: split.dueLater }).toEqual(expected);
    expect(split.schedule).toEqual(schedulePrepayments(steps, total, "20240801", "20240701"));
  });
});

describe("bankTransferDeadline", () => {
  it.each([
    ["20240701", "20240801", 5, "20240706"],
    ["20240701", "20240801", 0, "20240701"],
    ["20240701", "20240704", 5, "20240704"],
    ["20240701", "20240701", 5, "20240701"],
    ["20240701", "20240630", 5, "20240701"],
    ["20241230", "20250301", 7, "20250106"],
    ["20240225", "20240401", 5, "20240301"],
  ])("booked %s, arriving %s, %i days → %s", (bookingDay, arrival, days, expected) => {
    expect(bankTransferDeadline(bookingDay, arrival, days)).toBe(expected);
  });

  it.each([-1, 1.5])("throws on %s days", (days) => {
    expect(() => bankTransferDeadline("20240701", "20240801", days)).toThrow(RangeError);
  });
});

describe("bankTransferDueDate", () => {
  it.each([
    ["a payment due on booking gets the hotel's days", "20301206", "20301206", "20310115", 5, "20301211"],
    ["a later payment keeps its own date", "20301216", "20301206", "20310115", 5, "20301216"],
    [
      "a later payment before the days are over keeps its own date",
      "20301208",
      "20301206",
      "20310115",
      5,
      "20301208",
    ],
    ["never after arrival", "20301206", "20301206", "20301208", 5, "20301208"],
    [
      "a walk-in's payment dated before booking gets the days",
      "20301205",
      "20301206",
      "20310115",
      3,
      "20301209",
    ],
  ])("%s", (_, line, booked, arrival, days, due) => {
    expect(bankTransferDueDate(line, booked, arrival, days)).toBe(due);
  });
});
