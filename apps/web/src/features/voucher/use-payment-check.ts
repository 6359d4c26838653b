import type { ConfirmPaymentResponse } from "@alloggio/domain/contract/booking/confirm-payment";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { confirmPayment } from "./api/use-confirm-payment";

/** Pauses between the asks while the gateway has not decided: 1 + 2 + 3 + 5 + 8 = 19 s in all, then the guest decides. */
export const POLL_DELAYS: readonly number[] = [1000, 2000, 3000, 5000, 8000];

export type PaymentCheck =
  | { kind: "checking" }
  /** Paid or authorised, or nothing left to pay: the voucher tells the rest (`paid`: a payment went through). */
  | { kind: "done"; paid: boolean }
  /** Still waiting for the gateway after every ask. */
  | { kind: "waiting" }
  /** Declined or cancelled. */
  | { kind: "failed" }
  | { kind: "error"; code: string };

/** What an answer of `confirmPayment.do` means for the guest coming back from 3-D Secure. */
export function outcomeOf(answer: ConfirmPaymentResponse): "done" | "waiting" | "failed" {
  if (answer.status === "cancelled") return "failed";
  if (answer.paid) return "done";
  if (answer.status === "payment_required" || answer.status === "preauth_required") return "waiting";
  return "done";
}

/** The same request still running under another key, or a brief overload: worth another ask. */
const transient = (error: unknown) =>
  error instanceof ApiError && (error.code === "request_in_progress" || error.code === "conflict");

/**
 * Asks the server about the payment of `code` (the return URL alone proves nothing), then again with backoff while
 * the gateway has not decided. `retry` starts over.
 */
export function usePaymentCheck(code: string, gateway: string, delays: readonly number[] = POLL_DELAYS) {
  const [check, setCheck] = useState<PaymentCheck>({ kind: "checking" });
  const [round, setRound] = useState(0);

  useEffect(() => {
    // `round` starts a new series of asks.
    void round;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const again = () => {
      const delay = delays[attempt++];
      if (delay === undefined) return false;
      timer = setTimeout(ask, delay);
      return true;
    };
    async function ask() {
      try {
        const answer = await confirmPayment(code, gateway, controller.signal);
        const outcome = outcomeOf(answer);
        if (controller.signal.aborted) return;
        if (outcome === "waiting" && again()) return;
        setCheck(outcome === "done" ? { kind: "done", paid: answer.paid } : { kind: outcome });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (transient(error) && again()) return;
        setCheck({ kind: "error", code: error instanceof ApiError ? error.code : "network" });
      }
    }
    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [code, gateway, delays, round]);

  const retry = useCallback(() => {
    setCheck({ kind: "checking" });
    setRound((n) => n + 1);
  }, []);
  return { check, retry };
}
