import { gunzipSync } from "node:zlib";
import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AlpineBitsPost,
  freeRoomsRequest,
  pingRequest,
  postAlpineBits,
} from "../../../../../packages/test-kit/src/alpinebits";
import { createTestApp } from "../../../../../packages/test-kit/src/app";
import {
  aHotel,
  anInventoryRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../packages/test-kit/src/database";
import type { Database } from "../../db/client";
import { alpinebitsExchange, inventory } from "../../db/schema";
import { createAlpineBitsClient, purgeAlpineBitsBodies, setAlpineBitsCodes } from "../../features/alpinebits";
import type { App } from "../app";

// The exchange log (ADR 0083): every exchange that passed authentication is written with its client, the hotel its
// request names, action, status, result, texts and gzipped bodies; the bodies are forgotten after 14 days.

let database: Database;
let app: App;
let clock = new Date("2029-12-20T10:00:00Z");

const dbl = aRoomType();
const roomB = aRoomType();
let hotelA: number;
let hotelB: number;
let clientId: number;
const USER = "pms-log";
const PASSWORD = "Pms-Password-123";

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelA = (
    await seedProperty(
      database,
      buildProperty({
        hotel: aHotel({ name: "Alpha" }),
        roomTypes: [dbl],
        ratePlans: [aRatePlan()],
        inventory: [anInventoryRange(dbl)],
      }),
    )
  ).hotelId;
  hotelB = (
    await seedProperty(
      database,
      buildProperty({
        hotel: aHotel({ name: "Beta" }),
        roomTypes: [roomB],
        inventory: [anInventoryRange(roomB)],
      }),
    )
  ).hotelId;
  clientId = await createAlpineBitsClient(database.db, {
    username: USER,
    password: PASSWORD,
    hotelIds: [hotelA],
  });
  await setAlpineBitsCodes(database.db, hotelA, {
    hotelCode: "ALPHA",
    roomTypes: [{ roomTypeId: dbl.id, code: "DBL" }],
  });
  await setAlpineBitsCodes(database.db, hotelB, {
    hotelCode: "BETA",
    roomTypes: [{ roomTypeId: roomB.id, code: "DBL" }],
  });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(async () => {
  clock = new Date("2029-12-20T10:00:00Z");
  await database.db.update(inventory).set({ allotment: 5, sold: 0, closed: false });
  await database.db.execute(sql`delete from rate_limit where key like 'alpinebits:%'`);
  await database.db.delete(alpinebitsExchange);
});

const post = (p: AlpineBitsPost) => postAlpineBits(app, { username: USER, password: PASSWORD, ...p });

const FREE_ROOMS = "OTA_HotelInvCountNotif:FreeRooms";

async function exchanges() {
  return database.db.select().from(alpinebitsExchange).orderBy(desc(alpinebitsExchange.id));
}
// A form field's line breaks arrive as CRLF (the HTML form encoding): the log keeps what arrived.
const received = (request: string) => request.replaceAll("\n", "\r\n");
const text = (gz: Buffer | null) => (gz === null ? null : gunzipSync(gz).toString("utf8"));

describe("the AlpineBits exchange log", () => {
  it("keeps a FreeRooms exchange: time, client, the hotel its HotelCode names, action, result and both bodies", async () => {
    const request = freeRoomsRequest("ALPHA", false, [
      { start: "2030-01-10", end: "2030-01-11", invTypeCode: "DBL", count: 2 },
    ]);
    const res = await post({ action: FREE_ROOMS, request });
    expect(res.statusCode).toBe(200);
    const [row] = await exchanges();
    expect(row).toMatchObject({
      at: clock,
      clientId,
      hotelId: hotelA,
      action: FREE_ROOMS,
      httpStatus: 200,
      result: "success",
      warnings: [],
      errors: [],
      requestBytes: Buffer.byteLength(received(request)),
      responseBytes: Buffer.byteLength(res.body),
    });
    expect(text(row?.requestGzip ?? null)).toBe(received(request));
    expect(text(row?.responseGzip ?? null)).toBe(res.body);
  });

  it("a count below sold is a warning with its text; an unknown InvTypeCode an error, nothing applied", async () => {
    await database.db.execute(
      sql`update inventory set sold = 3 where room_type_id = ${dbl.id} and day = '2030-01-10'`,
    );
    await post({
      action: FREE_ROOMS,
      request: freeRoomsRequest("ALPHA", false, [
        { start: "2030-01-10", end: "2030-01-10", invTypeCode: "DBL", count: 1 },
      ]),
    });
    await post({
      action: FREE_ROOMS,
      request: freeRoomsRequest("ALPHA", false, [
        { start: "2030-01-10", end: "2030-01-10", invTypeCode: "NOPE", count: 1 },
      ]),
    });
    const [unknown, below] = await exchanges();
    expect(below?.result).toBe("warning");
    expect(below?.warnings).toHaveLength(1);
    expect(below?.warnings[0]).toMatch(/sold/i);
    expect(unknown?.result).toBe("error");
    expect(unknown?.hotelId).toBe(hotelA);
    expect(unknown?.errors.join(" ")).toContain("NOPE");
  });

  it("the handshake is a success (its intersection is no warning) and names no hotel", async () => {
    const res = await post({
      action: "OTA_Ping:Handshaking",
      request: pingRequest(
        JSON.stringify({ versions: [{ version: "2024-10", actions: [{ action: "action_OTA_Ping" }] }] }),
      ),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await exchanges();
    expect(row).toMatchObject({
      action: "OTA_Ping:Handshaking",
      result: "success",
      hotelId: null,
      warnings: [],
    });
  });

  it("a HotelCode of a hotel the client may not touch names no hotel", async () => {
    await post({
      action: FREE_ROOMS,
      request: freeRoomsRequest("BETA", false, [
        { start: "2030-01-10", end: "2030-01-10", invTypeCode: "DBL", count: 1 },
      ]),
    });
    const [row] = await exchanges();
    expect(row).toMatchObject({ result: "error", hotelId: null });
  });

  it("a refusal after authentication is logged as refused with its ERROR line; a failed authentication is not logged", async () => {
    const res = await post({ action: "OTA_Nope:Nothing", request: pingRequest("{}") });
    expect(res.statusCode).toBe(400);
    await post({ action: FREE_ROOMS, request: pingRequest("{}"), version: null });
    const wrong = await post({
      action: FREE_ROOMS,
      request: pingRequest("{}"),
      password: "not-the-password",
    });
    expect(wrong.statusCode).toBe(401);
    const rows = await exchanges();
    expect(rows.map((r) => [r.action, r.httpStatus, r.result])).toEqual([
      [FREE_ROOMS, 400, "refused"],
      ["OTA_Nope:Nothing", 400, "refused"],
    ]);
    expect(rows[1]?.errors).toEqual(["unknown or missing action"]);
  });

  it("a log that cannot be written does not fail the exchange", async () => {
    await database.db.execute(sql`alter table alpinebits_exchange rename to alpinebits_exchange_away`);
    try {
      const res = await post({
        action: FREE_ROOMS,
        request: freeRoomsRequest("ALPHA", false, [
          { start: "2030-01-10", end: "2030-01-10", invTypeCode: "DBL", count: 4 },
        ]),
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<Success/>");
    } finally {
      await database.db.execute(sql`alter table alpinebits_exchange_away rename to alpinebits_exchange`);
    }
    const [night] = await database.db
      .execute(sql`select allotment from inventory where room_type_id = ${dbl.id} and day = '2030-01-10'`)
      .then((r) => (r as unknown as { rows: { allotment: number }[] }).rows);
    expect(night?.allotment).toBe(4);
  });

  it("forgets the bodies after 14 days and keeps the row", async () => {
    const request = freeRoomsRequest("ALPHA", false, [
      { start: "2030-01-10", end: "2030-01-10", invTypeCode: "DBL", count: 3 },
    ]);
    clock = new Date("2029-12-01T10:00:00Z");
    await post({ action: FREE_ROOMS, request });
    clock = new Date("2029-12-10T10:00:00Z");
    await post({ action: FREE_ROOMS, request });
    expect(await purgeAlpineBitsBodies(database, new Date("2029-12-20T10:00:00Z"))).toBe(1);
    const [recent, old] = await exchanges();
    expect(old).toMatchObject({ result: "success", requestGzip: null, responseGzip: null });
    expect(old?.requestBytes).toBe(Buffer.byteLength(received(request)));
    expect(text(recent?.requestGzip ?? null)).toBe(received(request));
    expect(await purgeAlpineBitsBodies(database, new Date("2029-12-20T10:00:00Z"))).toBe(0);
  });

  it("keeps a large gzipped request whole and compressed", async () => {
    const days = Array.from({ length: 400 }, (_, i) => {
      const d = new Date(Date.UTC(2030, 0, 1 + i)).toISOString().slice(0, 10);
      return { start: d, end: d, invTypeCode: "DBL", count: i % 5 };
    });
    const request = freeRoomsRequest("ALPHA", true, days);
    const res = await post({ action: FREE_ROOMS, request, gzip: true });
    expect(res.statusCode).toBe(200);
    const [row] = await exchanges();
    expect(row?.requestBytes).toBe(Buffer.byteLength(received(request)));
    expect(row?.requestGzip?.length).toBeLessThan(request.length / 5);
    expect(text(row?.requestGzip ?? null)).toBe(received(request));
  });
});
