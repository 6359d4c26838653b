/** The chat feature's statements (ADR 0037): conversations and their messages. Named functions, the executor first. */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../../db/client";
import { chatConversation, chatMessage, hotel, offer } from "../../db/schema";

export type MessageRow = {
  id: number;
  author: "guest" | "hotel";
  body: string;
  at: string;
  staffName: string | null;
};

/** A conversation's messages after `after`, oldest first (at most `pageSize`; `last`: the newest ones instead). */
export async function findMessagesAfter(
  database: Database,
  conversationId: number,
  after: number,
  last: boolean,
  pageSize: number,
): Promise<MessageRow[]> {
  return database.query<MessageRow>(sql`
    select * from (
      select m.id, m.author, m.body,
        to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
        case when m.author = 'hotel' then coalesce(nullif(split_part(btrim(u.name), ' ', 1), ''), 'Staff') end
          as "staffName"
      from chat_message m left join staff_user u on u.id = m.staff_user_id
      where m.conversation_id = ${conversationId} and m.id > ${after}
      order by m.id ${last ? sql`desc` : sql`asc`} limit ${pageSize}
    ) page order by id`);
}

/** The other side has read: every unread message of `author` in the conversation gets its read time. */
export async function markRead(db: Db, conversationId: number, author: "guest" | "hotel", now: Date) {
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

/** A message, and the conversation's last activity moved to it; the message's id. */
export async function addMessage(
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

export type OfferForChat = {
  id: number;
  hotelId: number;
  channelId: number;
  languageId: number;
  recipientName: string;
  email: string;
};

/** The offer of a code, as its chat needs it; undefined for an unknown code. */
export async function findOfferForChat(db: Db, code: string): Promise<OfferForChat | undefined> {
  const [found] = await db
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
  return found;
}

export async function offerConversationId(db: Db, offerId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: chatConversation.id })
    .from(chatConversation)
    .where(eq(chatConversation.offerId, offerId));
  return row?.id ?? null;
}

/** A new offer conversation; undefined when another request opened it first (the offer's one conversation). */
export async function insertOfferConversation(
  tx: Db,
  values: Omit<typeof chatConversation.$inferInsert, "kind">,
): Promise<number | undefined> {
  const [created] = await tx
    .insert(chatConversation)
    .values({ ...values, kind: "offer" })
    .onConflictDoNothing()
    .returning({ id: chatConversation.id });
  return created?.id;
}

/** A new site conversation; its id. */
export async function insertSiteConversation(
  tx: Db,
  values: Omit<typeof chatConversation.$inferInsert, "kind">,
): Promise<number> {
  const [created] = await tx
    .insert(chatConversation)
    .values({ ...values, kind: "site" })
    .returning({ id: chatConversation.id });
  return created!.id;
}

export async function setConversationGuestEmail(tx: Db, conversationId: number, email: string) {
  await tx.update(chatConversation).set({ guestEmail: email }).where(eq(chatConversation.id, conversationId));
}

/** The hotel's id and whether its site chat is on; undefined for an unknown hotel. */
export async function findChatHotel(db: Db, hotelId: number) {
  const [row] = await db
    .select({ id: hotel.id, showChat: hotel.showChat })
    .from(hotel)
    .where(eq(hotel.id, hotelId));
  return row;
}

/** The site conversation at this hotel whose guest token has this hash, or null. */
export async function siteConversationIdByToken(db: Db, hotelId: number, tokenSha256: string) {
  const [row] = await db
    .select({ id: chatConversation.id })
    .from(chatConversation)
    .where(
      and(
        eq(chatConversation.guestTokenSha256, tokenSha256),
        eq(chatConversation.hotelId, hotelId),
        eq(chatConversation.kind, "site"),
      ),
    );
  return row?.id ?? null;
}

// ── the back office ────────────────────────────────────────────────────────────────────────────────────────

export type SummaryRow = {
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

/** Unread guest messages over all the hotel's conversations. */
export async function countHotelUnread(database: Database, hotelId: number): Promise<number> {
  const [row] = await database.query<{ n: number }>(sql`
    select count(*)::int as n from chat_message m join chat_conversation c on c.id = m.conversation_id
    where c.hotel_id = ${hotelId} and m.author = 'guest' and m.read_at is null`);
  return Number(row?.n ?? 0);
}

/** A page of the hotel's conversations, newest activity first, and how many there are in all. */
export async function findConversationPage(
  database: Database,
  hotelId: number,
  query: { filter: "all" | "unread"; offer?: number | undefined; page: number },
  pageSize: number,
): Promise<{ rows: SummaryRow[]; total: number }> {
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
    limit ${pageSize} offset ${(query.page - 1) * pageSize}`);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The hotel's IANA time zone: the back office writes chat times in hotel time. */
export async function hotelTimeZone(database: Database, hotelId: number): Promise<string> {
  const [row] = await database.query<{ time_zone: string }>(
    sql`select time_zone from hotel where id = ${hotelId}`,
  );
  return row?.time_zone ?? "UTC";
}

/** One conversation of the hotel; undefined for a missing one or another hotel's. */
export async function findConversationRow(database: Database, hotelId: number, conversationId: number) {
  const [row] = await database.query<SummaryRow>(
    sql`${summarySelect} where c.id = ${conversationId} and c.hotel_id = ${hotelId}`,
  );
  return row;
}

// ── the reply mails ────────────────────────────────────────────────────────────────────────────────────────

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type DueHotelMessage = { id: number; conversation_id: number };

export type ConversationForMail = {
  hotel_id: number;
  guest_name: string;
  email: string | null;
  language_id: number;
  channel_id: number | null;
  hotel_name: string;
  offer_code: string | null;
};

/**
 * A batch of hotel messages unread and not yet mailed, written at `due` or before, locked FOR UPDATE SKIP LOCKED
 * (two processes never take the same row).
 */
export async function lockDueHotelMessages(tx: Tx, due: string, limit: number) {
  return rowsOf<DueHotelMessage>(
    await tx.execute(sql`select id, conversation_id from chat_message
        where author = 'hotel' and read_at is null and mailed_at is null and created_at <= ${due}::timestamptz
        order by created_at, id limit ${limit} for update skip locked`),
  );
}

/** Whom a conversation's reply mail goes to: the site chat's e-mail or the offer's recipient, with the hotel. */
export async function findConversationForMail(tx: Tx, conversationId: number) {
  const [c] = rowsOf<ConversationForMail>(
    await tx.execute(sql`select c.hotel_id, c.guest_name, coalesce(c.guest_email, o.email) as email,
            c.language_id, c.channel_id, h.name as hotel_name, o.code as offer_code
          from chat_conversation c join hotel h on h.id = c.hotel_id left join offer o on o.id = c.offer_id
          where c.id = ${conversationId}`),
  );
  return c;
}

/** The bodies of these messages, oldest first. */
export async function messageBodies(tx: Tx, ids: number[]): Promise<string[]> {
  return rowsOf<{ body: string }>(
    await tx.execute(
      sql`select body from chat_message where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
    ),
  ).map((m) => m.body);
}

export async function markMessagesMailed(tx: Tx, ids: number[], now: Date) {
  await tx.execute(sql`update chat_message set mailed_at = ${now.toISOString()}::timestamptz
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`);
}
