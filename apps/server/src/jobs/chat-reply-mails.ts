import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { renderChatReplyMail } from "../features/chat";
import { insertOutboxMails } from "../features/mail";
import { offerUrl } from "../features/offers";

/** A hotel's chat message unread this long is mailed to the guest (once per wait: `chat_message.mailed_at`). */
export const CHAT_REPLY_MAIL_AFTER_MINUTES = 10;

type Due = { id: number; conversation_id: number };
type Conversation = {
  hotel_id: number;
  guest_name: string;
  email: string | null;
  language_id: number;
  channel_id: number | null;
  hotel_name: string;
  offer_code: string | null;
};
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * One batch: the hotel messages unread for CHAT_REPLY_MAIL_AFTER_MINUTES and not yet mailed, locked FOR UPDATE
 * SKIP LOCKED (two processes never take the same row). Each conversation gets one mail (its unread hotel
 * messages, in the guest's language, with a link back) when the guest left an address — the site chat's e-mail or
 * the offer's recipient — and its messages are marked mailed either way. Returns how many messages were taken.
 */
export async function mailDueChatReplies(
  deps: { database: Database; now: () => Date; baseUrl: string },
  limit = 50,
): Promise<{ taken: number; mailed: number }> {
  const now = deps.now();
  const due = new Date(now.getTime() - CHAT_REPLY_MAIL_AFTER_MINUTES * 60_000).toISOString();
  return deps.database.db.transaction(async (tx) => {
    const rows = rowsOf<Due>(
      await tx.execute(sql`select id, conversation_id from chat_message
        where author = 'hotel' and read_at is null and mailed_at is null and created_at <= ${due}::timestamptz
        order by created_at, id limit ${limit} for update skip locked`),
    );
    const conversations = [...new Set(rows.map((r) => Number(r.conversation_id)))];
    let mailed = 0;
    for (const conversationId of conversations) {
      const ids = rows.filter((r) => Number(r.conversation_id) === conversationId).map((r) => Number(r.id));
      const [c] = rowsOf<Conversation>(
        await tx.execute(sql`select c.hotel_id, c.guest_name, coalesce(c.guest_email, o.email) as email,
            c.language_id, c.channel_id, h.name as hotel_name, o.code as offer_code
          from chat_conversation c join hotel h on h.id = c.hotel_id left join offer o on o.id = c.offer_id
          where c.id = ${conversationId}`),
      );
      const messages = rowsOf<{ body: string }>(
        await tx.execute(
          sql`select body from chat_message where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) order by id`,
        ),
      ).map((m) => m.body);
      await tx.execute(sql`update chat_message set mailed_at = ${now.toISOString()}::timestamptz
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`);
      if (!c?.email) continue;
      const base = deps.baseUrl.replace(/\/+$/, "");
      const url = c.offer_code
        ? offerUrl(base, c.offer_code)
        : `${base}/hotel/${c.hotel_id}/channel/${c.channel_id ?? 1}/language/${c.language_id}`;
      await insertOutboxMails(tx, [
        {
          ...renderChatReplyMail({
            to: c.email,
            guestName: c.guest_name,
            languageId: Number(c.language_id),
            hotelName: c.hotel_name,
            messages,
            url,
          }),
          now,
        },
      ]);
      mailed += 1;
    }
    return { taken: rows.length, mailed };
  });
}

/** Every due reply, batch by batch (a missed run is caught up: the sweep looks at times, not at ticks). */
export async function mailChatReplies(
  deps: { database: Database; now: () => Date; baseUrl: string },
  batchSize = 50,
): Promise<number> {
  let total = 0;
  for (;;) {
    const { taken, mailed } = await mailDueChatReplies(deps, batchSize);
    total += mailed;
    if (taken < batchSize) return total;
  }
}
