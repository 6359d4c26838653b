import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { paymentDue, paymentTransaction } from "../../db/schema";

/**
 * `any('{1,2,3}'::int[])`, the same literal as booking's `anyId` (integers only): imported from booking's face it
 * would close the circle booking → … → manage.
 */
function anyId(ids: readonly number[]) {
  return sql`any(${sql.raw(`'{${ids.map((id) => Math.trunc(Number(id))).join(",")}}'`)}::int[])`;
}

/** A payment asked of the gateway (none twice for one reference), then the dues it pays point at it. */
export async function recordGatewayPayment(
  tx: Tx,
  row: typeof paymentTransaction.$inferInsert,
  dueIds: number[],
): Promise<void> {
  await tx.insert(paymentTransaction).values(row).onConflictDoNothing();
  if (dueIds.length > 0)
    await tx.execute(sql`update payment_due set payment_ref = ${row.gatewayRef}
        where id = ${anyId(dueIds)} and status = 'due'`);
}

/** An installment plan replaces what was due: those rows stay, marked replaced, and the plan's rows are added. */
export async function replaceDuesWithPlan(
  tx: Tx,
  dueIds: number[],
  plan: (typeof paymentDue.$inferInsert)[],
): Promise<{ id: number }[]> {
  await tx.execute(sql`update payment_due set status = 'replaced'
      where id = ${anyId(dueIds)}`);
  return tx.insert(paymentDue).values(plan).returning({ id: paymentDue.id });
}

/** The plan is dropped and what was due is due again, as it was. */
export async function restoreReplacedDues(tx: Tx, planIds: number[], dueIds: number[]): Promise<void> {
  await tx.execute(sql`delete from payment_due
        where id = ${anyId(planIds)} and status = 'due'`);
  await tx.execute(sql`update payment_due set status = 'due'
        where id = ${anyId(dueIds)} and status = 'replaced'`);
}
