import type { CustomPrivacyResponse } from "@alloggio/domain/contract/channels/custom-privacy";
import type { HotelListQuery, HotelListResponse } from "@alloggio/domain/contract/channels/hotel-list";
import { pickText } from "@alloggio/domain/i18n/languages";
import type { Database } from "../../db/client";
import { AppError, badInput, notFound } from "../../http/errors";
import { findChannelWithHotels, findCustomPrivacy } from "./repository";

/**
 * `hotellist.do`: the channel chosen by id or by host name, its branding, and its hotels. With exactly one
 * hotel the channel's settings are merged into it (SPEC §7).
 */
export async function listHotels(
  deps: { database: Database; apiKeys: string[] },
  apiKey: string | undefined,
  q: HotelListQuery,
): Promise<HotelListResponse> {
  if (!apiKey || !deps.apiKeys.includes(apiKey))
    throw new AppError("unauthorized", 401, "A valid X-Api-Key header is needed", [
      { field: "X-Api-Key", message: "missing or unknown" },
    ]);
  if (!q.channel && !q.domain) throw badInput("channel", "give a channel, or a domain that names one");
  const { channel, hotels } = await findChannelWithHotels(deps.database, {
    channelId: q.channel,
    domain: q.domain,
    hotelId: q.hotel,
  });
  if (!channel) throw notFound("channel", "Unknown channel");
  if (q.hotel && hotels.length === 0) throw notFound("hotel", "Unknown hotel for this channel");
  const channelOut = {
    id: channel.id,
    name: channel.name,
    trade: channel.kind === "trade",
    tradeAssociated: channel.trade_associated_id,
    colors: channel.colors,
    customScripts: channel.custom_scripts,
    tracking: channel.tracking,
    installments: channel.installments,
    tradeConfHour: channel.trade_conf_hour,
    settings: channel.settings,
    branding: channel.host ? { pageTitle: channel.host.page_title, icon: channel.host.icon_url } : null,
  };
  const list = hotels.map((h) => ({
    id: h.id,
    name: h.name,
    address: h.address,
    city: h.city,
    country: h.country,
    currency: h.currency_code,
    timeZone: h.time_zone,
    ageGroup: h.age_groups,
    largestRoom:
      h.largest_room.max_adults === null || h.largest_room.max_guests === null
        ? null
        : { maxAdults: h.largest_room.max_adults, maxGuests: h.largest_room.max_guests },
    messaging: h.messaging,
    settings: { ...h.settings, aspect: { showChat: h.show_chat } },
    destinations: h.destinations.map((d) => ({ id: d.id, name: pickText(d.name, q.language) })),
    images: h.images,
    gateway: h.payment_gateway_key,
    guestsMandatory: h.guests_mandatory,
  }));
  if (list.length === 1) {
    const { id: _id, name: _name, settings, ...rest } = channelOut;
    const only = list[0]!;
    list[0] = {
      ...rest,
      ...only,
      channelId: channel.id,
      settings: { ...settings, ...only.settings },
    } as typeof only;
  }
  return { channel: channelOut, hotels: list };
}

/** `customPrivacy.do`: the hotel's own privacy policies (and the channel's), in the guest's language. */
export async function listCustomPrivacy(
  database: Database,
  q: { channel: number; hotel: number; language: number },
): Promise<CustomPrivacyResponse> {
  const policies = await findCustomPrivacy(database, { hotelId: q.hotel, channelId: q.channel });
  if (!policies) throw notFound("hotel", "Unknown hotel or channel");
  return {
    policies: policies.map((p) => ({
      id: p.id,
      title: pickText(p.title, q.language),
      text: pickText(p.text, q.language),
      mandatory: p.mandatory,
    })),
  };
}
