import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { ApiError, newIdempotencyKey } from "../../lib/api-client";
import { isUnsettled } from "../checkout/idempotency-key";

export type ActionState<T> =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "done"; result: T }
  | { kind: "failed"; error: ApiError };

/** How a run ended; `error` null when another run was still going. */
export type Outcome<T> = { ok: true; result: T } | { ok: false; error: ApiError | null };

/** Any failure as an `ApiError` (a fetch that never got an answer is `network`). */
export const asApiError = (error: unknown) =>
  error instanceof ApiError ? error : new ApiError(0, "network", String(error));

/**
 * Runs a call that changes the reservation with an `Idempotency-Key`. The key is kept while the server has not
 * settled the request (no answer, its own failure, the same request still running) so a retry cannot act twice,
 * and only for the same payload: another payload is another request and gets another key. Once done the voucher
 * shows the reservation as it now stands (from the answer, or fetched again), with its new total, rooms and status.
 */
export function useManageAction<A, T>(
  call: (args: A, key: string) => Promise<T>,
  /** The reservation as it now stands when the answer carries it: shown as it is, without asking again. */
  reservationOf?: (result: T, current: Reservation | undefined) => Reservation | null,
) {
  const client = useQueryClient();
  const saved = useRef<{ fingerprint: string; key: string } | null>(null);
  const [state, setState] = useState<ActionState<T>>({ kind: "idle" });
  const running = useRef(false);

  const run = useCallback(
    async (args: A): Promise<Outcome<T>> => {
      if (running.current) return { ok: false, error: null };
      running.current = true;
      const fingerprint = JSON.stringify(args);
      if (saved.current?.fingerprint !== fingerprint)
        saved.current = { fingerprint, key: newIdempotencyKey() };
      setState({ kind: "sending" });
      try {
        const result = await call(args, saved.current.key);
        saved.current = null;
        setState({ kind: "done", result });
        const current = client.getQueriesData<Reservation>({ queryKey: ["reservation"] })[0]?.[1];
        const reservation = reservationOf?.(result, current) ?? null;
        // retrieve.do is rate limited per address: an answer that carries the reservation is not asked again.
        if (reservation) client.setQueriesData({ queryKey: ["reservation"] }, reservation);
        else await client.invalidateQueries({ queryKey: ["reservation"] });
        return { ok: true, result };
      } catch (err) {
        const error = asApiError(err);
        if (!isUnsettled(error)) {
          saved.current = null;
          // A refusal may come from a reservation that changed meanwhile: show the voucher as it now is.
          void client.invalidateQueries({ queryKey: ["reservation"] });
        }
        setState({ kind: "failed", error });
        return { ok: false, error };
      } finally {
        running.current = false;
      }
    },
    [call, client, reservationOf],
  );
  const reset = useCallback(() => setState({ kind: "idle" }), []);
  return { state, run, reset };
}
