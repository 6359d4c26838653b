import { useCallback } from "react";
import { formatPrice } from "../../lib/format";

/**
 * Formats an amount of the hotel's currency for display. The currency selector (global elements) replaces this
 * with the guest's chosen currency, converted with the rate of the conversion call.
 */
export function useFormatPrice(): (amount: number, currency: string) => string {
  return useCallback((amount, currency) => formatPrice(amount, currency), []);
}
