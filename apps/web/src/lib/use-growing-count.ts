import { startTransition, useEffect, useState } from "react";

/**
 * How many items of a long list to render now: `step` at first, `step` more after each render (a task of its own,
 * at transition priority) until `total`. Each step is one small commit and layout instead of one long task for the
 * whole list (ADR 0054); the list is complete a few frames later. A new `list` (another answer) starts again.
 */
export function useGrowingCount(list: unknown, total: number, step: number): number {
  const [state, setState] = useState({ list, count: step });
  const count = state.list === list ? state.count : step;
  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(() => startTransition(() => setState({ list, count: count + step })), 0);
    return () => window.clearTimeout(timer);
  }, [list, count, total, step]);
  return Math.min(count, total);
}
