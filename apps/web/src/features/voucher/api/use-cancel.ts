import type { CancellationQuote } from "@alloggio/domain/contract/booking/manage";
import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { useQuery } from "@tanstack/react-query";
import { postJson } from "../../../lib/api-client";
import { managePath, withKey } from "./manage-paths";

/**
 * Whose reservation (the holder's proof) and which room; no room = the whole reservation. `language`: the answer
 * names rooms, rates and services in it (the page's).
 */
export type CancelTarget = {
  channel: number;
  reservation: string;
  mail: string;
  room?: number | undefined;
  language?: number | undefined;
};

/** `delete.do` with `preview: true`: what cancelling now costs (free, or the penalty), the refund, the new total. */
export function previewCancellation(target: CancelTarget, signal?: AbortSignal): Promise<CancellationQuote> {
  return postJson<CancellationQuote>(
    managePath("cancel"),
    { ...target, preview: true },
    { signal: signal ?? null },
  );
}

/** `delete.do`: cancels for real; the answer is the reservation as it now stands. */
export function cancelReservation(target: CancelTarget, key: string): Promise<Reservation> {
  return postJson<Reservation>(managePath("cancel"), target, withKey(key));
}

/** The preview, asked afresh each time the dialog opens (the deadline may pass while the page is open). */
export function useCancellationPreview(target: CancelTarget) {
  return useQuery({
    queryKey: ["cancel-preview", target],
    queryFn: ({ signal }) => previewCancellation(target, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
