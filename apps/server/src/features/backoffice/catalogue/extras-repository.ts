// The statements of the hotel's extras: service categories, services, promo codes and packages, the ids they may
// refer to, what uses them, and the facts a price link is checked against.

import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  channel,
  hotel,
  hotelChannel,
  packageOffer,
  promoCode,
  ratePlan,
  ratePlanChannel,
  roomType,
  service,
  serviceCategory,
} from "../../../db/schema";

/** Locks the table and gives the next free id (ids are global and given by property files too). */
export async function nextId(tx: Db, table: string): Promise<number> {
  await tx.execute(sql.raw(`lock table "${table}" in share row exclusive mode`));
  const result = (await tx.execute(
    sql.raw(`select coalesce(max(id), 0) + 1 as id from "${table}"`),
  )) as unknown as {
    rows: { id: number | string }[];
  };
  return Number(result.rows[0]?.id ?? 1);
}

export async function findHotelCurrencyCode(db: Db, hotelId: number): Promise<string | undefined> {
  const [row] = await db.select({ code: hotel.currencyCode }).from(hotel).where(eq(hotel.id, hotelId));
  return row?.code;
}

// One entity of the hotel (another hotel's id reads as missing).

export async function findServiceCategoryRow(db: Db, hotelId: number, id: number) {
  const [row] = await db
    .select()
    .from(serviceCategory)
    .where(and(eq(serviceCategory.id, id), eq(serviceCategory.hotelId, hotelId)));
  return row;
}

export async function countServicesOfCategory(db: Db, categoryId: number): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(service)
    .where(eq(service.categoryId, categoryId));
  return count?.n ?? 0;
}

export async function findServiceRow(db: Db, hotelId: number, id: number) {
  const [row] = await db
    .select()
    .from(service)
    .where(and(eq(service.id, id), eq(service.hotelId, hotelId)));
  return row;
}

export async function findPromoCodeRow(db: Db, hotelId: number, id: number) {
  const [row] = await db
    .select()
    .from(promoCode)
    .where(and(eq(promoCode.id, id), eq(promoCode.hotelId, hotelId)));
  return row;
}

export async function findPackageRow(db: Db, hotelId: number, id: number) {
  const [row] = await db
    .select()
    .from(packageOffer)
    .where(and(eq(packageOffer.id, id), eq(packageOffer.hotelId, hotelId)));
  return row;
}

// The hotel's entities of one kind, in the screen's order.

/** The categories in sort order, each with how many services it holds. */
export async function listServiceCategoryRows(db: Db, hotelId: number) {
  return db
    .select({
      row: serviceCategory,
      // Qualified by hand: inside a raw subquery drizzle writes a column as a bare "id", which is s.id here.
      services: sql<number>`(select count(*)::int from service s where s.category_id = "service_category"."id")`,
    })
    .from(serviceCategory)
    .where(eq(serviceCategory.hotelId, hotelId))
    .orderBy(asc(serviceCategory.sortOrder), asc(serviceCategory.id));
}

export async function listServiceRows(db: Db, hotelId: number) {
  return db
    .select()
    .from(service)
    .where(eq(service.hotelId, hotelId))
    .orderBy(asc(service.categoryId), asc(service.id));
}

export async function listPromoCodeRows(db: Db, hotelId: number) {
  return db.select().from(promoCode).where(eq(promoCode.hotelId, hotelId)).orderBy(asc(promoCode.code));
}

export async function listPackageRows(db: Db, hotelId: number) {
  return db
    .select()
    .from(packageOffer)
    .where(eq(packageOffer.hotelId, hotelId))
    .orderBy(asc(packageOffer.validFrom), asc(packageOffer.id));
}

/** The hotel's ids an entity may refer to. */
export async function catalogueIdsOf(db: Db, hotelId: number) {
  const ids = async (query: Promise<{ id: number }[]>) => new Set((await query).map((r) => r.id));
  const [ratePlanIds, roomTypeIds, serviceIds, categoryIds, channelIds] = await Promise.all([
    ids(db.select({ id: ratePlan.id }).from(ratePlan).where(eq(ratePlan.hotelId, hotelId))),
    ids(db.select({ id: roomType.id }).from(roomType).where(eq(roomType.hotelId, hotelId))),
    ids(db.select({ id: service.id }).from(service).where(eq(service.hotelId, hotelId))),
    ids(
      db.select({ id: serviceCategory.id }).from(serviceCategory).where(eq(serviceCategory.hotelId, hotelId)),
    ),
    ids(
      db.select({ id: hotelChannel.channelId }).from(hotelChannel).where(eq(hotelChannel.hotelId, hotelId)),
    ),
  ]);
  return { ratePlanIds, roomTypeIds, serviceIds, categoryIds, channelIds };
}

