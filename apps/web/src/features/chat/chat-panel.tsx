import type { ChatMessage, GuestChatResponse, PostGuestMessage } from "@alloggio/domain/contract/chat/chat";
import { MAX_CHAT_MESSAGE } from "@alloggio/domain/messaging/limits";
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, getJson, postJson } from "../../lib/api-client";
import { formatHotelTime } from "../../lib/format";
import { useHotel } from "../hotel/hotel-context";
import "./chat.css";

/** How often an open panel asks for new messages while the tab is visible (ADR 0037: polling, not SSE). */
export const CHAT_POLL_MS = 4000;

export type ChatPanelProps = {
  /** The conversation's API path under /api: `v2/offers/<code>/chat` or `v2/chat/hotels/<id>/messages`. */
  path: string;
  hotelName: string;
  /** Site chat: before the first message the guest gives a name (required) and an e-mail (optional). */
  askIdentity?: boolean;
  /** Sent with each message (the page's language id and channel). */
  language?: number;
  channel?: number;
  /** The textarea gets the focus when the panel opens. */
  autoFocus?: boolean;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function merge(known: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return known;
  const ids = new Set(known.map((m) => m.id));
  return [...known, ...incoming.filter((m) => !ids.has(m.id))].sort((a, b) => a.id - b.id);
}

/**
 * The guest's conversation with the hotel: the messages (guest right, hotel left) in a polite live log,
 * a labelled textarea with a counter (Enter sends, Shift+Enter a new line). Messages are plain text: React shows
 * them as text, never as HTML. Polls `?after=<last id>` every few seconds while mounted and the tab is visible.
 */
export function ChatPanel({
  path,
  hotelName,
  askIdentity = false,
  language,
  channel,
  autoFocus,
}: ChatPanelProps) {
  const { t } = useTranslation("chat");
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [started, setStarted] = useState<boolean | null>(null);
  const [text, setText] = useState("");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<{ field: "body" | "name" | "email" | null; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const lastId = useRef(0);
  const logRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();

  const receive = useCallback((answer: GuestChatResponse) => {
    setStarted(answer.started);
    setMessages((known) => {
      const next = merge(known, answer.messages);
      lastId.current = next.at(-1)?.id ?? lastId.current;
      return next;
    });
  }, []);

  const translateError = useCallback(
    (e: unknown): string => {
      if (e instanceof ApiError) return t([`errors.${e.code}`, "errors.generic"]);
      return t("errors.network");
    },
    [t],
  );

  // The first read, then polling while the tab is visible.
  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const answer = await getJson<GuestChatResponse>(path, { after: lastId.current });
        if (!stopped) receive(answer);
      } catch (e) {
        if (!stopped && e instanceof ApiError && e.status < 500)
          setError({ field: null, text: translateError(e) });
      }
    };
    void poll();
    const timer = window.setInterval(() => void poll(), CHAT_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") void poll();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [path, receive, translateError]);

  useEffect(() => {
    if (autoFocus) textRef.current?.focus();
  }, [autoFocus]);

  // Keeps the newest message in view inside the log (the page itself does not move).
  useEffect(() => {
    const log = logRef.current;
    if (log && messages.length > 0) log.scrollTop = log.scrollHeight;
  }, [messages.length]);

  const needsIdentity = askIdentity && started === false;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    const body = text.trim();
    if (body === "") return setError({ field: "body", text: t("errors.empty") });
    if (body.length > MAX_CHAT_MESSAGE)
      return setError({ field: "body", text: t("errors.tooLong", { max: MAX_CHAT_MESSAGE }) });
    if (needsIdentity && name.trim() === "")
      return setError({ field: "name", text: t("errors.nameRequired") });
    if (needsIdentity && email.trim() !== "" && !EMAIL.test(email.trim()))
      return setError({ field: "email", text: t("errors.email") });
    const payload: Partial<PostGuestMessage> & { body: string } = { body, after: lastId.current };
    if (language) payload.language = language;
    if (channel) payload.channel = channel;
    if (needsIdentity) {
      payload.name = name.trim();
      if (email.trim()) payload.email = email.trim();
    }
    setSending(true);
    try {
      receive(await postJson<GuestChatResponse>(path, payload));
      setText("");
      setError(null);
    } catch (e) {
      const field = e instanceof ApiError ? e.details[0]?.field : undefined;
      setError({
        field: field === "name" || field === "email" ? field : "body",
        text: translateError(e),
      });
    } finally {
      setSending(false);
      textRef.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  // Hotel time in the page's locale: the guest and the front desk read the same clock.
  const { locale, hotel } = useHotel();
  const time = (iso: string) =>
    formatHotelTime(iso, locale, hotel.timeZone, { dateStyle: "short", timeStyle: "short" });
  const errorId = `${ids}-error`;
  const counterId = `${ids}-counter`;
  const over = text.trim().length > MAX_CHAT_MESSAGE;

  return (
    <div className="chat-panel">
      <div
        ref={logRef}
        className="chat-log"
        role="log"
        aria-live="polite"
        aria-label={t("log", { hotel: hotelName })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe).
        tabIndex={0}
      >
        {messages.length === 0 ? (
          <p className="chat-empty">{started === null ? t("loading") : t("empty", { hotel: hotelName })}</p>
        ) : (
          <ol className="chat-messages">
            {messages.map((m) => (
              <li key={m.id} className={`chat-message chat-message--${m.author}`}>
                <span className="chat-message__who">
                  {m.author === "guest" ? t("you") : (m.staffName ?? hotelName)}
                  {m.author === "hotel" && m.staffName ? <span> · {hotelName}</span> : null}
                </span>
                <span className="chat-message__body">{m.body}</span>
                <time className="chat-message__time" dateTime={m.at}>
                  {time(m.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </div>
      {messages.length > 0 ? <p className="chat-zone">{t("timesIn", { timeZone: hotel.timeZone })}</p> : null}
      <form className="chat-form" onSubmit={send} noValidate>
        {needsIdentity ? (
          <div className="chat-identity">
            <p className="chat-hint">{t("identity.intro")}</p>
            <label className="chat-field">
              <span>{t("identity.name")}</span>
              <input
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoComplete="name"
                required
                maxLength={200}
                aria-invalid={error?.field === "name" || undefined}
                aria-describedby={error?.field === "name" ? errorId : undefined}
              />
            </label>
            <label className="chat-field">
              <span>{t("identity.email")}</span>
              <input
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoComplete="email"
                aria-invalid={error?.field === "email" || undefined}
                aria-describedby={`${ids}-email-hint${error?.field === "email" ? ` ${errorId}` : ""}`}
              />
              <small id={`${ids}-email-hint`}>{t("identity.emailHint")}</small>
            </label>
          </div>
        ) : null}
        <label className="chat-field" htmlFor={`${ids}-text`}>
          <span>{t("message")}</span>
        </label>
        <textarea
          id={`${ids}-text`}
          ref={textRef}
          className="chat-text"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error?.field === "body" || over || undefined}
          aria-describedby={`${counterId}${error?.field === "body" ? ` ${errorId}` : ""}`}
        />
        <div className="chat-form__row">
          <small id={counterId} className={over ? "chat-counter chat-counter--over" : "chat-counter"}>
            {t("counter", { n: text.trim().length, max: MAX_CHAT_MESSAGE })} · {t("enterHint")}
          </small>
          <button type="submit" className="button button--primary chat-send" disabled={sending}>
            {sending ? t("sending") : t("send")}
          </button>
        </div>
        {error ? (
          <p id={errorId} className="chat-error" role="alert">
            {error.text}
          </p>
        ) : null}
      </form>
    </div>
  );
}
