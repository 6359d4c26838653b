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
  await insertAuditEntry(db, {
    groupId: staff.groupId,
    hotelId: entry.hotelId,
    userId: staff.userId,
    actor: staff.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The same for a change made without a staff user (the JSON import, a timed job): `actor` names it. */
export async function auditSystem(db: Db, groupId: number, actor: string, entry: AuditEntry) {
  await insertAuditEntry(db, {
    groupId,
    hotelId: entry.hotelId,
    userId: null,
    actor,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
