import { formatFileSize, formatHotelTime, formatPrice } from "../../lib/format";

/** Money of the offer in its own currency, in the language's style (the house style of every guest page). */
export function formatMoney(amount: number, currency: string, languageId: number): string {
  return formatPrice(amount, currency, languageId);
}

/** An instant (ISO) as a date and time in the hotel's own time zone ("valid until …" in the hotel's terms). */
export function formatInstant(iso: string, locale: string, timeZone: string): string {
  return formatHotelTime(iso, locale, timeZone, { dateStyle: "long", timeStyle: "short" });
}

/** A file size in the locale's digits: bytes, kB or MB. */
export const formatSize = formatFileSize;

/** A short name of a file's type for people ("PDF", "JPEG image"): a key of `offers:attachments.types`. */
export function fileKind(contentType: string): "pdf" | "image" | "other" {
  if (contentType === "application/pdf") return "pdf";
  if (contentType.startsWith("image/")) return "image";
  return "other";
}
