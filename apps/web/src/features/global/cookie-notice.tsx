import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useHotel } from "../hotel/hotel-context";
import "./global-elements.css";

/** SPEC §9: the cookie ok flag lives in session storage, so the notice shows once per session. */
export const COOKIE_OK_KEY = "cookieOk";

const listeners = new Set<() => void>();

function readCookieOk(): boolean {
  try {
    return window.sessionStorage.getItem(COOKIE_OK_KEY) === "true";
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the guest has accepted the notice in this session, and how to accept it. */
export function useCookieOk(): [boolean, () => void] {
  const ok = useSyncExternalStore(subscribe, readCookieOk, () => true);
  const accept = () => {
    try {
      window.sessionStorage.setItem(COOKIE_OK_KEY, "true");
    } catch {
      // Blocked storage: the notice comes back on the next page load, which is the safe side.
    }
    for (const listener of listeners) listener();
  };
  return [ok, accept];
}

type WithSettings = { settings: Record<string, unknown> };

function asUrl(value: unknown): string | null {
  return typeof value === "string" && /^(https?:\/\/|\/)/i.test(value.trim()) ? value.trim() : null;
}

/** The privacy and cookie page: the hotel's, else the channel's, else none (the link is hidden). */
export function findCookiePolicyUrl(hotel: WithSettings, channel: WithSettings): string | null {
  return asUrl(hotel.settings.cookiePolicyUrl) ?? asUrl(channel.settings.cookiePolicyUrl);
}

/** SPEC §2: a non-blocking bottom banner, once per session, with OK and Learn more. */
export function CookieNotice() {
  const { t } = useTranslation("global");
  const { hotel, channel } = useHotel();
  const [ok, accept] = useCookieOk();
  if (ok) return null;
  const url = findCookiePolicyUrl(hotel, channel);
  return (
    <section className="cookie-notice" aria-label={t("cookie.region")}>
      <p className="cookie-notice__text">{t("cookie.text")}</p>
      <div className="cookie-notice__actions">
        {url ? (
          <a
            className="button button--secondary cookie-notice__link"
            href={url}
            target="_blank"
            rel="noopener"
          >
            {t("cookie.learnMore")}
            <span className="visually-hidden">{t("newTab")}</span>
          </a>
        ) : null}
        <button type="button" className="button" onClick={accept}>
          {t("cookie.ok")}
        </button>
      </div>
    </section>
  );
}
