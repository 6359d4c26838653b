import { MANAGE_PATHS } from "@alloggio/domain/contract/booking/manage";
import { anIdempotencyKey } from "@alloggio/test-kit/booking";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../../../packages/test-kit/src/app";
import {
  aHotel,
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aReservationLink,
  aRoomType,
  buildProperty,
  seedProperty,
} from "../../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../../packages/test-kit/src/database";
import { aStaffSession, type StaffSession } from "../../../../../../packages/test-kit/src/staff";
import type { Database } from "../../../db/client";
import type { App } from "../../../http/app";

const clock = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const double = aRoomType({ name: { en: "Lake double", it: "Doppia lago" } });
const suite = aRoomType({ name: { en: "Tower suite", it: "Suite della torre" } });
const rate = aRatePlan({
  name: { en: "Bed and breakfast", it: "Pernottamento e colazione" },
  mealPlan: "breakfast",
});
const imported = aReservationLink({ arrival: "2030-02-01", departure: "2030-02-03" });
const alpha = buildProperty({
  hotel: aHotel({ name: "Alpha", email: "desk@alpha.example.test" }),
  roomTypes: [double, suite],
  ratePlans: [rate],
  prices: [
    aPriceRange(double, rate, { perAdults: { "1": 80, "2": 100 } }),
    aPriceRange(suite, rate, { perAdults: { "1": 150, "2": 180 } }),
  ],
  inventory: [anInventoryRange(double, { allotment: 10 }), anInventoryRange(suite, { allotment: 5 })],
  reservationLinks: [imported],
});
const beta = buildProperty({ hotel: aHotel({ name: "Beta" }) });
let A: number;
let B: number;
let owner: StaffSession;
let manager: StaffSession;
let reception: StaffSession;
let receptionB: StaffSession;

