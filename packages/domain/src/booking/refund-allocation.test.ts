import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateRefund } from "./refund-allocation";

describe("allocateRefund", () => {
  it("takes the newest capture first and splits what it cannot hold over the older ones", () => {
    const sources = [
      { id: 3, capturedMinor: 7000, refundedMinor: 0 },
      { id: 1, capturedMinor: 3000, refundedMinor: 0 },
    ];
    expect(allocateRefund(5000, sources)).toEqual({
      parts: [{ sourceId: 3, amountMinor: 5000 }],
      manualMinor: 0,
    });
    expect(allocateRefund(9000, sources)).toEqual({
      parts: [
        { sourceId: 3, amountMinor: 7000 },
        { sourceId: 1, amountMinor: 2000 },
      ],
      manualMinor: 0,
    });
  });

  it("skips what was already refunded and leaves the rest to the hotel", () => {
    expect(
      allocateRefund(5000, [
        { id: 2, capturedMinor: 2000, refundedMinor: 2000 },
        { id: 1, capturedMinor: 3000, refundedMinor: 1000 },
      ]),
    ).toEqual({ parts: [{ sourceId: 1, amountMinor: 2000 }], manualMinor: 3000 });
    expect(allocateRefund(4000, [])).toEqual({ parts: [], manualMinor: 4000 });
  });

  it("never gives a capture more than it holds, and loses or invents nothing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(
          fc
            .tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }))
            .map(([a, b]) => ({ capturedMinor: Math.max(a, b), refundedMinor: Math.min(a, b) })),
          { maxLength: 6 },
        ),
        (amount, raw) => {
          const sources = raw.map((s, i) => ({ id: i + 1, ...s }));
          const { parts, manualMinor } = allocateRefund(amount, sources);
          expect(parts.reduce((sum, p) => sum + p.amountMinor, 0) + manualMinor).toBe(amount);
          for (const part of parts) {
            const source = sources.find((s) => s.id === part.sourceId)!;
            expect(part.amountMinor).toBeGreaterThan(0);
            expect(part.amountMinor).toBeLessThanOrEqual(source.capturedMinor - source.refundedMinor);
          }
          expect(new Set(parts.map((p) => p.sourceId)).size).toBe(parts.length);
          // Something is left to the hotel only when the cards hold nothing more.
          const room = sources.reduce((sum, s) => sum + s.capturedMinor - s.refundedMinor, 0);
          expect(manualMinor).toBe(Math.max(0, amount - room));
        },
      ),
    );
  });
});
