import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { LocalizedText } from "../../db/schema";

export type ChannelRow = {
  id: number;
  name: string;
  kind: "direct" | "trade";
  trade_associated_id: number | null;
  colors: { primary: string; secondary: string; style?: string };
  custom_scripts: Record<string, string>;
  tracking: Record<string, unknown>;
  installments: { has_holipay: boolean; holipay_user?: string };
  trade_conf_hour: number;
  settings: Record<string, unknown>;
  host: { page_title: string; icon_url: string; hotel_id: number | null } | null;
};

export type HotelRow = {
  id: number;
  name: string;
  address: string;
  city: string;
  country: string;
  currency_code: string;
  time_zone: string;
  messaging: { active: boolean; button?: string; number?: string; mobileUrl?: string; webUrl?: string };
  show_chat: boolean;
  guests_mandatory: boolean;
  payment_gateway_key: string;
  settings: Record<string, unknown>;
  age_groups: { id: number; min: number; max: number }[];
  /** The most adults, and guests in all, that one room type takes (null for a hotel with no rooms). */
  largest_room: { max_adults: number | null; max_guests: number | null };
  destinations: { id: number; name: LocalizedText }[];
  /** The first picture of each room type that has one, by the rooms' order. */
  images: string[];
};

/** The channel (by id, or by the host name a guest typed) with its branding, and its hotels; one statement. */
export async function findChannelWithHotels(
  database: Database,
  q: { channelId: number | undefined; domain: string | undefined; hotelId: number | undefined },
): Promise<{ channel: ChannelRow | null; hotels: HotelRow[] }> {
  const rows = await database.query<{ channel: ChannelRow | null; hotels: HotelRow[] }>(sql`
    with host as (select * from channel_host where host = lower(${q.domain ?? ""})),
    ch as (
      select c.* from channel c
      where c.id = coalesce(${q.channelId ?? null}::int, (select channel_id from host))
    )
    select
      (select json_build_object('id', id, 'name', name, 'kind', kind, 'trade_associated_id', trade_associated_id,
         'colors', colors, 'custom_scripts', custom_scripts, 'tracking', tracking, 'installments', installments,
         'trade_conf_hour', trade_conf_hour, 'settings', settings,
         'host', (select json_build_object('page_title', page_title, 'icon_url', icon_url, 'hotel_id', hotel_id)
                  from channel_host where host = lower(${q.domain ?? ""}) and channel_id = ch.id))
       from ch) as channel,
      (select coalesce(json_agg(json_build_object('id', h.id, 'name', h.name, 'address', h.address, 'city', h.city,
         'country', h.country, 'currency_code', h.currency_code, 'time_zone', h.time_zone, 'messaging', h.messaging,
         'show_chat', h.show_chat, 'guests_mandatory', h.guests_mandatory,
         'payment_gateway_key', h.payment_gateway_key, 'settings', h.settings,
         'age_groups', (select coalesce(json_agg(json_build_object('id', a.id, 'min', a.min_age, 'max', a.max_age)
             order by a.max_age, a.min_age), '[]') from age_group a where a.hotel_id = h.id),
         'largest_room', (select json_build_object('max_adults', max(r.max_adults), 'max_guests', max(r.max_occupancy))
             from room_type r where r.hotel_id = h.id),
         'destinations', (select coalesce(json_agg(json_build_object('id', d.id, 'name', d.name) order by d.id), '[]')
             from hotel_destination hd join destination d on d.id = hd.destination_id where hd.hotel_id = h.id),
         'images', (select coalesce(json_agg(r.gallery -> 0 order by r.sort_order, r.id), '[]') from room_type r
             where r.hotel_id = h.id and jsonb_array_length(r.gallery) > 0))
         order by h.id), '[]')
       from hotel h join hotel_channel hc on hc.hotel_id = h.id
       where hc.channel_id = (select id from ch)
         and h.id = coalesce(${q.hotelId ?? null}::int, (select hotel_id from host), h.id)) as hotels
  `);
  return rows[0] ?? { channel: null, hotels: [] };
}

export async function findCustomPrivacy(
  database: Database,
  q: { hotelId: number; channelId: number },
): Promise<{ id: number; title: LocalizedText; text: LocalizedText; mandatory: boolean }[] | null> {
  const rows = await database.query<{
    known: boolean;
    policies: { id: number; title: LocalizedText; text: LocalizedText; mandatory: boolean }[];
  }>(sql`
    select exists (select 1 from hotel_channel where hotel_id = ${q.hotelId} and channel_id = ${q.channelId}) as known,
      (select coalesce(json_agg(json_build_object('id', id, 'title', title, 'text', text, 'mandatory', mandatory)
         order by id), '[]') from custom_privacy
       where hotel_id = ${q.hotelId} and (channel_id is null or channel_id = ${q.channelId})) as policies`);
  const row = rows[0];
  return row?.known ? row.policies : null;
}

/**
 * The configured host (`channel_host`) a request came to, as a scalar subquery for a caller's own statement: the
 * longer of the Host header with its port and without it, null when neither is configured (ADR 0013).
 */
export function configuredHostOf(host: string, hostname: string): SQL {
  return sql`(select host from channel_host where host in (${host}, ${hostname}) order by length(host) desc limit 1)`;
}

/** The value of a `configuredHostOf` subquery, alone in one prepared statement. */
export async function readConfiguredHost(database: Database, hostQuery: SQL): Promise<string | null> {
  const [row] = await database.queryPrepared<{ host: string | null }>(sql`select ${hostQuery} as host`);
  return row?.host ?? null;
}

export type ChannelTrackingRow = {
  tracking: Record<string, unknown> | null;
  custom_scripts: Record<string, string> | null;
};

/**
 * The tracking settings of a channel (by id), else of the channel a host names (`channel_host`, the exact host
 * with its port first, then without it); undefined for none.
 */
export async function findChannelTracking(
  database: Database,
  channelId: number | null,
  hostName: string,
  bare: string,
): Promise<ChannelTrackingRow | undefined> {
  const rows = await database.query<ChannelTrackingRow>(
    channelId !== null
      ? sql`select tracking, custom_scripts from channel where id = ${channelId}`
      : sql`select c.tracking, c.custom_scripts from channel_host h join channel c on c.id = h.channel_id
              where h.host in (${hostName}, ${bare}) order by (h.host = ${hostName}) desc limit 1`,
  );
  return rows[0];
}
