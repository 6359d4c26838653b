// The statements of the hotel's own privacy texts and of its channels' colours.

import type { ChannelBranding } from "@alloggio/domain/contract/backoffice/channel-settings";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { channel, customPrivacy, hotelChannel, staffUser } from "../../../db/schema";

export type PrivacyRow = typeof customPrivacy.$inferSelect;
export type PrivacyValues = Omit<typeof customPrivacy.$inferInsert, "id">;

export async function listPrivacyRows(db: Db, hotelId: number): Promise<PrivacyRow[]> {
  return db
    .select()
    .from(customPrivacy)
    .where(eq(customPrivacy.hotelId, hotelId))
    .orderBy(asc(customPrivacy.id));
}

/** One privacy text of the hotel; another hotel's id reads as missing. */
export async function findPrivacyRow(db: Db, hotelId: number, id: number): Promise<PrivacyRow | undefined> {
  const [row] = await db
    .select()
    .from(customPrivacy)
    .where(and(eq(customPrivacy.id, id), eq(customPrivacy.hotelId, hotelId)));
  return row;
}

/** Whether the hotel is sold on the channel. */
export async function isHotelChannel(db: Db, hotelId: number, channelId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: hotelChannel.channelId })
    .from(hotelChannel)
    .where(and(eq(hotelChannel.hotelId, hotelId), eq(hotelChannel.channelId, channelId)));
  return row !== undefined;
}

export async function insertPrivacy(tx: Db, id: number, values: PrivacyValues): Promise<void> {
  await tx.insert(customPrivacy).values({ id, ...values });
}

export async function updatePrivacy(
  tx: Db,
  hotelId: number,
  id: number,
  values: PrivacyValues,
): Promise<void> {
  await tx
    .update(customPrivacy)
    .set(values)
    .where(and(eq(customPrivacy.id, id), eq(customPrivacy.hotelId, hotelId)));
}

export async function deletePrivacyRow(tx: Db, hotelId: number, id: number): Promise<void> {
  await tx.delete(customPrivacy).where(and(eq(customPrivacy.id, id), eq(customPrivacy.hotelId, hotelId)));
}

/** Whether the user works for every hotel of the group. */
export async function isGroupWide(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ allHotels: staffUser.allHotels })
    .from(staffUser)
    .where(eq(staffUser.id, userId));
  return row?.allHotels ?? false;
}

/** The hotel's channels of the group, with their colours and how many hotels each has; one when `channelId` is given. */
export async function findHotelChannels(
  db: Db,
  groupId: number,
  hotelId: number,
  channelId?: number,
): Promise<ChannelBranding[]> {
  const rows = await db
    .select({
      id: channel.id,
      name: channel.name,
      kind: channel.kind,
      colors: channel.colors,
      hotels: sql<number>`(select count(*)::int from hotel_channel o where o.channel_id = ${channel.id})`,
    })
    .from(hotelChannel)
    .innerJoin(channel, eq(channel.id, hotelChannel.channelId))
    .where(
      and(
        eq(hotelChannel.hotelId, hotelId),
        eq(channel.groupId, groupId),
        ...(channelId === undefined ? [] : [eq(channel.id, channelId)]),
      ),
    )
    .orderBy(asc(channel.id));
  return rows.map((r) => ({ ...r, hotels: Number(r.hotels) }));
}

export async function lockChannelColors(tx: Db, channelId: number) {
  const [current] = await tx
    .select({ colors: channel.colors })
    .from(channel)
    .where(eq(channel.id, channelId))
    .for("update");
  return current;
}

export async function updateChannelColors(
  tx: Db,
  channelId: number,
  colors: typeof channel.$inferInsert.colors & object,
): Promise<void> {
  await tx.update(channel).set({ colors }).where(eq(channel.id, channelId));
}
