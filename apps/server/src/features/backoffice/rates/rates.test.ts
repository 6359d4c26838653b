import { daysInRange } from "@alloggio/domain/backoffice/daily-values";
import type { BulkResult, Calendar } from "@alloggio/domain/contract/backoffice/rates";
import type { AvailResponse } from "@alloggio/domain/contract/search/avail";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../../../packages/test-kit/src/app";
import {
  aHotel,
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "../../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../../packages/test-kit/src/database";
import { aStaffSession, type StaffSession } from "../../../../../../packages/test-kit/src/staff";
import type { Database } from "../../../db/client";
import { auditLog, inventory, price, restriction } from "../../../db/schema";
import type { App } from "../../../http/app";
import { readCalendar } from "./service";

let database: Database;
let app: App;
const clock = new Date("2029-12-20T10:00:00Z");

// Hotel A: one room (max occupancy 3) and one rate; prices 80/100/120 € for 1/2/3 adults, 5 rooms a night,
// 2030-01-01..2030-03-31. Hotel B: the same shape, other ids.
const roomA = aRoomType();
const rateA = aRatePlan();
const roomB = aRoomType();
const rateB = aRatePlan();
let hotelA: number;
let hotelB: number;
let owner: StaffSession;
let manager: StaffSession;
let reception: StaffSession;
let managerB: StaffSession;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelA = (
    await seedProperty(
      database,
      buildProperty({
        hotel: aHotel({ name: "Alpha" }),
        roomTypes: [roomA],
        ratePlans: [rateA],
        prices: [aPriceRange(roomA, rateA, { adults: 3 })],
        inventory: [anInventoryRange(roomA)],
      }),
    )
  ).hotelId;
  hotelB = (
    await seedProperty(
      database,
      buildProperty({ hotel: aHotel({ name: "Beta" }), roomTypes: [roomB], ratePlans: [rateB] }),
    )
  ).hotelId;
  owner = await aStaffSession(database, { role: "owner", now: clock });
  manager = await aStaffSession(database, { role: "manager", hotels: [hotelA], now: clock });
  reception = await aStaffSession(database, { role: "reception", now: clock });
  managerB = await aStaffSession(database, { role: "manager", hotels: [hotelB], now: clock });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const base = (hotel: number) => `/api/backoffice/hotels/${hotel}/calendar`;
type Headers = Record<string, string>;
const read = (who: { cookieOnly: Headers } | null, hotel: number, query = "from=2030-01-30&days=5") =>
  app.inject({ method: "GET", url: `${base(hotel)}?${query}`, headers: who?.cookieOnly ?? {} });
const put = (headers: Headers, hotel: number, payload: object) =>
  app.inject({ method: "PUT", url: `${base(hotel)}/cells`, headers, payload });
const bulk = (headers: Headers, hotel: number, payload: object) =>
  app.inject({ method: "POST", url: `${base(hotel)}/bulk`, headers, payload });

async function priceOf(day: string, adults: number): Promise<number | null> {
  const [row] = await database.db
    .select({ amount: price.amountMinor })
    .from(price)
    .where(
      and(
        eq(price.roomTypeId, roomA.id),
        eq(price.ratePlanId, rateA.id),
        eq(price.day, day),
        eq(price.adults, adults),
      ),
    );
  return row?.amount ?? null;
}

async function lastAudit(action: string) {
  const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, action));
  return rows.at(-1);
}

