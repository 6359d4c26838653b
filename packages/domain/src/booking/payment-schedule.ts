import { addDays, type Ymd } from "../stay-dates/stay-dates";

/** One step of a rate's prepayment schedule (the `PrepaymentStep` of the database). */
export type PrepaymentStep = {
  timing: "immediate" | "days_before_arrival" | "days_after_booking";
  days: number;
  percent: number;
};

export type ScheduledPayment = { date: Ymd; amount: number; percent: number };

export type PaymentSplit = {
  /** Every step, dated, in the rate's order. */
  schedule: ScheduledPayment[];
  /** The sum of the steps dated on or before the booking day, in minor units. */
  dueNow: number;
  /** The later steps with an amount, in date order. */
  dueLater: { date: Ymd; amount: number }[];
};

function dateOf(step: PrepaymentStep, arrival: Ymd, bookingDay: Ymd): Ymd {
  const date =
    step.timing === "immediate"
      ? bookingDay
      : step.timing === "days_before_arrival"
        ? addDays(arrival, -step.days)
        : addDays(bookingDay, step.days);
  // Nothing is due after arrival nor before booking; for a walk-in booked after midnight the arrival is
  // yesterday and the booking day wins.
  const notAfterArrival = date > arrival ? arrival : date;
  return notAfterArrival < bookingDay ? bookingDay : notAfterArrival;
}

/**
 * Dates each step and shares `totalMinor` among them: each step rounds its own percent and the last takes the
 * remainder, so the amounts add up exactly to the share asked (the percents' sum, capped at 100 %).
 */
export function schedulePrepayments(
  steps: readonly PrepaymentStep[],
  totalMinor: number,
  arrival: Ymd,
  bookingDay: Ymd,
): ScheduledPayment[] {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0)
    throw new RangeError(`Total must be a non-negative integer of minor units: ${totalMinor}`);
  for (const step of steps) {
    if (!Number.isInteger(step.days) || step.days < 0 || !(step.percent >= 0))
      throw new RangeError(`Invalid prepayment step: ${JSON.stringify(step)}`);
  }
  const amounts = sharePercents(
    totalMinor,
    steps.map((step) => step.percent),
  );
  return steps.map((step, i) => ({
    date: dateOf(step, arrival, bookingDay),
    amount: amounts[i]!,
    percent: step.percent,
  }));
}

/**
 * `totalMinor` shared by percents as the payment steps share it: each rounds its own percent and the last takes the
 * remainder, so the amounts add up exactly to the share asked (the percents' sum, capped at 100 %).
 */
export function sharePercents(totalMinor: number, percents: readonly number[]): number[] {
  const percentSum = percents.reduce((sum, percent) => sum + percent, 0);
  const dueTotal = Math.round((totalMinor * Math.min(percentSum, 100)) / 100);
  let given = 0;
  return percents.map((percent, i) => {
    const share = Math.round((totalMinor * percent) / 100);
    // Past 100 % in total, the steps that overflow get what is left, never more.
    const amount = i === percents.length - 1 ? dueTotal - given : Math.min(share, dueTotal - given);
    given += amount;
    return amount;
  });
}

/** The schedule split into what the guest pays when booking and what is charged later. */
export function splitPaymentSchedule(
  steps: readonly PrepaymentStep[],
  totalMinor: number,
  arrival: Ymd,
  bookingDay: Ymd,
): PaymentSplit {
  const schedule = schedulePrepayments(steps, totalMinor, arrival, bookingDay);
  const dueNow = schedule.filter((p) => p.date <= bookingDay).reduce((sum, p) => sum + p.amount, 0);
  const dueLater = schedule
    .filter((p) => p.date > bookingDay && p.amount > 0)
    .map((p) => ({ date: p.date, amount: p.amount }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { schedule, dueNow, dueLater };
}

/**
 * The day a bank transfer must have arrived (SPEC §9): `days` after booking, but never after arrival nor before
 * the booking day.
 */
export function bankTransferDeadline(bookingDay: Ymd, arrival: Ymd, days: number): Ymd {
  if (!Number.isInteger(days) || days < 0)
    throw new RangeError(`Days must be a non-negative integer: ${days}`);
  const deadline = addDays(bookingDay, days);
  const notAfterArrival = deadline > arrival ? arrival : deadline;
  return notAfterArrival < bookingDay ? bookingDay : notAfterArrival;
}

/**
 * The one bank-transfer deadline rule: when the transfer of a payment dated `lineDate` must have arrived. A payment
 * the rate asks on the booking day (or before: a walk-in) gets the hotel's `days` to arrive
 * (`bankTransferDeadline`); a later one is due on its own date. The schedule a bank-transfer booking stores, the
 * voucher's bank box, the mails, the PDF and the job that cancels an unpaid booking all read dates made by it.
 */
export function bankTransferDueDate(lineDate: Ymd, bookingDay: Ymd, arrival: Ymd, days: number): Ymd {
  return lineDate > bookingDay ? lineDate : bankTransferDeadline(bookingDay, arrival, days);
}
