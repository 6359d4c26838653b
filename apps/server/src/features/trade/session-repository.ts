// The statements of trade sessions and of the logged user behind them.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tradeCustomer, tradeCustomerHotel, tradeSession, tradeUser } from "../../db/schema";

type TradeUserRow = typeof tradeUser.$inferSelect;
type TradeCustomerRow = typeof tradeCustomer.$inferSelect;

export async function insertTradeSession(db: Db, row: typeof tradeSession.$inferInsert): Promise<void> {
  await db.insert(tradeSession).values(row);
}

/** A trade user and the customer it logs in for. */
export type UserWithCustomer = { user: TradeUserRow; customer: TradeCustomerRow };

/** The users `where` names, each with the customer it logs in for. */
export function findUsersWithCustomer(db: Db, where: SQL | undefined): Promise<UserWithCustomer[]> {
  return db
    .select({ user: tradeUser, customer: tradeCustomer })
    .from(tradeUser)
    .innerJoin(tradeCustomer, eq(tradeCustomer.id, tradeUser.tradeCustomerId))
    .where(where);
}

/** A user and the customer it logs in for. */
export async function findTradeUserById(db: Db, userId: number): Promise<UserWithCustomer | undefined> {
  const [row] = await findUsersWithCustomer(db, eq(tradeUser.id, userId));
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
