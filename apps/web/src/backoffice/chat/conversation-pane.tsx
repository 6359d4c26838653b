import { StaffReplySchema } from "@alloggio/domain/contract/backoffice/chat";
import { MAX_CHAT_MESSAGE } from "@alloggio/domain/messaging/limits";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { AppLink } from "../../ui/app-link";
import { fieldError } from "../api";
import { dateLocaleOf } from "../format";
import { boHref } from "../routes";
import { ErrorNotice, Field } from "../ui";
import {
  type Conversation,
  chatKey,
  conversationKey,
  INBOX_POLL_MS,
  openConversation,
  sendReply,
  unreadKey,
  whileVisible,
} from "./calls";
import { fullTime, messageTime } from "./format";

/**
 * One conversation: who and what (site chat or an offer), the messages (guest left, hotel right) in a live log,
 * and the reply box. Polled while the tab is visible, so a guest's new message shows without a reload; opening it
 * marks the guest's messages read, so the list and the menu badge are refreshed when news arrive.
 */
export function ConversationPane({
  hotel,
  conversationId,
  backHref,
}: {
  hotel: string;
  conversationId: string;
  backHref: string;
}) {
  const { t, i18n } = useTranslation("bo-chat");
  const queryClient = useQueryClient();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const valid = /^\d{1,10}$/.test(conversationId);
  const conversation = useQuery({
    queryKey: conversationKey(hotel, conversationId),
    enabled: valid,
    queryFn: async () => {
      const before = queryClient.getQueryData<Conversation>(conversationKey(hotel, conversationId));
      const data = await openConversation(hotel, conversationId);
      // The server marked the guest's messages read: the list's counts and the badge change.
      if (!before || lastId(before) !== lastId(data)) {
        void queryClient.invalidateQueries({ queryKey: [...chatKey(hotel), "list"] });
        void queryClient.invalidateQueries({ queryKey: unreadKey(hotel) });
      }
      return data;
    },
    refetchInterval: whileVisible(INBOX_POLL_MS),
  });
  const data = conversation.data;
  const newest = data ? lastId(data) : 0;

  // Opening a conversation moves the focus to its heading (at narrow widths the clicked row is gone).
  const focused = useRef(false);
  useEffect(() => {
    if (data && !focused.current) {
      focused.current = true;
      headingRef.current?.focus();
    }
  }, [data]);
  // The newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log && newest > 0) log.scrollTop = log.scrollHeight;
  }, [newest]);

  // The page language's own format (British dates and a 24-hour clock on an English page), in hotel time.
  const locale = dateLocaleOf(i18n.language);
  return (
    <section className="bo-chat-pane" aria-labelledby={data ? headingId : undefined}>
      <AppLink className="bo-chat-back" to={backHref}>
        {t("conversation.back")}
      </AppLink>
      {!valid ? (
        <ErrorNotice error={NOT_FOUND} ns="bo-chat" />
      ) : (
        <ErrorNotice error={data ? null : conversation.error} ns="bo-chat" />
      )}
      {valid && !data && conversation.isPending ? <p className="muted">{t("loading")}</p> : null}
      {data ? (
        <>
          <div className="bo-chat-pane-head">
            <h2 id={headingId} ref={headingRef} tabIndex={-1}>
              {data.conversation.guestName}
            </h2>
            <p className="bo-chat-pane-meta">
              {data.conversation.offer ? (
                <AppLink to={boHref("boOffer", { hotel, offerId: data.conversation.offer.id })}>
                  {t("kind.offer", { code: data.conversation.offer.code })}
                </AppLink>
              ) : (
                <span>{t("kind.site")}</span>
              )}
              {data.conversation.guestEmail ? (
                <a href={`mailto:${data.conversation.guestEmail}`}>{data.conversation.guestEmail}</a>
              ) : null}
              <span>{t("timesIn", { timeZone: data.timeZone })}</span>
            </p>
          </div>
          <div
            ref={logRef}
            className="bo-chat-log"
            role="log"
            aria-label={t("conversation.log", { name: data.conversation.guestName })}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
          >
            {data.messages.length === 0 ? (
              <p className="muted">{t("conversation.empty")}</p>
            ) : (
              <ol>
                {data.messages.map((m) => (
                  <li key={m.id} className={`bo-chat-msg is-${m.author}`}>
                    <p className="bo-chat-msg-who">
                      <span className="bo-chat-msg-name">
                        {m.author === "guest"
                          ? data.conversation.guestName
                          : t("conversation.staff", { name: m.staffName || t("conversation.hotel") })}
                      </span>{" "}
                      <time dateTime={m.at} title={fullTime(m.at, locale, data.timeZone)}>
                        {messageTime(m.at, locale, data.timeZone)}
                      </time>
                    </p>
                    <p className="bo-chat-msg-body">{m.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </div>
          <ReplyForm hotel={hotel} conversationId={conversationId} />
        </>
      ) : null}
    </section>
  );
}

const NOT_FOUND = new ApiError(404, "not_found", "not_found");
const lastId = (c: Conversation) => c.messages.at(-1)?.id ?? 0;

function ReplyForm({ hotel, conversationId }: { hotel: string; conversationId: string }) {
  const { t } = useTranslation("bo-chat");
  const queryClient = useQueryClient();
  const counterId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: (body: string) => sendReply(hotel, conversationId, body),
    onSuccess: ({ message }) => {
      setText("");
      setSent(true);
      queryClient.setQueryData<Conversation>(conversationKey(hotel, conversationId), (old) =>
        old && !old.messages.some((m) => m.id === message.id)
          ? { ...old, messages: [...old.messages, message] }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: chatKey(hotel) });
    },
  });

  const submit = (event?: { preventDefault(): void }) => {
    event?.preventDefault();
    if (send.isPending) return;
    setSent(false);
    const parsed = StaffReplySchema.safeParse({ body: text });
    if (!parsed.success) {
      setInvalid(
        parsed.error.issues[0]?.message === "required" ? t("errors.required") : t("errors.too_long"),
      );
      textRef.current?.focus();
      return;
    }
    setInvalid(null);
    send.mutate(parsed.data.body);
  };
  const serverError = fieldError(send.error, "body");
  const error =
    invalid ?? (serverError ? (serverError === "required" ? t("errors.required") : serverError) : undefined);

  return (
    <form className="bo-chat-reply" onSubmit={submit} noValidate>
      <Field label={t("reply.label")} hint={t("reply.hint")} error={error}>
        {(props) => (
          <textarea
            {...props}
            aria-describedby={[props["aria-describedby"], counterId].filter(Boolean).join(" ")}
            ref={textRef}
            rows={3}
            maxLength={MAX_CHAT_MESSAGE}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setSent(false);
              if (invalid) setInvalid(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) submit(e);
            }}
          />
        )}
      </Field>
      <div className="bo-chat-reply-bar">
        <span
          id={counterId}
          className={`bo-chat-counter${text.length > MAX_CHAT_MESSAGE - 100 ? " is-near" : ""}`}
        >
          {t("reply.counter", { count: text.length, max: MAX_CHAT_MESSAGE })}
        </span>
        <button className="bo-button" type="submit" disabled={send.isPending}>
          {send.isPending ? t("reply.sending") : t("reply.send")}
        </button>
      </div>
      <p className="bo-notice bo-chat-status" role="status">
        {sent ? t("reply.sent") : ""}
      </p>
      <ErrorNotice error={send.error} ns="bo-chat" />
    </form>
  );
}
