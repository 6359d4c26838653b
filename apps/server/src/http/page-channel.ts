import { readTrackingSettings, type TrackingSettings } from "@alloggio/domain/tracking/settings";
import type { Database } from "../db/client";
import { type ChannelTrackingRow, findChannelTracking } from "../features/channels";

/**
 * The tracking settings of a web page's channel (ADR 0042): the channel the path names, else the one
 * the Host header names (table channel_host, as hotellist.do finds it by domain), else none (null). One small
 * query, then kept per channel id or host for `ttlMs` (30 s): a settings change shows within that time.
 */
export type PageChannelLookup = (q: {
  channelId: number | null;
  host: string | undefined;
}) => Promise<TrackingSettings | null>;

type Row = ChannelTrackingRow;

/** A channel's settings; stored settings that cannot be read load nothing (never a failing page). */
function settingsOf(row: Row): TrackingSettings {
  try {
    return readTrackingSettings(row.tracking ?? {}, row.custom_scripts ?? {});
  } catch {
    return readTrackingSettings({});
  }
}

/** How many channels and hosts are kept at most (any Host header is a key: the cache must not grow forever). */
const MAX_ENTRIES = 500;

export function createPageChannelLookup(
  database: Database,
  now: () => Date,
  ttlMs = 30_000,
): PageChannelLookup {
  const cache = new Map<string, { at: number; settings: TrackingSettings | null }>();
  return async ({ channelId, host }) => {
    const hostName = (host ?? "").trim().toLowerCase();
    if (channelId === null && !hostName) return null;
    const key = channelId !== null ? `c:${channelId}` : `h:${hostName}`;
    const at = now().getTime();
    const hit = cache.get(key);
    if (hit && at - hit.at < ttlMs && at >= hit.at) return hit.settings;
    // A host is stored without or with its port (`localhost`, `localhost:3000`): the exact one first.
    const bare = hostName.replace(/:\d+$/, "");
    const row = await findChannelTracking(database, channelId, hostName, bare);
    const settings = row ? settingsOf(row) : null;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { at, settings });
    return settings;
  };
}
