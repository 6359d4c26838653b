import { useTranslation } from "react-i18next";
import { dateLocaleOf, formatMinorIn } from "../format";

/**
 * Formats for the reservations screens, in the back office's language: money as the whole product writes it, and
 * every instant in the hotel's time zone (`timeZone`, from the page's answer), never the browser's.
 */
export function useFormats(timeZone?: string) {
  const { i18n } = useTranslation();
  const language = i18n.language || "en";
  const locale = dateLocaleOf(language);
  const zone = timeZone ? { timeZone } : {};
  return {
    /** Minor units of a currency. */
    money(minor: number, currency: string, decimalDigits: number): string {
      return formatMinorIn(minor, currency, decimalDigits, language);
    },
    /** YYYY-MM-DD or YYYYMMDD as a short date (the day itself, no time zone shift). */
    day(value: string): string {
      const iso =
        value.length === 8 ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;
      return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(
        new Date(`${iso.slice(0, 10)}T00:00:00Z`),
      );
    },
    /** The date of an instant, in hotel time. */
    date(value: string): string {
      return new Intl.DateTimeFormat(locale, { dateStyle: "medium", ...zone }).format(new Date(value));
    },
    /** The time of day of an instant, in hotel time. */
    time(value: string): string {
      return new Intl.DateTimeFormat(locale, { timeStyle: "short", ...zone }).format(new Date(value));
    },
    /** An instant, date and time, in hotel time. */
    instant(value: string): string {
      return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", ...zone }).format(
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
