import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sandboxPayment } from "../../db/schema";

/** A row of the sandbox gateway's own book. */
export type SandboxPaymentRow = typeof sandboxPayment.$inferSelect;

/** One entry of the sandbox's book (a token, a payment, a refund). */
export async function insertSandboxPayment(db: Db, row: typeof sandboxPayment.$inferInsert): Promise<void> {
  await db.insert(sandboxPayment).values(row);
}

/** The same, returning the row written. */
export async function insertSandboxPaymentReturning(
  db: Db,
  row: typeof sandboxPayment.$inferInsert,
): Promise<SandboxPaymentRow | undefined> {
  const [made] = await db.insert(sandboxPayment).values(row).returning();
  return made;
}

/** The same, none twice under one id: the ids made (none when it was there already). */
export async function insertSandboxPaymentOnce(
  db: Db,
  row: typeof sandboxPayment.$inferInsert,
): Promise<{ id: string }[]> {
  return db.insert(sandboxPayment).values(row).onConflictDoNothing().returning({ id: sandboxPayment.id });
}

export async function findSandboxPayment(db: Db, id: string): Promise<SandboxPaymentRow | undefined> {
  const [row] = await db.select().from(sandboxPayment).where(eq(sandboxPayment.id, id));
  return row;
}

/** What refunds took back from a payment so far. */
export async function refundedOfSandboxPayment(db: Db, ref: string): Promise<number> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`coalesce(sum(${sandboxPayment.amountMinor}), 0)::int` })
    .from(sandboxPayment)
    .where(and(eq(sandboxPayment.token, ref), eq(sandboxPayment.method, "refund")));
  return total;
}

export async function markSandboxPaymentRefunded(db: Db, ref: string): Promise<void> {
  await db.update(sandboxPayment).set({ status: "refunded" }).where(eq(sandboxPayment.id, ref));
}

/** Voids a payment still waiting for the guest; true when it was. */
export async function voidWaitingSandboxPayment(db: Db, ref: string): Promise<boolean> {
  const voided = await db
    .update(sandboxPayment)
    .set({ status: "declined", declineReason: "cancelled" })
    .where(
      and(
        eq(sandboxPayment.id, ref),
        inArray(sandboxPayment.status, ["requires_challenge", "requires_action"]),
      ),
    )
    .returning({ id: sandboxPayment.id });
  return voided.length > 0;
}

/** A waiting payment's outcome, once: a payment no longer waiting is left as it is. */
export async function settleWaitingSandboxPayment(
  db: Db,
  ref: string,
  outcome: { status: string; declineReason: string | null },
): Promise<void> {
  await db
    .update(sandboxPayment)
    .set(outcome)
    .where(
      and(
        eq(sandboxPayment.id, ref),
        inArray(sandboxPayment.status, ["requires_challenge", "requires_action"]),
      ),
    );
}

/** An authorisation captured (for `amountMinor`, the rest released) or released, once: only while it is held. */
export async function settleHeldSandboxPayment(
  db: Db,
  ref: string,
  outcome: { status: "captured" | "declined"; amountMinor: number; declineReason: string | null },
): Promise<void> {
  await db
    .update(sandboxPayment)
    .set(outcome)
    .where(and(eq(sandboxPayment.id, ref), eq(sandboxPayment.status, "authorised")));
}
