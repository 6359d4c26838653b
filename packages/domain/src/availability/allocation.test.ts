import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canAllocate, planCrossBooking } from "./allocation";

describe("canAllocate", () => {
  const cases: [string, number[][], [number, number][], boolean][] = [
    ["one slot, one free room", [[1]], [[1, 1]], true],
    ["one slot, none free", [[1]], [[1, 0]], false],
    ["two slots share the last room", [[1], [1]], [[1, 1]], false],
    ["two slots, two rooms of one type", [[1], [1]], [[1, 2]], true],
    [
      "needs reassignment: slot 0 could take 1 or 2, slot 1 only 1",
      [[1, 2], [1]],
      [
        [1, 1],
        [2, 1],
      ],
      true,
    ],
    [
      "three slots, two types of one room each",
      [
        [1, 2],
        [1, 2],
        [1, 2],
      ],
      [
        [1, 1],
        [2, 1],
      ],
      false,
    ],
    ["a slot with no candidate", [[1], []], [[1, 5]], false],
    ["no slots", [], [], true],
  ];
  it.each(cases)("%s", (_name, candidates, free, expected) => {
    expect(canAllocate(candidates, new Map(free))).toBe(expected);
  });

  it("agrees with brute force on random small cases", () => {
    const brute = (c: number[][], free: Map<number, number>): boolean => {
      const go = (i: number, left: Map<number, number>): boolean => {
        if (i === c.length) return true;
        for (const t of c[i]!) {
          const n = left.get(t) ?? 0;
          if (n > 0 && go(i + 1, new Map(left).set(t, n - 1))) return true;
        }
        return false;
      };
      return go(0, free);
    };
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 4 }), { maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }),
        (candidates, counts) => {
          const free = new Map(counts.map((n, i) => [i + 1, n]));
          expect(canAllocate(candidates, free)).toBe(brute(candidates, free));
        },
      ),
    );
  });
});

describe("planCrossBooking", () => {
  it.each([
    ["one type free every night", [[1], [1], [1]], [{ type: 1, from: 0, to: 3 }]],
    [
      "switch once",
      [[1], [1], [2]],
      [
        { type: 1, from: 0, to: 2 },
        { type: 2, from: 2, to: 3 },
      ],
    ],
    [
      "prefers the longest reach",
      [[1, 2], [2], [2], [1]],
      [
        { type: 2, from: 0, to: 3 },
        { type: 1, from: 3, to: 4 },
      ],
    ],
    ["a night with nothing free", [[1], [], [1]], null],
  ] as const)("%s", (_name, nights, expected) => {
    expect(planCrossBooking(nights.map((n) => [...n]))).toEqual(expected);
  });

  it("covers every night with the fewest segments", () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 10,
        }),
        (nights) => {
          const plan = planCrossBooking(nights)!;
          expect(plan[0]!.from).toBe(0);
          expect(plan.at(-1)!.to).toBe(nights.length);
          for (const s of plan) for (let n = s.from; n < s.to; n++) expect(nights[n]).toContain(s.type);
          // Lower bound by dynamic programming over (night, type).
          const best = nights.map(() => Number.POSITIVE_INFINITY);
          for (let end = 1; end <= nights.length; end++)
            for (let start = 0; start < end; start++)
              for (const t of nights[start]!) {
                let ok = true;
                for (let n = start; n < end; n++) if (!nights[n]!.includes(t)) ok = false;
                if (ok) best[end - 1] = Math.min(best[end - 1]!, (start === 0 ? 0 : best[start - 1]!) + 1);
              }
          expect(plan.length).toBe(best.at(-1));
        },
      ),
    );
  });
});
