import { performance } from "node:perf_hooks";
import { setImmediate as nextTurn } from "node:timers/promises";

/** How long a request's loop over many items may hold the event loop before other callbacks get a turn. */
export const TIME_SLICE_MS = 4;

/**
 * Splits a loop over many items (a portal list's hotels) into slices of about `sliceMs` of work: between slices the
 * event loop runs what else is waiting — other requests' answers, timers — so one request's work proportional to
 * its data does not become every other request's wait (issue 33, ADR 0084). `due()` is cheap enough to ask per item;
 * `pause()` only when it says so, as a loop that never runs long never waits.
 */
export function timeSlices(sliceMs = TIME_SLICE_MS): { due: () => boolean; pause: () => Promise<void> } {
  let start = performance.now();
  return {
    due: () => performance.now() - start >= sliceMs,
    pause: async () => {
      await nextTurn();
      start = performance.now();
    },
  };
}
