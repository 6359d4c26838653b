import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CurrencyRules } from "../money/money";
import {
  addMonthsClamped,
  countInstallmentsBy,
  INSTALLMENT_NOTICE_DAYS,
  MAX_INSTALLMENTS,
  scheduleInstallments,
  splitInstallments,
} from "./installments";

const EUR: CurrencyRules = { code: "EUR", decimalDigits: 2, rounding: 0 };
const CHF: CurrencyRules = { code: "CHF", decimalDigits: 2, rounding: 0.05 };
const JPY: CurrencyRules = { code: "JPY", decimalDigits: 0, rounding: 0 };

describe("splitInstallments", () => {
  it.each<[string, number, number, CurrencyRules | undefined, number[]]>([
    ["even", 30_000, 3, EUR, [10_000, 10_000, 10_000]],
    ["one cent over: on the first", 10_001, 3, EUR, [3_334, 3_334, 3_333]],
    ["two cents over: the first two", 10_002, 3, EUR, [3_334, 3_334, 3_334]],
    ["100.00 in 3", 10_000, 3, undefined, [3_334, 3_333, 3_333]],
    ["CHF in whole 0.05 steps", 10_000, 3, CHF, [3_335, 3_335, 3_330]],
    ["CHF with an odd total: the odd rappen on the first", 10_003, 3, CHF, [3_338, 3_335, 3_330]],
    ["yen", 10_000, 3, JPY, [3_334, 3_333, 3_333]],
    ["less than a cent each", 2, 3, EUR, [1, 1, 0]],
    ["nothing", 0, 2, EUR, [0, 0]],
  ])("%s", (_name, total, count, currency, expected) => {
    expect(splitInstallments(total, count, currency)).toEqual(expected);
  });

  it("never loses or invents a cent, and the parts differ by at most one step", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: MAX_INSTALLMENTS }),
        fc.constantFrom(EUR, CHF, JPY),
        (total, count, currency) => {
          const parts = splitInstallments(total, count, currency);
          expect(parts).toHaveLength(count);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const tail = parts.slice(1);
          const step = currency === CHF ? 5 : 1;
          if (tail.length > 0) expect(Math.max(...tail) - Math.min(...tail)).toBeLessThanOrEqual(step);
          for (const part of tail) expect(part % step).toBe(0);
          expect(parts.every((p) => Number.isSafeInteger(p) && p >= 0)).toBe(true);
        },
      ),
    );
  });

  it("refuses a bad total or count", () => {
    expect(() => splitInstallments(100.5, 2)).toThrow(RangeError);
    expect(() => splitInstallments(-1, 2)).toThrow(RangeError);
    expect(() => splitInstallments(100, 0)).toThrow(RangeError);
    expect(() => splitInstallments(100, 1.5)).toThrow(RangeError);
  });
});

describe("addMonthsClamped", () => {
  it.each<[string, number, string]>([
    ["20240115", 0, "20240115"],
    ["20240115", 1, "20240215"],
    ["20240131", 1, "20240229"],
    ["20230131", 1, "20230228"],
    ["20240131", 2, "20240331"],
    ["20240531", 1, "20240630"],
    ["20241130", 2, "20250130"],
    ["20241231", 14, "20260228"],
  ])("%s + %i months → %s", (ymd, months, expected) => {
    expect(addMonthsClamped(ymd, months)).toBe(expected);
  });
});

describe("scheduleInstallments", () => {
  it("three monthly charges, each announced days before, the first on the day of the plan", () => {
    expect(
      scheduleInstallments({
        totalMinor: 10_001,
        count: 3,
        firstChargeDate: "20240131",
        issuedOn: "20240131",
        currency: EUR,
      }),
    ).toEqual([
      { number: 1, chargeDate: "20240131", noticeDate: "20240131", amountMinor: 3_334 },
      { number: 2, chargeDate: "20240229", noticeDate: "20240226", amountMinor: 3_334 },
      { number: 3, chargeDate: "20240331", noticeDate: "20240328", amountMinor: 3_333 },
    ]);
  });

  it("a first charge two days away is announced on the day of the plan", () => {
    const plan = scheduleInstallments({
      totalMinor: 6_000,
      count: 2,
      firstChargeDate: "20240302",
      issuedOn: "20240229",
    });
    expect(plan.map((i) => [i.chargeDate, i.noticeDate])).toEqual([
      ["20240302", "20240229"],
      ["20240402", "20240330"],
    ]);
  });

  it("notice days default to INSTALLMENT_NOTICE_DAYS and can be set", () => {
    const at = (noticeDays?: number) =>
      scheduleInstallments({
        totalMinor: 100,
        count: 2,
        firstChargeDate: "20240110",
        issuedOn: "20240101",
        noticeDays,
      })[1]?.noticeDate;
    expect(INSTALLMENT_NOTICE_DAYS).toBe(3);
    expect(at()).toBe("20240207");
    expect(at(7)).toBe("20240203");
    expect(at(0)).toBe("20240210");
  });

  it("refuses a first charge before the plan", () => {
    expect(() =>
      scheduleInstallments({ totalMinor: 100, count: 2, firstChargeDate: "20240101", issuedOn: "20240102" }),
    ).toThrow(RangeError);
  });

  it("dates rise month by month and the e-mail never follows its charge", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: MAX_INSTALLMENTS }),
        fc.integer({ min: 0, max: 10 }),
        (offset, lead, count, noticeDays) => {
          const start = new Date(Date.UTC(2024, 0, 1 + offset));
          const day = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
          const issue = day(start);
          const first = day(new Date(start.getTime() + lead * 86_400_000));
          const plan = scheduleInstallments({
            totalMinor: 99_999,
            count,
            firstChargeDate: first,
            issuedOn: issue,
            noticeDays,
          });
          for (const [i, item] of plan.entries()) {
            expect(item.noticeDate <= item.chargeDate).toBe(true);
            expect(item.noticeDate >= issue).toBe(true);
            if (i > 0) expect(item.chargeDate > (plan[i - 1]?.chargeDate ?? "")).toBe(true);
          }
        },
      ),
    );
  });
});

describe("countInstallmentsBy", () => {
  it.each<[string, string, number]>([
    ["20240115", "20240114", 0],
    ["20240115", "20240115", 1],
    ["20240115", "20240314", 2],
    ["20240115", "20240315", 3],
    ["20240131", "20240229", 2],
    ["20240101", "20300101", MAX_INSTALLMENTS],
  ])("from %s to %s: %i", (first, last, expected) => {
    expect(countInstallmentsBy(first, last)).toBe(expected);
  });
});
