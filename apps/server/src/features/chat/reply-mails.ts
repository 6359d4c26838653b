import type { Database } from "../../db/client";
import { insertOutboxMails } from "../mail";
import { offerUrl } from "../offers";
import { renderChatReplyMail } from "./mails";
import {
  findConversationForMail,
  lockDueHotelMessages,
  markMessagesMailed,
  messageBodies,
} from "./repository";

/** A hotel's chat message unread this long is mailed to the guest (once per wait: `chat_message.mailed_at`). */
export const CHAT_REPLY_MAIL_AFTER_MINUTES = 10;

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
    const rows = await lockDueHotelMessages(tx, due, limit);
    const conversations = [...new Set(rows.map((r) => Number(r.conversation_id)))];
    let mailed = 0;
    for (const conversationId of conversations) {
      const ids = rows.filter((r) => Number(r.conversation_id) === conversationId).map((r) => Number(r.id));
      const c = await findConversationForMail(tx, conversationId);
      const messages = await messageBodies(tx, ids);
      await markMessagesMailed(tx, ids, now);
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
