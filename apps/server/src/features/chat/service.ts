/**
 * The chat (ADR 0037): a guest and a hotel write plain-text messages in one conversation — the site chat
 * window (the guest's HttpOnly cookie, only its sha256 stored) or an offer's chat (the offer's access cookie). The
 * guest polls with `?after=<last id>`; reading the other side's messages marks them read.
 */
import { createHash, randomBytes } from "node:crypto";
import type { ConversationSummary } from "@alloggio/domain/contract/backoffice/chat";
import type { ChatMessage, GuestChatResponse, PostGuestMessage } from "@alloggio/domain/contract/chat/chat";
import type { FastifyRequest } from "fastify";
import type { Database, Db } from "../../db/client";
import { AppError, badInput, notFound } from "../../http/errors";
import { hasAccess, offerNotFound, unlockRequired } from "../offers";
import { hitRateLimit } from "../rate-limits";
import {
  addMessage,
  countHotelUnread,
  findChatHotel,
  findConversationPage,
  findConversationRow,
  findMessagesAfter,
  findOfferForChat,
  hotelTimeZone,
  insertOfferConversation,
  insertSiteConversation,
  type MessageRow,
  markRead,
  type OfferForChat,
  offerConversationId,
  type SummaryRow,
  setConversationGuestEmail,
  siteConversationIdByToken,
} from "./repository";

export type ChatDeps = { database: Database; now: () => Date };

/** The site chat's cookie: HttpOnly, SameSite=Strict, on the hotel's chat path only. */
export const CHAT_COOKIE = "alloggio_chat";
export const CHAT_COOKIE_DAYS = 30;
/** Guest messages per client address per minute (every conversation together). */
export const CHAT_POSTS_PER_ADDRESS_PER_MINUTE = 20;
/** Guest messages per conversation per minute. */
export const CHAT_POSTS_PER_CONVERSATION_PER_MINUTE = 8;
/** The most messages one answer carries (the client asks again with the last id). */
export const CHAT_PAGE = 200;
/** The back office's list: conversations per page. */
export const CONVERSATION_PAGE_SIZE = 25;

export const chatCookiePath = (hotelId: number) => `/api/v2/chat/hotels/${hotelId}`;
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const rateLimited = () =>
  new AppError("rate_limited", 429, "Too many messages: please wait a moment", [
    { field: "body", message: "too many messages, retry in a minute" },
  ]);

/** Counts a guest message against the client address; 429 past the limit. */
async function limitByAddress(db: Db, address: string, now: Date) {
  const hit = await hitRateLimit(db, `chat:addr:${address}`, 60_000, now);
  if (hit.count > CHAT_POSTS_PER_ADDRESS_PER_MINUTE) throw rateLimited();
}

/** Counts a guest message against its conversation (the first one included); 429 past the limit. */
async function limitByConversation(db: Db, conversationId: number, now: Date) {
  const hit = await hitRateLimit(db, `chat:conv:${conversationId}`, 60_000, now);
  if (hit.count > CHAT_POSTS_PER_CONVERSATION_PER_MINUTE) throw rateLimited();
}

// ── messages ───────────────────────────────────────────────────────────────────────────────────────────────

const toMessage = (row: MessageRow): ChatMessage => ({
  id: Number(row.id),
  author: row.author,
  body: row.body,
  at: row.at,
  staffName: row.staffName,
});

/** A conversation's messages after `after`, oldest first (at most CHAT_PAGE; `last`: the newest ones instead). */
export async function readMessages(
  database: Database,
  conversationId: number,
  after: number,
  last = false,
): Promise<ChatMessage[]> {
  const rows = await findMessagesAfter(database, conversationId, after, last, CHAT_PAGE);
  return rows.map(toMessage);
}

// ── the offer's chat ───────────────────────────────────────────────────────────────────────────────────────

/** The offer of a code, if the request carries its live access cookie: 404 for no offer, 401 without access. */
async function offerWithAccess(deps: ChatDeps, code: string, request: FastifyRequest): Promise<OfferForChat> {
  const found = await findOfferForChat(deps.database.db, code);
  if (!found) throw offerNotFound();
  if (!(await hasAccess(deps, request, found.id))) throw unlockRequired();
  return found;
}

