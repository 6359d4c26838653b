// The statements of the back office's integrations area.

import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";

export type ChannelScriptsRow = {
  id: number;
  name: string;
  kind: "direct" | "trade";
  tracking: Record<string, unknown> | null;
  custom_scripts: Record<string, string> | null;
};

/** The channels that sell the hotel, by id, with their tracking settings and custom scripts. */
export async function listChannelScriptsOfHotel(
  database: Database,
  hotelId: number,
): Promise<ChannelScriptsRow[]> {
  return database.query<ChannelScriptsRow>(sql`
        select c.id, c.name, c.kind, c.tracking, c.custom_scripts
        from hotel_channel hc join channel c on c.id = hc.channel_id
        where hc.hotel_id = ${hotelId} order by c.id`);
}
