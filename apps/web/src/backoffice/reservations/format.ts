import { useTranslation } from "react-i18next";

/** Formats for the reservations screens, in the back office's language. */
export function useFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.language || "en";
  return {
    /** Minor units of a currency, with Intl. */
    money(minor: number, currency: string, decimalDigits: number): string {
      return new Intl.NumberFormat(locale, {
        style: "currency",
        currency,
        minimumFractionDigits: decimalDigits,
        maximumFractionDigits: decimalDigits,
      }).format(minor / 10 ** decimalDigits);
    },
    /** YYYY-MM-DD or YYYYMMDD as a short date (the day itself, no time zone shift). */
    day(value: string): string {
      const iso =
        value.length === 8 ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;
      return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(
        new Date(`${iso.slice(0, 10)}T00:00:00Z`),
      );
    },
    /** The date of an instant, here. */
    date(value: string): string {
      return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(value));
    },
    /** The time of day of an instant. */
    time(value: string): string {
      return new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(new Date(value));
    },
    /** An instant, date and time. */
    instant(value: string): string {
      return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
        new Date(value),
      );
    },
  };
}

/** The badge's look for a reservation status. */
export function statusTone(status: string): string {
  switch (status) {
    case "confirmed":
      return "ok";
    case "cancelled":
      return "off";
    case "pending_confirmation":
      return "option";
    default:
      return "wait";
  }
}
