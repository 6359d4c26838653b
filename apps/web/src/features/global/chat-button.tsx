import { MessagesSquare } from "lucide-react";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHotel } from "../hotel/hotel-context";
import "./global-elements.css";

const loadChatWindow = () => import("./chat-window");
const ChatWindow = lazy(loadChatWindow);

/** SPEC §2: "Chat with us" when the hotel's showChat is on; the chat window's code loads on first use. */
export function ChatButton() {
  const { t } = useTranslation("global");
  const { hotel } = useHotel();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  if (!hotel.settings.aspect.showChat) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="floating-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={() => void loadChatWindow()}
        onFocus={() => void loadChatWindow()}
        onClick={() => setOpen((value) => !value)}
      >
        <MessagesSquare aria-hidden="true" size={20} />
        <span>{t("chat.open")}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ChatWindow
            id={panelId}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