/** GET: the offer's messages after `after` (the hotel's are marked read). Readable in every state of the offer. */
export async function readOfferChat(
  deps: ChatDeps,
  code: string,
  after: number,
  request: FastifyRequest,
): Promise<GuestChatResponse> {
  const found = await offerWithAccess(deps, code, request);
  const conversationId = await offerConversationId(deps.database.db, found.id);
  if (conversationId === null) return { messages: [], started: false };
  await markRead(deps.database.db, conversationId, "hotel", deps.now());
  return { messages: await readMessages(deps.database, conversationId, after), started: true };
}

/**
 * POST: the recipient's message; the first one opens the offer's conversation (the recipient's name, the offer's
 * language and channel). Allowed in every state of the offer (ADR 0037): a rejected or expired offer is when a
 * guest most often asks for another one.
 */
export async function postOfferChat(
  deps: ChatDeps,
  code: string,
  body: PostGuestMessage,
  request: FastifyRequest,
): Promise<GuestChatResponse> {
  const found = await offerWithAccess(deps, code, request);
  const now = deps.now();
  const conversationId = await deps.database.db.transaction(async (tx) => {
    await limitByAddress(tx, request.ip, now);
    let id = await offerConversationId(tx, found.id);
    if (id === null) {
      const created = await insertOfferConversation(tx, {
        hotelId: found.hotelId,
        offerId: found.id,
        guestName: found.recipientName,
        guestEmail: found.email,
        languageId: found.languageId,
        channelId: found.channelId,
        createdAt: now,
        lastMessageAt: now,
      });
      id = created ?? (await offerConversationId(tx, found.id))!;
    }
    await limitByConversation(tx, id, now);
    await addMessage(tx, id, "guest", body.body, now);
    await markRead(tx, id, "hotel", now);
    return id;
  });
  return { messages: await readMessages(deps.database, conversationId, body.after), started: true };
}

// ── the site chat ──────────────────────────────────────────────────────────────────────────────────────────

/** The hotel, when its site chat is on; 404 otherwise (a hotel without the chat has no chat to reach). */
async function requireChatHotel(db: Db, hotelId: number) {
  const row = await findChatHotel(db, hotelId);
  if (!row?.showChat) throw notFound("hotel", "No chat for this hotel");
  return row.id;
}

/** The conversation of the request's own cookie at this hotel, or null. */
async function siteConversationId(db: Db, hotelId: number, request: FastifyRequest) {
  const token = request.cookies[CHAT_COOKIE];
  if (!token || token.length > 200) return null;
  return siteConversationIdByToken(db, hotelId, sha256(token));
}

/** GET: the guest's own conversation (by the cookie only); `started: false` without one. */
export async function readSiteChat(
  deps: ChatDeps,
  hotelId: number,
  after: number,
  request: FastifyRequest,
): Promise<GuestChatResponse> {
  await requireChatHotel(deps.database.db, hotelId);
  const conversationId = await siteConversationId(deps.database.db, hotelId, request);
  if (conversationId === null) return { messages: [], started: false };
  await markRead(deps.database.db, conversationId, "hotel", deps.now());
  return { messages: await readMessages(deps.database, conversationId, after), started: true };
}

/**
 * POST: a message of the site chat. Without the guest's cookie the message opens a conversation (`name` required)
 * and gives back the new guest token (random; only its sha256 is stored) for the route to set as the cookie.
 */
