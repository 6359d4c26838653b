import type {
  ChatUnreadResponseSchema,
  ConversationListResponseSchema,
  ConversationResponseSchema,
  StaffReplyResponseSchema,
} from "@alloggio/domain/contract/backoffice/chat";
import type { z } from "zod";
import { boGet, boPost } from "../api";

// The chat inbox's calls (contract/backoffice/chat.ts) and the keys of their cached answers.

export type ConversationList = z.infer<typeof ConversationListResponseSchema>;
export type Conversation = z.infer<typeof ConversationResponseSchema>;
export type ChatUnread = z.infer<typeof ChatUnreadResponseSchema>;
export type StaffReplyResponse = z.infer<typeof StaffReplyResponseSchema>;
export type ChatFilter = "all" | "unread";

/** Every chat query of a hotel starts with this key: a reply invalidates them all (the menu badge included). */
export const chatKey = (hotel: number | string) => ["backoffice", "chat", String(hotel)] as const;
export const unreadKey = (hotel: number | string) => [...chatKey(hotel), "unread"] as const;
export const listKey = (hotel: number | string, filter: ChatFilter, page: number, offer?: number) =>
  [...chatKey(hotel), "list", filter, page, offer ?? 0] as const;
export const conversationKey = (hotel: number | string, id: number | string) =>
  [...chatKey(hotel), "conversation", String(id)] as const;

/** How often the open inbox asks for news, and the menu badge; nothing while the tab is hidden. */
export const INBOX_POLL_MS = 5_000;
export const BADGE_POLL_MS = 30_000;
export const whileVisible = (ms: number) => () =>
  typeof document === "undefined" || document.visibilityState === "visible" ? ms : false;

const base = (hotel: number | string) => `hotels/${hotel}/chat`;

export const listConversations = (
  hotel: number | string,
  query: { filter: ChatFilter; page: number; offer?: number | undefined },
) =>
  boGet<ConversationList>(`${base(hotel)}/conversations`, {
    filter: query.filter,
    page: query.page,
    offer: query.offer,
  });

/** Opening a conversation marks the guest's messages read. */
export const openConversation = (hotel: number | string, id: number | string) =>
  boGet<Conversation>(`${base(hotel)}/conversations/${id}`);

export const sendReply = (hotel: number | string, id: number | string, body: string) =>
  boPost<StaffReplyResponse>(`${base(hotel)}/conversations/${id}/messages`, { body });

export const chatUnread = (hotel: number | string) => boGet<ChatUnread>(`${base(hotel)}/unread`);
