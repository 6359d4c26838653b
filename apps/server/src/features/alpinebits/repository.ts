// The statements of the AlpineBits server: its clients, their hotels and the codes a PMS names things by.

import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  alpinebitsClient,
  alpinebitsClientHotel,
  alpinebitsHotelCode,
  alpinebitsRatePlanCode,
  alpinebitsRoomTypeCode,
  hotel,
} from "../../db/schema";

type Executor = Pick<Db, "execute">;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type ClientRow = { id: number; groupId: number; username: string; passwordHash: string };

/** The enabled client of that username (case-insensitive), or undefined. */
export async function findClient(db: Db, username: string): Promise<ClientRow | undefined> {
  const [row] = await db
    .select({
      id: alpinebitsClient.id,
      groupId: alpinebitsClient.groupId,
      username: alpinebitsClient.username,
      passwordHash: alpinebitsClient.passwordHash,
    })
    .from(alpinebitsClient)
    .where(
      and(
        sql`lower(${alpinebitsClient.username}) = lower(${username})`,
        sql`${alpinebitsClient.disabledAt} is null`,
      ),
    );
  return row;
}

export type ClientHotel = { hotelId: number; groupId: number; timeZone: string };

/** The hotel whose HotelCode is `code` (case-sensitive) when the client may touch it, or undefined. */
export async function findClientHotelByCode(
  db: Executor,
  clientId: number,
  code: string,
): Promise<ClientHotel | undefined> {
  const [row] = rowsOf<{ hotel_id: number; group_id: number; time_zone: string }>(
    await db.execute(sql`
      select h.id as hotel_id, h.group_id, h.time_zone
      from alpinebits_hotel_code c
      join alpinebits_client_hotel ch on ch.hotel_id = c.hotel_id and ch.client_id = ${clientId}
      join hotel h on h.id = c.hotel_id
      where c.code = ${code}`),
  );
  return row ? { hotelId: row.hotel_id, groupId: row.group_id, timeZone: row.time_zone } : undefined;
}

/** The hotel's room types that have an InvTypeCode: code → room type id. */
export async function findRoomTypeCodes(db: Executor, hotelId: number): Promise<Map<string, number>> {
  const rows = rowsOf<{ code: string; room_type_id: number }>(
    await db.execute(
      sql`select code, room_type_id from alpinebits_room_type_code where hotel_id = ${hotelId}`,
    ),
  );
  return new Map(rows.map((r) => [r.code, r.room_type_id]));
}

/** The hotel's rate plans that have a RatePlanCode: code → rate plan id. */
export async function findRatePlanCodes(db: Executor, hotelId: number): Promise<Map<string, number>> {
  const rows = rowsOf<{ code: string; rate_plan_id: number }>(
    await db.execute(
      sql`select code, rate_plan_id from alpinebits_rate_plan_code where hotel_id = ${hotelId}`,
    ),
  );
  return new Map(rows.map((r) => [r.code, r.rate_plan_id]));
}

/** A new client with its hotels; answers its id. */
export async function insertClient(
  db: Db,
  client: { groupId: number; username: string; name: string; passwordHash: string; hotelIds: number[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(alpinebitsClient)
      .values({
        groupId: client.groupId,
        username: client.username,
        name: client.name,
        passwordHash: client.passwordHash,
      })
      .returning({ id: alpinebitsClient.id });
    if (!row) throw new Error("alpinebits client: no row");
    if (client.hotelIds.length > 0)
      await tx
        .insert(alpinebitsClientHotel)
        .values(client.hotelIds.map((hotelId) => ({ clientId: row.id, hotelId })));
    return row.id;
  });
}

/** Whether a client of that username (case-insensitive) exists, enabled or not. */
export async function clientExists(db: Db, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: alpinebitsClient.id })
    .from(alpinebitsClient)
    .where(sql`lower(${alpinebitsClient.username}) = lower(${username})`);
  return rows.length > 0;
}

export type HotelCodes = {
  hotelCode: string;
  roomTypes: { roomTypeId: number; code: string }[];
  ratePlans: { ratePlanId: number; code: string }[];
};

