import type { AvailResponse } from "@alloggio/domain/contract/search/avail";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AlpineBitsPost,
  alpineBitsRequest,
  freeRoomsRequest,
  pingRequest,
  postAlpineBits,
  schemaErrors,
} from "../../../../../packages/test-kit/src/alpinebits";
import { createTestApp } from "../../../../../packages/test-kit/src/app";
import { aBookingRequest, anIdempotencyKey } from "../../../../../packages/test-kit/src/booking";
import {
  aHotel,
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../packages/test-kit/src/database";
import type { Database } from "../../db/client";
import { auditLog, inventory } from "../../db/schema";
import { createAlpineBitsClient, setAlpineBitsCodes } from "../../features/alpinebits";
import type { App } from "../app";

let database: Database;
let app: App;
const clock = new Date("2029-12-20T10:00:00Z");

// Hotel A ("ALPHA"): a double (DBL) and a single (SGL) mapped, a suite unmapped; 5 rooms of each a night,
// 2030-01-01..2030-03-31. Hotel B ("BETA") is not the client's.
const dbl = aRoomType();
const sgl = aRoomType();
const suite = aRoomType();
const rate = aRatePlan();
const roomB = aRoomType();
let hotelA: number;
let hotelB: number;
const USER = "pms-alpha";
const PASSWORD = "Pms-Password-123";

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelA = (
    await seedProperty(
      database,
      buildProperty({
        hotel: aHotel({ name: "Alpha" }),
        roomTypes: [dbl, sgl, suite],
        ratePlans: [rate],
        prices: [aPriceRange(dbl, rate), aPriceRange(sgl, rate), aPriceRange(suite, rate)],
        inventory: [anInventoryRange(dbl), anInventoryRange(sgl), anInventoryRange(suite)],
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
  await createAlpineBitsClient(database.db, { username: USER, password: PASSWORD, hotelIds: [hotelA] });
  await setAlpineBitsCodes(database.db, hotelA, {
    hotelCode: "ALPHA",
    roomTypes: [
      { roomTypeId: dbl.id, code: "DBL" },
      { roomTypeId: sgl.id, code: "SGL" },
    ],
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
  // Every test starts from 5 rooms a night, none sold, and a fresh rate-limit window.
  await database.db.update(inventory).set({ allotment: 5, sold: 0, closed: false });
  await database.db.execute(sql`delete from rate_limit where key like 'alpinebits:%'`);
});

/** Posts as the client; the response's document (when XML) is validated against the official schema. */
const post = (p: AlpineBitsPost) => postAlpineBits(app, { username: USER, password: PASSWORD, ...p });

const freeRooms = (request: string, extra: Partial<AlpineBitsPost> = {}) =>
  post({ action: "OTA_HotelInvCountNotif:FreeRooms", request, ...extra });

async function allotments(roomTypeId: number, from: string, to: string) {
  const rows = await database.db
    .select({ day: inventory.day, allotment: inventory.allotment })
    .from(inventory)
    .where(and(eq(inventory.roomTypeId, roomTypeId), sql`${inventory.day} between ${from} and ${to}`))
    .orderBy(inventory.day);
  return rows.map((r) => r.allotment);
}

const handshake = {
  versions: [
    {
      version: "2024-10",
      actions: [
        { action: "action_OTA_Ping" },
        {
          action: "action_OTA_HotelInvCountNotif",
          supports: [
            "OTA_HotelInvCountNotif_accept_rooms",
            "OTA_HotelInvCountNotif_accept_categories",
            "OTA_HotelInvCountNotif_accept_deltas",
            "OTA_HotelInvCountNotif_accept_out_of_order",
            "OTA_HotelInvCountNotif_accept_complete_set",
            "OTA_HotelInvCountNotif_accept_closing_seasons",
          ],
        },
        {
          action: "action_OTA_HotelRatePlanNotif_RatePlans",
          supports: [
            "OTA_HotelRatePlanNotif_accept_ArrivalDOW",
            "OTA_HotelRatePlanNotif_accept_DepartureDOW",
            "OTA_HotelRatePlanNotif_accept_RatePlan_BookingRule",
            "OTA_HotelRatePlanNotif_accept_RatePlan_RoomType_BookingRule",
            "OTA_HotelRatePlanNotif_accept_Supplements",
            "OTA_HotelRatePlanNotif_accept_overlay",
            "OTA_HotelRatePlanNotif_accept_RatePlanJoin",
          ],
        },
        { action: "action_OTA_Read" },
        {
          action: "action_OTA_HotelDescriptiveContentNotif_Inventory",
          supports: [
            "OTA_HotelDescriptiveContentNotif_Inventory_use_rooms",
            "OTA_HotelDescriptiveContentNotif_Inventory_occupancy_children",
          ],
        },
        { action: "action_OTA_HotelDescriptiveContentNotif_Info" },
        { action: "action_OTA_HotelDescriptiveInfo_Inventory" },
        { action: "action_OTA_HotelDescriptiveInfo_Info" },
      ],
    },
    { version: "2022-10", actions: [{ action: "action_OTA_Ping" }] },
  ],
};

describe("the schema check of the tests", () => {
  it("refuses what the official 2024-10 schema refuses, and passes what it allows", () => {
    expect(schemaErrors(pingRequest("{}"))).toEqual([]);
    // Version is required on OTA_PingRQ; an InvTypeCode has at most 8 characters.
    expect(schemaErrors(pingRequest("{}").replace(' Version="8.000"', ""))).not.toEqual([]);
    expect(
      schemaErrors(
        freeRoomsRequest("ALPHA", false, [
          { start: "2030-01-01", end: "2030-01-02", invTypeCode: "TOOLONGCODE" },
        ]),
      ),
    ).not.toEqual([]);
  });
});

describe("transport (chapter 2)", () => {
  it("is one URL, POST /alpinebits, in the API's documentation", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(doc.paths["/alpinebits"].post.tags).toEqual(["alpinebits"]);
  });

  it("refuses a missing or wrong credential with 401 and a plain-text ERROR", async () => {
    const none = await app.inject(
      await alpineBitsRequest({ action: "OTA_Ping:Handshaking", request: pingRequest("{}") }),
    );
    expect(none.statusCode).toBe(401);
    expect(none.body).toMatch(/^ERROR:/);
    expect(none.headers["www-authenticate"]).toMatch(/^Basic /);
    const wrong = await post({
      action: "OTA_Ping:Handshaking",
      request: pingRequest("{}"),
      password: "wrong-one",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe("ERROR:authentication failed");
    const unknown = await post({
      action: "OTA_Ping:Handshaking",
      request: pingRequest("{}"),
      username: "nobody",
    });
    expect(unknown.statusCode).toBe(401);
  });

  it("requires the protocol version header, a known action and its request", async () => {
    const noVersion = await post({
      action: "OTA_Ping:Handshaking",
      request: pingRequest("{}"),
      version: null,
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.body).toContain("X-AlpineBits-ClientProtocolVersion");
    const unknown = await post({ action: "OTA_HotelResNotif:GuestRequests", request: pingRequest("{}") });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toBe("ERROR:unknown or missing action");
    const missing = await post({ request: pingRequest("{}") });
    expect(missing.body).toBe("ERROR:unknown or missing action");
    const noRequest = await post({ action: "OTA_HotelInvCountNotif:FreeRooms" });
    expect(noRequest.statusCode).toBe(400);
    expect(noRequest.body).toContain("request parameter is missing");
    const oldVersion = await freeRooms(
      freeRoomsRequest("ALPHA", false, [
        { start: "2030-01-10", end: "2030-01-10", invTypeCode: "DBL", count: 1 },
      ]),
      {
        version: "2022-10",
      },
    );
    expect(oldVersion.statusCode).toBe(400);
    expect(oldVersion.body).toContain("unsupported protocol version 2022-10");
  });

  it("refuses a request that is not XML, or the wrong document for the action, with 400", async () => {
    const broken = await freeRooms("<OTA_HotelInvCountNotifRQ><Inventories>", { invalidOnPurpose: true });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toContain("not well-formed");
    const wrongRoot = await freeRooms(pingRequest("{}"));
    expect(wrongRoot.statusCode).toBe(400);
    expect(wrongRoot.body).toContain("OTA_HotelInvCountNotifRQ");
    const entity = await post({
      action: "OTA_Ping:Handshaking",
      request: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><OTA_PingRQ xmlns="http://www.opentravel.org/OTA/2003/05" Version="1"><EchoData>&a;</EchoData></OTA_PingRQ>`,
      invalidOnPurpose: true,
    });
    expect(entity.statusCode).toBe(400);
  });

  it("takes a whole-request gzip body, and refuses a body that is not gzip or not a form", async () => {
    const zipped = await freeRooms(
      freeRoomsRequest("ALPHA", false, [
        { start: "2030-01-10", end: "2030-01-11", invTypeCode: "DBL", count: 2 },
      ]),
      { gzip: true },
    );
    expect(zipped.statusCode, zipped.body).toBe(200);
    expect(zipped.body).toContain("<Success/>");
    expect(await allotments(dbl.id, "2030-01-10", "2030-01-11")).toEqual([2, 2]);
    const request = await alpineBitsRequest({
      username: USER,
      password: PASSWORD,
      action: "OTA_Ping:Handshaking",
    });
    const notGzip = await app.inject({
      ...request,
      headers: { ...request.headers, "content-encoding": "gzip" },
    });
    expect(notGzip.statusCode).toBe(400);
    expect(notGzip.body).toMatch(/^ERROR:/);
    const json = await app.inject({
      ...request,
      headers: { ...request.headers, "content-type": "application/json" },
      payload: "{}",
    });
    expect(json.statusCode).toBe(400);
    expect(json.body).toBe("ERROR:the body is not a multipart/form-data form");
  });

  it("refuses a request over the size limit with 413", async () => {
    const big = freeRoomsRequest("ALPHA", false, [
      { start: "2030-01-10", end: "2030-01-10", invTypeCode: "DBL", count: 1 },
    ]).replace("<Inventories", `<!--${"x".repeat(11 * 1024 * 1024)}--><Inventories`);
    const res = await freeRooms(big, { invalidOnPurpose: true });
    expect(res.statusCode).toBe(413);
    expect(res.body).toMatch(/^ERROR:/);
  });

  it("limits each client's requests a minute, counted in the database", async () => {
    await database.db.execute(sql`insert into rate_limit (key, count, window_start, reset_at)
      values ('alpinebits:pms-alpha', 120, ${clock.toISOString()}::timestamptz, ${new Date(clock.getTime() + 60_000).toISOString()}::timestamptz)`);
    const res = await post({
      action: "OTA_Ping:Handshaking",
      request: pingRequest(JSON.stringify(handshake)),
    });
    expect(res.statusCode).toBe(429);
    expect(res.body).toMatch(/^ERROR:too many requests/);
  });
});

describe("handshaking (chapter 3)", () => {
  it("answers the intersection of versions, actions and capabilities, and echoes EchoData unchanged", async () => {
    const echo = JSON.stringify(handshake, null, 2);
    const res = await post({ action: "OTA_Ping:Handshaking", request: pingRequest(echo) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    const warning =
      /<Warning Type="11" Status="ALPINEBITS_HANDSHAKE">([^<]*)<\/Warning>/.exec(res.body)?.[1] ?? "";
    expect(JSON.parse(warning.replaceAll("&quot;", '"'))).toEqual({
      versions: [
        {
          version: "2024-10",
          actions: [
            { action: "action_OTA_Ping" },
            {
              action: "action_OTA_HotelInvCountNotif",
              supports: [
                "OTA_HotelInvCountNotif_accept_categories",
                "OTA_HotelInvCountNotif_accept_deltas",
                "OTA_HotelInvCountNotif_accept_complete_set",
                "OTA_HotelInvCountNotif_accept_closing_seasons",
              ],
            },
            {
              action: "action_OTA_HotelRatePlanNotif_RatePlans",
              supports: [
                "OTA_HotelRatePlanNotif_accept_ArrivalDOW",
                "OTA_HotelRatePlanNotif_accept_DepartureDOW",
                "OTA_HotelRatePlanNotif_accept_RatePlan_BookingRule",
                "OTA_HotelRatePlanNotif_accept_overlay",
              ],
            },
            // GuestRequests pull, with its acknowledgment (ADR 0081).
            { action: "action_OTA_Read" },
            // Room categories only: neither distinct rooms nor MaxChildOccupancy.
            { action: "action_OTA_HotelDescriptiveContentNotif_Inventory" },
            { action: "action_OTA_HotelDescriptiveContentNotif_Info" },
            { action: "action_OTA_HotelDescriptiveInfo_Inventory" },
            { action: "action_OTA_HotelDescriptiveInfo_Info" },
          ],
        },
      ],
    });
    const echoed = /<EchoData>([\s\S]*)<\/EchoData>/.exec(res.body)?.[1] ?? "";
    expect(echoed.replaceAll("&quot;", '"')).toBe(echo);
  });

  it("answers an error, schema-valid, when no version is in common or EchoData is no handshake", async () => {
    const old = await post({
      action: "OTA_Ping:Handshaking",
      request: pingRequest(
        JSON.stringify({ versions: [{ version: "2018-10", actions: [{ action: "action_OTA_Ping" }] }] }),
      ),
    });
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain('<Error Type="13">no version in common');
    const text = await post({ action: "OTA_Ping:Handshaking", request: pingRequest("hello") });
    expect(text.body).toContain('<Error Type="13">EchoData is not a handshake');
  });
});

async function avail(arrival: string, departure: string): Promise<AvailResponse> {
  const qs = new URLSearchParams({
    channel: "1",
    hotel: String(hotelA),
    language: "1",
    arrival,
    departure,
    adults: "2",
  });
  const res = await app.inject({ method: "GET", url: `/api/avail.do?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AvailResponse;
}
const offersRoom = (a: AvailResponse, roomTypeId: number) =>
  (a.availability[0] ?? []).some((room) => (room as { id?: number }).id === roomTypeId);

describe("FreeRooms (chapter 4.1)", () => {
  it("sets the mapped room type's allotment for those nights only (a delta), and the search sees it at once", async () => {
    expect(offersRoom(await avail("20300115", "20300117"), dbl.id)).toBe(true);
    const res = await freeRooms(
      freeRoomsRequest("ALPHA", false, [
        { start: "2030-01-15", end: "2030-01-16", invTypeCode: "DBL", count: 0 },
        { start: "2030-01-17", end: "2030-01-17", invTypeCode: "DBL", count: 3 },
        { start: "2030-01-15", end: "2030-01-15", invTypeCode: "SGL" },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<Success/>");
    expect(res.body).not.toContain("<Warnings>");
    expect(await allotments(dbl.id, "2030-01-14", "2030-01-18")).toEqual([5, 0, 0, 3, 5]);
    // No InvCounts: the category is fully booked for the period.
    expect(await allotments(sgl.id, "2030-01-14", "2030-01-16")).toEqual([5, 0, 5]);
    expect(await allotments(suite.id, "2030-01-15", "2030-01-15")).toEqual([5]);
    expect(offersRoom(await avail("20300115", "20300117"), dbl.id)).toBe(false);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "rates.alpinebits_free_rooms"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry?.actor).toBe(`alpinebits:${USER}`);
  });

  it("a complete set replaces every stored night of the mapped room types from today on, after deltas", async () => {
    await freeRooms(
      freeRoomsRequest("ALPHA", false, [
        { start: "2030-02-01", end: "2030-02-03", invTypeCode: "SGL", count: 1 },
      ]),
    );
    const res = await freeRooms(
      freeRoomsRequest("ALPHA", true, [
        { start: "2030-01-10", end: "2030-01-12", invTypeCode: "DBL", count: 4 },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<Success/>");
    expect(await allotments(dbl.id, "2030-01-09", "2030-01-13")).toEqual([0, 4, 4, 4, 0]);
    expect(await allotments(sgl.id, "2030-02-01", "2030-02-03")).toEqual([0, 0, 0]);
    expect(await allotments(sgl.id, "2030-03-31", "2030-03-31")).toEqual([0]);
    // The unmapped suite is not the PMS's.
    expect(await allotments(suite.id, "2030-01-09", "2030-01-13")).toEqual([5, 5, 5, 5, 5]);
  });

  it("a complete set with one empty Inventory resets the mapped room types to nothing free", async () => {
    const res = await freeRooms(freeRoomsRequest("ALPHA", true, ["empty"]));
    expect(res.body).toContain("<Success/>");
    expect(await allotments(dbl.id, "2030-01-01", "2030-01-03")).toEqual([0, 0, 0]);
    expect(await allotments(suite.id, "2030-01-01", "2030-01-01")).toEqual([5]);
    const delta = await freeRooms(freeRoomsRequest("ALPHA", false, ["empty"]));
    expect(delta.body).toContain('<Error Type="13">');
  });

  it("a complete set's closing season leaves no room free in any mapped room type", async () => {
    const res = await freeRooms(
      freeRoomsRequest("ALPHA", true, [
        { start: "2030-01-05", end: "2030-01-07", allInvCode: true },
        { start: "2030-01-01", end: "2030-01-04", invTypeCode: "DBL", count: 3 },
        { start: "2030-01-08", end: "2030-03-31", invTypeCode: "DBL", count: 3 },
        { start: "2030-01-01", end: "2030-01-04", invTypeCode: "SGL", count: 2 },
        // A category closed by its own count inside the season is no contradiction.
        { start: "2030-01-05", end: "2030-01-07", invTypeCode: "SGL", count: 0 },
        { start: "2030-01-08", end: "2030-03-31", invTypeCode: "SGL", count: 2 },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<Success/>");
    expect(await allotments(dbl.id, "2030-01-04", "2030-01-08")).toEqual([3, 0, 0, 0, 3]);
    expect(await allotments(sgl.id, "2030-01-04", "2030-01-08")).toEqual([2, 0, 0, 0, 2]);
    expect(await allotments(suite.id, "2030-01-04", "2030-01-08")).toEqual([5, 5, 5, 5, 5]);
  });

  it("applies a count below the rooms sold as sold out, with the standard's warning, never an overbooking", async () => {
    await database.db
      .update(inventory)
      .set({ sold: 3 })
      .where(and(eq(inventory.roomTypeId, dbl.id), eq(inventory.day, "2030-01-20")));
    const res = await freeRooms(
      freeRoomsRequest("ALPHA", false, [
        { start: "2030-01-19", end: "2030-01-21", invTypeCode: "DBL", count: 1 },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<Success/>");
    expect(res.body).toMatch(/<Warning Type="11" RecordID="DBL">InvTypeCode DBL 2030-01-20\.\.2030-01-20: /);
    expect(await allotments(dbl.id, "2030-01-19", "2030-01-21")).toEqual([1, 3, 1]);
  });

  it("refuses an unknown InvTypeCode, another client's HotelCode or overlapping periods whole: nothing written", async () => {
    const cases = [
      freeRoomsRequest("ALPHA", false, [
        { start: "2030-01-10", end: "2030-01-10", invTypeCode: "DBL", count: 1 },
        { start: "2030-01-10", end: "2030-01-10", invTypeCode: "SUITE", count: 1 },
      ]),
      freeRoomsRequest("BETA", false, [
        { start: "2030-01-10", end: "2030-01-10", invTypeCode: "DBL", count: 1 },
      ]),
      freeRoomsRequest("NOPE", false, [
        { start: "2030-01-10", end: "2030-01-10", invTypeCode: "DBL", count: 1 },
      ]),
      freeRoomsRequest("ALPHA", false, [
        { start: "2030-01-10", end: "2030-01-12", invTypeCode: "DBL", count: 1 },
        { start: "2030-01-12", end: "2030-01-13", invTypeCode: "DBL", count: 2 },
      ]),
      freeRoomsRequest("ALPHA", false, [{ start: "2030-01-10", end: "2030-01-12", allInvCode: true }]),
      freeRoomsRequest("ALPHA", true, [
        { start: "2030-01-10", end: "2030-01-12", allInvCode: true },
        { start: "2030-01-12", end: "2030-01-13", invTypeCode: "DBL", count: 1 },
      ]),
      freeRoomsRequest("ALPHA", false, [
        { start: "2030-01-10", end: "2030-01-12", invTypeCode: "DBL", invCode: "101", count: 1 },
      ]),
      freeRoomsRequest("ALPHA", false, [
        { start: "2030-01-10", end: "2030-01-12", invTypeCode: "DBL", count: 1, countType: "6" },
      ]),
      freeRoomsRequest("ALPHA", false, [
        { start: "2030-01-12", end: "2030-01-10", invTypeCode: "DBL", count: 1 },
      ]),
    ];
    for (const request of cases) {
      const res = await freeRooms(request);
      expect(res.statusCode).toBe(200);
      expect(res.body, request).toContain('<Error Type="13">');
      expect(res.body).not.toContain("<Success/>");
    }
    expect(await allotments(dbl.id, "2030-01-10", "2030-01-13")).toEqual([5, 5, 5, 5]);
    expect(await allotments(roomB.id, "2030-01-10", "2030-01-10")).toEqual([5]);
  });
  it("a push racing guest bookings never overbooks: each booking is taken or refused, never a 5xx", async () => {
    const book = () =>
      app.inject({
        method: "POST",
        url: "/api/guestdata.do",
        headers: { "idempotency-key": anIdempotencyKey() },
        payload: aBookingRequest({
          hotel: hotelA,
          roomId: dbl.id,
          rateId: rate.id,
          arrival: "20300210",
          departure: "20300212",
        }),
      });
    const push = freeRooms(
      freeRoomsRequest("ALPHA", false, [
        { start: "2030-02-10", end: "2030-02-11", invTypeCode: "DBL", count: 2 },
      ]),
    );
    const [pushed, ...booked] = await Promise.all([push, book(), book(), book(), book()]);
    expect(pushed?.statusCode).toBe(200);
    expect(pushed?.body).toContain("<Success/>");
    for (const res of booked) expect(res.statusCode, res.body).toBeLessThan(500);
    const taken = booked.filter((res) => res.statusCode === 200).length;
    // Whichever came first, at least the PMS's 2 rooms were sold.
    expect(taken).toBeGreaterThanOrEqual(2);
    const rows = await database.db
      .select({ allotment: inventory.allotment, sold: inventory.sold })
      .from(inventory)
      .where(
        and(eq(inventory.roomTypeId, dbl.id), sql`${inventory.day} between '2030-02-10' and '2030-02-11'`),
      );
    for (const row of rows) {
      expect(row.sold).toBe(taken);
      expect(row.sold).toBeLessThanOrEqual(row.allotment);
      // The PMS's 2, or the rooms already sold when the push came after more than 2 bookings.
      expect([2, row.sold]).toContain(row.allotment);
    }
  });
});
