// The statements of the back office's trade accounts: the accounts a staff user may see, their hotel × channel
// pairs, their users, and the changes to status, pricing, pairs, sessions and passwords.
import type { TradeAccountStatus, TradeEnablement } from "@alloggio/domain/contract/backoffice/trade";
import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  channel,
  hotel,
  hotelChannel,
  staffUser,
  tradeCustomer,
  tradeCustomerHotel,
  tradeSession,
  tradeUser,
} from "../../../db/schema";
import { findOwnedRow } from "../repository";

export type TradeCustomerRow = typeof tradeCustomer.$inferSelect;
export type TradeUserRow = typeof tradeUser.$inferSelect;

/** What a staff user may see: every hotel of the group (null) or only theirs. */
export type Scope = { groupId: number; hotels: number[] | null };

/** Whether the staff user is given every hotel of the group (undefined: no such user). */
export async function findStaffAllHotels(db: Db, userId: number): Promise<boolean | undefined> {
  const [user] = await db
    .select({ allHotels: staffUser.allHotels })
    .from(staffUser)
    .where(eq(staffUser.id, userId));
  return user?.allHotels;
}

/** The accounts a scope may see: of the group's channels, and for a hotel-scoped user enabled for one of theirs. */
function visible(scope: Scope): SQL {
  const ofGroup = eq(channel.groupId, scope.groupId);
  if (scope.hotels === null) return ofGroup;
  if (scope.hotels.length === 0) return sql`false`;
  return and(
    ofGroup,
    sql`exists (select 1 from ${tradeCustomerHotel} where ${tradeCustomerHotel.tradeCustomerId} = ${tradeCustomer.id}
      and ${inArray(tradeCustomerHotel.hotelId, scope.hotels)})`,
  ) as SQL;
}

/** The account's hotel × channel pairs, by hotel then channel. */
export async function findEnabledPairs(db: Db, accountId: number): Promise<TradeEnablement[]> {
  return db
    .select({ hotelId: tradeCustomerHotel.hotelId, channelId: tradeCustomerHotel.channelId })
    .from(tradeCustomerHotel)
    .where(eq(tradeCustomerHotel.tradeCustomerId, accountId))
    .orderBy(asc(tradeCustomerHotel.hotelId), asc(tradeCustomerHotel.channelId));
}

/** An account the scope may see with its channel's name, locked (`for update of trade_customer`) when `lock`. */
export async function findVisibleAccount(db: Db, scope: Scope, accountId: number, lock: boolean) {
  const query = db
    .select({ customer: tradeCustomer, channelName: channel.name })
    .from(tradeCustomer)
    .innerJoin(channel, eq(channel.id, tradeCustomer.channelId))
    .where(and(eq(tradeCustomer.id, accountId), visible(scope)));
  const [row] = lock ? await query.for("update", { of: tradeCustomer }) : await query;
  return row;
}

/** Every hotel × trade channel of the group (hotels sold on that channel), with names. */
export function findTradeOptions(db: Db, groupId: number) {
  return db
    .select({
      hotelId: hotel.id,
      hotelName: hotel.name,
      channelId: channel.id,
      channelName: channel.name,
    })
    .from(hotelChannel)
    .innerJoin(hotel, eq(hotel.id, hotelChannel.hotelId))
    .innerJoin(channel, eq(channel.id, hotelChannel.channelId))
    .where(and(eq(channel.groupId, groupId), eq(hotel.groupId, groupId), eq(channel.kind, "trade")))
    .orderBy(asc(hotel.name), asc(hotel.id), asc(channel.id));
}

/** The hotels enabled for these accounts (distinct per account), by hotel name. */
export function findAccountHotels(db: Db, accountIds: number[]) {
  return db
    .selectDistinct({ accountId: tradeCustomerHotel.tradeCustomerId, id: hotel.id, name: hotel.name })
    .from(tradeCustomerHotel)
    .innerJoin(hotel, eq(hotel.id, tradeCustomerHotel.hotelId))
    .where(inArray(tradeCustomerHotel.tradeCustomerId, accountIds))
    .orderBy(asc(hotel.name), asc(hotel.id));
}

