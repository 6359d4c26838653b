// The statements of trade sessions and of the logged user behind them.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tradeCustomer, tradeCustomerHotel, tradeSession, tradeUser } from "../../db/schema";

type TradeSessionRow = typeof tradeSession.$inferSelect;
type TradeUserRow = typeof tradeUser.$inferSelect;
type TradeCustomerRow = typeof tradeCustomer.$inferSelect;

export async function insertTradeSession(db: Db, row: typeof tradeSession.$inferInsert): Promise<void> {
  await db.insert(tradeSession).values(row);
}

/** Touches the live session of a token hash (lastSeenAt = now) and answers it; undefined when none is live. */
export async function touchTradeSession(
  db: Db,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<TradeSessionRow | undefined> {
  const [row] = await db
    .update(tradeSession)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(tradeSession.tokenHash, tokenHash),
        gt(tradeSession.expiresAt, now),
        gt(tradeSession.lastSeenAt, idleSince),
      ),
    )
    .returning();
  return row;
}

export async function deleteTradeSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(tradeSession).where(eq(tradeSession.tokenHash, tokenHash));
}

/** Deletes a user's sessions, except the one of `keepHash` if given. */
export async function deleteTradeUserSessions(db: Db, userId: number, keepHash?: string): Promise<void> {
  await db
    .delete(tradeSession)
    .where(
      keepHash
        ? and(eq(tradeSession.tradeUserId, userId), sql`${tradeSession.tokenHash} <> ${keepHash}`)
        : eq(tradeSession.tradeUserId, userId),
    );
}

/** A user and the customer it logs in for. */
export async function findTradeUserById(
  db: Db,
  userId: number,
): Promise<{ user: TradeUserRow; customer: TradeCustomerRow } | undefined> {
  const [row] = await db
    .select({ user: tradeUser, customer: tradeCustomer })
    .from(tradeUser)
    .innerJoin(tradeCustomer, eq(tradeCustomer.id, tradeUser.tradeCustomerId))
    .where(eq(tradeUser.id, userId));
  return row;
}

/** Whether a customer is enabled on a channel (for a given hotel when `hotelId` is given). */
export async function existsCustomerHotel(
  db: Db,
  customerId: number,
  channelId: number,
  hotelId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(tradeCustomerHotel)
    .where(
      and(
        eq(tradeCustomerHotel.tradeCustomerId, customerId),
        eq(tradeCustomerHotel.channelId, channelId),
        hotelId === undefined ? undefined : eq(tradeCustomerHotel.hotelId, hotelId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