/** Whether another promo code of the hotel has this code, whatever its case. */
export async function promoCodeTaken(tx: Db, hotelId: number, code: string, id: number): Promise<boolean> {
  const [taken] = await tx
    .select({ id: promoCode.id })
    .from(promoCode)
    .where(
      and(
        eq(promoCode.hotelId, hotelId),
        sql`upper(${promoCode.code}) = upper(${code})`,
        sql`${promoCode.id} <> ${id}`,
      ),
    );
  return taken !== undefined;
}

// What uses an entity.

type Count = { n: number };
const countOf = async (tx: Db, query: SQL) =>
  Number(((await tx.execute(query)) as unknown as { rows: Count[] }).rows[0]?.n ?? 0);

export const countServicesInCategory = (tx: Db, id: number) =>
  countOf(tx, sql`select count(*)::int as n from service where category_id = ${id}`);

export const countReservationsOfService = (tx: Db, id: number) =>
  countOf(tx, sql`select count(*)::int as n from reservation_service where service_id = ${id}`);

/** The rate plans and packages of the hotel that include the service. */
export const countInclusionsOfService = (tx: Db, hotelId: number, id: number) =>
  countOf(
    tx,
    sql`select (select count(*) from rate_plan where hotel_id = ${hotelId} and ${id} = any(included_service_ids))
          + (select count(*) from package where hotel_id = ${hotelId} and ${id} = any(included_service_ids)) as n`,
  );

export const countReservationsWithPromoCode = (tx: Db, hotelId: number, code: string) =>
  countOf(
    tx,
    sql`select count(*)::int as n from reservation where hotel_id = ${hotelId} and upper(promo_code) = upper(${code})`,
  );

export const countLinksWithPromoCode = (tx: Db, hotelId: number, code: string) =>
  countOf(
    tx,
    sql`select count(*)::int as n from reservation_link where hotel_id = ${hotelId} and upper(promo_code) = upper(${code})`,
  );

export const countReservationsOfPackage = (tx: Db, hotelId: number, id: number) =>
  countOf(
    tx,
    sql`select count(*)::int as n from reservation where hotel_id = ${hotelId} and package_id = ${id}`,
  );

/** Deletes one entity of the hotel from its table (`name`: one of the four extras' tables). */
export async function deleteExtraRow(tx: Db, name: string, hotelId: number, id: number): Promise<void> {
  await tx.execute(sql`delete from ${sql.raw(`"${name}"`)} where id = ${id} and hotel_id = ${hotelId}`);
}

// A price link.

export async function findRoomTypeCapacity(db: Db, hotelId: number, roomTypeId: number) {
  const [room] = await db
    .select({ id: roomType.id, sleeps: roomType.maxOccupancy, maxAdults: roomType.maxAdults })
    .from(roomType)
    .where(and(eq(roomType.id, roomTypeId), eq(roomType.hotelId, hotelId)));
  return room;
}

export async function findRatePlanId(db: Db, hotelId: number, ratePlanId: number) {
  const [rate] = await db
    .select({ id: ratePlan.id })
    .from(ratePlan)
    .where(and(eq(ratePlan.id, ratePlanId), eq(ratePlan.hotelId, hotelId)));
  return rate;
}

/** The hotel's channels the rate plan is sold on, by id. */
export async function channelsSellingRatePlan(db: Db, hotelId: number, ratePlanId: number) {
  return db
    .select({ id: ratePlanChannel.channelId, kind: channel.kind })
    .from(ratePlanChannel)
    .innerJoin(channel, eq(channel.id, ratePlanChannel.channelId))
    .innerJoin(
      hotelChannel,
      and(eq(hotelChannel.channelId, ratePlanChannel.channelId), eq(hotelChannel.hotelId, hotelId)),
    )
    .where(eq(ratePlanChannel.ratePlanId, ratePlanId))
    .orderBy(asc(channel.id));
}
