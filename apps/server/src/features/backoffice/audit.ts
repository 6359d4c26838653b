import type { Db } from "../../db/client";
import type { Staff } from "./access";
import { insertAuditEntry } from "./repository";

export type AuditEntry = {
  /** The hotel the change belongs to; null for group-wide changes (users). */
  hotelId: number | null;
  /** What was done, `<entity>.<verb>`: reservation.confirm_option, rates.bulk_update, room_type.update, … */
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes one audit entry for a change a staff user made. Call it with the transaction that makes the change, so the
 * change and its entry are written together or not at all.
 */
export async function audit(db: Db, staff: Pick<Staff, "userId" | "groupId" | "email">, entry: AuditEntry) {
  await writeEntry(db, { groupId: staff.groupId, userId: staff.userId, actor: staff.email }, entry);
}

/** `audit` of an entry whose entity is its action's (`<entity>.<verb>`). */
export async function auditEntity(
  db: Db,
  staff: Pick<Staff, "userId" | "groupId" | "email">,
  entry: Omit<AuditEntry, "entity">,
) {
  await audit(db, staff, { ...entry, entity: entry.action.slice(0, entry.action.indexOf(".")) });
}

/** The entry of a change a staff user makes to their own account (`staff_user.<verb>`). */
export async function auditOwnAccount(
  db: Db,
  user: Pick<Staff, "userId" | "groupId" | "email">,
  action: `staff_user.${string}`,
  change: { before?: unknown; after?: unknown } = {},
) {
  await audit(db, user, { hotelId: null, action, entity: "staff_user", entityId: user.userId, ...change });
}

/** The same for a change made without a staff user (the JSON import, a timed job): `actor` names it. */
export async function auditSystem(db: Db, groupId: number, actor: string, entry: AuditEntry) {
  await writeEntry(db, { groupId, userId: null, actor }, entry);
}

async function writeEntry(
  db: Db,
  by: { groupId: number; userId: number | null; actor: string },
  entry: AuditEntry,
) {
  await insertAuditEntry(db, {
    ...by,
    hotelId: entry.hotelId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** What a change of a group-wide entity audits (`<entity>.<verb>`), or null when it changed nothing. */
export type AuditedChange = { action: string; before: unknown; after: unknown } | null;

/**
 * Changes one group-wide entity (hotel null) in a transaction: `lock` reads and locks it, `change` makes the change
 * and answers what to audit, written in the same transaction.
 */
export async function changeAudited<Row extends { id: number }>(
  db: Db,
  staff: Pick<Staff, "userId" | "groupId" | "email">,
  entity: string,
  lock: (tx: Db) => Promise<Row>,
  change: (tx: Db, row: Row) => Promise<AuditedChange>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lock(tx);
    const done = await change(tx, row);
    if (done) await audit(tx, staff, { hotelId: null, entity, entityId: row.id, ...done });
  });
}
