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
import { audit, requireHotel, requireStaff } from "../../features/backoffice";
import { hotelUnread, listConversations, openConversation, replyToConversation } from "../../features/chat";
import type { App } from "../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../backoffice/openapi";

const BASE = "/api/backoffice/hotels/:hotelId/chat";
const ConversationParamsSchema = HotelParamsSchema.extend({
  conversationId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** The back office's chat (area "chat"): the hotel's conversations, unread counts, the staff's reply. */
export function registerBackOfficeChatRoutes(app: App, deps: BackOfficeDeps): void {
  app.get(
    `${BASE}/conversations`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "The hotel's chat conversations, newest activity first, 25 a page (filter unread, or one offer's)",
        params: HotelParamsSchema,
        querystring: ConversationListQuerySchema,
        response: { 200: ConversationListResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "chat");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return listConversations(deps.database, hotelId, request.query);
    },
  );
  app.get(
    `${BASE}/unread`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "Unread guest messages over all the hotel's conversations (the menu badge)",
        params: HotelParamsSchema,
        response: { 200: ChatUnreadResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "chat");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return { unread: await hotelUnread(deps.database, hotelId) };
    },
  );
  app.get(
    `${BASE}/conversations/:conversationId`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "One conversation with its last messages; the guest's messages are marked read",
        params: ConversationParamsSchema,
        response: { 200: ConversationResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "chat");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return openConversation(deps.database, hotelId, request.params.conversationId, deps.now());
    },
  );
  app.post(
    `${BASE}/conversations/:conversationId/messages`,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary: "The hotel's answer in a conversation (audited); the guest is mailed if it stays unread",
        params: ConversationParamsSchema,
        body: StaffReplySchema,
        response: { 200: StaffReplyResponseSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "chat");
      const hotelId = requireHotel(staff, request.params.hotelId);
      const { conversationId } = request.params;
      const body = request.body.body;
      return replyToConversation(
        deps.database,
        staff,
        hotelId,
        conversationId,
        body,
        deps.now(),
        (tx, entry) =>
          audit(tx, staff, {
            hotelId,
            action: "chat.reply",
            entity: "chat_conversation",
            entityId: conversationId,
            before: null,
            after: { messageId: entry.messageId, body },
          }),
      );
    },
  );
}
