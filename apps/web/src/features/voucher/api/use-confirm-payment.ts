import type { ConfirmPaymentResponse } from "@alloggio/domain/contract/booking/confirm-payment";
import { newIdempotencyKey, postJson } from "../../../lib/api-client";

/**
 * `confirmPayment.do`: the server asks the hotel's gateway whether the payment of `reservation` passed and confirms
 * only then. Each call carries its own Idempotency-Key: the server replays the stored answer for a key it has seen,
 * so polling with one key would hear the first "not paid yet" for ever. Asking again is safe: the state changes once.
 */
export function confirmPayment(
  reservation: string,
  gateway: string,
  signal?: AbortSignal,
): Promise<ConfirmPaymentResponse> {
  return postJson<ConfirmPaymentResponse>(
    "confirmPayment.do",
    { reservation, gateway },
    { signal: signal ?? null, headers: { "Idempotency-Key": newIdempotencyKey() } },
  );
}
