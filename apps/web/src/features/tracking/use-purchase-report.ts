import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { purchaseOf } from "@alloggio/domain/tracking/events";
import { useEffect, useSyncExternalStore } from "react";
import { useConversion } from "../currency/api/use-conversion";
import { purchasePending, reportPurchase } from "./events";
import { subscribeTracking, trackingState } from "./tracking-state";

/**
 * On the voucher reached right after its booking: reports the purchase once, in EUR (converted from the hotel's
 * currency with the app's currency rates), once the loader has settled this document.
 */
export function usePurchaseReport(reservation: Reservation): void {
  const state = useSyncExternalStore(subscribeTracking, trackingState, () => null);
  const currency = reservation.currency.toUpperCase();
  const pending = purchasePending(reservation.code);
  const eur = currency === "EUR";
  const conversion = useConversion(currency, pending && !eur ? "EUR" : null);
  useEffect(() => {
    if (!state?.settled || !purchasePending(reservation.code)) return;
    if (!eur && conversion.isPending) return;
    reportPurchase(purchaseOf(reservation, eur ? null : (conversion.data ?? null)), reservation.code);
  }, [state, reservation, eur, conversion.isPending, conversion.data]);
}
