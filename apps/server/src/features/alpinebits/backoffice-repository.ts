// The statements of the back office's AlpineBits screen (ADR 0083): a group's clients, a hotel's codes.

import type { LocalizedText } from "@alloggio/domain/search/context";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { alpinebitsClient, alpinebitsClientHotel, hotel } from "../../db/schema";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type GroupClientRow = {
  id: number;
  username: string;
  name: string;
  createdAt: Date;
  disabledAt: Date | null;
  hotelIds: number[];
  /** Each of its hotels' time zone: its dates are shown on a hotel's clock. */
  timeZones: Record<number, string>;
};

/** The group's clients (or one of them), oldest first, each with its hotels. */
export async function findGroupClients(
  db: Db,
  groupId: number,
  clientId?: number,
): Promise<GroupClientRow[]> {
  const clients = await db
    .select({
      id: alpinebitsClient.id,
      username: alpinebitsClient.username,
      name: alpinebitsClient.name,
      createdAt: alpinebitsClient.createdAt,
      disabledAt: alpinebitsClient.disabledAt,
    })
    .from(alpinebitsClient)
    .where(
      and(
        eq(alpinebitsClient.groupId, groupId),
        clientId === undefined ? undefined : eq(alpinebitsClient.id, clientId),
      ),
    )
    .orderBy(alpinebitsClient.id);
  if (clients.length === 0) return [];
  const links = await db
    .select({
      clientId: alpinebitsClientHotel.clientId,
      hotelId: alpinebitsClientHotel.hotelId,
      timeZone: hotel.timeZone,
    })
    .from(alpinebitsClientHotel)
    .innerJoin(hotel, eq(hotel.id, alpinebitsClientHotel.hotelId))
    .where(
      inArray(
        alpinebitsClientHotel.clientId,
        clients.map((c) => c.id),
      ),
    )
    .orderBy(alpinebitsClientHotel.hotelId);
  return clients.map((c) => {
    const own = links.filter((l) => l.clientId === c.id);
    return {
      ...c,
      hotelIds: own.map((l) => l.hotelId),
      timeZones: Object.fromEntries(own.map((l) => [l.hotelId, l.timeZone])),
    };
  });
}

/** Disables a client (once: a disabled client keeps its first date). */
export async function disableClient(db: Db, clientId: number, at: Date): Promise<void> {
  await db
    .update(alpinebitsClient)
    .set({ disabledAt: at })
    .where(and(eq(alpinebitsClient.id, clientId), sql`${alpinebitsClient.disabledAt} is null`));
}

/** Replaces the client's hotels among `within` (the hotels the owner sees) by `hotelIds`. */
export async function replaceClientHotels(
  db: Db,
  clientId: number,
  within: number[],
  hotelIds: number[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(alpinebitsClientHotel)
      .where(
        and(eq(alpinebitsClientHotel.clientId, clientId), inArray(alpinebitsClientHotel.hotelId, within)),
      );
    await tx
      .insert(alpinebitsClientHotel)
      .values(hotelIds.map((hotelId) => ({ clientId, hotelId })))
      .onConflictDoNothing();
  });
}

export type CodeRow = { id: number; name: LocalizedText; code: string | null };

/** The hotel's HotelCode, and its room types and rate plans in their order with their codes. */
export async function findHotelCodes(
  db: Db,
  hotelId: number,
): Promise<{ hotelCode: string | null; roomTypes: CodeRow[]; ratePlans: CodeRow[] }> {
  const [hotelCode] = rowsOf<{ code: string }>(
    await db.execute(sql`select code from alpinebits_hotel_code where hotel_id = ${hotelId}`),
  );
  const roomTypes = rowsOf<CodeRow>(
    await db.execute(sql`
      select r.id, r.name, c.code from room_type r
      left join alpinebits_room_type_code c on c.room_type_id = r.id
      where r.hotel_id = ${hotelId} order by r.sort_order, r.id`),
  );
  const ratePlans = rowsOf<CodeRow>(
    await db.execute(sql`
      select p.id, p.name, c.code from rate_plan p
      left join alpinebits_rate_plan_code c on c.rate_plan_id = p.id
      where p.hotel_id = ${hotelId} order by p.sort_order, p.id`),
  );
  return { hotelCode: hotelCode?.code ?? null, roomTypes, ratePlans };
}

/** The hotel that has this HotelCode, if any. */
export async function findHotelOfCode(db: Db, code: string): Promise<number | undefined> {
  const [row] = rowsOf<{ hotel_id: number }>(
    await db.execute(sql`select hotel_id from alpinebits_hotel_code where code = ${code}`),
  );
  return row?.hotel_id;
}
