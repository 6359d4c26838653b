import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  findOverride,
  formatOverride,
  type PriceOverride,
  parseHpcc,
  spreadEvenly,
  spreadEvenlyWithStep,
} from "./overrides";

const SIG = "0123456789abcdef";
const SIG64 = "a".repeat(64);

describe("parseHpcc", () => {
  it("parses one entry", () => {
    expect(parseHpcc(`12~3~10/07/2024~14/07/2024~450.50~${SIG}`)).toEqual({
      ok: true,
      overrides: [
        {
          roomId: 12,
          rateId: 3,
          arrival: "20240710",
          departure: "20240714",
          total: 450.5,
          signed: "12~3~10/07/2024~14/07/2024~450.50",
          signature: SIG,
        },
      ],
    });
  });

  it("parses several entries in order", () => {
    const result = parseHpcc(
      [
        `12~3~10/07/2024~14/07/2024~450~${SIG}`,
        `13~3~30/12/2024~02/01/2025~1200.125~${SIG64}`,
        `12~4~10/07/2024~14/07/2024~0.01~${SIG}`,
      ].join(","),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.overrides.map((o) => [o.roomId, o.rateId, o.arrival, o.departure, o.total])).toEqual([
      [12, 3, "20240710", "20240714", 450],
      [13, 3, "20241230", "20250102", 1200.125],
      [12, 4, "20240710", "20240714", 0.01],
    ]);
    expect(result.overrides[1]?.signed).toBe("13~3~30/12/2024~02/01/2025~1200.125");
  });

  it("accepts 20 entries", () => {
    const entries = Array.from({ length: 20 }, (_, i) => `${i + 1}~1~01/03/2024~02/03/2024~100~${SIG}`);
    expect(parseHpcc(entries.join(",")).ok).toBe(true);
  });

  it.each([
    ["empty", ""],
    [
      "21 entries",
      Array.from({ length: 21 }, (_, i) => `${i + 1}~1~01/03/2024~02/03/2024~100~${SIG}`).join(","),
    ],
    ["trailing comma", `1~1~01/03/2024~02/03/2024~100~${SIG},`],
    ["missing signature", "1~1~01/03/2024~02/03/2024~100"],
    ["extra field", `1~1~01/03/2024~02/03/2024~100~${SIG}~x`],
    ["room id 0", `0~1~01/03/2024~02/03/2024~100~${SIG}`],
    ["room id not a number", `a~1~01/03/2024~02/03/2024~100~${SIG}`],
    ["negative rate id", `1~-1~01/03/2024~02/03/2024~100~${SIG}`],
    ["ISO arrival", `1~1~2024-03-01~02/03/2024~100~${SIG}`],
    ["impossible arrival", `1~1~30/02/2024~02/03/2024~100~${SIG}`],
    ["padded departure", `1~1~01/03/2024~ 02/03/2024~100~${SIG}`],
    ["departure equals arrival", `1~1~01/03/2024~01/03/2024~100~${SIG}`],
    ["departure before arrival", `1~1~02/03/2024~01/03/2024~100~${SIG}`],
    ["zero total", `1~1~01/03/2024~02/03/2024~0~${SIG}`],
    ["negative total", `1~1~01/03/2024~02/03/2024~-5~${SIG}`],
    ["comma decimal total", `1~1~01/03/2024~02/03/2024~100,5~${SIG}`],
    ["exponent total", `1~1~01/03/2024~02/03/2024~1e3~${SIG}`],
    ["too many decimals", `1~1~01/03/2024~02/03/2024~1.2345~${SIG}`],
    ["total above 10,000,000", `1~1~01/03/2024~02/03/2024~10000000.01~${SIG}`],
    ["short signature", `1~1~01/03/2024~02/03/2024~100~0123456789abcde`],
    ["long signature", `1~1~01/03/2024~02/03/2024~100~${"a".repeat(65)}`],
    ["uppercase signature", `1~1~01/03/2024~02/03/2024~100~0123456789ABCDEF`],
    ["non-hex signature", `1~1~01/03/2024~02/03/2024~100~0123456789abcdeg`],
    ["duplicate key", `1~1~01/03/2024~02/03/2024~100~${SIG},1~1~01/03/2024~02/03/2024~120~${SIG}`],
    ["one bad entry among good", `1~1~01/03/2024~02/03/2024~100~${SIG},2~1~01/03/2024~02/03/2024~100~xyz`],
  ])("rejects %s", (_, value) => {
    const result = parseHpcc(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).not.toBe("");
  });

  it("accepts a total of exactly 10,000,000", () => {
    expect(parseHpcc(`1~1~01/03/2024~02/03/2024~10000000~${SIG}`).ok).toBe(true);
  });
});

