import { alpineBitsRequest, freeRoomsRequest, pingRequest } from "@alloggio/test-kit/alpinebits";
import { createTestApp } from "@alloggio/test-kit/app";
import { aHotel, aRatePlan, aRoomType, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession, type StaffSession } from "@alloggio/test-kit/staff";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { alpinebitsClient, alpinebitsExchange, auditLog, hotel, hotelGroup } from "../../../db/schema";
import { createAlpineBitsClient, purgeAlpineBitsBodies } from "../../../features/alpinebits";
import type { App } from "../../app";

// The back office's AlpineBits calls (ADR 0083): owner only; the group's clients (password made by the server,
// shown once, argon2id), a hotel's codes, the exchange log and its bodies. Another group's things are 404.

const clock = new Date("2029-12-20T10:00:00Z");
let database: Database;
let app: App;
let owner: StaffSession;
let otherOwner: StaffSession;
const dbl = aRoomType();
const rate = aRatePlan();
const roomB = aRoomType();
const roomC = aRoomType();
let hotelA: number;
let hotelB: number;
let hotelC: number;
let otherClient: number;
let otherExchange: number;

const CLIENTS = "/api/backoffice/alpinebits/clients";
const EXCHANGES = "/api/backoffice/alpinebits/exchanges";
const codesUrl = (hotel: number) => `/api/backoffice/hotels/${hotel}/alpinebits/codes`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelA = (
    await seedProperty(
      database,
      buildProperty({
        hotel: aHotel({ name: "Alpha", timeZone: "Europe/Rome" }),
        roomTypes: [dbl],
        ratePlans: [rate],
      }),
    )
  ).hotelId;
  hotelB = (
    await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Beta" }), roomTypes: [roomB] }))
  ).hotelId;
  // Hotel C is another group's, with its own client and an exchange.
  hotelC = (
    await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Gamma" }), roomTypes: [roomC] }))
  ).hotelId;
  await database.db.insert(hotelGroup).values({ id: 2, name: "Other Group" }).onConflictDoNothing();
  await database.db.execute(sql`update hotel set group_id = 2 where id = ${hotelC}`);
  otherClient = await createAlpineBitsClient(database.db, {
    username: "other-pms",
    password: "Other-Password-123",
    hotelIds: [hotelC],
  });
  const [row] = await database.db
    .insert(alpinebitsExchange)
    .values({
      at: clock,
      clientId: otherClient,
      groupId: 2,
      hotelId: hotelC,
      action: "OTA_Ping:Handshaking",
      httpStatus: 200,
      result: "success",
      requestBytes: 1,
      responseBytes: 1,
    })
    .returning({ id: alpinebitsExchange.id });
  otherExchange = row!.id;
  owner = await aStaffSession(database, { role: "owner", now: clock });
  otherOwner = await aStaffSession(database, { role: "owner", groupId: 2, hotels: [hotelC], now: clock });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const as = (staff: StaffSession) => ({
  get: (url: string) => app.inject({ method: "GET", url, headers: staff.headers }),
  post: (url: string, payload?: object) =>
    app.inject({ method: "POST", url, headers: staff.headers, payload }),
  put: (url: string, payload: object) => app.inject({ method: "PUT", url, headers: staff.headers, payload }),
});

async function alpineBits(username: string, password: string, action: string, request: string) {
  return app.inject(await alpineBitsRequest({ username, password, action, request }));
}

const PING = pingRequest(
  JSON.stringify({ versions: [{ version: "2024-10", actions: [{ action: "action_OTA_Ping" }] }] }),
);
let created: { id: number; username: string; password: string };

