import type { AuditQuerySchema } from "@alloggio/domain/contract/backoffice/audit";
import { AUDIT_PAGE_SIZE } from "@alloggio/domain/contract/backoffice/audit";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { notFound } from "../../../http/errors";
import type { Staff } from "../access";
import { findAuditNames, findAuditPage, findHotelPlace } from "./repository";

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
  const place = await findHotelPlace(db, staff.groupId, hotelId);
  if (!place) throw notFound("hotelId", "No such hotel");
  const tz = place.timeZone;
  const owner = staff.role === "owner";
  const { total, rows, actions, actors } = await findAuditPage(
    db,
    { groupId: staff.groupId, hotelId, withGroupWide: owner },
    {
      from: query.from,
      to: query.to,
      timeZone: tz,
      action: query.action,
      user: query.user,
      page: query.page,
    },
  );
  const { roomTypes, ratePlans, hotels } = await findAuditNames(db, hotelId, owner ? staff.groupId : null);
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
    total,
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
