import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearch } from "wouter";
import { AppLink, useNavigateTo } from "../../ui/app-link";
import { dateLocaleOf } from "../format";
import { boHref } from "../routes";
import { BoPage, ErrorNotice, Pager } from "../ui";
import { type ChatFilter, INBOX_POLL_MS, listConversations, listKey, unreadKey, whileVisible } from "./calls";
import { ConversationPane } from "./conversation-pane";
import { fullTime, shortTime } from "./format";
import "./chat.css";

/** The list's state as it stands in the URL query (kept when a conversation opens). */
type ListState = { filter: ChatFilter; page: number };
const listQuery = ({ filter, page }: ListState) => ({
  filter: filter === "all" ? undefined : filter,
  page: page > 1 ? page : undefined,
});

/**
 * The chat inbox, at boChat and boChatConversation: the conversations on the left (All/Unread, paged,
 * newest activity first), the open one on the right; at narrow widths the list, then the conversation full width.
 * The URL is the state: the open conversation in the path, filter and page in the query.
 */
export default function ChatPage() {
  const { t } = useTranslation("bo-chat");
  const { hotel, conversationId } = useParams<{ hotel: string; conversationId?: string }>();
  const search = new URLSearchParams(useSearch());
  const state: ListState = {
    filter: search.get("filter") === "unread" ? "unread" : "all",
    page: Math.max(1, Math.min(10_000, Math.trunc(Number(search.get("page"))) || 1)),
  };
  const open = conversationId ?? null;

  return (
    <BoPage title={t("title")}>
      <div className={`bo-chat${open ? " bo-chat-has-open" : ""}`}>
        <ConversationList hotel={hotel} state={state} open={open} />
        {open ? (
          <ConversationPane
            key={open}
            hotel={hotel}
            conversationId={open}
            backHref={boHref("boChat", { hotel }, listQuery(state))}
          />
        ) : (
          <div className="bo-card bo-chat-none">
            <p>{t("pick")}</p>
          </div>
        )}
      </div>
    </BoPage>
  );
}

function ConversationList({ hotel, state, open }: { hotel: string; state: ListState; open: string | null }) {
  const { t, i18n } = useTranslation("bo-chat");
  const queryClient = useQueryClient();
  const navigate = useNavigateTo();
  const headingId = useId();
  const list = useQuery({
    queryKey: listKey(hotel, state.filter, state.page),
    queryFn: async () => {
      const data = await listConversations(hotel, state);
      queryClient.setQueryData(unreadKey(hotel), { unread: data.unread });
      return data;
    },
    refetchInterval: whileVisible(INBOX_POLL_MS),
    placeholderData: (previous) => previous,
  });
  const hrefFor = (next: ListState) =>
    open
      ? boHref("boChatConversation", { hotel, conversationId: open }, listQuery(next))
      : boHref("boChat", { hotel }, listQuery(next));
  const conversationHref = (id: number) =>
    boHref("boChatConversation", { hotel, conversationId: id }, listQuery(state));
  // The page language's own format (British dates and a 24-hour clock on an English page), in hotel time.
  const locale = dateLocaleOf(i18n.language);
  const data = list.data;

  return (
    <section className="bo-chat-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="bo-chat-list-title">
        {t("list.title")}
        {data && data.unread > 0 ? (
          <span className="bo-chat-list-unread">{t("list.totalUnread", { count: data.unread })}</span>
        ) : null}
      </h2>
      <nav className="bo-tabs bo-chat-filter" aria-label={t("filter.label")}>
        <ul>
          {(["all", "unread"] as const).map((filter) => (
            <li key={filter}>
              <AppLink
                to={hrefFor({ filter, page: 1 })}
                aria-current={state.filter === filter ? "page" : undefined}
              >
                {t(`filter.${filter}`)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <ErrorNotice error={list.error} ns="bo-chat" />
      {data ? <p className="bo-chat-zone">{t("timesIn", { timeZone: data.timeZone })}</p> : null}
      {!data ? (
        list.isPending ? (
          <p className="muted">{t("loading")}</p>
        ) : null
      ) : data.items.length === 0 ? (
        <p className="bo-chat-empty">{state.filter === "unread" ? t("list.emptyUnread") : t("list.empty")}</p>
      ) : (
        <>
          <ul className="bo-chat-rows">
            {data.items.map((c) => {
              const current = open === String(c.id);
              return (
                <li
                  key={c.id}
                  className={`bo-chat-row${c.unread > 0 ? " is-unread" : ""}${current ? " is-open" : ""}`}
                >
                  <div className="bo-chat-row-head">
                    <AppLink
                      className="bo-chat-row-link"
                      to={conversationHref(c.id)}
                      aria-current={current ? "page" : undefined}
                      aria-label={
                        c.unread > 0
                          ? t("list.unreadName", { name: c.guestName, count: c.unread })
                          : undefined
                      }
                    >
                      {c.guestName}
                    </AppLink>
                    <time
                      className="bo-chat-time"
                      dateTime={c.lastMessageAt}
                      title={fullTime(c.lastMessageAt, locale, data.timeZone)}
                    >
                      {shortTime(c.lastMessageAt, locale, data.timeZone)}
                    </time>
                  </div>
                  <div className="bo-chat-row-meta">
                    {c.offer ? (
                      <AppLink
                        className="bo-chat-offer"
                        to={boHref("boOffer", { hotel, offerId: c.offer.id })}
                      >
                        {t("kind.offer", { code: c.offer.code })}
                      </AppLink>
                    ) : (
                      <span>{t("kind.site")}</span>
                    )}
                    {c.unread > 0 ? (
                      <span className="bo-badge bo-chat-count" aria-hidden="true">
                        {c.unread}
                      </span>
                    ) : null}
                  </div>
                  <p className="bo-chat-preview">
                    {c.lastAuthor === "hotel" ? <span className="bo-chat-you">{t("list.you")} </span> : null}
                    {c.lastMessage}
                  </p>
                </li>
              );
            })}
          </ul>
          {data.total > data.pageSize ? (
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => navigate(hrefFor({ ...state, page }))}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
