import { aOneRoomHotel, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { SEARCH_CHANNEL } from "./answer-cache";

let database: Database;
let hotels: number[];

async function versions(): Promise<Map<number, number>> {
  const rows = await database.query<{ hotel_id: number; version: string }>(
    sql`select hotel_id, version from search_version`,
  );
  return new Map(rows.map((r) => [r.hotel_id, Number(r.version)]));
}

beforeAll(async () => {
  database = await createTestDatabase();
  hotels = [];
  for (const name of ["Version A", "Version B"])
    hotels.push((await seedProperty(database, aOneRoomHotel(name))).hotelId);
});

afterAll(async () => {
  await database?.close();
});

describe("the search version of a hotel (ADR 0045)", () => {
  it("changes with every table a search reads, in the changing statement, for that hotel only", async () => {
    const [a, b] = hotels as [number, number];
    const changes = [
      sql`update price set amount_minor = amount_minor + 1 where room_type_id in (select id from room_type where hotel_id = ${a})`,
      sql`update inventory set sold = sold + 1 where day = '2030-01-10' and room_type_id in (select id from room_type where hotel_id = ${a})`,
      sql`insert into restriction (rate_plan_id, day, closed_to_arrival) select id, '2030-01-11', true from rate_plan where hotel_id = ${a}`,
      sql`delete from restriction where rate_plan_id in (select id from rate_plan where hotel_id = ${a})`,
      sql`update rate_plan set min_stay = 1 where hotel_id = ${a}`,
      sql`update room_type set max_children = max_children where hotel_id = ${a}`,
      sql`update hotel set city_tax_minor = city_tax_minor + 10 where id = ${a}`,
      sql`delete from rate_plan_channel where rate_plan_id in (select id from rate_plan where hotel_id = ${a})`,
    ];
    for (const change of changes) {
      const before = await versions();
      await database.query(change);
      const after = await versions();
      expect(after.get(a), changes.indexOf(change).toString()).toBeGreaterThan(before.get(a) ?? 0);
      expect(after.get(b)).toBe(before.get(b));
    }
  });

  it("moves the catalogue version with the catalogue only: prices, inventory and restrictions leave it (ADR 0057)", async () => {
    const [a, b] = hotels as [number, number];
    const read = async () => {
      const rows = await database.query<{ hotel_id: number; version: string; catalogue_version: string }>(
        sql`select hotel_id, version, catalogue_version from search_version where hotel_id in (${a}, ${b})`,
      );
      return new Map(
        rows.map((r) => [r.hotel_id, [Number(r.version), Number(r.catalogue_version)] as const]),
      );
    };
    const daily = [
      sql`update price set amount_minor = amount_minor + 1 where room_type_id in (select id from room_type where hotel_id = ${a})`,
      sql`update inventory set sold = sold + 1 where day = '2030-01-12' and room_type_id in (select id from room_type where hotel_id = ${a})`,
      sql`update inventory set allotment = allotment + 1 where day = '2030-01-12' and room_type_id in (select id from room_type where hotel_id = ${a})`,
      sql`insert into restriction (rate_plan_id, day, min_stay) select id, '2030-01-13', 2 from rate_plan where hotel_id = ${a}`,
      sql`delete from restriction where rate_plan_id in (select id from rate_plan where hotel_id = ${a})`,
    ];
    const catalogue = [
      sql`update room_type set max_children = max_children where hotel_id = ${a}`,
      sql`update rate_plan set min_stay = 1 where hotel_id = ${a}`,
      sql`update hotel set city_tax_minor = city_tax_minor + 10 where id = ${a}`,
      sql`update hotel_channel set hotel_id = hotel_id where hotel_id = ${a}`,
    ];
    for (const [n, change] of [...daily, ...catalogue].entries()) {
      const before = await read();
      await database.query(change);
      const after = await read();
      const [version, catalogueVersion] = after.get(a) ?? [0, 0];
      expect(version, String(n)).toBeGreaterThan(before.get(a)?.[0] ?? 0);
      if (n < daily.length) expect(catalogueVersion, String(n)).toBe(before.get(a)?.[1] ?? 0);
      else expect(catalogueVersion, String(n)).toBe(version);
      expect(after.get(b)).toEqual(before.get(b));
    }
  });

  it("bumps without a notice when only rooms sold changed (a booking, ADR 0055); notices any other inventory change", async () => {
    const [a, b] = hotels as [number, number];
    const notices: string[] = [];
    let heard: (payload: string) => void = () => {};
    const stop = await database.listen(SEARCH_CHANNEL, (payload) => {
      notices.push(payload ?? "");
      heard(payload ?? "");
    });
    // Notices arrive in commit order: once hotel b's is heard, any notice of the changes before it has been too.
    const noticeOf = (hotel: number) =>
      new Promise<void>((resolve) => {
        heard = (payload) => {
          if (payload === String(hotel)) resolve();
        };
      });
    try {
      const inventoryOf = (hotel: number) =>
        sql`room_type_id in (select id from room_type where hotel_id = ${hotel}) and day = '2030-01-12'`;
      let before = await versions();
      await database.query(sql`update inventory set sold = sold + 1 where ${inventoryOf(a)}`);
      await database.query(sql`update inventory set sold = sold - 1 where ${inventoryOf(a)}`);
      let after = await versions();
      expect(after.get(a)).toBeGreaterThan(before.get(a) ?? 0);
      let heardB = noticeOf(b);
      await database.query(sql`update inventory set closed = not closed where ${inventoryOf(b)}`);
      await heardB;
      expect(notices).toEqual([String(b)]);

      // The same hotel's allotment or opening changed, with or without rooms sold: a notice.
      before = after;
      const heardA = noticeOf(a);
      await database.query(
        sql`update inventory set allotment = allotment + 1, sold = sold + 1 where ${inventoryOf(a)}`,
      );
      await heardA;
      after = await versions();
      expect(after.get(a)).toBeGreaterThan(before.get(a) ?? 0);
      heardB = noticeOf(b);
      await database.query(sql`update inventory set closed = not closed where ${inventoryOf(b)}`);
      await heardB;
      expect(notices).toEqual([String(b), String(a), String(b)]);
      await database.query(
        sql`update inventory set allotment = allotment - 1, sold = sold - 1 where ${inventoryOf(a)}`,
      );
    } finally {
      await stop();
    }
  });

  it("stays when a statement changes no row", async () => {
    const before = await versions();
    await database.query(sql`update price set amount_minor = 1 where day = '1999-01-01'`);
    expect(await versions()).toEqual(before);
  });

  it("changes for every hotel of a channel or a currency when that row changes", async () => {
    const before = await versions();
    await database.query(sql`update currency set rounding = rounding where code = 'EUR'`);
    const after = await versions();
    for (const id of hotels) expect(after.get(id)).toBeGreaterThan(before.get(id) ?? 0);
  });

  it("does not change when the transaction that changed a price rolls back", async () => {
    const [a] = hotels as [number];
    const before = await versions();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(
          sql`update price set amount_minor = 1 where room_type_id in (select id from room_type where hotel_id = ${a})`,
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await versions()).get(a)).toBe(before.get(a));
  });

  it("goes with a deleted hotel, and a new version never repeats an old one", async () => {
    const [, b] = hotels as [number, number];
    const before = await versions();
    await database.query(sql`delete from hotel where id = ${b}`);
    const after = await versions();
    expect(after.has(b)).toBe(false);
    const { hotelId } = await seedProperty(database, aOneRoomHotel("Version C"));
    expect((await versions()).get(hotelId)).toBeGreaterThan(Math.max(...before.values()));
  });
});