describe("AlpineBits clients", () => {
  it("an owner makes a client: the password is in the answer once, argon2id-hashed, and opens the endpoint", async () => {
    const res = await as(owner).post(CLIENTS, {
      name: "Front desk PMS",
      username: "pms-front",
      hotelIds: [hotelA],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { client, password } = res.json();
    expect(client).toMatchObject({
      username: "pms-front",
      name: "Front desk PMS",
      hotelIds: [hotelA],
      disabledAt: null,
    });
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    created = { id: client.id, username: "pms-front", password };
    const [stored] = await database.db
      .select({ hash: alpinebitsClient.passwordHash })
      .from(alpinebitsClient)
      .where(eq(alpinebitsClient.id, client.id));
    expect(stored?.hash).toMatch(/^\$argon2id\$/);
    const list = await as(owner).get(CLIENTS);
    expect(list.json().clients.map((c: { username: string }) => c.username)).toEqual(["pms-front"]);
    expect(list.json().endpoint).toMatch(/^https?:\/\/[^/]+\/alpinebits$/);
    // Its dates are shown on its hotel's clock, not the browser's.
    const [zone] = await database.db.select({ tz: hotel.timeZone }).from(hotel).where(eq(hotel.id, hotelA));
    expect(list.json().clients[0].timeZone).toBe(zone?.tz);
    expect(JSON.stringify(list.json())).not.toContain(password);
    const ping = await alpineBits("pms-front", password, "OTA_Ping:Handshaking", PING);
    expect(ping.statusCode).toBe(200);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "alpinebits_client.create"));
    expect(JSON.stringify(entry?.after)).not.toContain(password);
  });

  it("refuses a taken username (400 naming it) and another group's hotel (404)", async () => {
    const taken = await as(owner).post(CLIENTS, { name: "Again", username: "PMS-front", hotelIds: [hotelA] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.details[0].field).toBe("username");
    const foreign = await as(owner).post(CLIENTS, { name: "X", username: "pms-x", hotelIds: [hotelC] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.details[0].field).toBe("hotelIds");
    const colon = await as(owner).post(CLIENTS, { name: "X", username: "pms:x", hotelIds: [hotelA] });
    expect(colon.statusCode).toBe(400);
  });

  it("is the owner's alone: manager and reception 403, no session 401", async () => {
    for (const role of ["manager", "reception"] as const) {
      const staff = await aStaffSession(database, { role, hotels: [hotelA], now: clock });
      for (const url of [CLIENTS, EXCHANGES, codesUrl(hotelA)])
        expect((await as(staff).get(url)).statusCode, `${role} ${url}`).toBe(403);
    }
    expect((await app.inject({ method: "GET", url: CLIENTS })).statusCode).toBe(401);
  });

  it("sets a client's hotels; another group's client is 404 (IDOR)", async () => {
    const set = await as(owner).put(`${CLIENTS}/${created.id}/hotels`, { hotelIds: [hotelA, hotelB] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().hotelIds).toEqual([hotelA, hotelB]);
    expect((await as(owner).put(`${CLIENTS}/${otherClient}/hotels`, { hotelIds: [hotelA] })).statusCode).toBe(
      404,
    );
    expect((await as(owner).post(`${CLIENTS}/${otherClient}/disable`)).statusCode).toBe(404);
    expect((await as(otherOwner).get(CLIENTS)).json().clients.map((c: { id: number }) => c.id)).toEqual([
      otherClient,
    ]);
  });
});

describe("AlpineBits codes", () => {
  it("reads and sets a hotel's HotelCode, InvTypeCodes and RatePlanCodes", async () => {
    const before = await as(owner).get(codesUrl(hotelA));
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      hotelCode: null,
      roomTypes: [{ roomTypeId: dbl.id, name: expect.any(String), code: null }],
      ratePlans: [{ ratePlanId: rate.id, name: expect.any(String), code: null }],
    });
    const res = await as(owner).put(codesUrl(hotelA), {
      hotelCode: "ALPHA",
      roomTypes: [{ roomTypeId: dbl.id, code: "DBL" }],
      ratePlans: [{ ratePlanId: rate.id, code: "BB-FLEX" }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      hotelCode: "ALPHA",
      roomTypes: [{ roomTypeId: dbl.id, code: "DBL" }],
      ratePlans: [{ ratePlanId: rate.id, code: "BB-FLEX" }],
    });
    expect((await as(owner).get(codesUrl(hotelA))).json().hotelCode).toBe("ALPHA");
  });

  it("refuses another group's hotel (404), another hotel's room type (404) and a HotelCode taken (409)", async () => {
    expect((await as(owner).get(codesUrl(hotelC))).statusCode).toBe(404);
    const put = (hotel: number, body: object) =>
      as(owner).put(codesUrl(hotel), { hotelCode: "B", roomTypes: [], ratePlans: [], ...body });
    expect((await put(hotelC, {})).statusCode).toBe(404);
    const foreignRoom = await put(hotelB, { roomTypes: [{ roomTypeId: dbl.id, code: "X" }] });
    expect(foreignRoom.statusCode).toBe(404);
    expect(foreignRoom.json().error.details[0].field).toBe("roomTypes");
    const foreignRate = await put(hotelB, { ratePlans: [{ ratePlanId: rate.id, code: "X" }] });
    expect(foreignRate.statusCode).toBe(404);
    const taken = await put(hotelB, { hotelCode: "ALPHA" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.details[0].field).toBe("hotelCode");
    const long = await put(hotelB, { roomTypes: [{ roomTypeId: roomB.id, code: "TOO-LONG-CODE" }] });
    expect(long.statusCode).toBe(400);
  });
});

describe("AlpineBits exchange log", () => {
  it("lists the group's exchanges with client, hotel and result; filters; the detail and the download", async () => {
    const request = freeRoomsRequest("ALPHA", false, [
      { start: "2030-01-10", end: "2030-01-10", invTypeCode: "NOPE", count: 1 },
    ]);
    await alpineBits(created.username, created.password, "OTA_HotelInvCountNotif:FreeRooms", request);
    const res = await as(owner).get(EXCHANGES);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 1, pageSize: 50, total: 2 });
    const [freeRooms, ping] = page.exchanges;
    expect(freeRooms).toMatchObject({
      clientName: "Front desk PMS",
      clientUsername: "pms-front",
      hotelId: hotelA,
      hotelName: "Alpha",
      timeZone: "Europe/Rome",
      action: "OTA_HotelInvCountNotif:FreeRooms",
      httpStatus: 200,
      result: "error",
      errorCount: 1,
      bodiesKept: true,
    });
    expect(ping).toMatchObject({ action: "OTA_Ping:Handshaking", hotelId: null, result: "success" });
    expect(page.exchanges.map((e: { id: number }) => e.id)).not.toContain(otherExchange);

    const ids = async (query: string) =>
      (await as(owner).get(`${EXCHANGES}?${query}`)).json().exchanges.map((e: { id: number }) => e.id);
    expect(await ids("result=error")).toEqual([freeRooms.id]);
    expect(await ids("action=OTA_Ping:Handshaking")).toEqual([ping.id]);
    expect(await ids(`clientId=${created.id}`)).toEqual([freeRooms.id, ping.id]);
    expect(await ids("from=2029-12-21")).toEqual([]);
    expect(await ids("from=2029-12-20&to=2029-12-20")).toHaveLength(2);
    expect(await ids("page=2")).toEqual([]);
    expect((await as(owner).get(`${EXCHANGES}?result=nope`)).statusCode).toBe(400);

    const detail = await as(owner).get(`${EXCHANGES}/${freeRooms.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().request).toContain('HotelCode="ALPHA"');
    expect(detail.json().response).toContain("<Errors>");
    expect(detail.json().errors[0]).toContain("NOPE");
    const download = await as(owner).get(`${EXCHANGES}/${freeRooms.id}/body?part=request`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="alpinebits-${freeRooms.id}-request.xml"`,
    );
    expect(download.headers["content-type"]).toMatch(/^application\/xml/);
    expect(download.body).toBe(detail.json().request);

    // Another group's exchange is unknown: detail, download; and the other owner does not see ours.
    expect((await as(owner).get(`${EXCHANGES}/${otherExchange}`)).statusCode).toBe(404);
    expect((await as(owner).get(`${EXCHANGES}/${otherExchange}/body?part=request`)).statusCode).toBe(404);
    expect((await as(otherOwner).get(`${EXCHANGES}/${freeRooms.id}`)).statusCode).toBe(404);
    expect((await as(otherOwner).get(EXCHANGES)).json().total).toBe(1);

    // 14 days later the bodies are gone, the row stays.
    await purgeAlpineBitsBodies(database, new Date("2030-01-04T10:00:01Z"));
    const purged = await as(owner).get(`${EXCHANGES}/${freeRooms.id}`);
    expect(purged.json()).toMatchObject({ request: null, response: null, exchange: { bodiesKept: false } });
    expect((await as(owner).get(`${EXCHANGES}/${freeRooms.id}/body?part=response`)).statusCode).toBe(404);
  });

  it("the detail shows a large body's first 200 000 characters; the download has all of it", async () => {
    const days = Array.from({ length: 1_500 }, (_, i) => {
      const d = new Date(Date.UTC(2030, 0, 1 + i)).toISOString().slice(0, 10);
      return { start: d, end: d, invTypeCode: "NOPE", count: 1 };
    });
    const request = freeRoomsRequest("ALPHA", false, days);
    expect(request.length).toBeGreaterThan(200_000);
    await alpineBits(created.username, created.password, "OTA_HotelInvCountNotif:FreeRooms", request);
    const [latest] = (await as(owner).get(EXCHANGES)).json().exchanges;
    const detail = (await as(owner).get(`${EXCHANGES}/${latest.id}`)).json();
    expect(detail.request).toHaveLength(200_000);
    expect(detail.requestTruncated).toBe(true);
    expect(detail.responseTruncated).toBe(false);
    const download = await as(owner).get(`${EXCHANGES}/${latest.id}/body?part=request`);
    expect(download.body.length).toBe(latest.requestBytes);
    expect(download.body.startsWith(detail.request)).toBe(true);
  });

  it("a disabled client is refused at the endpoint like an unknown one", async () => {
    const res = await as(owner).post(`${CLIENTS}/${created.id}/disable`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().disabledAt).toBe(clock.toISOString());
    const ping = await alpineBits(created.username, created.password, "OTA_Ping:Handshaking", PING);
    expect(ping.statusCode).toBe(401);
  });
});

describe("the API docs", () => {
  it("list every AlpineBits back-office call", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const [path, method] of [
      ["/api/backoffice/alpinebits/clients", "get"],
      ["/api/backoffice/alpinebits/clients", "post"],
      ["/api/backoffice/alpinebits/clients/{clientId}/disable", "post"],
      ["/api/backoffice/alpinebits/clients/{clientId}/hotels", "put"],
      ["/api/backoffice/hotels/{hotelId}/alpinebits/codes", "get"],
      ["/api/backoffice/hotels/{hotelId}/alpinebits/codes", "put"],
      ["/api/backoffice/alpinebits/exchanges", "get"],
      ["/api/backoffice/alpinebits/exchanges/{exchangeId}", "get"],
      ["/api/backoffice/alpinebits/exchanges/{exchangeId}/body", "get"],
    ] as const)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(["back office"]);
  });
});
