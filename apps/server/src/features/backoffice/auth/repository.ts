// The statements of the back office's sign-in, set-up links, password and second factor.
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { hotelGroup, staffRecoveryCode, staffToken, staffUser } from "../../../db/schema";

export type StaffUserRow = typeof staffUser.$inferSelect;
type TokenRow = { userId: number; purpose: string; expiresAt: Date };

/** Marks a user's unused tokens of one purpose used. */
export async function expireStaffTokens(tx: Db, userId: number, purpose: string, now: Date): Promise<void> {
  await tx
    .update(staffToken)
    .set({ usedAt: now })
    .where(and(eq(staffToken.userId, userId), eq(staffToken.purpose, purpose), isNull(staffToken.usedAt)));
}

export async function insertStaffToken(tx: Db, row: typeof staffToken.$inferInsert): Promise<void> {
  await tx.insert(staffToken).values(row);
}

/** The unused, unexpired token of a hash. */
export async function findLiveStaffToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<TokenRow | undefined> {
  const [row] = await db
    .select({ userId: staffToken.userId, purpose: staffToken.purpose, expiresAt: staffToken.expiresAt })
    .from(staffToken)
    .where(
      and(eq(staffToken.tokenHash, tokenHash), isNull(staffToken.usedAt), gt(staffToken.expiresAt, now)),
    );
  return row;
}

/** Marks the unused, unexpired token of a hash (of one of `purposes`) used, in one statement; answers it. */
export async function useStaffToken(
  tx: Db,
  tokenHash: string,
  now: Date,
  purposes: string[],
): Promise<TokenRow | undefined> {
  const [row] = await tx
    .update(staffToken)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffToken.tokenHash, tokenHash),
        isNull(staffToken.usedAt),
        gt(staffToken.expiresAt, now),
        inArray(staffToken.purpose, purposes),
      ),
    )
    .returning({ userId: staffToken.userId, purpose: staffToken.purpose, expiresAt: staffToken.expiresAt });
  return row;
}

export async function findHotelGroup(db: Db, groupId: number) {
  const [group] = await db.select().from(hotelGroup).where(eq(hotelGroup.id, groupId));
  return group;
}

/** The user of an e-mail, disabled or not. */
export async function findStaffUserByEmail(db: Db, email: string): Promise<StaffUserRow | undefined> {
  const [user] = await db.select().from(staffUser).where(eq(staffUser.email, email));
  return user;
}

export async function findStaffUserById(db: Db, userId: number): Promise<StaffUserRow | undefined> {
  const [user] = await db.select().from(staffUser).where(eq(staffUser.id, userId));
  return user;
}

/** Inserts a user; answers its id. */
export async function insertStaffUserReturningId(
  tx: Db,
  row: typeof staffUser.$inferInsert,
): Promise<{ id: number } | undefined> {
  const [user] = await tx.insert(staffUser).values(row).returning({ id: staffUser.id });
  return user;
}

/**
 * Records the TOTP step accepted, only if the last one is still `lastStep` (two requests with one code cannot both
 * pass); answers whether it did.
 */
export async function advanceTotpStep(
  db: Db,
  userId: number,
  step: number,
  lastStep: number | null,
): Promise<boolean> {
  const [updated] = await db
    .update(staffUser)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffUser.id, userId),
        lastStep === null ? isNull(staffUser.totpLastStep) : eq(staffUser.totpLastStep, lastStep),
      ),
    )
    .returning({ id: staffUser.id });
  return updated !== undefined;
}

/** Marks a user's unused recovery code of a hash used; answers whether there was one. */
export async function useRecoveryCode(tx: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .update(staffRecoveryCode)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCode.userId, userId),
        eq(staffRecoveryCode.codeHash, codeHash),
        isNull(staffRecoveryCode.usedAt),
      ),
    )
    .returning({ userId: staffRecoveryCode.userId });
  return row !== undefined;
}

/** Sets the password of a user who is not disabled; answers the user, or undefined. */
export async function setPasswordOfEnabledUser(
  tx: Db,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<StaffUserRow | undefined> {
  const [updated] = await tx
    .update(staffUser)
    .set({ passwordHash, passwordChangedAt: now })
    .where(and(eq(staffUser.id, userId), isNull(staffUser.disabledAt)))
    .returning();
  return updated;
}

export async function setPassword(tx: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
  await tx.update(staffUser).set({ passwordHash, passwordChangedAt: now }).where(eq(staffUser.id, userId));
}

/** Changes a user's name and language (those given); answers the user. */
export async function updateProfile(
  tx: Db,
  userId: number,
  change: { name?: string; language?: string },
): Promise<StaffUserRow | undefined> {
  const [after] = await tx.update(staffUser).set(change).where(eq(staffUser.id, userId)).returning();
  return after;
}

/** A new TOTP secret waiting for its confirmation. */
export async function setTotpSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db.update(staffUser).set({ totpSecret: secret, totpLastStep: null }).where(eq(staffUser.id, userId));
}

/** Turns the second factor on with a new set of recovery codes (their hashes), replacing the old ones. */
export async function enableTotp(tx: Db, userId: number, now: Date, codeHashes: string[]): Promise<void> {
  await tx.update(staffUser).set({ totpEnabledAt: now }).where(eq(staffUser.id, userId));
  await tx.delete(staffRecoveryCode).where(eq(staffRecoveryCode.userId, userId));
  await tx.insert(staffRecoveryCode).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Removes a user's second factor: the TOTP secret and the recovery codes. */
export async function clearSecondFactor(tx: Db, userId: number): Promise<void> {
  await tx
    .update(staffUser)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(staffUser.id, userId));
  await tx.delete(staffRecoveryCode).where(eq(staffRecoveryCode.userId, userId));
}
