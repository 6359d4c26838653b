import { Send, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHotel } from "../hotel/hotel-context";
import "./chat-window.css";

export type ChatMessage = { id: number; text: string; sentAt: number };

// Messages stay on this page, per hotel, until the property side of the chat arrives (offers issue).
const conversations = new Map<number, ChatMessage[]>();
let nextId = 1;

/** SPEC §5: a chat message cannot be empty; spaces alone do not count. */
export function normalizeChatMessage(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

/** The chat panel: a small non-modal dialog with the messages (announced as they come) and a labelled input. */
export function ChatWindow({ id, onClose }: { id?: string; onClose: () => void }) {
  const { t } = useTranslation("global");
  const { hotel, locale } = useHotel();
  const [messages, setMessages] = useState<ChatMessage[]>(() => conversations.get(hotel.id) ?? []);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "short" });

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    conversations.set(hotel.id, messages);
    list.current?.lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }, [hotel.id, messages]);

  function send(event: FormEvent) {
    event.preventDefault();
    const text = normalizeChatMessage(draft);
    if (!text) {
      setError(true);
      input.current?.focus();
      return;
    }
    setMessages((current) => [...current, { id: nextId++, text, sentAt: Date.now() }]);
    setDraft("");
    setError(false);
  }

  return (
    <section
      id={id}
      className="chat-window"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <div className="chat-window__head">
        <h2 id={titleId}>{t("chat.title")}</h2>
        <button type="button" className="chat-window__close" aria-label={t("chat.close")} onClick={onClose}>
          <X aria-hidden="true" size={20} />
        </button>
      </div>
      <p className="chat-window__info">{t("chat.info")}</p>
      <div className="chat-window__log" role="log" aria-live="polite" aria-label={t("chat.messages")}>
        <ol ref={list} className="chat-window__messages">
          {messages.length === 0 ? <li className="chat-window__empty">{t("chat.empty")}</li> : null}
          {messages.map((message) => (
            <li key={message.id} className="chat-window__message">
              <span className="visually-hidden">{t("chat.you")}</span>
              <p>{message.text}</p>
              <time dateTime={new Date(message.sentAt).toISOString()}>{time.format(message.sentAt)}</time>
            </li>
          ))}
        </ol>
      </div>
      <form className="chat-window__form" onSubmit={send} noValidate>
        <label className="visually-hidden" htmlFor={inputId}>
          {t("chat.input")}
        </label>
        <textarea
          ref={input}
          id={inputId}
          rows={2}
          maxLength={2000}
          value={draft}
          placeholder={t("chat.placeholder")}
          aria-invalid={error || undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(false);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) send(event);
          }}
        />
        <button type="submit" className="button chat-window__send">
          <Send aria-hidden="true" size={18} />
          <span>{t("chat.send")}</span>
        </button>
        {error ? (
          <p id={errorId} className="chat-window__error" role="alert">
            {t("chat.required")}
          </p>
        ) : null}
      </form>
    </section>
  );
}

export default ChatWindow;
