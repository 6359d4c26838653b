// The statements of a hotel's audit log page.
import { AUDIT_PAGE_SIZE } from "@alloggio/domain/contract/backoffice/audit";
import { and, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { auditLog, currency, hotel, ratePlan, roomType } from "../../../db/schema";

/** A hotel of a group with its time zone and currency. */
export async function findHotelPlace(db: Db, groupId: number, hotelId: number) {
  const [place] = await db
    .select({ timeZone: hotel.timeZone, currency: hotel.currencyCode, digits: currency.decimalDigits })
    .from(hotel)
    .innerJoin(currency, eq(currency.code, hotel.currencyCode))
    .where(and(eq(hotel.id, hotelId), eq(hotel.groupId, groupId)));
  return place;
}

export type AuditScope = { groupId: number; hotelId: number; withGroupWide: boolean };
export type AuditFilter = {
  /** Days in `timeZone`, `to` included. */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
  action?: string | undefined;
  user?: string | undefined;
  page: number;
};

/**
 * One page of entries of a scope (the hotel's, with the group-wide ones if asked), newest first, with the count of
 * entries the filter keeps, and the scope's actions and actors (for the filter's choices).
 */
export async function findAuditPage(db: Db, scopeOf: AuditScope, query: AuditFilter) {
  const scope = and(
    eq(auditLog.groupId, scopeOf.groupId),
    scopeOf.withGroupWide
      ? or(eq(auditLog.hotelId, scopeOf.hotelId), isNull(auditLog.hotelId))
      : eq(auditLog.hotelId, scopeOf.hotelId),
  ) as SQL;
  const tz = query.timeZone;
  const filters: SQL[] = [scope];
  if (query.from) filters.push(sql`${auditLog.at} >= (${query.from}::date::timestamp at time zone ${tz})`);
  if (query.to) filters.push(sql`${auditLog.at} < ((${query.to}::date + 1)::timestamp at time zone ${tz})`);
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.user) filters.push(eq(sql`lower(${auditLog.actor})`, query.user.toLowerCase()));
  const where = and(...filters);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  const actions = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .where(scope)
    .orderBy(auditLog.action);
  const actors = await db
    .selectDistinct({ actor: auditLog.actor })
    .from(auditLog)
    .where(scope)
    .orderBy(auditLog.actor);
  return { total: total?.n ?? 0, rows, actions, actors };
}

/** The names an entry may refer to: the hotel's room types and rate plans, and the hotels (the group's, or one). */
export async function findAuditNames(db: Db, hotelId: number, groupHotelsOf: number | null) {
  const roomTypes = await db
    .select({ id: roomType.id, name: roomType.name })
    .from(roomType)
    .where(eq(roomType.hotelId, hotelId));
  const ratePlans = await db
    .select({ id: ratePlan.id, name: ratePlan.name })
    .from(ratePlan)
    .where(eq(ratePlan.hotelId, hotelId));
  const hotels = await db
    .select({ id: hotel.id, name: hotel.name })
    .from(hotel)
    .where(groupHotelsOf !== null ? eq(hotel.groupId, groupHotelsOf) : eq(hotel.id, hotelId));
  return { roomTypes, ratePlans, hotels };
}