describe("formatOverride", () => {
  it.each([
    [
      { roomId: 12, rateId: 3, arrival: "20240710", departure: "20240714", total: 450.5 },
      "12~3~10/07/2024~14/07/2024~450.5",
    ],
    [
      { roomId: 1, rateId: 2, arrival: "20241230", departure: "20250102", total: 1200 },
      "1~2~30/12/2024~02/01/2025~1200",
    ],
    [
      { roomId: 1, rateId: 2, arrival: "20240228", departure: "20240301", total: 0.1 + 0.2 },
      "1~2~28/02/2024~01/03/2024~0.3",
    ],
  ])("%j → %s", (terms, expected) => {
    expect(formatOverride(terms)).toBe(expected);
  });

  it.each([0, -1, Number.NaN, 10_000_001])("throws on the total %d", (total) => {
    expect(() =>
      formatOverride({ roomId: 1, rateId: 1, arrival: "20240101", departure: "20240102", total }),
    ).toThrow(RangeError);
  });

  it("round-trips through parseHpcc", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2199-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        (roomId, rateId, arrivalDate, nights, totalThousandths) => {
          const day = (date: Date) => date.toISOString().slice(0, 10).replaceAll("-", "");
          const arrival = day(arrivalDate);
          const departure = day(new Date(arrivalDate.getTime() + nights * 86_400_000));
          const terms = { roomId, rateId, arrival, departure, total: totalThousandths / 1000 };
          const signed = formatOverride(terms);
          const result = parseHpcc(`${signed}~${SIG}`);
          expect(result).toEqual({ ok: true, overrides: [{ ...terms, signed, signature: SIG }] });
        },
      ),
    );
  });
});

describe("spreadEvenly", () => {
  it.each([
    [1000, 1, [1000]],
    [1000, 4, [250, 250, 250, 250]],
    [1000, 3, [334, 333, 333]],
    [1001, 3, [334, 334, 333]],
    [2, 3, [1, 1, 0]],
    [0, 3, [0, 0, 0]],
    [-7, 3, [-2, -2, -3]],
    [45050, 7, [6436, 6436, 6436, 6436, 6436, 6435, 6435]],
  ])("%d over %d → %j", (total, nights, expected) => {
    expect(spreadEvenly(total, nights)).toEqual(expected);
  });

  it.each([
    [100, 0],
    [100, -1],
    [100, 1.5],
    [100.5, 2],
  ])("throws for %d over %d", (total, nights) => {
    expect(() => spreadEvenly(total, nights)).toThrow(RangeError);
  });

  it("sums exactly, spreads by at most 1 and front-loads the remainder", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 1, max: 400 }),
        (total, nights) => {
          const spread = spreadEvenly(total, nights);
          expect(spread).toHaveLength(nights);
          expect(spread.reduce((sum, value) => sum + value, 0)).toBe(total);
          expect(Math.max(...spread) - Math.min(...spread)).toBeLessThanOrEqual(1);
          expect(spread.every((value, i) => i === 0 || value <= (spread[i - 1] ?? value))).toBe(true);
        },
      ),
    );
  });
});

describe("spreadEvenlyWithStep", () => {
  it.each([
    [10003, 3, 5, [3335, 3335, 3333]],
    [10000, 3, 5, [3335, 3335, 3330]],
    [10000, 4, 5, [2500, 2500, 2500, 2500]],
    [4, 2, 5, [0, 4]],
    [1001, 3, 1, [334, 334, 333]],
    [1001, 3, 0, [334, 334, 333]],
    [1000, 1, 5, [1000]],
  ])("%d over %d in steps of %d → %j", (total, nights, step, expected) => {
    expect(spreadEvenlyWithStep(total, nights, step)).toEqual(expected);
  });

  it.each([-5, 2.5])("throws for the step %d", (step) => {
    expect(() => spreadEvenlyWithStep(100, 2, step)).toThrow(RangeError);
  });

  it("sums exactly with every night but the last on the step", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 2, max: 100 }),
        (total, nights, step) => {
          const spread = spreadEvenlyWithStep(total, nights, step);
          expect(spread).toHaveLength(nights);
          expect(spread.reduce((sum, value) => sum + value, 0)).toBe(total);
          expect(spread.slice(0, -1).every((value) => value % step === 0)).toBe(true);
          expect(Math.max(...spread.slice(0, -1), 0) - Math.min(...spread)).toBeLessThanOrEqual(step);
        },
      ),
    );
  });
});

describe("findOverride", () => {
  const build = (roomId: number, rateId: number, arrival: string, departure: string): PriceOverride => ({
    roomId,
    rateId,
    arrival,
    departure,
    total: 100,
    signed: "",
    signature: SIG,
  });
  const overrides = [
    build(1, 1, "20240710", "20240714"),
    build(1, 2, "20240710", "20240714"),
    build(2, 1, "20240710", "20240712"),
  ];

  it.each([
    [{ roomId: 1, rateId: 1, arrival: "20240710", departure: "20240714" }, 0],
    [{ roomId: 1, rateId: 2, arrival: "20240710", departure: "20240714" }, 1],
    [{ roomId: 2, rateId: 1, arrival: "20240710", departure: "20240712" }, 2],
    [{ roomId: 2, rateId: 1, arrival: "20240710", departure: "20240714" }, null],
    [{ roomId: 1, rateId: 1, arrival: "20240711", departure: "20240714" }, null],
    [{ roomId: 1, rateId: 1, arrival: "20240710", departure: "20240713" }, null],
    [{ roomId: 3, rateId: 1, arrival: "20240710", departure: "20240714" }, null],
    [{ roomId: 1, rateId: 3, arrival: "20240710", departure: "20240714" }, null],
  ])("%j → entry %s", (key, index) => {
    expect(findOverride(overrides, key)).toBe(index === null ? null : overrides[index]);
  });
});
