import type {
  ConfirmResponse,
  GuestDataRequestSchema,
  PrepaidCheckResponse,
} from "@alloggio/domain/contract/booking/guestdata";
import type { ErrorBody } from "@alloggio/domain/contract/common";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, retryUnlessAnswered } from "../../../lib/api-client";

/** The booking payload of `guestdata.do` as the client sends it (the contract's input side). */
export type BookingRequest = z.input<typeof GuestDataRequestSchema>;

/** POST /api/guestdata.do; a failed answer throws `ApiError` with the server's code and field details. */
async function postGuestData<T>(body: BookingRequest, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch("/api/guestdata.do", {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    let error: ApiError;
    try {
      const answer = (await response.json()) as ErrorBody;
      error = new ApiError(response.status, answer.error.code, answer.error.message, answer.error.details);
    } catch {
      error = new ApiError(
        response.status,
        response.status >= 500 ? "server" : "unknown",
        response.statusText,
      );
    }
    throw error;
  }
  return (await response.json()) as T;
}

/** `guestdata.do` with `checkPrepaid: 1`: what the booking costs, what is due now and later, how it may be paid. */
export function fetchPrepaidCheck(body: BookingRequest): Promise<PrepaidCheckResponse> {
  return postGuestData<PrepaidCheckResponse>({ ...body, checkPrepaid: 1 });
}

export function usePrepaidCheck(body: BookingRequest) {
  return useQuery({
    queryKey: ["prepaid-check", body],
    queryFn: () => fetchPrepaidCheck(body),
    // Sold out, prices changed, a missing service: asking again gives the same answer.
    retry: retryUnlessAnswered(1),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * `guestdata.do` without `checkPrepaid`: books. The same `Idempotency-Key` for a retry of the same booking makes the
 * server answer it again instead of booking twice. A network failure throws a `TypeError`.
 */
export function confirmBooking(body: BookingRequest, idempotencyKey: string): Promise<ConfirmResponse> {
  return postGuestData<ConfirmResponse>(body, { "Idempotency-Key": idempotencyKey });
}
