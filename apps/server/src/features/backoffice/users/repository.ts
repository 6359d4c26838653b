// The statements of the group's staff users (list, invite, change, disable, remove) and their invitations.
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { hotel, hotelGroup, staffSession, staffUser, staffUserHotel } from "../../../db/schema";
import { findOwnedRow } from "../repository";

export type UserRow = typeof staffUser.$inferSelect;

/** The hotel ids a user is given. */
export async function findUserHotelIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: staffUserHotel.hotelId })
    .from(staffUserHotel)
    .where(eq(staffUserHotel.userId, userId));
  return rows.map((r) => r.id);
}

/** The group's users, by name (case-insensitive), then e-mail. */
export function findGroupUsers(db: Db, groupId: number): Promise<UserRow[]> {
  return db
    .select()
    .from(staffUser)
    .where(eq(staffUser.groupId, groupId))
    .orderBy(asc(sql`lower(${staffUser.name})`), asc(staffUser.email));
}

/** The hotels given to these users. */
export function findHotelLinks(db: Db, userIds: number[]) {
  return db.select().from(staffUserHotel).where(inArray(staffUserHotel.userId, userIds));
}

/** Each user's last activity: the latest lastSeenAt of their signed-in sessions. */
export function findLastSeen(db: Db, userIds: number[]): Promise<{ userId: number; at: string }[]> {
  return db
    .select({ userId: staffSession.userId, at: sql<string>`max(${staffSession.lastSeenAt})` })
    .from(staffSession)
    .where(and(inArray(staffSession.userId, userIds), eq(staffSession.mfaPending, false)))
    .groupBy(staffSession.userId);
}

/** The time zone of the group's first hotel by name. */
export async function findFirstHotelTimeZone(db: Db, groupId: number): Promise<string | undefined> {
  const [first] = await db
    .select({ timeZone: hotel.timeZone })
    .from(hotel)
    .where(eq(hotel.groupId, groupId))
    .orderBy(asc(hotel.name), asc(hotel.id))
    .limit(1);
  return first?.timeZone;
}

/** A user of a group, locked for the change. */
export async function lockGroupUser(tx: Db, groupId: number, userId: number): Promise<UserRow | undefined> {
  return findOwnedRow(tx, staffUser, [staffUser.groupId, groupId], userId);
}

/** The group's other active owners (not disabled, password set), locked. */
export function lockOtherActiveOwners(tx: Db, groupId: number, leavingId: number): Promise<{ id: number }[]> {
  return tx
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(
      and(
        eq(staffUser.groupId, groupId),
        eq(staffUser.role, "owner"),
        isNull(staffUser.disabledAt),
        sql`${staffUser.passwordHash} is not null`,
        ne(staffUser.id, leavingId),
      ),
    )
    .for("update");
}

export async function findGroupName(db: Db, groupId: number): Promise<string | undefined> {
  const [group] = await db
    .select({ name: hotelGroup.name })
    .from(hotelGroup)
    .where(eq(hotelGroup.id, groupId));
  return group?.name;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<{ id: number } | undefined> {
  const [taken] = await db.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.email, email));
  return taken;
}

/** Inserts a user unless the e-mail is taken meanwhile; answers the user, or undefined. */
export async function insertUser(tx: Db, row: typeof staffUser.$inferInsert): Promise<UserRow | undefined> {
  const [user] = await tx.insert(staffUser).values(row).onConflictDoNothing().returning();
  return user;
}

export async function insertUserHotels(tx: Db, userId: number, hotelIds: number[]): Promise<void> {
  await tx.insert(staffUserHotel).values(hotelIds.map((hotelId) => ({ userId, hotelId })));
}

export async function deleteUserHotels(tx: Db, userId: number): Promise<void> {
  await tx.delete(staffUserHotel).where(eq(staffUserHotel.userId, userId));
}

/** Changes a user; answers the changed row. */
export async function updateUserRow(
  tx: Db,
  userId: number,
  change: Partial<typeof staffUser.$inferInsert>,
): Promise<UserRow | undefined> {
  const [updated] = await tx.update(staffUser).set(change).where(eq(staffUser.id, userId)).returning();
  return updated;
}

export async function deleteUser(tx: Db, userId: number): Promise<void> {
  await tx.delete(staffUser).where(eq(staffUser.id, userId));
}