async function avail(params: Record<string, string>): Promise<AvailResponse> {
  const qs = new URLSearchParams({ channel: "1", hotel: String(hotelA), language: "1", ...params });
  const res = await app.inject({ method: "GET", url: `/api/avail.do?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AvailResponse;
}

describe("the calendar read", () => {
  it("answers the seeded inventory, prices and restrictions per day", async () => {
    const res = await read(manager, hotelA);
    expect(res.statusCode, res.body).toBe(200);
    const cal = res.json() as Calendar;
    expect(cal.days).toEqual(["2030-01-30", "2030-01-31", "2030-02-01", "2030-02-02", "2030-02-03"]);
    expect(cal.currency).toEqual({ code: "EUR", decimalDigits: 2 });
    expect(cal.today).toBe("2029-12-20");
    const room = cal.roomTypes.find((r) => r.id === roomA.id);
    expect(room).toMatchObject({
      allotment: [5, 5, 5, 5, 5],
      sold: [0, 0, 0, 0, 0],
      free: [5, 5, 5, 5, 5],
      closed: [false, false, false, false, false],
      maxOccupancy: 3,
    });
    const rate = cal.rates.find((r) => r.roomTypeId === roomA.id && r.ratePlanId === rateA.id);
    expect(rate?.prices).toEqual([
      { adults: 1, amounts: [8000, 8000, 8000, 8000, 8000] },
      { adults: 2, amounts: [10000, 10000, 10000, 10000, 10000] },
      { adults: 3, amounts: [12000, 12000, 12000, 12000, 12000] },
    ]);
    expect(cal.ratePlans[0]).toMatchObject({
      id: rateA.id,
      minStay: 1,
      dayMinStay: [null, null, null, null, null],
    });
  });

  it("gives a new room type and a new rate plan rows to type prices in", async () => {
    const sold = aRoomType();
    const newRoom = aRoomType({ maxOccupancy: 2 });
    const soldRate = aRatePlan();
    const newRate = aRatePlan();
    const hotel = (
      await seedProperty(
        database,
        buildProperty({
          hotel: aHotel({ name: "Delta" }),
          roomTypes: [sold, newRoom],
          ratePlans: [soldRate, newRate],
          prices: [aPriceRange(sold, soldRate)],
        }),
      )
    ).hotelId;
    const res = await read(owner, hotel);
    const cal = res.json() as Calendar;
    const pairs = cal.rates.map((r) => `${r.roomTypeId}:${r.ratePlanId}`).sort();
    expect(pairs).toEqual(
      [
        `${sold.id}:${soldRate.id}`,
        `${sold.id}:${newRate.id}`,
        `${newRoom.id}:${soldRate.id}`,
        `${newRoom.id}:${newRate.id}`,
      ].sort(),
    );
    const empty = cal.rates.find((r) => r.roomTypeId === newRoom.id && r.ratePlanId === newRate.id);
    expect(empty?.prices).toEqual([
      { adults: 1, amounts: [null, null, null, null, null] },
      { adults: 2, amounts: [null, null, null, null, null] },
    ]);
  });

  it("reads a year of days in ONE statement", async () => {
    const before = database.statements.count;
    const cal = await readCalendar(database.db, hotelA, { from: "2030-01-01", days: 365 }, clock);
    expect(database.statements.count - before).toBe(1);
    expect(cal.days).toHaveLength(365);
    expect(cal.rates[0]?.prices[0]?.amounts).toHaveLength(365);
  });

  it("shows days outside the data as empty, not sellable", async () => {
    const cal = (await read(manager, hotelA, "from=2030-03-30&days=3")).json() as Calendar;
    expect(cal.roomTypes[0]?.allotment).toEqual([5, 5, null]);
    expect(cal.rates[0]?.closed).toEqual([false, false, true]);
  });

  it("validates the window, naming the field", async () => {
    const tooLong = await read(owner, hotelA, "from=2030-01-01&days=401");
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain("days");
    const badDate = await read(owner, hotelA, "from=2030-13-01&days=5");
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain("from");
  });

  it("lets owner and manager in, not reception; 401 without a session; 404 for another hotel", async () => {
    expect((await read(owner, hotelA)).statusCode).toBe(200);
    expect((await read(reception, hotelA)).statusCode).toBe(403);
    expect((await read(null, hotelA)).statusCode).toBe(401);
    expect((await read(managerB, hotelA)).statusCode).toBe(404);
    expect((await read(manager, hotelB)).statusCode).toBe(404);
  });
});

describe("one cell", () => {
  it("edits a price, with an audit entry before → after", async () => {
    const res = await put(manager.headers, hotelA, {
      kind: "price",
      roomTypeId: roomA.id,
      ratePlanId: rateA.id,
      day: "2030-01-15",
      adults: 2,
      amountMinor: 13_500,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      changed: true,
      before: { amountMinor: 10_000 },
      after: { amountMinor: 13_500 },
    });
    expect(await priceOf("2030-01-15", 2)).toBe(13_500);
    const entry = await lastAudit("rates.edit_price");
    expect(entry).toMatchObject({
      hotelId: hotelA,
      before: { amountMinor: 10_000 },
      after: { amountMinor: 13_500 },
    });
  });

  it("edits allotment and closed, never below sold (409 below_sold)", async () => {
    await database.db
      .update(inventory)
      .set({ sold: 3 })
      .where(and(eq(inventory.roomTypeId, roomA.id), eq(inventory.day, "2030-01-16")));
    const ok = await put(owner.headers, hotelA, {
      kind: "inventory",
      roomTypeId: roomA.id,
      day: "2030-01-16",
      allotment: 3,
      closed: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().after).toEqual({ allotment: 3, sold: 3, closed: true });
    const below = await put(owner.headers, hotelA, {
      kind: "inventory",
      roomTypeId: roomA.id,
      day: "2030-01-16",
      allotment: 2,
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.code).toBe("below_sold");
    // The page writes its own sentence from what the refusal names: the room type, the day, the rooms sold.
    expect(below.json().error.details[0]).toMatchObject({
      field: "allotment",
      params: { roomType: roomA.name, day: "2030-01-16", sold: 3, allotment: 2 },
    });
    expect((await lastAudit("rates.edit_inventory"))?.after).toEqual({ allotment: 3, sold: 3, closed: true });
  });

  it("edits a restriction and refuses a min stay above the max stay", async () => {
    const ok = await put(manager.headers, hotelA, {
      kind: "restriction",
      ratePlanId: rateA.id,
      day: "2030-01-17",
      closedToArrival: true,
      minStay: 2,
      maxStay: 5,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await database.db.select().from(restriction).where(eq(restriction.day, "2030-01-17"));
    expect(row).toMatchObject({ closedToArrival: true, minStay: 2, maxStay: 5 });
    const bad = await put(manager.headers, hotelA, {
      kind: "restriction",
      ratePlanId: rateA.id,
      day: "2030-01-17",
      minStay: 6,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe("minStay");
    const invalid = await put(manager.headers, hotelA, {
      kind: "restriction",
      ratePlanId: rateA.id,
      day: "2030-01-17",
      minStay: 0,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain("minStay");
  });

  it("refuses a negative price naming the field", async () => {
    const res = await put(manager.headers, hotelA, {
      kind: "price",
      roomTypeId: roomA.id,
      ratePlanId: rateA.id,
      day: "2030-01-15",
      adults: 2,
      amountMinor: -1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("amountMinor");
  });

  it("checks role, CSRF, hotel and the ids of the cell (IDOR)", async () => {
    const cell = { kind: "inventory", roomTypeId: roomA.id, day: "2030-01-18", allotment: 4 };
    expect((await put(reception.headers, hotelA, cell)).statusCode).toBe(403);
    const noCsrf = await put(manager.cookieOnly, hotelA, cell);
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe("csrf_failed");
    expect((await put({}, hotelA, cell)).statusCode).toBe(401);
    expect((await put(managerB.headers, hotelA, cell)).statusCode).toBe(404);
    // Hotel A's room type under hotel B's path.
    const idor = await put(managerB.headers, hotelB, cell);
    expect(idor.statusCode).toBe(404);
    expect(idor.json().error.details[0].field).toBe("roomTypeId");
    const idorRate = await put(managerB.headers, hotelB, {
      kind: "restriction",
      ratePlanId: rateA.id,
      day: "2030-01-18",
      minStay: 3,
    });
    expect(idorRate.statusCode).toBe(404);
    expect(idorRate.json().error.details[0].field).toBe("ratePlanId");
    const [night] = await database.db
      .select()
      .from(inventory)
      .where(and(eq(inventory.roomTypeId, roomA.id), eq(inventory.day, "2030-01-18")));
    expect(night?.allotment).toBe(5);
  });
});

// Fri–Sat of February 2030 (1 Feb is a Friday): 1, 2, 8, 9, 15, 16, 22, 23.
const FRI_SAT = [
  "2030-02-01",
  "2030-02-02",
  "2030-02-08",
  "2030-02-09",
  "2030-02-15",
  "2030-02-16",
  "2030-02-22",
  "2030-02-23",
];
const example = () => ({
  from: "2030-02-01",
  to: "2030-02-28",
  weekdays: [5, 6],
  roomTypeIds: [roomA.id],
  ratePlanIds: [rateA.id],
  price: { mode: "percent", value: 15 },
  minStay: 2,
});

describe("the bulk update", () => {
  it("previews the Fri–Sat +15 %, min stay 2 example without writing", async () => {
    const res = await bulk(manager.headers, hotelA, { ...example(), preview: true });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as BulkResult;
    expect(result).toMatchObject({
      preview: true,
      changed: 32,
      byKind: { price: 24, restriction: 8, inventory: 0 },
    });
    expect(result.sample[0]).toMatchObject({
      kind: "price",
      day: "2030-02-01",
      adults: 1,
      before: 8000,
      after: 9200,
    });
    expect(await priceOf("2030-02-01", 2)).toBe(10_000);
    expect(await database.db.select().from(restriction).where(eq(restriction.day, "2030-02-01"))).toEqual([]);
  });

  it("applies it: exactly the Fridays and Saturdays change, other days not, with one audit entry", async () => {
    const res = await bulk(manager.headers, hotelA, example());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ preview: false, changed: 32 });
    for (const day of FRI_SAT) {
      expect(await priceOf(day, 1)).toBe(9_200);
      expect(await priceOf(day, 2)).toBe(11_500);
      expect(await priceOf(day, 3)).toBe(13_800);
    }
    for (const day of ["2030-01-31", "2030-02-03", "2030-02-07", "2030-02-24", "2030-03-01", "2030-03-02"])
      expect(await priceOf(day, 2)).toBe(10_000);
    const restricted = await database.db
      .select()
      .from(restriction)
      .where(eq(restriction.ratePlanId, rateA.id));
    expect(
      restricted
        .filter((r) => r.minStay === 2 && r.day.startsWith("2030-02"))
        .map((r) => r.day)
        .sort(),
    ).toEqual(FRI_SAT);
    const entry = await lastAudit("rates.bulk_update");
    expect(entry).toMatchObject({
      hotelId: hotelA,
      before: { changed: 32, byKind: { price: 24, restriction: 8, inventory: 0 } },
      after: {
        from: "2030-02-01",
        to: "2030-02-28",
        weekdays: [5, 6],
        price: { mode: "percent", value: 15 },
      },
    });
  });

  it("shows in the guest search at once: the new price, and the new min stay", async () => {
    // Arrive Friday 8 Feb for two nights: 2 adults pay 115 € a night.
    const two = await avail({ arrival: "20300208", departure: "20300210", adults: "2" });
    const rate = two.availability[0]?.[0]?.rates.find((r) => r.id === rateA.id);
    expect(rate?.nightly).toEqual([
      { date: "20300208", price: 115 },
      { date: "20300209", price: 115 },
    ]);
    // One night from Friday breaks the min stay of 2.
    const one = await avail({ arrival: "20300208", departure: "20300209", adults: "2" });
    expect(one.availability).toEqual([[]]);
    expect(one.restrictions).toEqual([{ kind: "min_stay", value: 2 }]);
  });

  it("creates missing prices only for an absolute price; relative changes leave them missing", async () => {
    const relative = await bulk(owner.headers, hotelA, {
      from: "2030-04-01",
      to: "2030-04-03",
      roomTypeIds: [roomA.id],
      ratePlanIds: [rateA.id],
      price: { mode: "amount", value: 500 },
      preview: true,
    });
    expect(relative.json()).toMatchObject({ changed: 0 });
    const absolute = await bulk(owner.headers, hotelA, {
      from: "2030-04-01",
      to: "2030-04-03",
      roomTypeIds: [roomA.id],
      ratePlanIds: [rateA.id],
      adults: [2],
      price: { mode: "set", value: 9_900 },
    });
    expect(absolute.json()).toMatchObject({ changed: 3, byKind: { price: 3 } });
    expect(await priceOf("2030-04-02", 2)).toBe(9_900);
    expect(await priceOf("2030-04-02", 1)).toBeNull();
  });

  it("refuses an allotment below sold for the whole update, writing nothing (409 below_sold)", async () => {
    await database.db
      .update(inventory)
      .set({ sold: 2 })
      .where(and(eq(inventory.roomTypeId, roomA.id), eq(inventory.day, "2030-03-12")));
    const res = await bulk(manager.headers, hotelA, {
      from: "2030-03-10",
      to: "2030-03-15",
      roomTypeIds: [roomA.id],
      ratePlanIds: [rateA.id],
      allotment: 1,
      price: { mode: "set", value: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: "below_sold" });
    expect(res.json().error.message).toContain("2030-03-12");
    expect(res.json().error.message).toContain(String(roomA.id));
    expect(res.json().error.details[0].params).toEqual({
      roomType: roomA.name,
      day: "2030-03-12",
      sold: 2,
      allotment: 1,
    });
    const nights = await database.db.select().from(inventory).where(eq(inventory.roomTypeId, roomA.id));
    expect(nights.find((n) => n.day === "2030-03-10")?.allotment).toBe(5);
    expect(await priceOf("2030-03-10", 2)).toBe(10_000);
  });

  it("validates the request, naming the field", async () => {
    const cases: [object, string][] = [
      [{ ...example(), to: "2030-01-01" }, "to"],
      [{ ...example(), to: "2032-03-01" }, "to"],
      [{ ...example(), weekdays: [7] }, "weekdays"],
      [{ ...example(), price: { mode: "percent", value: 1.234 } }, "price.value"],
      [{ ...example(), minStay: 4, maxStay: 3 }, "maxStay"],
      [{ ...example(), allotment: -1 }, "allotment"],
      [{ from: "2030-02-01", to: "2030-02-02", roomTypeIds: [roomA.id] }, "operations"],
      [{ ...example(), roomTypeIds: [] }, "roomTypeIds"],
    ];
    for (const [payload, field] of cases) {
      const res = await bulk(owner.headers, hotelA, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  it("checks role, CSRF, hotel, and another hotel's room types and rate plans (IDOR)", async () => {
    const body = { ...example(), preview: true };
    expect((await bulk(reception.headers, hotelA, body)).statusCode).toBe(403);
    expect((await bulk(manager.cookieOnly, hotelA, body)).statusCode).toBe(403);
    expect((await bulk({}, hotelA, body)).statusCode).toBe(401);
    expect((await bulk(managerB.headers, hotelA, body)).statusCode).toBe(404);
    const idorRoom = await bulk(managerB.headers, hotelB, { ...body, ratePlanIds: [rateB.id] });
    expect(idorRoom.statusCode).toBe(404);
    expect(idorRoom.json().error.details[0].field).toBe("roomTypeIds");
    const idorRate = await bulk(managerB.headers, hotelB, { ...body, roomTypeIds: [roomB.id] });
    expect(idorRate.statusCode).toBe(404);
    expect(idorRate.json().error.details[0].field).toBe("ratePlanIds");
  });
});

describe("the API documentation", () => {
  it("lists the calendar's routes under the back office's tag", async () => {
    const doc = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(doc.statusCode).toBe(200);
    const paths = doc.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    expect(paths["/api/backoffice/hotels/{hotelId}/calendar"]?.get?.tags).toEqual(["back office"]);
    expect(paths["/api/backoffice/hotels/{hotelId}/calendar/cells"]?.put?.tags).toEqual(["back office"]);
    expect(paths["/api/backoffice/hotels/{hotelId}/calendar/bulk"]?.post?.tags).toEqual(["back office"]);
  });
});

describe("a bulk update touches exactly the cells selected", () => {
  // Hotel C: three room types; the "flex" rate sells rooms 1 and 2, the "saver" rate rooms 2 and 3.
  const rooms = [aRoomType(), aRoomType(), aRoomType()] as const;
  const flex = aRatePlan();
  const saver = aRatePlan();
  const FROM = "2030-05-01";
  const TO = "2030-05-10";
  let hotelC: number;
  beforeAll(async () => {
    const range = { from: FROM, to: TO };
    hotelC = (
      await seedProperty(
        database,
        buildProperty({
          hotel: aHotel({ name: "Gamma" }),
          roomTypes: [...rooms],
          ratePlans: [flex, saver],
          prices: [
            aPriceRange(rooms[0], flex, { adults: 2, ...range }),
            aPriceRange(rooms[1], flex, { adults: 2, ...range }),
            aPriceRange(rooms[1], saver, { adults: 2, ...range }),
            aPriceRange(rooms[2], saver, { adults: 2, ...range }),
          ],
          inventory: rooms.map((r) => anInventoryRange(r, range)),
        }),
      )
    ).hotelId;
  });
  const soldWith = new Map([
    [flex.id, [rooms[0].id, rooms[1].id]],
    [saver.id, [rooms[1].id, rooms[2].id]],
  ]);

  /** Every price, inventory night and restriction night of hotel C, keyed by its cell. */
  async function snapshot(): Promise<Map<string, string>> {
    const roomIds = rooms.map((r) => r.id);
    const all = new Map<string, string>();
    for (const p of await database.db.select().from(price))
      if (roomIds.includes(p.roomTypeId))
        all.set(`price:${p.roomTypeId}:${p.ratePlanId}:${p.day}:${p.adults}`, String(p.amountMinor));
    for (const i of await database.db.select().from(inventory))
      if (roomIds.includes(i.roomTypeId))
        all.set(`inventory:${i.roomTypeId}:${i.day}`, `${i.allotment}/${i.closed}`);
    for (const r of await database.db.select().from(restriction))
      if (r.ratePlanId === flex.id || r.ratePlanId === saver.id)
        all.set(
          `restriction:${r.ratePlanId}:${r.day}`,
          `${r.minStay}/${r.maxStay}/${r.closedToArrival}/${r.closedToDeparture}`,
        );
    return all;
  }

  it("changes nothing outside the chosen room types, rate plans, days and weekdays (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(rooms.map((r) => r.id)),
        fc.subarray([flex.id, saver.id]),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        fc.subarray([0, 1, 2, 3, 4, 5, 6], { minLength: 1 }),
        fc.record(
          {
            price: fc.oneof(
              fc.record({ mode: fc.constant("percent"), value: fc.integer({ min: -50, max: 50 }) }),
              fc.record({ mode: fc.constant("amount"), value: fc.integer({ min: -500, max: 500 }) }),
              fc.record({ mode: fc.constant("set"), value: fc.integer({ min: 0, max: 50_000 }) }),
            ),
            allotment: fc.integer({ min: 0, max: 9 }),
            closed: fc.boolean(),
            minStay: fc.option(fc.integer({ min: 1, max: 3 })),
            closedToArrival: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
        async (roomTypeIds, ratePlanIds, a, b, weekdays, ops) => {
          const from = `2030-05-${String(1 + Math.min(a, b)).padStart(2, "0")}`;
          const to = `2030-05-${String(1 + Math.max(a, b)).padStart(2, "0")}`;
          const days = new Set(daysInRange(from, to, weekdays));
          const before = await snapshot();
          const res = await bulk(owner.headers, hotelC, {
            from,
            to,
            weekdays,
            roomTypeIds,
            ratePlanIds,
            ...ops,
          });
          const after = await snapshot();
          const changedKeys = [...new Set([...before.keys(), ...after.keys()])].filter(
            (k) => before.get(k) !== after.get(k),
          );
          if (res.statusCode !== 200) {
            expect(res.statusCode, res.body).toBe(400);
            expect(changedKeys).toEqual([]);
            return;
          }
          expect((res.json() as BulkResult).changed).toBe(changedKeys.length);
          for (const key of changedKeys) {
            const [kind, ...parts] = key.split(":");
            if (kind === "price") {
              const [room, plan, day] = parts;
              expect(roomTypeIds, key).toContain(Number(room));
              expect(ratePlanIds, key).toContain(Number(plan));
              expect(days.has(day ?? ""), key).toBe(true);
            } else if (kind === "inventory") {
              const [room, day] = parts;
              expect(roomTypeIds, key).toContain(Number(room));
              expect(days.has(day ?? ""), key).toBe(true);
            } else {
              const [plan, day] = parts;
              expect(ratePlanIds, key).toContain(Number(plan));
              expect(days.has(day ?? ""), key).toBe(true);
              // A restriction night binds every room type the rate sells: all of them must have been chosen.
              for (const room of soldWith.get(Number(plan)) ?? []) expect(roomTypeIds, key).toContain(room);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("refuses a stay rule for one room type of a rate that sells others, naming them", async () => {
    const res = await bulk(owner.headers, hotelC, {
      from: FROM,
      to: TO,
      weekdays: [5, 6],
      roomTypeIds: [rooms[0].id],
      ratePlanIds: [flex.id],
      price: { mode: "percent", value: 15 },
      minStay: 2,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe("roomTypeIds");
    expect(res.json().error.message).toContain(rooms[1].name.en);
  });

  it("previews before → after for a sample of cells of every room type and rate changed", async () => {
    const res = await bulk(owner.headers, hotelC, {
      from: FROM,
      to: TO,
      roomTypeIds: rooms.map((r) => r.id),
      ratePlanIds: [flex.id, saver.id],
      price: { mode: "amount", value: 1000 },
      preview: true,
    });
    const result = res.json() as BulkResult;
    const groups = new Set(result.sample.map((c) => `${c.roomTypeId}:${c.ratePlanId}`));
    // (The property above may have priced more pairs with "set": those show too.)
    expect([...groups]).toEqual(
      expect.arrayContaining([
        `${rooms[0].id}:${flex.id}`,
        `${rooms[1].id}:${flex.id}`,
        `${rooms[1].id}:${saver.id}`,
        `${rooms[2].id}:${saver.id}`,
      ]),
    );
    for (const cell of result.sample) expect(cell.after).toBe(Number(cell.before) + 1000);
    expect(result.sample.length).toBeLessThan(result.changed);
  });
});
