import { useCallback, useContext } from "react";
import { formatPrice } from "../../lib/format";
import { HotelContext } from "../hotel/hotel-context";
import { convertForDisplay } from "./convert-price";
import { useDisplayCurrency } from "./currency-context";

/**
 * Formats an amount for display with the currency code, in the style of the page's language (SPEC §9, ADR 0019).
 * An amount in the hotel currency is shown in the guest's chosen currency, converted with the conversion call's
 * rate and rounded to that currency's digits and cash step; it stays as it is until the rate arrives, or when
 * nothing was chosen.
 */
export function useFormatPrice(): (amount: number, currency: string) => string {
  const rate = useDisplayCurrency()?.rate ?? null;
  const languageId = useContext(HotelContext)?.ids.language ?? 1;
  return useCallback(
    (amount, currency) => {
      const converted = rate ? convertForDisplay(amount, currency, rate) : null;
      return converted
        ? formatPrice(converted.amount, converted.currency, languageId)
        : formatPrice(amount, currency, languageId);
    },
    [rate, languageId],
  );
}
