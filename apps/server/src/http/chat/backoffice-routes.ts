import { HotelParamsSchema } from "@alloggio/domain/contract/backoffice/access";
import {
  ChatUnreadResponseSchema,
  ConversationListQuerySchema,
  ConversationListResponseSchema,
  ConversationResponseSchema,
  StaffReplyResponseSchema,
  StaffReplySchema,
} from "@alloggio/domain/contract/backoffice/chat";
import { z } from "zod";
import type { BackOfficeDeps } from "../../features/backoffice";
import { audit } from "../../features/backoffice";
import { hotelUnread, listConversations, openConversation, replyToConversation } from "../../features/chat";
import type { App } from "../app-type";
import { staffRoutes } from "../backoffice/staff-routes";

const BASE = "/api/backoffice/hotels/:hotelId/chat";
const ConversationParamsSchema = HotelParamsSchema.extend({
  conversationId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** The back office's chat (area "chat"): the hotel's conversations, unread counts, the staff's reply. */
export function registerBackOfficeChatRoutes(app: App, deps: BackOfficeDeps): void {
  const route = staffRoutes(app, deps, "chat");
  route.get(
    `${BASE}/conversations`,
    {
      summary:
        "The hotel's chat conversations, newest activity first, 25 a page (filter unread, or one offer's)",
      params: HotelParamsSchema,
      querystring: ConversationListQuerySchema,
      answer: ConversationListResponseSchema,
    },
    ({ params, query }) => listConversations(deps.database, params.hotelId, query),
  );
  route.get(
    `${BASE}/unread`,
    {
      summary: "Unread guest messages over all the hotel's conversations (the menu badge)",
      params: HotelParamsSchema,
      answer: ChatUnreadResponseSchema,
    },
    async ({ params }) => ({ unread: await hotelUnread(deps.database, params.hotelId) }),
  );
  route.get(
    `${BASE}/conversations/:conversationId`,
    {
      summary: "One conversation with its last messages; the guest's messages are marked read",
      params: ConversationParamsSchema,
      answer: ConversationResponseSchema,
    },
    ({ params }) => openConversation(deps.database, params.hotelId, params.conversationId, deps.now()),
  );
  route.post(
    `${BASE}/conversations/:conversationId/messages`,
    {
      summary: "The hotel's answer in a conversation (audited); the guest is mailed if it stays unread",
      params: ConversationParamsSchema,
      body: StaffReplySchema,
      answer: StaffReplyResponseSchema,
    },
    ({ staff, params: { hotelId, conversationId }, body: { body } }) =>
      replyToConversation(deps.database, staff, hotelId, conversationId, body, deps.now(), (tx, entry) =>
        audit(tx, staff, {
          hotelId,
          action: "chat.reply",
          entity: "chat_conversation",
          entityId: conversationId,
          before: null,
          after: { messageId: entry.messageId, body },
        }),
      ),
  );
}
