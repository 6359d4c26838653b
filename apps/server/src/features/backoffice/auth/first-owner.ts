import type { Database } from "../../../db/client";
import { auditSystem } from "../audit";
import { findHotelGroup, findStaffUserByEmail, insertStaffUserReturningId } from "./repository";
import { issueStaffToken, STAFF_TOKEN_TTL_MS } from "./tokens";

export type CreateOwnerResult =
  | { ok: true; userId: number; token: string; expiresAt: Date; created: boolean }
  | { ok: false; message: string };

/**
 * The first owner of a group (`npm run admin:create-owner`): created without a password, with a single-use set-up
 * link valid 24 h. Run again for an owner who never set a password, it issues a new link (the old one stops
 * working); any other existing e-mail is refused.
 */
export async function createOwner(
  database: Database,
  input: { email: string; groupId: number; name?: string | undefined },
  now: Date = new Date(),
): Promise<CreateOwnerResult> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    return { ok: false, message: `not an e-mail address: ${email}` };
  return database.db.transaction(async (tx) => {
    const group = await findHotelGroup(tx, input.groupId);
    if (!group) return { ok: false as const, message: `no hotel group ${input.groupId}` };
    const existing = await findStaffUserByEmail(tx, email);
    let userId: number;
    let created = false;
    if (existing) {
      if (existing.groupId !== input.groupId || existing.role !== "owner" || existing.passwordHash !== null)
        return { ok: false as const, message: `${email} is already a staff user` };
      userId = existing.id;
    } else {
      const user = await insertStaffUserReturningId(tx, {
        groupId: input.groupId,
        email,
        name: input.name ?? "",
        role: "owner",
        allHotels: true,
        passwordHash: null,
        createdAt: now,
      });
      if (!user) throw new Error("createOwner: no row");
      userId = user.id;
      created = true;
      await auditSystem(tx, input.groupId, "admin:create-owner", {
        hotelId: null,
        action: "staff_user.create_owner",
        entity: "staff_user",
        entityId: userId,
        after: { email, name: input.name ?? "", role: "owner", allHotels: true },
      });
    }
    const token = await issueStaffToken(tx, userId, "setup", STAFF_TOKEN_TTL_MS, now);
    return {
      ok: true as const,
      userId,
      token,
      expiresAt: new Date(now.getTime() + STAFF_TOKEN_TTL_MS),
      created,
    };
  });
}
