// The statements of a hotel's keys of the exposed API.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { hotelApiKey, staffUser } from "../../../db/schema";
import { findOwnedRow } from "../repository";

export type KeyRow = typeof hotelApiKey.$inferSelect;

/** A hotel's keys with their creator's name, newest first. */
export function findHotelApiKeys(
  db: Db,
  hotelId: number,
): Promise<{ key: KeyRow; createdBy: string | null }[]> {
  return db
    .select({ key: hotelApiKey, createdBy: staffUser.name })
    .from(hotelApiKey)
    .leftJoin(staffUser, eq(staffUser.id, hotelApiKey.createdBy))
    .where(eq(hotelApiKey.hotelId, hotelId))
    .orderBy(desc(hotelApiKey.createdAt), desc(hotelApiKey.id));
}

export async function insertHotelApiKey(
  tx: Db,
  row: typeof hotelApiKey.$inferInsert,
): Promise<KeyRow | undefined> {
  const [inserted] = await tx.insert(hotelApiKey).values(row).returning();
  return inserted;
}

/** A key of a hotel, locked for the change. */
export async function lockHotelApiKey(tx: Db, hotelId: number, keyId: number): Promise<KeyRow | undefined> {
  return findOwnedRow(tx, hotelApiKey, [hotelApiKey.hotelId, hotelId], keyId);
}

export async function revokeHotelApiKey(tx: Db, hotelId: number, keyId: number, now: Date): Promise<KeyRow> {
  const [after] = (await tx
    .update(hotelApiKey)
    .set({ revokedAt: now })
    .where(and(eq(hotelApiKey.id, keyId), eq(hotelApiKey.hotelId, hotelId)))
    .returning()) as [KeyRow];
  return after;
}

export async function findStaffName(tx: Db, userId: number): Promise<{ name: string } | undefined> {
  const [creator] = await tx.select({ name: staffUser.name }).from(staffUser).where(eq(staffUser.id, userId));
  return creator;
}
