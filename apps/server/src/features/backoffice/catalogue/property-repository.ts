// The statements of the hotel's details, its room types, their photos and its rate plans in the back office.

import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, SqlExecutor } from "../../../db/client";
import {
  channel,
  hotel,
  hotelChannel,
  ratePlan,
  ratePlanChannel,
  reservation,
  reservationRoom,
  roomType,
  roomTypePhoto,
  service,
} from "../../../db/schema";
import { intArray } from "../../../db/upsert-rows";
import { findOwnedRow } from "../repository";

export type HotelRecord = typeof hotel.$inferSelect;
export type RoomTypeRecord = typeof roomType.$inferSelect;
export type RatePlanRecord = typeof ratePlan.$inferSelect;
export type RatePlanChannelRecord = typeof ratePlanChannel.$inferSelect;

/** A new id for a catalogue table (ids are global and given by property files, so not serial). */
export async function allocateCatalogueId(tx: Db, table: "room_type" | "rate_plan"): Promise<number> {
  await tx.execute(sql`lock table ${sql.raw(table)} in share row exclusive mode`);
  const result = await tx.execute(sql`select coalesce(max(id), 0) + 1 as id from ${sql.raw(table)}`);
  return Number((result as unknown as { rows: { id: number }[] }).rows[0]?.id ?? 1);
}

// The hotel.

export async function findHotel(db: Db, hotelId: number): Promise<HotelRecord | undefined> {
  const [row] = await db.select().from(hotel).where(eq(hotel.id, hotelId));
  return row;
}

export async function hotelHasReservations(db: Db, hotelId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reservation.id })
    .from(reservation)
    .where(eq(reservation.hotelId, hotelId))
    .limit(1);
  return row !== undefined;
}

/** The ids of the channels the hotel is sold on. */
export async function hotelChannelIds(db: Db, hotelId: number): Promise<number[]> {
  return (await db.select().from(hotelChannel).where(eq(hotelChannel.hotelId, hotelId))).map(
    (c) => c.channelId,
  );
}

/** The hotel's channels with their kind (the checks of a rate plan's channels). */
export async function hotelChannelKinds(db: Db, hotelId: number) {
  return db
    .select({ id: channel.id, kind: channel.kind })
    .from(hotelChannel)
    .innerJoin(channel, eq(channel.id, hotelChannel.channelId))
    .where(eq(hotelChannel.hotelId, hotelId));
}

/** The hotel's channels a rate plan can use, by id. */
export async function listHotelChannels(db: Db, hotelId: number) {
  return db
    .select({ id: channel.id, name: channel.name, kind: channel.kind })
    .from(hotelChannel)
    .innerJoin(channel, eq(channel.id, hotelChannel.channelId))
    .where(eq(hotelChannel.hotelId, hotelId))
    .orderBy(asc(channel.id));
}

export async function hotelServiceIds(db: Db, hotelId: number): Promise<{ id: number }[]> {
  return db.select({ id: service.id }).from(service).where(eq(service.hotelId, hotelId));
}

/** The hotel's services a rate plan can include, by id. */
export async function listHotelServices(db: Db, hotelId: number) {
  return db
    .select({ id: service.id, name: service.name })
    .from(service)
    .where(eq(service.hotelId, hotelId))
    .orderBy(asc(service.id));
}

/** The ids of the hotel's room types or rate plans that carry this code. */
export async function idsWithCode(
  db: Db,
  kind: "room_type" | "rate_plan",
  hotelId: number,
  code: string,
): Promise<{ id: number }[]> {
  const table = kind === "room_type" ? roomType : ratePlan;
  return db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.hotelId, hotelId), eq(table.code, code)));
}

// Room types.

export async function findRoomType(
  db: Db,
  hotelId: number,
  roomTypeId: number,
): Promise<RoomTypeRecord | undefined> {
  const [row] = await db
    .select()
    .from(roomType)
    .where(and(eq(roomType.id, roomTypeId), eq(roomType.hotelId, hotelId)));
  return row;
}

export async function listRoomTypesOfHotel(db: Db, hotelId: number): Promise<RoomTypeRecord[]> {
  return db
    .select()
    .from(roomType)
    .where(eq(roomType.hotelId, hotelId))
    .orderBy(asc(roomType.sortOrder), asc(roomType.id));
}

