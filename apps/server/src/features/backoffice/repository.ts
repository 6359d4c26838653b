// The back office's sessions, signed-in users and audit entries: the statements of access.ts, session.ts and audit.ts.
import { and, asc, eq, isNull } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Db } from "../../db/client";
import { auditLog, hotel, staffSession, staffUser, staffUserHotel } from "../../db/schema";
import type { SessionRowOf } from "../credentials";

export type SessionRow = SessionRowOf<"staff">;
export type StaffUserRow = typeof staffUser.$inferSelect;
export type AuditRow = typeof auditLog.$inferInsert;

/** Every hotel of a group, in name order. */
export function findGroupHotels(db: Db, groupId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: hotel.id, name: hotel.name })
    .from(hotel)
    .where(eq(hotel.groupId, groupId))
    .orderBy(asc(hotel.name), asc(hotel.id));
}

/** The hotels of a group a user is given, in name order. */
export function findAssignedHotels(
  db: Db,
  userId: number,
  groupId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: hotel.id, name: hotel.name })
    .from(staffUserHotel)
    .innerJoin(hotel, eq(hotel.id, staffUserHotel.hotelId))
    .where(and(eq(staffUserHotel.userId, userId), eq(hotel.groupId, groupId)))
    .orderBy(asc(hotel.name), asc(hotel.id));
}

/** A user who is not disabled, by id or by e-mail. */
export async function findEnabledStaffUser(
  db: Db,
  key: { id: number } | { email: string },
): Promise<StaffUserRow | undefined> {
  const named = "id" in key ? eq(staffUser.id, key.id) : eq(staffUser.email, key.email);
  const [user] = await db
    .select()
    .from(staffUser)
    .where(and(named, isNull(staffUser.disabledAt)));
  return user;
}

export async function insertStaffSession(db: Db, row: typeof staffSession.$inferInsert): Promise<void> {
  await db.insert(staffSession).values(row);
}

export async function insertAuditEntry(db: Db, row: AuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

/**
 * The row of `table` whose id is `id` and whose owner column (a hotel, group or account) is `owner`: another owner's
 * id reads as missing. Locked for the change unless `lock` is false.
 */
export async function findOwnedRow<T extends PgTable & { id: PgColumn }>(
  tx: Db,
  table: T,
  owner: [column: PgColumn, value: number],
  id: number,
  lock = true,
): Promise<T["$inferSelect"] | undefined> {
  const query = tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(owner[0], owner[1])));
  const [row] = lock ? await query.for("update") : await query;
  return row as T["$inferSelect"] | undefined;
}

/** The hotel's time zone (undefined for an unknown hotel): the back office shows every instant in it. */
export async function hotelTimeZone(database: Database, hotelId: number): Promise<string | undefined> {
  const [h] = await database.db.select({ timeZone: hotel.timeZone }).from(hotel).where(eq(hotel.id, hotelId));
  return h?.timeZone;
}
