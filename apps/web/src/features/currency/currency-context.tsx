import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useHotel } from "../hotel/hotel-context";
import { useConversion } from "./api/use-conversion";
import {
  type ConversionRate,
  clearCurrencyChoice,
  readCurrencyChoice,
  writeCurrencyChoice,
} from "./currency-cache";

export type DisplayCurrency = {
  /** The hotel's currency: what the guest is charged in. */
  hotelCurrency: string;
  /** The currency prices are shown in. */
  code: string;
  /** The rate from the hotel currency to `code`; null while loading, on error or when `code` is the hotel's. */
  rate: ConversionRate | null;
  status: "idle" | "loading" | "error";
  choose: (code: string) => void;
};

export const DisplayCurrencyContext = createContext<DisplayCurrency | null>(null);

/** The display currency, or null outside the provider (prices then stay in their own currency). */
export function useDisplayCurrency(): DisplayCurrency | null {
  return useContext(DisplayCurrencyContext);
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Holds the guest's display currency for every price of the hotel pages (mounted in the hotel layout). */
export function CurrencyProvider({ children }: { children: ReactNode }) {
  const { hotel } = useHotel();
  const hotelCurrency = hotel.currency.toUpperCase();
  const [cached] = useState(() => {
    const storage = sessionStore();
    return storage ? readCurrencyChoice(storage, Date.now()) : null;
  });
  const [code, setCode] = useState(cached?.code ?? hotelCurrency);
  const target = code === hotelCurrency ? null : code;
  const conversion = useConversion(
    hotelCurrency,
    target,
    cached?.rate ? { rate: cached.rate, savedAt: cached.savedAt } : null,
  );
  const rate = target && conversion.data?.to.code === target ? conversion.data : null;

  // The choice and its rate go to the session; a new rate restarts the 2 days.
  useEffect(() => {
    const storage = sessionStore();
    if (!storage || !rate) return;
    const savedAt = conversion.dataUpdatedAt || Date.now();
    writeCurrencyChoice(storage, { code: rate.to.code, rate, savedAt });
  }, [rate, conversion.dataUpdatedAt]);

  const choose = useCallback(
    (next: string) => {
      const upper = next.toUpperCase();
      setCode(upper);
      const storage = sessionStore();
      if (!storage) return;
      if (upper === hotelCurrency) clearCurrencyChoice(storage);
      else writeCurrencyChoice(storage, { code: upper, rate: null, savedAt: Date.now() });
    },
    [hotelCurrency],
  );

  const status: DisplayCurrency["status"] =
    target === null ? "idle" : conversion.isError ? "error" : rate ? "idle" : "loading";
  const value = useMemo<DisplayCurrency>(
    () => ({ hotelCurrency, code, rate, status, choose }),
    [hotelCurrency, code, rate, status, choose],
  );
  return <DisplayCurrencyContext.Provider value={value}>{children}</DisplayCurrencyContext.Provider>;
}
