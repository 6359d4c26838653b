import { createTestApp } from "@alloggio/test-kit/app";
import { anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  aHotel,
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  aService,
  aServiceCategory,
  buildProperty,
  seedProperty,
  TRADE_CHANNEL_ID,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { startTestSmtpServer, type TestSmtpServer } from "@alloggio/test-kit/mail";
import { aStaffSession, type StaffSession } from "@alloggio/test-kit/staff";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import type { App } from "../../../http/app";
import { createSmtpTransport } from "../../mail/transport";
import { createHotelApiKey } from "../../offers/api-key";
import { deliverDueMail } from "../../voucher-pdf";

let clock = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;
let smtp: TestSmtpServer;

const double = aRoomType({ name: { en: "Lake double", it: "Doppia lago" }, maxAdults: 2, maxChildren: 1 });
const suite = aRoomType({
  name: { en: "Tower suite", it: "Suite della torre" },
  maxAdults: 3,
  maxChildren: 2,
  maxOccupancy: 4,
});
const flexible = aRatePlan({ name: { en: "Flexible", it: "Flessibile" } });
const tradeOnly = aRatePlan({ name: { en: "Trade net" }, channelIds: [TRADE_CHANNEL_ID] });
const extras = aServiceCategory();
const boat = aService(extras, { name: { en: "Boat tour", it: "Giro in barca" } });
const alpha = buildProperty({
  hotel: aHotel({ name: "Hotel Offerta", email: "desk@offerta.example.test" }),
  roomTypes: [double, suite],
  ratePlans: [flexible, tradeOnly],
  serviceCategories: [extras],
  services: [boat],
  prices: [
    aPriceRange(double, flexible, { perAdults: { "1": 80, "2": 100 } }),
    aPriceRange(suite, flexible, { perAdults: { "1": 150, "2": 180, "3": 200 } }),
  ],
  inventory: [anInventoryRange(double, { allotment: 10 }), anInventoryRange(suite, { allotment: 5 })],
});
const beta = buildProperty({ hotel: aHotel({ name: "Beta" }) });
let A: number;
let B: number;
let owner: StaffSession;
let manager: StaffSession;
let reception: StaffSession;
let receptionB: StaffSession;
let apiKey: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, alpha);
  await seedProperty(database, beta);
  A = alpha.hotel.id;
  B = beta.hotel.id;
  app = await createTestApp(database, () => clock);
  smtp = await startTestSmtpServer();
  owner = await aStaffSession(database, { role: "owner", now: clock });
  manager = await aStaffSession(database, { role: "manager", hotels: [A], now: clock });
  reception = await aStaffSession(database, { role: "reception", hotels: [A], now: clock });
  receptionB = await aStaffSession(database, { role: "reception", hotels: [B], now: clock });
  await database.query(sql`update staff_user set language = 'it' where id = ${reception.userId}`);
  apiKey = (await createHotelApiKey(database.db, A, "PMS")).key;
});
const START = new Date("2030-01-05T10:00:00Z");
afterEach(() => {
  clock = START;
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

let recipients = 0;
function anOffer(overrides: Record<string, unknown> = {}) {
  return {
    hotel: A,
    channel: 1,
    recipient: { name: "Anna Weber", email: `anna.weber${++recipients}@example.test`, language: 3 },
    arrival: "20300210",
    departure: "20300214",
    options: [
      {
        title: "Lake view",
        rooms: [{ roomId: double.id, rateId: flexible.id, adults: 2, ages: [], priceMinor: 48000 }],
        services: [{ serviceId: boat.id, quantity: 2, priceMinor: 0 }],
      },
      {
        title: "Suite",
        rooms: [{ roomId: suite.id, rateId: flexible.id, adults: 2, ages: [7], priceMinor: 72000 }],
        services: [{ serviceId: boat.id, quantity: 1, priceMinor: 5000 }],
      },
    ],
    message: "Wir freuen uns auf Sie!",
    expiresAt: "2030-01-12T18:00:00+01:00",
    video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    ...overrides,
  };
}

const url = (hotel: number, rest = "") => `/api/backoffice/hotels/${hotel}/offers${rest}`;

function create(
  session: StaffSession,
  body: unknown,
  options: { hotel?: number; idempotencyKey?: string; csrf?: boolean } = {},
) {
  const headers: Record<string, string> = {
    ...(options.csrf === false ? session.cookieOnly : session.headers),
    ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
  };
  return app.inject({ method: "POST", url: url(options.hotel ?? A), headers, payload: body as object });
}

async function anOfferId(session = owner, overrides: Record<string, unknown> = {}) {
  const body = anOffer(overrides);
  const res = await create(session, body);
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().id as number, code: res.json().offerCode as string, email: body.recipient.email };
}

const get = (session: StaffSession | null, path: string) =>
  app.inject({ method: "GET", url: path, headers: session ? session.cookieOnly : {} });
const post = (session: StaffSession, path: string, csrf = true) =>
  app.inject({
    method: "POST",
    url: path,
    headers: csrf ? session.headers : session.cookieOnly,
    payload: {},
  });

async function auditOf(action: string, entityId: number) {
  return database.query<{ user_id: number; before: unknown; after: Record<string, unknown> }>(sql`
    select user_id, before, after from audit_log where action = ${action} and entity_id = ${String(entityId)}`);
}

describe("POST /api/backoffice/hotels/:hotelId/offers", () => {
  it("every role of the offers area creates an offer; the staff user is its creator, audited with the offer", async () => {
    for (const session of [owner, manager, reception]) {
      const body = anOffer();
      const res = await create(session, body);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer.offerCode).toMatch(/^[0-9A-Z]{16}$/);
      expect(answer.url).toBe(`http://localhost/offer/${answer.offerCode}`);
      const [row] = await database.query<{ api_key_id: number | null; actor: string; state: string }>(sql`
        select o.api_key_id, h.actor, o.state from offer o join offer_history h on h.offer_id = o.id
        where o.id = ${answer.id} and o.hotel_id = ${A}`);
      expect(row).toEqual({ api_key_id: null, actor: `staff:${session.userId}`, state: "locked" });
      const [entry] = await auditOf("offer.create", answer.id);
      expect(entry?.user_id).toBe(session.userId);
      expect(entry?.before).toBeNull();
      expect(entry?.after).toMatchObject({
        state: "locked",
        recipient: { email: body.recipient.email },
        options: [{ title: "Lake view" }, { title: "Suite" }],
      });
    }
  });

  it("mails the recipient exactly as the API does (read back over SMTP)", async () => {
    const { code, email } = await anOfferId(reception);
    await deliverDueMail(database, createSmtpTransport(smtp.url), clock, 100);
    const mail = smtp.received.find((m) => m.envelopeTo.includes(email));
    expect(mail, "the offer mail").toBeDefined();
    expect(mail!.subject).toBe("Ihr persönliches Angebot von Hotel Offerta");
    expect(mail!.text).toContain(`http://localhost/offer/${code}`);
    expect(mail!.text).toContain("Wir freuen uns auf Sie!");
  });

  it("401 without a session, 403 without the CSRF token, 404 for another hotel's user", async () => {
    const anonymous = await app.inject({ method: "POST", url: url(A), payload: anOffer() });
    expect(anonymous.statusCode).toBe(401);
    expect((await create(owner, anOffer(), { csrf: false })).json().error.code).toBe("csrf_failed");
    const other = await create(receptionB, anOffer());
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe("not_found");
  });

  it("400 when the body names another hotel than the page's", async () => {
    const res = await create(owner, anOffer({ hotel: B }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe("hotel");
  });

  it.each([
    ["recipient.email", { recipient: { name: "A", email: "not-an-email", language: 1 } }],
    ["recipient.name", { recipient: { name: "", email: "a@example.test", language: 1 } }],
    ["arrival", { arrival: "20301399" }],
    ["options", { options: [] }],
    ["expiresAt", { expiresAt: "tomorrow" }],
    ["video", { video: "https://evil.example/video" }],
  ])("400 naming %s for what the contract refuses", async (field, overrides) => {
    const res = await create(owner, anOffer(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it.each([
    [
      "options.0.rooms.0.rateId",
      { rooms: [{ roomId: double.id, rateId: tradeOnly.id, adults: 2, priceMinor: 1 }] },
    ],
    [
      "options.0.rooms.0.roomId",
      { rooms: [{ roomId: 999_999, rateId: flexible.id, adults: 2, priceMinor: 1 }] },
    ],
    [
      "options.0.rooms.0.adults",
      { rooms: [{ roomId: double.id, rateId: flexible.id, adults: 3, priceMinor: 1 }] },
    ],
    [
      "options.0.services.0.serviceId",
      {
        rooms: [{ roomId: double.id, rateId: flexible.id, adults: 2, priceMinor: 1 }],
        services: [{ serviceId: 999_999, quantity: 1, priceMinor: 0 }],
      },
    ],
  ])("400 naming %s for what the hotel cannot offer (the API's checks)", async (field, option) => {
    const res = await create(owner, anOffer({ options: [option] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("400 naming expiresAt when the offer would outlive the arrival day, and arrival in the past", async () => {
    const late = await create(owner, anOffer({ expiresAt: "2030-02-12T10:00:00Z" }));
    expect(late.json().error.details[0].field).toBe("expiresAt");
    const past = await create(owner, anOffer({ arrival: "20300101", departure: "20300103" }));
    expect(past.json().error.details.map((d: { field: string }) => d.field)).toContain("arrival");
  });

  it("an Idempotency-Key makes a double click one offer; another body under it is 422", async () => {
    const key = anIdempotencyKey();
    const body = anOffer();
    const first = await create(owner, body, { idempotencyKey: key });
    const second = await create(owner, body, { idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    const [n] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from offer where email = ${body.recipient.email}`,
    );
    expect(n?.n).toBe(1);
    const other = await create(owner, anOffer(), { idempotencyKey: key });
    expect(other.statusCode).toBe(422);
  });
});

describe("GET /api/backoffice/hotels/:hotelId/offers/:offerId", () => {
  it("answers everything the hotel needs, names in the staff user's language", async () => {
    const { id, code, email } = await anOfferId(manager);
    const res = await get(reception, url(A, `/${id}`));
    expect(res.statusCode, res.body).toBe(200);
    const offer = res.json();
    expect(offer).toMatchObject({
      id,
      offerCode: code,
      state: "locked",
      recipient: { name: "Anna Weber", email, language: 3 },
      channel: { id: 1 },
      arrival: "2030-02-10",
      departure: "2030-02-14",
      nights: 4,
      message: "Wir freuen uns auf Sie!",
      video: { provider: "youtube", embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" },
      url: `http://localhost/offer/${code}`,
      createdBy: { kind: "staff" },
      rejection: null,
      reservationId: null,
    });
    expect(offer.options).toHaveLength(2);
    expect(offer.options[0]).toMatchObject({
      position: 1,
      title: "Lake view",
      totalMinor: 48000,
      confirmed: false,
      rooms: [{ roomName: "Doppia lago", rateName: "Flessibile", adults: 2, priceMinor: 48000 }],
      services: [{ name: "Giro in barca", quantity: 2, priceMinor: 0 }],
    });
    expect(offer.options[1].totalMinor).toBe(77000);
    expect(offer.history).toEqual([
      expect.objectContaining({ action: "created", fromState: null, toState: "locked", actorKind: "staff" }),
    ]);
    expect(offer.createdBy.name).toBe(offer.history[0].actorName);
    // "Valid until" and the history are written in hotel time, not the browser's.
    expect(offer.timeZone).toBe("Europe/Rome");
  });

  it("shows the recipient's rejection and the unlock in the history", async () => {
    const { id, code, email } = await anOfferId();
    const unlocked = await app.inject({
      method: "POST",
      url: `/api/v2/offers/${code}/unlock`,
      payload: { email },
      remoteAddress: "10.7.0.1",
    });
    const cookie = unlocked.cookies.find((c) => c.name === "alloggio_offer")!;
    const rejected = await app.inject({
      method: "POST",
      url: `/api/v2/offers/${code}/reject`,
      headers: { cookie: `alloggio_offer=${cookie.value}` },
      payload: { reason: "Too expensive for us" },
      remoteAddress: "10.7.0.1",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const offer = (await get(owner, url(A, `/${id}`))).json();
    expect(offer.state).toBe("rejected");
    expect(offer.rejection.reason).toBe("Too expensive for us");
    expect(offer.history.map((h: { action: string }) => h.action)).toEqual([
      "created",
      "unlocked",
      "rejected",
    ]);
    expect(offer.history[1].actorKind).toBe("recipient");
  });

  it("401 without a session; 404 for another hotel by path and by the offer's id (IDOR); 404 for no such id", async () => {
    const { id } = await anOfferId();
    expect((await get(null, url(A, `/${id}`))).statusCode).toBe(401);
    expect((await get(receptionB, url(A, `/${id}`))).statusCode).toBe(404);
    const idor = await get(receptionB, url(B, `/${id}`));
    expect(idor.statusCode).toBe(404);
    expect(idor.json().error.details[0].field).toBe("offerId");
    expect((await get(owner, url(A, "/999999"))).statusCode).toBe(404);
    expect((await get(owner, url(A, "/abc"))).statusCode).toBe(400);
  });
});

describe("GET /api/backoffice/hotels/:hotelId/offers", () => {
  it("lists the hotel's offers newest first with totals, state and creator; filters by state, text and day", async () => {
    clock = new Date("2030-01-06T10:00:00Z");
    const owner = await aStaffSession(database, { role: "owner", now: clock });
    const manager = await aStaffSession(database, { role: "manager", hotels: [A], now: clock });
    const reception = await aStaffSession(database, { role: "reception", hotels: [A], now: clock });
    const mine = await anOfferId(manager, {
      recipient: { name: "Zoë Listmann", email: "zoe.listmann@example.test", language: 2 },
    });
    const byKey = await app.inject({
      method: "POST",
      url: "/api/v2/offers/create",
      headers: { authorization: `Bearer ${apiKey}`, "idempotency-key": anIdempotencyKey() },
      payload: anOffer({ recipient: { name: "Kai Keyson", email: "kai.keyson@example.test", language: 1 } }),
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    const withdrawn = await anOfferId(owner, {
      recipient: { name: "Wanda Listmann", email: "wanda@example.test", language: 1 },
    });
    expect((await post(owner, url(A, `/${withdrawn.id}/withdraw`))).statusCode).toBe(200);

    const all = (await get(reception, url(A, "?text=listmann"))).json();
    expect(all.total).toBe(2);
    expect(all.items.map((i: { id: number }) => i.id)).toEqual([withdrawn.id, mine.id]);
    expect(all.items[1]).toMatchObject({
      offerCode: mine.code,
      recipientName: "Zoë Listmann",
      email: "zoe.listmann@example.test",
      arrival: "2030-02-10",
      departure: "2030-02-14",
      nights: 4,
      options: 2,
      minTotalMinor: 48000,
      maxTotalMinor: 77000,
      currency: "EUR",
      state: "locked",
      createdBy: { kind: "staff" },
    });
    expect(all.items[0].state).toBe("unavailable");
    expect(all.timeZone).toBe("Europe/Rome");

    const key = (await get(owner, url(A, "?text=kai.keyson"))).json();
    expect(key.items[0].createdBy).toEqual({ kind: "api_key", name: expect.stringMatching(/^alk_/) });
    const byCode = (await get(owner, url(A, `?text=${mine.code.toLowerCase()}`))).json();
    expect(byCode.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);

    const unavailable = (await get(owner, url(A, "?state=unavailable&text=listmann"))).json();
    expect(unavailable.items.map((i: { id: number }) => i.id)).toEqual([withdrawn.id]);
    const locked = (await get(owner, url(A, "?state=locked&text=listmann"))).json();
    expect(locked.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);

    const day = (await get(owner, url(A, "?createdFrom=2030-01-06&createdTo=2030-01-06"))).json();
    expect(day.total).toBe(3);
    const before = (await get(owner, url(A, "?createdTo=2030-01-05&text=listmann"))).json();
    expect(before.total).toBe(0);

    const paged = (await get(owner, url(A, "?pageSize=1&page=2&text=listmann"))).json();
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((i: { id: number }) => i.id)).toEqual([mine.id]);
  });

  it("an open offer past its expiry is listed expired before the sweep writes it", async () => {
    const { id } = await anOfferId(owner, {
      recipient: { name: "Ernst Expiry", email: "ernst@example.test", language: 1 },
    });
    clock = new Date("2030-01-13T10:00:00Z");
    const later = await aStaffSession(database, { role: "owner", now: clock });
    const list = (await get(later, url(A, "?text=ernst"))).json();
    expect(list.items[0]).toMatchObject({ id, state: "expired" });
    expect((await get(later, url(A, "?state=expired&text=ernst"))).json().total).toBe(1);
    expect((await get(later, url(A, "?state=locked&text=ernst"))).json().total).toBe(0);
    const withdraw = await post(later, url(A, `/${id}/withdraw`));
    expect(withdraw.statusCode).toBe(409);
    expect(withdraw.json().error.code).toBe("offer_expired");
  });

  it("400 naming the filter; 401 without a session; 404 for another hotel's user; other hotels' offers never show", async () => {
    const bad = await get(owner, url(A, "?state=opened"));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toContain("state");
    expect((await get(owner, url(A, "?createdFrom=05/01/2030"))).json().error.details[0].field).toContain(
      "createdFrom",
    );
    expect((await get(null, url(A))).statusCode).toBe(401);
    expect((await get(receptionB, url(A))).statusCode).toBe(404);
    const onB = (await get(receptionB, url(B))).json();
    expect(onB.total).toBe(0);
  });
});

describe("POST /api/backoffice/hotels/:hotelId/offers/:offerId/withdraw", () => {
  it("withdraws an open offer: no longer available, a history row and the audit entry with before/after", async () => {
    const { id, code } = await anOfferId();
    const res = await post(reception, url(A, `/${id}/withdraw`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe("unavailable");
    expect(res.json().history.at(-1)).toMatchObject({
      action: "withdrawn",
      fromState: "locked",
      toState: "unavailable",
      actorKind: "staff",
    });
    const [entry] = await auditOf("offer.withdraw", id);
    expect(entry).toMatchObject({
      user_id: reception.userId,
      before: { state: "locked" },
      after: { state: "unavailable" },
    });
    const publicView = await app.inject({
      method: "GET",
      url: `/api/v2/offers/${code}`,
      remoteAddress: "10.7.0.2",
    });
    expect(publicView.json().state).toBe("unavailable");
    const again = await post(reception, url(A, `/${id}/withdraw`));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("offer_unavailable");
  });

  it("401, 403 without CSRF, 404 by path and by id (IDOR), nothing changed", async () => {
    const { id } = await anOfferId();
    expect(
      (await app.inject({ method: "POST", url: url(A, `/${id}/withdraw`), payload: {} })).statusCode,
    ).toBe(401);
    expect((await post(owner, url(A, `/${id}/withdraw`), false)).json().error.code).toBe("csrf_failed");
    expect((await post(receptionB, url(A, `/${id}/withdraw`))).statusCode).toBe(404);
    expect((await post(receptionB, url(B, `/${id}/withdraw`))).statusCode).toBe(404);
    const [row] = await database.query<{ state: string }>(sql`select state from offer where id = ${id}`);
    expect(row?.state).toBe("locked");
  });
});

describe("POST /api/backoffice/hotels/:hotelId/offers/:offerId/resend", () => {
  it("queues the recipient's mail again for an open offer, with history and audit; 409 once final", async () => {
    const { id, email } = await anOfferId();
    await deliverDueMail(database, createSmtpTransport(smtp.url), clock, 100);
    const res = await post(manager, url(A, `/${id}/resend`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history.at(-1)).toMatchObject({
      action: "resent",
      fromState: "locked",
      toState: "locked",
    });
    await deliverDueMail(database, createSmtpTransport(smtp.url), clock, 100);
    expect(smtp.received.filter((m) => m.envelopeTo.includes(email))).toHaveLength(2);
    const [entry] = await auditOf("offer.resend", id);
    expect(entry).toMatchObject({ user_id: manager.userId, after: { mailedTo: email } });
    await post(manager, url(A, `/${id}/withdraw`));
    expect((await post(manager, url(A, `/${id}/resend`))).statusCode).toBe(409);
  });

  it("401, 403 without CSRF, 404 by path and by id (IDOR)", async () => {
    const { id } = await anOfferId();
    expect((await app.inject({ method: "POST", url: url(A, `/${id}/resend`), payload: {} })).statusCode).toBe(
      401,
    );
    expect((await post(owner, url(A, `/${id}/resend`), false)).statusCode).toBe(403);
    expect((await post(receptionB, url(A, `/${id}/resend`))).statusCode).toBe(404);
    expect((await post(receptionB, url(B, `/${id}/resend`))).statusCode).toBe(404);
  });
});

describe("the new-offer form's reads", () => {
  it("choices: channels, room types, rates with their channels, services, names in the staff's language", async () => {
    const res = await get(reception, url(A, "/choices"));
    expect(res.statusCode, res.body).toBe(200);
    const choices = res.json();
    expect(choices.currency).toEqual({ code: "EUR", decimalDigits: 2 });
    expect(choices.today).toBe("2030-01-05");
    expect(choices.channels.map((c: { id: number }) => c.id)).toContain(1);
    expect(choices.roomTypes).toContainEqual(expect.objectContaining({ id: double.id, name: "Doppia lago" }));
    expect(choices.rates).toContainEqual({
      id: tradeOnly.id,
      name: "Trade net",
      channelIds: [TRADE_CHANNEL_ID],
    });
    expect(choices.services).toContainEqual(
      expect.objectContaining({ id: boat.id, name: "Giro in barca", included: false }),
    );
    expect((await get(null, url(A, "/choices"))).statusCode).toBe(401);
    expect((await get(receptionB, url(A, "/choices"))).statusCode).toBe(404);
  });

  it("price: the search's price of each room for the stay; a room it cannot sell says why", async () => {
    const body = {
      channel: 1,
      arrival: "20300210",
      departure: "20300212",
      rooms: [
        { roomId: double.id, rateId: flexible.id, adults: 2, ages: [] },
        { roomId: suite.id, rateId: flexible.id, adults: 1 },
        { roomId: double.id, rateId: tradeOnly.id, adults: 2 },
      ],
    };
    const res = await app.inject({
      method: "POST",
      url: url(A, "/price"),
      headers: reception.headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rooms = res.json().rooms;
    expect(rooms[0]).toEqual({ totalMinor: 20000, reason: null });
    expect(rooms[1]).toEqual({ totalMinor: 30000, reason: null });
    expect(rooms[2].totalMinor).toBeNull();
    expect(rooms[2].reason).toEqual(expect.any(String));
    const noCsrf = await app.inject({
      method: "POST",
      url: url(A, "/price"),
      headers: owner.cookieOnly,
      payload: body,
    });
    expect(noCsrf.statusCode).toBe(403);
    const other = await app.inject({
      method: "POST",
      url: url(A, "/price"),
      headers: receptionB.headers,
      payload: body,
    });
    expect(other.statusCode).toBe(404);
    const bad = await app.inject({
      method: "POST",
      url: url(A, "/price"),
      headers: owner.headers,
      payload: { ...body, arrival: "2030-02-10" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe("arrival");
  });
});
