import {
  AUDIT_PAGE_SIZE,
  AUDIT_PATH,
  AuditPageSchema,
  AuditParamsSchema,
  type AuditQuery,
  AuditQuerySchema,
} from "@alloggio/domain/contract/backoffice/audit";
import { and, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { auditLog, currency, hotel, ratePlan, roomType } from "../../../db/schema";
import type { BackOfficeDeps } from "../../../features/backoffice";
import { requireHotel, requireStaff, type Staff } from "../../../features/backoffice";
import type { App } from "../../app-type";
import { notFound } from "../../errors";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/**
 * One hotel's audit log, newest first: its own entries and, for owners, the group-wide ones (users). `from` and
 * `to` are days in the hotel's time zone, `to` included.
 */
export async function readAuditLog(
  db: Db,
  staff: Staff,
  hotelId: number,
  query: z.output<typeof AuditQuerySchema>,
) {
  const [place] = await db
    .select({ timeZone: hotel.timeZone, currency: hotel.currencyCode, digits: currency.decimalDigits })
    .from(hotel)
    .innerJoin(currency, eq(currency.code, hotel.currencyCode))
    .where(and(eq(hotel.id, hotelId), eq(hotel.groupId, staff.groupId)));
  if (!place) throw notFound("hotelId", "No such hotel");
  const tz = place.timeZone;
  const scope = and(
    eq(auditLog.groupId, staff.groupId),
    staff.role === "owner"
      ? or(eq(auditLog.hotelId, hotelId), isNull(auditLog.hotelId))
      : eq(auditLog.hotelId, hotelId),
  ) as SQL;
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
    .where(staff.role === "owner" ? eq(hotel.groupId, staff.groupId) : eq(hotel.id, hotelId));
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actor,
      userId: r.userId,
      hotelId: r.hotelId,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
    total: total?.n ?? 0,
    timeZone: tz,
    currency: { code: place.currency, decimalDigits: place.digits },
    names: {
      roomTypes: Object.fromEntries(roomTypes.map((r) => [String(r.id), r.name])),
      ratePlans: Object.fromEntries(ratePlans.map((r) => [String(r.id), r.name])),
      hotels: Object.fromEntries(hotels.map((h) => [String(h.id), h.name])),
    },
    actions: actions.map((a) => a.action),
    actors: actors.map((a) => a.actor),
  };
}

export type { AuditQuery };

/** The back office's audit-log routes: owners and managers read a hotel's log. */
export function registerAuditLogRoutes(app: App, deps: BackOfficeDeps): void {
  app.get(
    AUDIT_PATH,
    {
      schema: {
        tags: [BACK_OFFICE_TAG],
        summary:
          "A hotel's audit log, newest first, 50 a page: who changed what, before and after (owners also see the group's user changes)",
        params: AuditParamsSchema,
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "audit");
      const hotelId = requireHotel(staff, request.params.hotelId);
      return readAuditLog(deps.database.db, staff, hotelId, request.query);
    },
  );
}
