import { MessageCircle } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useHotel } from "../hotel/hotel-context";
import { findMessagingUrl, PHONE_QUERY } from "./messaging-url";
import "./global-elements.css";

function subscribePhone(listener: () => void) {
  const query = window.matchMedia?.(PHONE_QUERY);
  query?.addEventListener("change", listener);
  return () => query?.removeEventListener("change", listener);
}

function isPhone(): boolean {
  return window.matchMedia?.(PHONE_QUERY).matches ?? false;
}

/** Whether the messaging button shows for this hotel (messaging active, with a link to open). */
export function useMessagingUrl(): string | null {
  const { hotel } = useHotel();
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  return findMessagingUrl(hotel.messaging, phone);
}

/**
 * SPEC §2: the messaging button, opening the hotel's chat link (mobile or web variant) in a new tab. It sits in the
 * header, not floating over the page, so it never covers a price or a button (ADR 0022).
 */
export function MessagingButton() {
  const { t } = useTranslation("global");
  const { hotel } = useHotel();
  const url = useMessagingUrl();
  if (!url) return null;
  const app = hotel.messaging.button?.trim();
  return (
    <a
      className="messaging-button"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={app ? t("messaging.labelApp", { app }) : t("messaging.label")}
    >
      <MessageCircle aria-hidden="true" size={18} />
      <span>{app || t("messaging.short")}</span>
    </a>
  );
}