export async function postSiteChat(
  deps: ChatDeps,
  hotelId: number,
  body: PostGuestMessage,
  request: FastifyRequest,
): Promise<{ answer: GuestChatResponse; newGuestToken: string | null }> {
  await requireChatHotel(deps.database.db, hotelId);
  const now = deps.now();
  const existing = await siteConversationId(deps.database.db, hotelId, request);
  if (existing === null && !body.name) throw badInput("name", "required to start a conversation");
  let token: string | null = null;
  const conversationId = await deps.database.db.transaction(async (tx) => {
    await limitByAddress(tx, request.ip, now);
    let id = existing;
    if (id === null) {
      token = randomBytes(32).toString("base64url");
      id = await insertSiteConversation(tx, {
        hotelId,
        guestTokenSha256: sha256(token),
        guestName: body.name!,
        guestEmail: body.email ?? null,
        languageId: body.language ?? 1,
        channelId: body.channel ?? null,
        createdAt: now,
        lastMessageAt: now,
      });
    } else if (body.email) {
      // A guest who adds an address later may be mailed from then on.
      await setConversationGuestEmail(tx, id, body.email);
    }
    await limitByConversation(tx, id, now);
    await addMessage(tx, id, "guest", body.body, now);
    await markRead(tx, id, "hotel", now);
    return id;
  });
  const messages = await readMessages(deps.database, conversationId, body.after);
  return { answer: { messages, started: true }, newGuestToken: token };
}

// ── the back office ────────────────────────────────────────────────────────────────────────────────────────

const toSummary = (row: SummaryRow): ConversationSummary => ({
  id: Number(row.id),
  kind: row.kind,
  guestName: row.guestName,
  guestEmail: row.guestEmail,
  offer: row.offerId !== null && row.offerCode ? { id: Number(row.offerId), code: row.offerCode } : null,
  unread: Number(row.unread),
  lastMessageAt: row.lastMessageAt,
  lastMessage: (row.lastMessage ?? "").slice(0, 140),
  lastAuthor: row.lastAuthor ?? "guest",
});

/** Unread guest messages over all the hotel's conversations. */
export async function hotelUnread(database: Database, hotelId: number): Promise<number> {
  return countHotelUnread(database, hotelId);
}

/** The hotel's conversations, newest activity first, 25 a page; `unread` keeps those with unread guest messages. */
export async function listConversations(
  database: Database,
  hotelId: number,
  query: { filter: "all" | "unread"; offer?: number | undefined; page: number },
) {
  const { rows, total } = await findConversationPage(database, hotelId, query, CONVERSATION_PAGE_SIZE);
  return {
    items: rows.map(toSummary),
    total,
    page: query.page,
    pageSize: CONVERSATION_PAGE_SIZE,
    unread: await hotelUnread(database, hotelId),
    timeZone: await hotelTimeZone(database, hotelId),
  };
}

/** One conversation of the hotel (another hotel's id: 404, like a missing one). */
async function findConversation(database: Database, hotelId: number, conversationId: number) {
  const row = await findConversationRow(database, hotelId, conversationId);
  if (!row) throw notFound("conversationId", "No such conversation");
  return row;
}

/** Opens a conversation: its last messages, the guest's marked read. */
export async function openConversation(
  database: Database,
  hotelId: number,
  conversationId: number,
  now: Date,
) {
  await findConversation(database, hotelId, conversationId);
  await markRead(database.db, conversationId, "guest", now);
  const row = await findConversation(database, hotelId, conversationId);
  return {
    conversation: toSummary(row),
    messages: await readMessages(database, conversationId, 0, true),
    timeZone: await hotelTimeZone(database, hotelId),
  };
}

/** The hotel's answer, with its audit entry in the same transaction; the guest's messages count as read. */
export async function replyToConversation(
  database: Database,
  staff: { userId: number; groupId: number; email: string },
  hotelId: number,
  conversationId: number,
  body: string,
  now: Date,
  audit: (tx: Db, entry: { messageId: number }) => Promise<void>,
): Promise<{ message: ChatMessage }> {
  await findConversation(database, hotelId, conversationId);
  const messageId = await database.db.transaction(async (tx) => {
    const id = await addMessage(tx, conversationId, "hotel", body, now, staff.userId);
    await markRead(tx, conversationId, "guest", now);
    await audit(tx, { messageId: id });
    return id;
  });
  const [message] = await readMessages(database, conversationId, messageId - 1);
  return { message: message! };
}
