import { readTrackingSettings, type TrackingSettings } from "@alloggio/domain/tracking/settings";
import type { BackOfficeDeps } from "../deps";
import { listChannelScriptsOfHotel } from "./repository";

/** Each channel that sells the hotel, with the tracking and scripts its pages may load. */
export async function channelScriptSettings(
  deps: BackOfficeDeps,
  hotelId: number,
): Promise<{ id: number; name: string; kind: "direct" | "trade"; settings: TrackingSettings }[]> {
  const rows = await listChannelScriptsOfHotel(deps.database, hotelId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    settings: readTrackingSettings(row.tracking ?? {}, row.custom_scripts ?? {}),
  }));
}
