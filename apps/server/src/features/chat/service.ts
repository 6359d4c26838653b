/**
 * The chat (ADR 0037): a guest and a hotel write plain-text messages in one conversation — the site chat
 * window (the guest's HttpOnly cookie, only its sha256 stored) or an offer's chat (the offer's access cookie). The
 * guest polls with `?after=<last id>`; reading the other side's messages marks them read.
 */
import { createHash, randomBytes } from "node:crypto";
import type { ConversationSummary } from "@alloggio/domain/contract/backoffice/chat";
import type { ChatMessage, GuestChatResponse, PostGuestMessage } from "@alloggio/domain/contract/chat/chat";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database, Db } from "../../db/client";
import { chatConversation, chatMessage, hotel, offer } from "../../db/schema";
import { isSecureCookie } from "../../http/cookies";
import { AppError, badInput, notFound } from "../../http/errors";
import { hasAccess, offerNotFound, unlockRequired } from "../offers";
import { hitRateLimit } from "../rate-limits";

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

type MessageRow = {
  id: number;
  author: "guest" | "hotel";
  body: string;
  at: string;
  staffName: string | null;
};

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
  const rows = await database.query<MessageRow>(sql`
    select * from (
      select m.id, m.author, m.body,
        to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
        case when m.author = 'hotel' then coalesce(nullif(split_part(btrim(u.name), ' ', 1), ''), 'Staff') end
          as "staffName"
      from chat_message m left join staff_user u on u.id = m.staff_user_id
      where m.conversation_id = ${conversationId} and m.id > ${after}
      order by m.id ${last ? sql`desc` : sql`asc`} limit ${CHAT_PAGE}
    ) page order by id`);
  return rows.map(toMessage);
}

/** The other side has read: every unread message of `author` in the conversation gets its read time. */
async function markRead(db: Db, conversationId: number, author: "guest" | "hotel", now: Date) {
  await db
    .update(chatMessage)
    .set({ readAt: now })
    .where(
      and(
        eq(chatMessage.conversationId, conversationId),
        eq(chatMessage.author, author),
        isNull(chatMessage.readAt),
      ),
    );
}

async function addMessage(
  db: Db,
  conversationId: number,
  author: "guest" | "hotel",
  body: string,
  now: Date,
  staffUserId: number | null = null,
) {
  const [row] = await db
    .insert(chatMessage)
    .values({ conversationId, author, body, createdAt: now, staffUserId })
    .returning({ id: chatMessage.id });
  await db
    .update(chatConversation)
    .set({ lastMessageAt: now })
    .where(eq(chatConversation.id, conversationId));
  return row!.id;
}

// ── the offer's chat ───────────────────────────────────────────────────────────────────────────────────────

type OfferForChat = {
  id: number;
  hotelId: number;
  channelId: number;
  languageId: number;
  recipientName: string;
  email: string;
};

/** The offer of a code, if the request carries its live access cookie: 404 for no offer, 401 without access. */
async function offerWithAccess(deps: ChatDeps, code: string, request: FastifyRequest): Promise<OfferForChat> {
  const [found] = await deps.database.db
    .select({
      id: offer.id,
      hotelId: offer.hotelId,
      channelId: offer.channelId,
      languageId: offer.languageId,
      recipientName: offer.recipientName,
      email: offer.email,
    })
    .from(offer)
    .where(eq(offer.code, code));
  if (!found) throw offerNotFound();
  if (!(await hasAccess(deps, request, found.id))) throw unlockRequired();
  return found;
}

async function offerConversationId(db: Db, offerId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: chatConversation.id })
    .from(chatConversation)
    .where(eq(chatConversation.offerId, offerId));
  return row?.id ?? null;
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
      const [created] = await tx
        .insert(chatConversation)
        .values({
          hotelId: found.hotelId,
          kind: "offer",
          offerId: found.id,
          guestName: found.recipientName,
          guestEmail: found.email,
          languageId: found.languageId,
          channelId: found.channelId,
          createdAt: now,
          lastMessageAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: chatConversation.id });
      id = created?.id ?? (await offerConversationId(tx, found.id))!;
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
  const [row] = await db
    .select({ id: hotel.id, showChat: hotel.showChat })
    .from(hotel)
    .where(eq(hotel.id, hotelId));
  if (!row?.showChat) throw notFound("hotel", "No chat for this hotel");
  return row.id;
}

/** The conversation of the request's own cookie at this hotel, or null. */
async function siteConversationId(db: Db, hotelId: number, request: FastifyRequest) {
  const token = request.cookies[CHAT_COOKIE];
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ id: chatConversation.id })
    .from(chatConversation)
    .where(
      and(
        eq(chatConversation.guestTokenSha256, sha256(token)),
        eq(chatConversation.hotelId, hotelId),
        eq(chatConversation.kind, "site"),
      ),
    );
  return row?.id ?? null;
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
 * and sets the cookie (a new random token; only its sha256 is stored).
 */
