import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../ui/app-link";
import { boHref } from "../routes";
import { BADGE_POLL_MS, listConversations, listKey, whileVisible } from "./calls";

/**
 * On an offer's back-office page: the link to its conversation with the recipient, with the unread count (issue
 * 14), or "No messages yet". Found with `…/chat/conversations?offer=<offerId>`.
 */
export function OfferConversationLink({ hotel, offerId }: { hotel: number; offerId: number }) {
  const { t } = useTranslation("bo-chat");
  const found = useQuery({
    queryKey: listKey(hotel, "all", 1, offerId),
    queryFn: () => listConversations(hotel, { filter: "all", page: 1, offer: offerId }),
    refetchInterval: whileVisible(BADGE_POLL_MS),
  });
  if (!found.data) return null;
  const conversation = found.data.items[0];
  if (!conversation) return <p className="bo-chat-offer-none">{t("offerLink.none")}</p>;
  return (
    <p className="bo-chat-offer-link">
      <AppLink to={boHref("boChatConversation", { hotel, conversationId: conversation.id })}>
        {conversation.unread > 0
          ? t("offerLink.unread", { count: conversation.unread })
          : t("offerLink.open")}
      </AppLink>
    </p>
  );
}
