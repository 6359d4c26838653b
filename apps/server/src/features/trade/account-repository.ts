// The statements of trade logins, password changes and resets, and sign-ups.
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { channel, hotel, hotelChannel, tradeCustomer, tradePasswordToken, tradeUser } from "../../db/schema";
import { findUsersWithCustomer, type UserWithCustomer } from "./session-repository";

type TradeUserRow = typeof tradeUser.$inferSelect;

/** A channel: its group, name and kind (a login reads its group and name). */
export async function findChannel(db: Db, channelId: number) {
  const [row] = await db
    .select({ id: channel.id, groupId: channel.groupId, name: channel.name, kind: channel.kind })
    .from(channel)
    .where(eq(channel.id, channelId));
  return row;
}

/** The user a username (lower-cased: `key`) names in a hotel group, with its customer. */
export async function findTradeUserByUsername(
  db: Db,
  groupId: number,
  key: string,
): Promise<UserWithCustomer | undefined> {
  const named = and(eq(tradeUser.groupId, groupId), sql`lower(${tradeUser.username}) = ${key}`);
  const [row] = await findUsersWithCustomer(db, named);
  return row;
}

/** Replaces a user's unused reset links with a new one (its hash). */
export async function replaceResetToken(
  tx: Db,
  userId: number,
  row: { tokenHash: string; channelId: number; expiresAt: Date; createdAt: Date },
  now: Date,
): Promise<void> {
  await expireResetTokens(tx, userId, now);
  await tx.insert(tradePasswordToken).values({ ...row, tradeUserId: userId });
}

/**
 * The live users of a group whose username or e-mail, or whose account's e-mail, is `key` (lower-cased): not
 * disabled, the account pending or approved, and active.
 */
export function findRecoverableUsers(db: Db, groupId: number, key: string): Promise<UserWithCustomer[]> {
  return findUsersWithCustomer(
    db,
    and(
      eq(tradeUser.groupId, groupId),
      or(
        sql`lower(${tradeUser.username}) = ${key}`,
        sql`lower(${tradeUser.email}) = ${key}`,
        // The account's own address finds its users too (each gets the mail at the user's address).
        sql`lower(${tradeCustomer.email}) = ${key}`,
      ),
      isNull(tradeUser.disabledAt),
      sql`${tradeCustomer.status} in ('pending', 'approved')`,
      eq(tradeCustomer.active, true),
    ),
  );
}

const liveResetToken = (tokenHash: string, now: Date) =>
  and(
    eq(tradePasswordToken.tokenHash, tokenHash),
    isNull(tradePasswordToken.usedAt),
    gt(tradePasswordToken.expiresAt, now),
  );

/** The user of a live (unused, unexpired) reset link. */
export async function findResetTokenUser(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ user: TradeUserRow } | undefined> {
  const [pending] = await db
    .select({ user: tradeUser })
    .from(tradePasswordToken)
    .innerJoin(tradeUser, eq(tradeUser.id, tradePasswordToken.tradeUserId))
    .where(liveResetToken(tokenHash, now));
  return pending;
}

/** Uses a live reset link once; answers whose it was and its channel. */
export async function useResetToken(
  tx: Db,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number; channelId: number } | undefined> {
  const [used] = await tx
    .update(tradePasswordToken)
    .set({ usedAt: now })
    .where(liveResetToken(tokenHash, now))
    .returning({ userId: tradePasswordToken.tradeUserId, channelId: tradePasswordToken.channelId });
  return used;
}

/** Marks a user's unused reset links used. */
export async function expireResetTokens(tx: Db, userId: number, now: Date): Promise<void> {
  await tx
    .update(tradePasswordToken)
    .set({ usedAt: now })
    .where(and(eq(tradePasswordToken.tradeUserId, userId), isNull(tradePasswordToken.usedAt)));
}

/** Sets a user's new password and clears the forced change; answers the user. */
export async function setTradePassword(
  tx: Db,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<TradeUserRow | undefined> {
  const [updated] = await tx
    .update(tradeUser)
    .set({ passwordHash, passwordChangedAt: now, mustChangePassword: false })
    .where(eq(tradeUser.id, userId))
    .returning();
  return updated;
}

/** Whether an account or a user of the group already uses one of these (lower-cased) e-mails. */
export async function anyEmailTaken(db: Db, groupId: number, emails: string[]): Promise<boolean> {
  const list = sql.join(
    emails.map((e) => sql`${e}`),
    sql`, `,
  );
  const taken = await db.execute(sql`
    select 1 from trade_customer c join channel ch on ch.id = c.channel_id
      where ch.group_id = ${groupId} and (lower(c.email) in (${list}) or lower(c.referent_email) in (${list}))
    union all
    select 1 from trade_user u where u.group_id = ${groupId} and lower(u.email) in (${list})
    limit 1`);
  return (taken as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Whether a username (lower-cased: `key`) is in use in a hotel group. */
export async function usernameInUse(db: Db, groupId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tradeUser.id })
    .from(tradeUser)
    .where(and(eq(tradeUser.groupId, groupId), sql`lower(${tradeUser.username}) = ${key}`));
  return row !== undefined;
}

/** The next free customer id (ids come from the property files: no sequence). */
export async function nextTradeCustomerId(tx: Db): Promise<number> {
  const [next] = await tx
    .select({ id: sql<number>`coalesce(max(${tradeCustomer.id}), 0) + 1` })
    .from(tradeCustomer);
  return Number(next?.id ?? 1);
}

export async function insertTradeCustomer(tx: Db, row: typeof tradeCustomer.$inferInsert): Promise<void> {
  await tx.insert(tradeCustomer).values(row);
}

export async function insertTradeUser(tx: Db, row: typeof tradeUser.$inferInsert): Promise<void> {
  await tx.insert(tradeUser).values(row);
}

/** The e-mail and mail language of each hotel of a channel. */
export function findChannelHotelMailboxes(
  tx: Db,
  channelId: number,
): Promise<{ email: string; mailLanguage: string | null }[]> {
  return tx
    .selectDistinct({
      email: hotel.email,
      mailLanguage: sql<string | null>`${hotel.settings}->>'mailLanguage'`,
    })
    .from(hotelChannel)
    .innerJoin(hotel, eq(hotel.id, hotelChannel.hotelId))
    .where(eq(hotelChannel.channelId, channelId));
}

/** Sets the password chosen through a reset link and clears the forced change; answers the user's name and group. */
export async function setResetPassword(
  tx: Db,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<{ username: string; groupId: number } | undefined> {
  const [user] = await tx
    .update(tradeUser)
    .set({ passwordHash, passwordChangedAt: now, mustChangePassword: false })
    .where(eq(tradeUser.id, userId))
    .returning({ username: tradeUser.username, groupId: tradeUser.groupId });
  return user;
}
