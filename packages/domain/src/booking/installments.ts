/**
 * Installments (SPEC §4, §9; ADR 0010): what is left to pay, split into monthly charges. Each charge is announced
 * by an activation e-mail INSTALLMENT_NOTICE_DAYS before it; the guest activates it from the voucher.
 * Amounts are integer minor units and always add up to the total.
 */
import { type CurrencyRules, cashStepMinor } from "../money/money";
import { addDays, isValidYmd, type Ymd } from "../stay-dates/stay-dates";

/** Days between the activation e-mail and the charge; SPEC says "days before the charge date" with no figure. */
export const INSTALLMENT_NOTICE_DAYS = 3;
export const MIN_INSTALLMENTS = 2;
export const MAX_INSTALLMENTS = 12;

export type Installment = {
  /** 1-based. */
  number: number;
  /** The hotel-local day the charge is made. */
  chargeDate: Ymd;
  /** The hotel-local day the activation e-mail goes out: `noticeDays` before the charge, not before the plan. */
  noticeDate: Ymd;
  amountMinor: number;
};

/**
 * `totalMinor` in `count` parts as equal as the currency allows: in whole cash steps (5 for CHF), the larger
 * parts first; a total that is not a whole number of steps leaves its odd remainder on the first part.
 */
export function splitInstallments(totalMinor: number, count: number, currency?: CurrencyRules): number[] {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0)
    throw new RangeError(`Total must be a non-negative integer of minor units: ${totalMinor}`);
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Invalid installment count: ${count}`);
  const step = currency ? cashStepMinor(currency) : 1;
  const steps = Math.floor(totalMinor / step);
  const odd = totalMinor - steps * step;
  const base = Math.floor(steps / count);
  const larger = steps - base * count;
  return Array.from({ length: count }, (_, i) => (base + (i < larger ? 1 : 0)) * step + (i === 0 ? odd : 0));
}

/** The same day of the month `months` later, or that month's last day when it is shorter (31 Jan → 29 Feb). */
export function addMonthsClamped(ymd: Ymd, months: number): Ymd {
  if (!isValidYmd(ymd)) throw new RangeError(`Invalid Ymd: ${ymd}`);
  if (!Number.isInteger(months) || months < 0) throw new RangeError(`Invalid months: ${months}`);
  const monthIndex = Number(ymd.slice(4, 6)) - 1 + months;
  const year = Number(ymd.slice(0, 4)) + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  // Day 0 of the next month is the last day of this one (UTC, so the process time zone plays no part).
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(ymd.slice(6, 8)), lastDay);
  return `${year}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;
}

function laterOf(a: Ymd, b: Ymd): Ymd {
  return a > b ? a : b;
}

export type InstallmentPlanInput = {
  totalMinor: number;
  count: number;
  /** The first charge; the others follow monthly on the same day of the month. */
  firstChargeDate: Ymd;
  /** The hotel-local day the plan is made: no e-mail is dated before it. */
  issuedOn: Ymd;
  noticeDays?: number;
  currency?: CurrencyRules;
};

/** The plan: `count` monthly charges from `firstChargeDate`, each with its activation e-mail date. */
export function scheduleInstallments(input: InstallmentPlanInput): Installment[] {
  const noticeDays = input.noticeDays ?? INSTALLMENT_NOTICE_DAYS;
  if (!Number.isInteger(noticeDays) || noticeDays < 0)
    throw new RangeError(`Invalid notice days: ${noticeDays}`);
  if (!isValidYmd(input.issuedOn)) throw new RangeError(`Invalid Ymd: ${input.issuedOn}`);
  if (!(input.firstChargeDate >= input.issuedOn))
    throw new RangeError("The first charge cannot come before the plan is made");
  const amounts = splitInstallments(input.totalMinor, input.count, input.currency);
  return amounts.map((amountMinor, i) => {
    const chargeDate = addMonthsClamped(input.firstChargeDate, i);
    const notice = addDays(chargeDate, -noticeDays);
    return {
      number: i + 1,
      chargeDate,
      noticeDate: laterOf(notice, input.issuedOn),
      amountMinor,
    };
  });
}

/**
 * How many monthly charges from `firstChargeDate` fall on or before `lastChargeBy` (e.g. the arrival day), capped
 * at MAX_INSTALLMENTS: the choices the voucher can offer (none below MIN_INSTALLMENTS means no plan).
 */
export function countInstallmentsBy(firstChargeDate: Ymd, lastChargeBy: Ymd): number {
  let count = 0;
  while (count < MAX_INSTALLMENTS && addMonthsClamped(firstChargeDate, count) <= lastChargeBy) count += 1;
  return count;
}
