import { z } from "zod";
import { ChatMessageSchema, ChatTextSchema } from "../chat/chat";

// The back office's chat: `/api/backoffice/hotels/:hotelId/chat/…`, area "chat".

export const ConversationKindSchema = z.enum(["site", "offer"]);

export const ConversationSummarySchema = z.object({
  id: z.number(),
  kind: ConversationKindSchema,
  guestName: z.string(),
  guestEmail: z.string().nullable(),
  /** For an offer's conversation: its code and the back-office offer id. */
  offer: z.object({ id: z.number(), code: z.string() }).nullable(),
  /** The guest's messages the hotel has not read. */
  unread: z.number(),
  lastMessageAt: z.string(),
  /** The first characters of the last message. */
  lastMessage: z.string(),
  lastAuthor: z.enum(["guest", "hotel"]),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** `GET …/chat/conversations?filter=unread|all&page=1[&offer=<offer id>]`: newest activity first, 25 a page. */
export const ConversationListQuerySchema = z.object({
  filter: z.enum(["all", "unread"]).default("all"),
  /** Only the conversation of this offer (the offer's back-office page links to it). */
  offer: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ConversationListResponseSchema = z.object({
  items: z.array(ConversationSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Unread guest messages over all the hotel's conversations (the menu badge). */
  unread: z.number(),
  /** The hotel's IANA time zone: the page writes times in hotel time. */
  timeZone: z.string(),
});

/** `GET …/chat/unread`: the menu badge, polled. */
export const ChatUnreadResponseSchema = z.object({ unread: z.number() });

/** `GET …/chat/conversations/:conversationId` (marks the guest's messages read). */
export const ConversationResponseSchema = z.object({
  conversation: ConversationSummarySchema,
  messages: z.array(ChatMessageSchema),
  /** The hotel's IANA time zone: the page writes times in hotel time. */
  timeZone: z.string(),
});

/** `POST …/chat/conversations/:conversationId/messages` — the hotel's answer (audited). */
export const StaffReplySchema = z.strictObject({ body: ChatTextSchema });
export const StaffReplyResponseSchema = z.object({ message: ChatMessageSchema });