/** The scope's filter plus the search text (name, e-mails, VAT, IATA, a user's e-mail or username). */
function accountFilters(scope: Scope, q: string | undefined): SQL[] {
  const filters: SQL[] = [visible(scope)];
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        sql`${tradeCustomer.name} ilike ${like}`,
        sql`${tradeCustomer.email} ilike ${like}`,
        sql`${tradeCustomer.referentEmail} ilike ${like}`,
        sql`coalesce(${tradeCustomer.vatNumber}, '') ilike ${like}`,
        sql`coalesce(${tradeCustomer.iataCode}, '') ilike ${like}`,
        sql`exists (select 1 from ${tradeUser} where ${tradeUser.tradeCustomerId} = ${tradeCustomer.id}
          and (${tradeUser.email} ilike ${like} or ${tradeUser.username} ilike ${like}))`,
      ) as SQL,
    );
  }
  return filters;
}

/** How many accounts the scope sees matching the search, per status. */
export function countAccountsByStatus(db: Db, scope: Scope, q: string | undefined) {
  return db
    .select({ status: tradeCustomer.status, n: sql<number>`count(*)::int` })
    .from(tradeCustomer)
    .innerJoin(channel, eq(channel.id, tradeCustomer.channelId))
    .where(and(...accountFilters(scope, q)))
    .groupBy(tradeCustomer.status);
}

/** A page of the accounts the scope sees matching the search (and status): pending first, then by name. */
export function findAccountsPage(
  db: Db,
  scope: Scope,
  q: string | undefined,
  status: TradeAccountStatus | undefined,
  limit: number,
  offset: number,
) {
  const filters = accountFilters(scope, q);
  if (status) filters.push(eq(tradeCustomer.status, status));
  return db
    .select({ customer: tradeCustomer, channelName: channel.name })
    .from(tradeCustomer)
    .innerJoin(channel, eq(channel.id, tradeCustomer.channelId))
    .where(and(...filters))
    .orderBy(
      sql`case when ${tradeCustomer.status} = 'pending' then 0 else 1 end`,
      asc(sql`lower(${tradeCustomer.name})`),
      asc(tradeCustomer.id),
    )
    .limit(limit)
    .offset(offset);
}

/** The account's users, by username. */
export function findAccountUsers(db: Db, accountId: number): Promise<TradeUserRow[]> {
  return db
    .select()
    .from(tradeUser)
    .where(eq(tradeUser.tradeCustomerId, accountId))
    .orderBy(asc(tradeUser.username));
}

/** The usernames of the account's users, in order. */
export function findAccountUsernames(db: Db, accountId: number) {
  return db
    .select({ username: tradeUser.username })
    .from(tradeUser)
    .where(eq(tradeUser.tradeCustomerId, accountId))
    .orderBy(asc(tradeUser.username));
}

/** Replaces the account's pairs on these hotels (all when null) with `pairs`; the other hotels' stay. */
export async function replaceAccountPairs(
  tx: Db,
  hotels: number[] | null,
  accountId: number,
  pairs: TradeEnablement[],
): Promise<void> {
  const own = eq(tradeCustomerHotel.tradeCustomerId, accountId);
  await tx
    .delete(tradeCustomerHotel)
    .where(hotels === null ? own : and(own, inArray(tradeCustomerHotel.hotelId, hotels)));
  if (pairs.length)
    await tx
      .insert(tradeCustomerHotel)
      .values(pairs.map((p) => ({ tradeCustomerId: accountId, hotelId: p.hotelId, channelId: p.channelId })))
      .onConflictDoNothing();
}

/** Changes the account's status, active flag or pricing; the row after. */
export async function updateAccount(
  tx: Db,
  accountId: number,
  values: Partial<Pick<TradeCustomerRow, "status" | "active" | "extraDiscountPercent" | "commissionPercent">>,
): Promise<TradeCustomerRow | undefined> {
  const [updated] = await tx
    .update(tradeCustomer)
    .set(values)
    .where(eq(tradeCustomer.id, accountId))
    .returning();
  return updated;
}

/** Ends every session of the account's users. */
export async function deleteAccountSessions(tx: Db, accountId: number): Promise<void> {
  await tx
    .delete(tradeSession)
    .where(
      inArray(
        tradeSession.tradeUserId,
        tx.select({ id: tradeUser.id }).from(tradeUser).where(eq(tradeUser.tradeCustomerId, accountId)),
      ),
    );
}

/** A user of the account, locked for update. */
export async function lockAccountUser(
  tx: Db,
  accountId: number,
  userId: number,
): Promise<TradeUserRow | undefined> {
  return findOwnedRow(tx, tradeUser, [tradeUser.tradeCustomerId, accountId], userId);
}

/** Sets a temporary password the user must change at the next login. */
export async function setTemporaryPassword(
  tx: Db,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await tx
    .update(tradeUser)
    .set({ passwordHash, passwordChangedAt: now, mustChangePassword: true })
    .where(eq(tradeUser.id, userId));
}
