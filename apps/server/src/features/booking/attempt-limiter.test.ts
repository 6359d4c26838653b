import { describe, expect, it } from "vitest";
import { createAttemptLimiter } from "./attempt-limiter";

function clockAt(ms: number) {
  const clock = { ms, now: () => new Date(clock.ms) };
  return clock;
}

describe("createAttemptLimiter", () => {
  it("blocks a key after max failures until its window ends", () => {
    const clock = clockAt(0);
    const limiter = createAttemptLimiter({ max: 3, windowMs: 1000, now: clock.now });
    for (let i = 0; i < 3; i++) {
      expect(limiter.isBlocked("A")).toBe(false);
      limiter.recordFailure("A");
    }
    expect(limiter.isBlocked("A")).toBe(true);
    expect(limiter.isBlocked("B")).toBe(false);
    clock.ms = 999;
    expect(limiter.isBlocked("A")).toBe(true);
    clock.ms = 1000;
    expect(limiter.isBlocked("A")).toBe(false);
    limiter.recordFailure("A");
    expect(limiter.isBlocked("A")).toBe(false);
  });

  it("keeps at most maxKeys keys, dropping expired then oldest ones", () => {
    const clock = clockAt(0);
    const limiter = createAttemptLimiter({ max: 1, windowMs: 1000, now: clock.now, maxKeys: 3 });
    limiter.recordFailure("old");
    clock.ms = 500;
    limiter.recordFailure("B");
    limiter.recordFailure("C");
    clock.ms = 1200;
    // "old" has expired and goes first; B and C stay.
    limiter.recordFailure("D");
    expect(["B", "C", "D"].map((k) => limiter.isBlocked(k))).toEqual([true, true, true]);
    // Full of live keys: the oldest (B) makes room.
    limiter.recordFailure("E");
    expect(["B", "C", "D", "E"].map((k) => limiter.isBlocked(k))).toEqual([false, true, true, true]);
  });
});
