import { type RefObject, Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CookieNotice, useCookieOk } from "./cookie-notice";
import { MessagingButton, useMessagingUrl } from "./messaging-button";
import "./global-elements.css";

/** Keeps the page's end clear of the fixed dock: the body gets a bottom padding as tall as the dock. */
function usePageClearance(dock: RefObject<HTMLElement | null>, visible: boolean) {
  useEffect(() => {
    const element = visible ? dock.current : null;
    if (!element || typeof ResizeObserver === "undefined") return;
    const body = document.body;
    const root = document.documentElement.style;
    const update = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      body.style.paddingBottom = height > 0 ? `${height + 8}px` : "";
      // For anything else fixed at the bottom (a sticky total bar) to sit above the dock.
      root.setProperty("--global-dock-height", `${height}px`);
    };
    const observer = new ResizeObserver(update);
    observer.observe(element);
    update();
    return () => {
      observer.disconnect();
      body.style.paddingBottom = "";
      root.removeProperty("--global-dock-height");
    };
  }, [dock, visible]);
}

function Dock() {
  const { t } = useTranslation("global");
  const messagingUrl = useMessagingUrl();
  const [cookieOk] = useCookieOk();
  const visible = Boolean(messagingUrl) || !cookieOk;
  const dock = useRef<HTMLElement>(null);
  usePageClearance(dock, visible);
  if (!visible) return null;
  return (
    <aside ref={dock} className="global-dock" aria-label={t("dock.label")}>
      <div className="global-dock__buttons">
        <MessagingButton />
      </div>
      <CookieNotice />
    </aside>
  );
}

/** SPEC §2 global elements fixed at the bottom: the messaging button, then the cookie notice. */
export function GlobalElements() {
  return (
    <Suspense fallback={null}>
      <Dock />
    </Suspense>
  );
}