/** Whether a reservation or a sold room uses the room type. */
export async function roomTypeIsBooked(tx: Db, roomTypeId: number): Promise<boolean> {
  const used = await tx.execute(sql`
          select 1 from reservation_room where room_type_id = ${roomTypeId}
          union all select 1 from inventory where room_type_id = ${roomTypeId} and sold > 0
          limit 1`);
  return (used as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function deleteRoomTypeRow(tx: Db, hotelId: number, roomTypeId: number): Promise<void> {
  await tx.delete(roomType).where(and(eq(roomType.id, roomTypeId), eq(roomType.hotelId, hotelId)));
}

// Room type photos.

export async function roomTypeExists(db: Db, hotelId: number, roomTypeId: number): Promise<boolean> {
  const [exists] = await db
    .select({ id: roomType.id })
    .from(roomType)
    .where(and(eq(roomType.id, roomTypeId), eq(roomType.hotelId, hotelId)));
  return exists !== undefined;
}

export async function lockRoomType(
  tx: Db,
  hotelId: number,
  roomTypeId: number,
): Promise<RoomTypeRecord | undefined> {
  return findOwnedRow(tx, roomType, [roomType.hotelId, hotelId], roomTypeId);
}

export async function insertRoomTypePhoto(
  tx: Db,
  photo: typeof roomTypePhoto.$inferInsert,
): Promise<number | undefined> {
  const [row] = await tx.insert(roomTypePhoto).values(photo).returning({ id: roomTypePhoto.id });
  return row?.id;
}

export async function deleteRoomTypePhotos(tx: Db, roomTypeId: number, photoIds: number[]): Promise<void> {
  await tx.execute(
    sql`delete from room_type_photo where room_type_id = ${roomTypeId} and id = any(${`{${photoIds.join(",")}}`}::int[])`,
  );
}

export async function findPhoto(db: Db, photoId: number) {
  const [row] = await db
    .select({ large: roomTypePhoto.large, small: roomTypePhoto.small })
    .from(roomTypePhoto)
    .where(eq(roomTypePhoto.id, photoId));
  return row;
}

// Rate plans.

export async function findRatePlan(
  db: Db,
  hotelId: number,
  ratePlanId: number,
): Promise<RatePlanRecord | undefined> {
  const [row] = await db
    .select()
    .from(ratePlan)
    .where(and(eq(ratePlan.id, ratePlanId), eq(ratePlan.hotelId, hotelId)));
  return row;
}

export async function listRatePlansOfHotel(db: Db, hotelId: number): Promise<RatePlanRecord[]> {
  return db
    .select()
    .from(ratePlan)
    .where(eq(ratePlan.hotelId, hotelId))
    .orderBy(asc(ratePlan.sortOrder), asc(ratePlan.id));
}

/** The channels of these rate plans, by channel id. */
export async function ratePlanChannelsOf(db: Db, ratePlanIds: number[]): Promise<RatePlanChannelRecord[]> {
  return db
    .select()
    .from(ratePlanChannel)
    .where(sql`${ratePlanChannel.ratePlanId} = any(${`{${ratePlanIds.join(",")}}`}::int[])`)
    .orderBy(asc(ratePlanChannel.channelId));
}

/** Forgets the channels of these rate plans (their writes put back the ones they keep). */
export async function deleteRatePlanChannels(tx: SqlExecutor, ratePlanIds: number[]): Promise<void> {
  await tx.execute(sql`delete from rate_plan_channel where rate_plan_id = any(${intArray(ratePlanIds)})`);
}

/** Whether a reservation uses the rate plan. */
export async function ratePlanIsBooked(tx: Db, ratePlanId: number): Promise<boolean> {
  const [used] = await tx
    .select({ id: reservationRoom.id })
    .from(reservationRoom)
    .where(eq(reservationRoom.ratePlanId, ratePlanId))
    .limit(1);
  return used !== undefined;
}

export async function deleteRatePlanRow(tx: Db, hotelId: number, ratePlanId: number): Promise<void> {
  await tx.delete(ratePlan).where(and(eq(ratePlan.id, ratePlanId), eq(ratePlan.hotelId, hotelId)));
}
