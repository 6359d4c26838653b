import { MessageSquare, X } from "lucide-react";
import { type KeyboardEvent, lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useHotel } from "../hotel/hotel-context";
import "./chat.css";

// The panel (and the chat contract's zod schemas) loads when the window first opens, not with the first page (ADR 0046).
const ChatPanel = lazy(() => import("./chat-panel").then((m) => ({ default: m.ChatPanel })));

// Whether the site chat window is open: one small store shared by the header's button and the window under it.
let open = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function setOpen(value: boolean) {
  open = value;
  for (const l of listeners) l();
}
const useOpen = () =>
  useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );

export const SITE_CHAT_BUTTON_ID = "site-chat-button";
const WINDOW_ID = "site-chat";

/** Whether the hotel has the site chat on (the channel data's `settings.aspect.showChat`). */
function useShowChat(): boolean {
  const { hotel } = useHotel();
  return hotel.settings.aspect.showChat === true;
}

/**
 * "Chat with us" among the header's tools, beside the messaging pill; opens the window under the header. Its texts
 * load in its own Suspense (only for a hotel with the chat on), so the other tools never wait for them.
 */
export function SiteChatButton() {
  if (!useShowChat()) return null;
  return (
    <Suspense fallback={null}>
      <ChatButton />
    </Suspense>
  );
}

function ChatButton() {
  const { t } = useTranslation("chat");
  const isOpen = useOpen();
  return (
    <button
      type="button"
      id={SITE_CHAT_BUTTON_ID}
      className="site-chat-button"
      aria-expanded={isOpen}
      aria-controls={isOpen ? WINDOW_ID : undefined}
      onClick={() => setOpen(!isOpen)}
    >
      <MessageSquare aria-hidden="true" size={18} />
      <span>{t("site.button")}</span>
    </button>
  );
}

/**
 * The site chat window: a section in the page's flow under the header (ADR 0022: nothing fixed over
 * the page). Escape or Close closes it and gives the focus back to the header's button.
 */
export function SiteChatWindow() {
  const { t } = useTranslation("chat");
  const { hotel, ids } = useHotel();
  const isOpen = useOpen();
  const show = useShowChat();

  // Leaving the hotel's pages closes the window.
  useEffect(() => () => setOpen(false), []);

  if (!show || !isOpen) return null;
  const close = () => {
    setOpen(false);
    document.getElementById(SITE_CHAT_BUTTON_ID)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
    }
  };
  return (
    <section
      id={WINDOW_ID}
      className="site-chat"
      aria-labelledby={`${WINDOW_ID}-title`}
      onKeyDown={onKeyDown}
    >
      <div className="site-chat__head">
        <h2 id={`${WINDOW_ID}-title`}>{t("site.title", { hotel: hotel.name })}</h2>
        <button
          type="button"
          className="button button--secondary"
          onClick={close}
          aria-label={t("site.close")}
        >
          <X aria-hidden="true" size={18} />
        </button>
      </div>
      <p className="chat-hint">{t("site.intro")}</p>
      <Suspense fallback={null}>
        <ChatPanel
          path={`v2/chat/hotels/${hotel.id}/messages`}
          hotelName={hotel.name}
          askIdentity
          language={ids.language}
          channel={ids.channel}
          autoFocus
        />
      </Suspense>
    </section>
  );
}
