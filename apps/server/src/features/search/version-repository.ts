/** The search cache's one statement (ADR 0045): the hotels' current search versions and time zones. */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";

/** A hotel's current search version and time zone (for "today"), read in one statement. */
export type HotelVersion = { version: number; zone: string };

/** Versions and time zones of the hotels named; a hotel never changed since migration 0020 is at version 0. */
export async function readVersions(database: Database, ids: number[]): Promise<Map<number, HotelVersion>> {
  const rows = await database.queryPrepared<{ id: number; zone: string; version: string }>(sql`
    select h.id, h.time_zone as zone, coalesce(v.version, 0)::text as version
    from hotel h left join search_version v on v.hotel_id = h.id
    where h.id = any(${`{${ids.join(",")}}`}::int[])`);
  return new Map(rows.map((r) => [r.id, { version: Number(r.version), zone: r.zone }]));
}
