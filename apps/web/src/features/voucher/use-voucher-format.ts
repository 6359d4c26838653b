import { useMemo } from "react";
import { formatDay } from "../../lib/format";
import { useFormatPrice } from "../currency/use-format-price";
import { useHotel } from "../hotel/hotel-context";

const YMD = /^\d{8}$/;

/** Money in the reservation's currency, stay dates, instants in the hotel's time zone, country names. */
export function useVoucherFormat(currency: string) {
  const { locale, hotel } = useHotel();
  const formatPrice = useFormatPrice();
  return useMemo(() => {
    const regions = (() => {
      try {
        return new Intl.DisplayNames([locale], { type: "region" });
      } catch {
        return null;
      }
    })();
    const instant = new Intl.DateTimeFormat(locale, {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: hotel.timeZone,
    });
    return {
      money: (amount: number) => formatPrice(amount, currency),
      /** A `YYYYMMDD` day; any other text as it is. */
      day: (ymd: string) => (YMD.test(ymd) ? formatDay(ymd, locale) : ymd),
      /** A stay date with its weekday. */
      stayDay: (ymd: string) =>
        YMD.test(ymd)
          ? formatDay(ymd, locale, { weekday: "short", day: "numeric", month: "short", year: "numeric" })
          : ymd,
      /** An ISO 8601 instant as the hotel's local date and time. */
      instant: (iso: string) => {
        const date = new Date(iso);
        return Number.isNaN(date.getTime()) ? iso : instant.format(date);
      },
      /** `IT` → `Italy` in the guest's language; an unknown code as it is. */
      country: (code: string) => {
        if (!/^[A-Za-z]{2}$/.test(code)) return code;
        try {
          return regions?.of(code.toUpperCase()) ?? code;
        } catch {
          return code;
        }
      },
    };
  }, [locale, hotel.timeZone, formatPrice, currency]);
}

export type VoucherFormat = ReturnType<typeof useVoucherFormat>;
