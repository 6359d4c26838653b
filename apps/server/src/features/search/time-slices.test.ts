import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { timeSlices } from "./time-slices";

describe("timeSlices", () => {
  it("is not due before a slice of work has gone by, and is after it", () => {
    const slices = timeSlices(2);
    expect(slices.due()).toBe(false);
    const start = performance.now();
    while (performance.now() - start < 3) {
      // busy: the work of a slice
    }
    expect(slices.due()).toBe(true);
  });

  it("lets what waits on the event loop run at a pause, and starts a new slice after it", async () => {
    const slices = timeSlices(1_000);
    const ran: string[] = [];
    setImmediate(() => ran.push("another request's callback"));
    await slices.pause();
    ran.push("the loop again");
    expect(ran).toEqual(["another request's callback", "the loop again"]);
    expect(slices.due()).toBe(false);
  });
});
