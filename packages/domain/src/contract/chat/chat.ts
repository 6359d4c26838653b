import { z } from "zod";
import { MAX_CHAT_MESSAGE } from "../../messaging/limits";
import { EmailSchema } from "../common";

export { MAX_CHAT_MESSAGE };

/** A message as typed: trimmed, not empty (`required`), at most MAX_CHAT_MESSAGE characters. */
export const ChatTextSchema = z.string().trim().min(1, "required").max(MAX_CHAT_MESSAGE);

/**
 * One message of a conversation. The body is plain text as typed: clients show it as text (React escapes it),
 * never as HTML.
 */
export const ChatMessageSchema = z
  .object({
    id: z.number(),
    author: z.enum(["guest", "hotel"]),
    body: z.string(),
    /** ISO instant. */
    at: z.string(),
    /** The staff member's first name, for a hotel message; null for the guest's. */
    staffName: z.string().nullable(),
  })
  .meta({ id: "ChatMessage" });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** `?after=<id>`: only the messages newer than the last one the client has (polling). */
export const ChatPollQuerySchema = z.object({ after: z.coerce.number().int().min(0).default(0) });

/**
 * The guest's side of a conversation: the messages (after `after`), and whether the hotel has read the
 * guest's last message. Polled every few seconds while the chat is open (ADR).
 */
export const GuestChatResponseSchema = z
  .object({
    messages: z.array(ChatMessageSchema),
    /** True when a conversation exists for this guest (the site chat before the first message: false). */
    started: z.boolean(),
  })
  .meta({ id: "GuestChat" });
export type GuestChatResponse = z.infer<typeof GuestChatResponseSchema>;

/**
 * `POST /api/v2/offers/:offerCode/chat` (the unlock's access cookie: the offer's recipient is known) — a message.
 * `POST /api/v2/chat/hotels/:hotel/messages` (the site chat window, when the hotel's `showChat` is on) — the first
 * message opens a conversation and sets its HttpOnly cookie; `name` is then required and `email` lets the hotel's
 * unread reply reach the guest by mail. Both answer GuestChatResponse with the messages after `after`.
 */
export const PostGuestMessageSchema = z.strictObject({
  body: ChatTextSchema,
  /** Site chat, first message: how the hotel should call the guest. */
  name: z.string().trim().min(1).max(200).optional(),
  /** Site chat, first message: where an unread reply is mailed (optional). */
  email: EmailSchema.optional(),
  /** SPEC §3 language id of the page (the reply mail speaks it). */
  language: z.number().int().min(1).max(9).optional(),
  /** Site chat: the channel the guest is on. */
  channel: z.number().int().min(1).optional(),
  /** The last message id the client has; the answer carries the newer ones. */
  after: z.number().int().min(0).default(0),
});
export type PostGuestMessage = z.infer<typeof PostGuestMessageSchema>;
