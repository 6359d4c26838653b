import {
  ChatPollQuerySchema,
  GuestChatResponseSchema,
  PostGuestMessageSchema,
} from "@alloggio/domain/contract/chat/chat";
import { ErrorSchema } from "@alloggio/domain/contract/common";
import { OfferCodeParamsSchema } from "@alloggio/domain/contract/offers/view";
import { z } from "zod";
import type { Database } from "../../db/client";
import {
  CHAT_COOKIE,
  CHAT_COOKIE_DAYS,
  chatCookiePath,
  postOfferChat,
  postSiteChat,
  readOfferChat,
  readSiteChat,
} from "../../features/chat";
import type { App } from "../app-type";
import { setPrivateCookie } from "../cookies";
import { OFFERS_TAG } from "../offers/routes";

export const CHAT_TAG = "chat";

const HotelChatParamsSchema = z.object({ hotel: z.coerce.number().int().min(1).max(2_147_483_647) });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };

/** The guest's side of the chat (ADR 0037): an offer's chat and the hotel site's chat window. */
export function registerChatRoutes(app: App, deps: { database: Database; now: () => Date }): void {
  app.get(
    "/api/v2/offers/:offerCode/chat",
    {
      schema: {
        tags: [OFFERS_TAG, CHAT_TAG],
        summary:
          "The offer's chat after `after` (needs the unlock's access cookie); the hotel's messages are marked read",
        params: OfferCodeParamsSchema,
        querystring: ChatPollQuerySchema,
        response: { 200: GuestChatResponseSchema, ...errors },
      },
    },
    (request) => readOfferChat(deps, request.params.offerCode, request.query.after, request),
  );
  app.post(
    "/api/v2/offers/:offerCode/chat",
    {
      schema: {
        tags: [OFFERS_TAG, CHAT_TAG],
        summary: "The recipient writes to the hotel (needs the unlock's access cookie; rate limited)",
        params: OfferCodeParamsSchema,
        body: PostGuestMessageSchema,
        response: { 200: GuestChatResponseSchema, ...errors },
      },
    },
    (request) => postOfferChat(deps, request.params.offerCode, request.body, request),
  );
  app.get(
    "/api/v2/chat/hotels/:hotel/messages",
    {
      schema: {
        tags: [CHAT_TAG],
        summary:
          "The site chat of the guest's own cookie after `after` (`started: false` without one); 404 when the hotel's chat is off",
        params: HotelChatParamsSchema,
        querystring: ChatPollQuerySchema,
        response: { 200: GuestChatResponseSchema, ...errors },
      },
    },
    (request) => readSiteChat(deps, request.params.hotel, request.query.after, request),
  );
  app.post(
    "/api/v2/chat/hotels/:hotel/messages",
    {
      schema: {
        tags: [CHAT_TAG],
        summary:
          "A site chat message; the first one (name required) opens the conversation and sets its HttpOnly cookie",
        params: HotelChatParamsSchema,
        body: PostGuestMessageSchema,
        response: { 200: GuestChatResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { answer, newGuestToken } = await postSiteChat(deps, request.params.hotel, request.body, request);
      if (newGuestToken)
        setPrivateCookie(request, reply, {
          name: CHAT_COOKIE,
          value: newGuestToken,
          path: chatCookiePath(request.params.hotel),
          maxAgeSeconds: CHAT_COOKIE_DAYS * 86_400,
          sameSite: "strict",
        });
      return answer;
    },
  );
}
