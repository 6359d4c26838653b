import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { BADGE_POLL_MS, chatUnread, unreadKey, whileVisible } from "./calls";
import "./chat.css";

/**
 * The number of unread guest messages, beside "Chat" in the menu (nothing when there is none). Polled while the tab
 * is visible; the inbox refreshes it too. Its hidden text completes the link's name: "Chat, 3 unread".
 */
export function ChatUnreadBadge({ hotel }: { hotel: number }) {
  const { t } = useTranslation("bo-chat");
  const unread = useQuery({
    queryKey: unreadKey(hotel),
    queryFn: () => chatUnread(hotel),
    refetchInterval: whileVisible(BADGE_POLL_MS),
    staleTime: 10_000,
  });
  const count = unread.data?.unread ?? 0;
  if (count === 0) return null;
  return (
    <span className="bo-badge bo-chat-count">
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="visually-hidden">{t("badge", { count })}</span>
    </span>
  );
}