let addresses = 0;
async function guestAsks(overrides: Record<string, unknown> = {}) {
  const email = `guest${++addresses}@example.test`;
  const res = await app.inject({
    method: "POST",
    url: MANAGE_PATHS.quote,
    headers: { "idempotency-key": anIdempotencyKey() },
    remoteAddress: `10.9.0.${addresses}`,
    payload: {
      channel: 1,
      hotel: A,
      language: 2,
      arrival: "20300120",
      departure: "20300122",
      rooms: [
        { adults: 2, ages: [], roomId: double.id, rateId: rate.id },
        { adults: 1, ages: [] },
      ],
      fullName: "Giulia Bianchi",
      email,
      emailConfirm: email,
      phone: "+39 333 7654321",
      message: "Possiamo arrivare tardi?",
      privacy: true,
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await database.query<{ id: number }>(
    sql`select id from quote_request where email = ${email} order by id desc limit 1`,
  );
  return { id: row!.id, email };
}

const q = (hotel: number, path = "") => `/api/backoffice/hotels/${hotel}/quotes${path}`;
const l = (hotel: number, path = "") => `/api/backoffice/hotels/${hotel}/links${path}`;
const auditOf = (action: string, entityId: number) =>
  database.query<{ actor: string; before: unknown; after: unknown; hotel_id: number }>(
    sql`select actor, before, after, hotel_id from audit_log where action = ${action} and entity_id = ${String(entityId)}`,
  );
const sendBody = (over: Record<string, unknown> = {}) => ({
  rooms: [
    {
      roomTypeId: suite.id,
      ratePlanId: rate.id,
      totalMinor: 33_300,
      pricedFor: { roomTypeId: suite.id, ratePlanId: rate.id },
    },
    {
      roomTypeId: double.id,
      ratePlanId: rate.id,
      totalMinor: 12_000,
      pricedFor: { roomTypeId: double.id, ratePlanId: rate.id },
    },
  ],
  note: "Vi aspettiamo!",
  validUntil: "2030-01-15",
  ...over,
});

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  A = (await seedProperty(database, alpha)).hotelId;
  B = (await seedProperty(database, beta)).hotelId;
  owner = await aStaffSession(database, { role: "owner", now: clock });
  manager = await aStaffSession(database, { role: "manager", hotels: [A], now: clock });
  reception = await aStaffSession(database, { role: "reception", hotels: [A], now: clock });
  receptionB = await aStaffSession(database, { role: "reception", hotels: [B], now: clock });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("quote requests in the back office", () => {
  it("stores the guest's request from quote.do with what the quote priced, and lists it newest first", async () => {
    const first = await guestAsks();
    const second = await guestAsks();
    const list = await app.inject({ method: "GET", url: q(A), headers: reception.cookieOnly });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.items[0]).toMatchObject({
      id: second.id,
      status: "new",
      fullName: "Giulia Bianchi",
      rooms: 2,
    });
    expect(body.items[1].id).toBe(first.id);
    expect(body.total).toBeGreaterThanOrEqual(2);
    const detail = await app.inject({
      method: "GET",
      url: q(A, `/${first.id}`),
      headers: reception.cookieOnly,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      email: first.email,
      phone: "+39 333 7654321",
      message: "Possiamo arrivare tardi?",
      arrival: "2030-01-20",
      departure: "2030-01-22",
      nights: 2,
      languageId: 2,
      currency: "EUR",
      roomsAsked: [
        { adults: 2, roomTypeId: double.id, ratePlanId: rate.id, suggested: false, totalMinor: 20_000 },
        { adults: 1, suggested: true },
      ],
      answer: null,
    });
    const paged = await app.inject({
      method: "GET",
      url: q(A, "?status=new&page=2&pageSize=1"),
      headers: owner.cookieOnly,
    });
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 1, items: [{ id: first.id }] });
    const bad = await app.inject({ method: "GET", url: q(A, "?status=lost"), headers: owner.cookieOnly });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("status");
  });

  it("prices a room type and rate per room with the search's prices", async () => {
    const quote = await guestAsks();
    const res = await app.inject({
      method: "POST",
      url: q(A, `/${quote.id}/price`),
      headers: reception.headers,
      payload: { rooms: sendBody().rooms.map(({ totalMinor: _, ...r }) => r) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rooms: [{ totalMinor: 36_000 }, { totalMinor: 16_000 }],
      totalMinor: 52_000,
    });
    const wrongCount = await app.inject({
      method: "POST",
      url: q(A, `/${quote.id}/price`),
      headers: reception.headers,
      payload: { rooms: [{ roomTypeId: double.id, ratePlanId: rate.id }] },
    });
    expect(wrongCount.statusCode).toBe(400);
    expect(wrongCount.json().error.details[0].field).toBe("rooms");
  });

  it("sends a completed quote: a link with the hotel's prices, the guest's mail with it, status answered, audit", async () => {
    const quote = await guestAsks();
    const res = await app.inject({
      method: "POST",
      url: q(A, `/${quote.id}/send`),
      headers: reception.headers,
      payload: sendBody(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      status: "answered",
      answer: { totalMinor: 45_300, note: "Vi aspettiamo!", answeredBy: reception.email },
    });
    const url: string = detail.answer.linkUrl;
    const publicId = /\/reservationLink\/view\/([a-z2-7]{20})$/.exec(url)?.[1];
    expect(url).toContain(`/hotel/${A}/channel/1/language/2/reservationLink/view/`);
    expect(publicId).toBeDefined();

    const [mail] = await database.query<{ subject: string; text: string }>(
      sql`select subject, text from mail_outbox where "to" = ${quote.email} order by id desc limit 1`,
    );
    expect(mail!.subject).toBe("Il tuo preventivo da Alpha");
    expect(mail!.text).toContain(url);
    expect(mail!.text).toContain("Vi aspettiamo!");
    expect(mail!.text).toContain("333,00\u00a0EUR");
    expect(mail!.text).toContain("453,00\u00a0EUR");
    expect(mail!.text).toContain("Suite della torre");

    // The guest opens the link: the prepared stay at the hotel's price.
    const guest = await app.inject({
      method: "GET",
      url: `/api/reservationLink.do?channel=1&hotel=${A}&language=2&rlId=${publicId}`,
    });
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json().links[0]).toMatchObject({
      id: publicId,
      arrival: "20300120",
      departure: "20300122",
      nights: 2,
      rooms: [
        { adults: 2, ages: [] },
        { adults: 1, ages: [] },
      ],
      roomIds: [suite.id, double.id],
      rateIds: [rate.id],
      total: 453,
      message: "Vi aspettiamo!",
      expired: false,
    });
    const avail = await app.inject({
      method: "GET",
      url: `/api/avail.do?channel=1&hotel=${A}&language=2&arrival=20300120&departure=20300122&adults=2,1&rlId=${publicId}`,
    });
    expect(avail.statusCode, avail.body).toBe(200);
    const slot0 = JSON.stringify(avail.json());
    expect(slot0).toContain("333");
    // Its number does not open it: only the public id does (ADR 0027).
    const [link] = await database.query<{ id: number }>(
      sql`select id from reservation_link where public_id = ${publicId!}`,
    );
    const byNumber = await app.inject({
      method: "GET",
      url: `/api/reservationLink.do?channel=1&hotel=${A}&language=2&rlId=${link!.id}`,
    });
    expect(byNumber.statusCode).toBe(404);

    const [entry] = await auditOf("quote.send", quote.id);
    expect(entry).toMatchObject({
      actor: reception.email,
      hotel_id: A,
      before: { status: "new" },
      after: { status: "answered", reservationLinkId: link!.id },
    });
    expect(await auditOf("reservation_link.create", link!.id)).toHaveLength(1);

    const again = await app.inject({
      method: "POST",
      url: q(A, `/${quote.id}/send`),
      headers: reception.headers,
      payload: sendBody(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("quote_not_open");
  });

  it("refuses a send naming the field: rooms, foreign room type, past validity", async () => {
    const quote = await guestAsks();
    for (const [payload, field] of [
      [sendBody({ rooms: [sendBody().rooms[0]] }), "rooms"],
      [sendBody({ validUntil: "2030-01-01" }), "validUntil"],
      [sendBody({ validUntil: "15/01/2030" }), "validUntil"],
      [
        sendBody({
          rooms: [
            {
              roomTypeId: 999_999,
              ratePlanId: rate.id,
              totalMinor: 1,
              pricedFor: { roomTypeId: 999_999, ratePlanId: rate.id },
            },
            sendBody().rooms[1],
          ],
        }),
        "rooms.0.roomTypeId",
      ],
      [
        sendBody({
          rooms: [
            { roomTypeId: double.id, ratePlanId: rate.id, totalMinor: -5, pricedFor: null },
            { roomTypeId: double.id, ratePlanId: rate.id, totalMinor: 1, pricedFor: null },
          ],
        }),
        "rooms.0.totalMinor",
      ],
    ] as const) {
      const res = await app.inject({
        method: "POST",
        url: q(A, `/${quote.id}/send`),
        headers: owner.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(`"field":"${field}"`);
    }
  });

  it("refuses to send a price written for another room type or rate, until the room is priced again", async () => {
    const quote = await guestAsks();
    const [first, second] = sendBody().rooms;
    // The room was changed to the double after its price was written for the suite.
    const stale = sendBody({ rooms: [{ ...first!, roomTypeId: double.id }, second] });
    const res = await app.inject({
      method: "POST",
      url: q(A, `/${quote.id}/send`),
      headers: owner.headers,
      payload: stale,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "quote_prices_stale",
      details: [{ field: "rooms.0.totalMinor" }],
    });
    const never = sendBody({ rooms: [{ ...first!, pricedFor: null }, second] });
    const again = await app.inject({
      method: "POST",
      url: q(A, `/${quote.id}/send`),
      headers: owner.headers,
      payload: never,
    });
    expect(again.statusCode, again.body).toBe(409);
  });

  it("closes a quote, with its audit entry; a closed quote cannot be closed or sent", async () => {
    const quote = await guestAsks();
    const res = await app.inject({
      method: "POST",
      url: q(A, `/${quote.id}/close`),
      headers: manager.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "closed" });
    expect(await auditOf("quote.close", quote.id)).toMatchObject([
      { actor: manager.email, before: { status: "new" }, after: { status: "closed" } },
    ]);
    const again = await app.inject({
      method: "POST",
      url: q(A, `/${quote.id}/close`),
      headers: manager.headers,
    });
    expect(again.statusCode).toBe(409);
    const send = await app.inject({
      method: "POST",
      url: q(A, `/${quote.id}/send`),
      headers: manager.headers,
      payload: sendBody(),
    });
    expect(send.statusCode).toBe(409);
  });

  it("guards every quote route: 401 without a session, 403 without CSRF, 404 for another hotel (IDOR)", async () => {
    const quote = await guestAsks();
    const routes = [
      { method: "GET", path: "" },
      { method: "GET", path: `/${quote.id}` },
      {
        method: "POST",
        path: `/${quote.id}/price`,
        payload: { rooms: sendBody().rooms.map(({ totalMinor: _, ...r }) => r) },
      },
      { method: "POST", path: `/${quote.id}/send`, payload: sendBody() },
      { method: "POST", path: `/${quote.id}/close` },
    ] as const;
    for (const r of routes) {
      const payload = "payload" in r ? r.payload : undefined;
      const anonymous = await app.inject({ method: r.method, url: q(A, r.path), payload });
      expect(anonymous.statusCode, `${r.method} ${r.path}`).toBe(401);
      // Hotel A's quote asked for by a user of hotel B: by hotel id, and under hotel B's own path.
      const other = await app.inject({
        method: r.method,
        url: q(A, r.path),
        headers: receptionB.headers,
        payload,
      });
      expect(other.statusCode, `${r.method} ${r.path}`).toBe(404);
      if (r.path !== "") {
        const idor = await app.inject({
          method: r.method,
          url: q(B, r.path),
          headers: receptionB.headers,
          payload,
        });
        expect(idor.statusCode, `${r.method} ${r.path} under B`).toBe(404);
      }
      if (r.method === "POST") {
        const noCsrf = await app.inject({
          method: r.method,
          url: q(A, r.path),
          headers: owner.cookieOnly,
          payload,
        });
        expect(noCsrf.statusCode).toBe(403);
        expect(noCsrf.json().error.code).toBe("csrf_failed");
      }
    }
    const [row] = await database.query<{ status: string }>(
      sql`select status from quote_request where id = ${quote.id}`,
    );
    expect(row!.status).toBe("new");
  });
});

describe("reservation links in the catalogue", () => {
  const aLink = (over: Record<string, unknown> = {}) => ({
    channelId: 1,
    title: { en: "Your stay with the Rossi family", it: "Il vostro soggiorno" },
    message: { en: "As agreed on the phone." },
    arrival: "2030-03-10",
    departure: "2030-03-13",
    rooms: [{ adults: 2, ages: [5] }],
    roomTypeIds: [double.id],
    ratePlanIds: [rate.id],
    promoCode: "",
    totalMinor: 40_000,
    validUntil: "2030-03-01",
    ...over,
  });

  it("creates a link with an unguessable public id the guest page opens, lists it and deletes it, with audit", async () => {
    const created = await app.inject({
      method: "POST",
      url: l(A),
      headers: manager.headers,
      payload: aLink(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json();
    expect(link.publicId).toMatch(/^[a-z2-7]{20}$/);
    expect(link.guestUrl).toMatch(
      new RegExp(`/hotel/${A}/channel/1/language/1/reservationLink/view/${link.publicId}$`),
    );
    expect(link).toMatchObject({ totalMinor: 40_000, arrival: "2030-03-10", roomTypeIds: [double.id] });
    expect(link.expiresAt).toBe("2030-03-01T23:00:00.000Z");
    const guest = await app.inject({
      method: "GET",
      url: `/api/reservationLink.do?channel=1&hotel=${A}&language=1&rlId=${link.publicId}`,
    });
    expect(guest.json().links[0]).toMatchObject({ title: "Your stay with the Rossi family", total: 400 });
    expect(await auditOf("reservation_link.create", link.id)).toMatchObject([
      { actor: manager.email, before: null, after: { publicId: link.publicId } },
    ]);

    const list = await app.inject({ method: "GET", url: l(A), headers: owner.cookieOnly });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { id: number; publicId: string | null }[];
    expect(items[0]!.id).toBe(link.id);
    // The imported link keeps its number (no public id) and still opens by it.
    expect(items.find((i) => i.id === imported.id)).toMatchObject({ publicId: null });
    const old = await app.inject({
      method: "GET",
      url: `/api/reservationLink.do?channel=1&hotel=${A}&language=1&rlId=${imported.id}`,
    });
    expect(old.statusCode).toBe(200);

    const gone = await app.inject({ method: "DELETE", url: l(A, `/${link.id}`), headers: manager.headers });
    expect(gone.statusCode).toBe(204);
    expect(await auditOf("reservation_link.delete", link.id)).toMatchObject([
      { before: { publicId: link.publicId }, after: null },
    ]);
    const after = await app.inject({
      method: "GET",
      url: `/api/reservationLink.do?channel=1&hotel=${A}&language=1&rlId=${link.publicId}`,
    });
    expect(after.statusCode).toBe(404);
  });

  it("validates a link naming the field", async () => {
    for (const [over, field] of [
      [{ title: { it: "solo italiano" } }, "title"],
      [{ departure: "2030-03-10" }, "departure"],
      [{ arrival: "2029-12-01", departure: "2029-12-03" }, "arrival"],
      [{ channelId: 999 }, "channelId"],
      [{ roomTypeIds: [999_999] }, "roomTypeIds.0"],
      [{ rooms: [] }, "rooms"],
    ] as const) {
      const res = await app.inject({
        method: "POST",
        url: l(A),
        headers: owner.headers,
        payload: aLink(over),
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.body).toContain(`"field":"${field}`);
    }
  });

  it("lets owner and manager edit links, not reception; guards 401, CSRF and other hotels (IDOR)", async () => {
    const created = (
      await app.inject({ method: "POST", url: l(A), headers: owner.headers, payload: aLink() })
    ).json();
    for (const [method, path, payload] of [
      ["GET", "", undefined],
      ["POST", "", aLink()],
      ["DELETE", `/${created.id}`, undefined],
    ] as const) {
      const asReception = await app.inject({ method, url: l(A, path), headers: reception.headers, payload });
      expect(asReception.statusCode, `${method} ${path}`).toBe(403);
      expect(asReception.json().error.code).toBe("staff_forbidden");
      expect((await app.inject({ method, url: l(A, path), payload })).statusCode).toBe(401);
      const managerB = await aStaffSession(database, { role: "manager", hotels: [B], now: clock });
      expect(
        (await app.inject({ method, url: l(A, path), headers: managerB.headers, payload })).statusCode,
      ).toBe(404);
      if (method !== "GET")
        expect(
          (await app.inject({ method, url: l(A, path), headers: owner.cookieOnly, payload })).statusCode,
        ).toBe(403);
    }
    // Hotel A's link id under hotel B's path.
    const idor = await app.inject({ method: "DELETE", url: l(B, `/${created.id}`), headers: owner.headers });
    expect(idor.statusCode).toBe(404);
    const still = await database.query(sql`select 1 from reservation_link where id = ${created.id}`);
    expect(still).toHaveLength(1);
  });
});
