import type { HotelListResponse } from "../contract/channels/hotel-list";

// Shared by the web app's messaging button and the server's first paint of the search page (ADR 0051).
type Messaging = HotelListResponse["hotels"][number]["messaging"];

function safeUrl(value: string | undefined): string | null {
  return value && /^https:\/\/|^http:\/\//i.test(value.trim()) ? value.trim() : null;
}

/** A WhatsApp link from the number, for hotels that give only the number (wa.me works on phones and desktops). */
function whatsAppUrl(messaging: Messaging): string | null {
  const digits = messaging.number?.replace(/\D/g, "") ?? "";
  return /whatsapp/i.test(messaging.button ?? "") && digits.length >= 6 ? `https://wa.me/${digits}` : null;
}

/**
 * Where the messaging button leads (SPEC §2): the mobile link on phones, the web link elsewhere, each falling back
 * to the other and then to a WhatsApp link built from the number; null when messaging is off or has no link.
 */
export function findMessagingUrl(messaging: Messaging, isPhone: boolean): string | null {
  if (!messaging.active) return null;
  const mobile = safeUrl(messaging.mobileUrl);
  const web = safeUrl(messaging.webUrl);
  return (isPhone ? (mobile ?? web) : (web ?? mobile)) ?? whatsAppUrl(messaging);
}

/** Phones: a narrow screen or a coarse pointer. */
export const PHONE_QUERY = "(max-width: 640px), (pointer: coarse)";