/** Sets the hotel's HotelCode, its room types' InvTypeCodes and rate plans' RatePlanCodes, replacing earlier ones. */
export async function saveCodes(db: Db, hotelId: number, codes: HotelCodes): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(alpinebitsHotelCode)
      .values({ hotelId, code: codes.hotelCode })
      .onConflictDoUpdate({ target: alpinebitsHotelCode.hotelId, set: { code: codes.hotelCode } });
    await tx.delete(alpinebitsRoomTypeCode).where(eq(alpinebitsRoomTypeCode.hotelId, hotelId));
    if (codes.roomTypes.length > 0)
      await tx
        .insert(alpinebitsRoomTypeCode)
        .values(codes.roomTypes.map((c) => ({ roomTypeId: c.roomTypeId, hotelId, code: c.code })));
    // A rate plan keeping its code keeps its last Full's charge type (ADR 0080): its Overlays still apply.
    const kept = await tx
      .delete(alpinebitsRatePlanCode)
      .where(eq(alpinebitsRatePlanCode.hotelId, hotelId))
      .returning({
        ratePlanId: alpinebitsRatePlanCode.ratePlanId,
        code: alpinebitsRatePlanCode.code,
        chargeType: alpinebitsRatePlanCode.chargeType,
      });
    const chargeTypeOf = new Map(kept.map((k) => [`${k.ratePlanId}:${k.code}`, k.chargeType]));
    if (codes.ratePlans.length > 0)
      await tx.insert(alpinebitsRatePlanCode).values(
        codes.ratePlans.map((c) => ({
          ratePlanId: c.ratePlanId,
          hotelId,
          code: c.code,
          chargeType: chargeTypeOf.get(`${c.ratePlanId}:${c.code}`) ?? null,
        })),
      );
  });
}

/** The group of a hotel, or undefined for no such hotel. */
export async function findHotelGroup(db: Db, hotelId: number): Promise<number | undefined> {
  const [row] = await db.select({ groupId: hotel.groupId }).from(hotel).where(eq(hotel.id, hotelId));
  return row?.groupId;
}

export type RatePlansHotelFacts = {
  currencyCode: string;
  decimalDigits: number;
  /** Rate plans with a RatePlanCode: code → id, meal plan and the last Full's charge type (7, 25, null: none yet). */
  ratePlans: Map<string, { id: number; mealPlan: string; chargeType: number | null }>;
  /** Room types with an InvTypeCode: code → id and most guests. */
  roomTypes: Map<string, { id: number; maxOccupancy: number }>;
};

/** What a RatePlans message is checked against: the hotel's currency and its coded rate plans and room types. */
export async function findRatePlansHotelFacts(db: Executor, hotelId: number): Promise<RatePlansHotelFacts> {
  const [hotelRow] = rowsOf<{ currency_code: string; decimal_digits: number }>(
    await db.execute(sql`select h.currency_code, c.decimal_digits from hotel h
      join currency c on c.code = h.currency_code where h.id = ${hotelId}`),
  );
  const plans = rowsOf<{ code: string; id: number; meal_plan: string; charge_type: number | null }>(
    await db.execute(sql`select c.code, p.id, p.meal_plan, c.charge_type from alpinebits_rate_plan_code c
      join rate_plan p on p.id = c.rate_plan_id where c.hotel_id = ${hotelId}`),
  );
  const rooms = rowsOf<{ code: string; id: number; max_occupancy: number }>(
    await db.execute(sql`select c.code, r.id, r.max_occupancy from alpinebits_room_type_code c
      join room_type r on r.id = c.room_type_id where c.hotel_id = ${hotelId}`),
  );
  return {
    currencyCode: hotelRow?.currency_code ?? "",
    decimalDigits: hotelRow?.decimal_digits ?? 2,
    ratePlans: new Map(
      plans.map((p) => [p.code, { id: p.id, mealPlan: p.meal_plan, chargeType: p.charge_type }]),
    ),
    roomTypes: new Map(rooms.map((r) => [r.code, { id: r.id, maxOccupancy: r.max_occupancy }])),
  };
}

/** Keeps a Full's charge type (7 per person, 25 per room) with the rate plan's code, for its Overlays. */
export async function setRatePlanChargeType(
  db: Executor,
  ratePlanId: number,
  chargeType: number | null,
): Promise<void> {
  await db.execute(
    sql`update alpinebits_rate_plan_code set charge_type = ${chargeType} where rate_plan_id = ${ratePlanId}`,
  );
}