export async function postSiteChat(
  deps: ChatDeps,
  hotelId: number,
  body: PostGuestMessage,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<GuestChatResponse> {
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
      const [created] = await tx
        .insert(chatConversation)
        .values({
          hotelId,
          kind: "site",
          guestTokenSha256: sha256(token),
          guestName: body.name!,
          guestEmail: body.email ?? null,
          languageId: body.language ?? 1,
          channelId: body.channel ?? null,
          createdAt: now,
          lastMessageAt: now,
        })
        .returning({ id: chatConversation.id });
      id = created!.id;
    } else if (body.email) {
      // A guest who adds an address later may be mailed from then on.
      await tx.update(chatConversation).set({ guestEmail: body.email }).where(eq(chatConversation.id, id));
    }
    await limitByConversation(tx, id, now);
    await addMessage(tx, id, "guest", body.body, now);
    await markRead(tx, id, "hotel", now);
    return id;
  });
  if (token)
    reply.setCookie(CHAT_COOKIE, token, {
      httpOnly: true,
      sameSite: "strict",
      secure: isSecureCookie(request),
      path: chatCookiePath(hotelId),
      maxAge: CHAT_COOKIE_DAYS * 86_400,
    });
  return { messages: await readMessages(deps.database, conversationId, body.after), started: true };
}

// ── the back office ────────────────────────────────────────────────────────────────────────────────────────

type SummaryRow = {
  id: number;
  kind: "site" | "offer";
  guestName: string;
  guestEmail: string | null;
  offerId: number | null;
  offerCode: string | null;
  unread: number;
  lastMessageAt: string;
  lastMessage: string | null;
  lastAuthor: "guest" | "hotel" | null;
};

const summarySelect = sql`
  select c.id, c.kind, c.guest_name as "guestName", c.guest_email as "guestEmail",
    c.offer_id as "offerId", o.code as "offerCode",
    (select count(*)::int from chat_message u
      where u.conversation_id = c.id and u.author = 'guest' and u.read_at is null) as unread,
    to_char(c.last_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastMessageAt",
    last.body as "lastMessage", last.author as "lastAuthor"
  from chat_conversation c
  left join offer o on o.id = c.offer_id
  left join lateral (select m.body, m.author from chat_message m where m.conversation_id = c.id
    order by m.id desc limit 1) last on true`;

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
  const [row] = await database.query<{ n: number }>(sql`
    select count(*)::int as n from chat_message m join chat_conversation c on c.id = m.conversation_id
    where c.hotel_id = ${hotelId} and m.author = 'guest' and m.read_at is null`);
  return Number(row?.n ?? 0);
}

/** The hotel's conversations, newest activity first, 25 a page; `unread` keeps those with unread guest messages. */
export async function listConversations(
  database: Database,
  hotelId: number,
  query: { filter: "all" | "unread"; offer?: number | undefined; page: number },
) {
  const where = sql`c.hotel_id = ${hotelId}
    ${query.offer !== undefined ? sql`and c.offer_id = ${query.offer}` : sql``}
    ${
      query.filter === "unread"
        ? sql`and exists (select 1 from chat_message u where u.conversation_id = c.id and u.author = 'guest'
            and u.read_at is null)`
        : sql``
    }`;
  const [total] = await database.query<{ n: number }>(
    sql`select count(*)::int as n from chat_conversation c where ${where}`,
  );
  const rows = await database.query<SummaryRow>(sql`${summarySelect} where ${where}
    order by c.last_message_at desc, c.id desc
    limit ${CONVERSATION_PAGE_SIZE} offset ${(query.page - 1) * CONVERSATION_PAGE_SIZE}`);
  return {
    items: rows.map(toSummary),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: CONVERSATION_PAGE_SIZE,
    unread: await hotelUnread(database, hotelId),
    timeZone: await hotelTimeZone(database, hotelId),
  };
}

/** The hotel's IANA time zone: the back office writes chat times in hotel time. */
async function hotelTimeZone(database: Database, hotelId: number): Promise<string> {
  const [row] = await database.query<{ time_zone: string }>(
    sql`select time_zone from hotel where id = ${hotelId}`,
  );
  return row?.time_zone ?? "UTC";
}

/** One conversation of the hotel (another hotel's id: 404, like a missing one). */
async function findConversation(database: Database, hotelId: number, conversationId: number) {
  const [row] = await database.query<SummaryRow>(
    sql`${summarySelect} where c.id = ${conversationId} and c.hotel_id = ${hotelId}`,
  );
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
