// The statements of a hotel's payment settings (its gateway and sealed Stripe keys).
import { eq, isNotNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hotel, hotelPaymentSettings, staffUser } from "../../db/schema";

export type PaymentSettingsRow = typeof hotelPaymentSettings.$inferSelect;
export type PaymentSettingsInsert = typeof hotelPaymentSettings.$inferInsert;

/** A hotel's settings with the name of who last changed them; undefined when it has none. */
export async function findPaymentSettings(
  db: Db,
  hotelId: number,
): Promise<{ row: PaymentSettingsRow; updatedBy: string | null } | undefined> {
  const [found] = await db
    .select({ row: hotelPaymentSettings, updatedBy: staffUser.name })
    .from(hotelPaymentSettings)
    .leftJoin(staffUser, eq(staffUser.id, hotelPaymentSettings.updatedBy))
    .where(eq(hotelPaymentSettings.hotelId, hotelId));
  return found;
}

/** A hotel's settings, locked for a change. */
export async function lockPaymentSettings(tx: Db, hotelId: number): Promise<PaymentSettingsRow | undefined> {
  const [row] = await tx
    .select()
    .from(hotelPaymentSettings)
    .where(eq(hotelPaymentSettings.hotelId, hotelId))
    .for("update");
  return row;
}

/**
 * Writes a hotel's settings: the change to its row, or a new row, and the hotel's gateway key with it. (Not an upsert: the row a conflicting insert
 * proposes would be checked first, and Stripe without keys fails the table's check.)
 */
export async function writePaymentSettings(
  tx: Db,
  exists: boolean,
  row: PaymentSettingsInsert,
): Promise<PaymentSettingsRow> {
  const [written] = exists
    ? await tx
        .update(hotelPaymentSettings)
        .set(row)
        .where(eq(hotelPaymentSettings.hotelId, row.hotelId))
        .returning()
    : await tx.insert(hotelPaymentSettings).values(row).returning();
  // The hotel's payment-gateway key (SPEC §3), which the guest pages read, follows the choice in the same commit.
  await tx.update(hotel).set({ paymentGatewayKey: written!.gateway }).where(eq(hotel.id, row.hotelId));
  return written!;
}

/** Every hotel with a sealed secret stored, with its name: what a start checks PAYMENT_KEYS_SECRET against. */
export function findSealedPaymentKeys(
  db: Db,
): Promise<
  { hotelId: number; hotelName: string; secretKeySealed: string | null; webhookSecretSealed: string | null }[]
> {
  return db
    .select({
      hotelId: hotelPaymentSettings.hotelId,
      hotelName: hotel.name,
      secretKeySealed: hotelPaymentSettings.secretKeySealed,
      webhookSecretSealed: hotelPaymentSettings.webhookSecretSealed,
    })
    .from(hotelPaymentSettings)
    .innerJoin(hotel, eq(hotel.id, hotelPaymentSettings.hotelId))
    .where(
      or(
        isNotNull(hotelPaymentSettings.secretKeySealed),
        isNotNull(hotelPaymentSettings.webhookSecretSealed),
      ),
    )
    .orderBy(hotelPaymentSettings.hotelId);
}

/** What the hotel's Stripe account takes, as Stripe last said (null: not known). */
export async function storeAccountMethods(db: Db, hotelId: number, methods: string[] | null): Promise<void> {
  await db
    .update(hotelPaymentSettings)
    .set({ stripeMethods: methods })
    .where(eq(hotelPaymentSettings.hotelId, hotelId));
}
