import { createTestApp } from "@alloggio/test-kit/app";
import { anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
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
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { OFFER_CALLS_PER_ADDRESS_PER_MINUTE, OFFER_UNLOCK_FAILURES_PER_CODE } from "../../http/offers/routes";
import { runTimedChanges } from "../../jobs/timed-changes";
import { createSmtpTransport } from "../mail/transport";
import { deliverDueMail } from "../voucher-pdf";
import { expireOffers } from ".";
import { createHotelApiKey } from "./api-key";

let clock = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;
let smtp: TestSmtpServer;

const double = aRoomType({
  name: { en: "Lake double", de: "Doppelzimmer Seeblick" },
  maxAdults: 2,
  maxChildren: 1,
});
const suite = aRoomType({
  name: { en: "Tower suite", de: "Turmsuite" },
  maxAdults: 3,
  maxChildren: 2,
  maxOccupancy: 4,
});
const flexible = aRatePlan({ name: { en: "Flexible", de: "Flexibel" } });
const tradeOnly = aRatePlan({ name: { en: "Trade net" }, channelIds: [TRADE_CHANNEL_ID] });
const extras = aServiceCategory();
const boat = aService(extras, { name: { en: "Boat tour", de: "Bootsfahrt" } });
const hotelA = buildProperty({
  hotel: { name: "Hotel Offerta", email: "desk@offerta.example.test" },
  roomTypes: [double, suite],
  ratePlans: [flexible, tradeOnly],
  serviceCategories: [extras],
  services: [boat],
});
const otherRoom = aRoomType();
const otherService = aService(aServiceCategory(), {});
const hotelB = buildProperty({ roomTypes: [otherRoom] });

let keyA: string;
let keyB: string;
let revokedKey: string;

let addresses = 0;
/** A client address of its own, so the per-address limit of one test does not reach the next. */
const anAddress = () => `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotelA);
  await seedProperty(database, hotelB);
  app = await createTestApp(database, () => clock);
  smtp = await startTestSmtpServer();
  keyA = (await createHotelApiKey(database.db, hotelA.hotel.id, "PMS")).key;
  keyB = (await createHotelApiKey(database.db, hotelB.hotel.id, "PMS")).key;
  revokedKey = (await createHotelApiKey(database.db, hotelA.hotel.id, "old")).key;
  await database.query(sql`update hotel_api_key set revoked_at = now() where name = 'old'`);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

let recipients = 0;
function anOffer(overrides: Record<string, unknown> = {}) {
  return {
    hotel: hotelA.hotel.id,
    channel: 1,
    recipient: { name: "Anna Weber", email: `Anna.Weber${++recipients}@Example.test`, language: 3 },
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
      },
    ],
    message: "Wir freuen uns auf Sie!",
    expiresAt: "2030-01-12T18:00:00+01:00",
    video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    playlist: ["https://vimeo.com/76979871"],
    ...overrides,
  };
}

function create(body: unknown, options: { key?: string | null; idempotencyKey?: string } = {}) {
  const headers: Record<string, string> = { "idempotency-key": options.idempotencyKey ?? anIdempotencyKey() };
  const key = options.key === undefined ? keyA : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  return app.inject({ method: "POST", url: "/api/v2/offers/create", headers, payload: body as object });
}

async function anOfferCode(overrides: Record<string, unknown> = {}) {
  const body = anOffer(overrides);
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(200);
  return { code: res.json().offerCode as string, email: body.recipient.email };
}

function unlock(code: string, email: string, address = anAddress()) {
  return app.inject({
    method: "POST",
    url: `/api/v2/offers/${code}/unlock`,
    payload: { email },
    remoteAddress: address,
  });
}

/** The unlock's cookie, as the browser sends it back on the offer's own path. */
function cookieOf(res: { cookies: { name: string; value: string; path?: string }[] }) {
  const cookie = res.cookies.find((c) => c.name === "alloggio_offer");
  return cookie ? `alloggio_offer=${cookie.value}` : "";
}

describe("POST /api/v2/offers/create", () => {
  it("creates the offer with the hotel's key and answers its code and page", async () => {
    const res = await create(anOffer());
    expect(res.statusCode, res.body).toBe(200);
    const { offerCode, url } = res.json();
    expect(offerCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(url).toBe(`http://localhost/offer/${offerCode}`);
    const [row] = await database.query<{
      state: string;
      email: string;
      options: number;
      rooms: number;
      history: number;
    }>(
      sql`select o.state, o.email,
        (select count(*)::int from offer_option op where op.offer_id = o.id) as options,
        (select count(*)::int from offer_option_room r join offer_option op on op.id = r.option_id where op.offer_id = o.id) as rooms,
        (select count(*)::int from offer_history h where h.offer_id = o.id and h.action = 'created') as history
        from offer o where o.code = ${offerCode}`,
    );
    expect(row).toEqual({
      state: "locked",
      email: `anna.weber${recipients}@example.test`,
      options: 2,
      rooms: 2,
      history: 1,
    });
  });

  it("401 without a key, with an unknown key and with a revoked key", async () => {
    for (const [key, code] of [
      [null, "api_key_required"],
      ["alk_not-a-key", "api_key_invalid"],
      [revokedKey, "api_key_invalid"],
    ] as const) {
      const res = await create(anOffer(), { key });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe(code);
    }
    const raw = await app.inject({
      method: "POST",
      url: "/api/v2/offers/create",
      headers: { authorization: `Basic ${keyA}`, "idempotency-key": anIdempotencyKey() },
      payload: anOffer(),
    });
    expect(raw.statusCode).toBe(401);
  });

  it("403 when the key's hotel is not the offer's hotel", async () => {
    const res = await create(anOffer(), { key: keyB });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: "api_key_forbidden", details: [{ field: "hotel" }] });
  });

  it("needs an Idempotency-Key; a replay gets the same answer and creates nothing more; another body gets 422", async () => {
    const missing = await app.inject({
      method: "POST",
      url: "/api/v2/offers/create",
      headers: { authorization: `Bearer ${keyA}` },
      payload: anOffer(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe("idempotency_key_required");

    const idempotencyKey = anIdempotencyKey();
    const body = anOffer();
    const first = await create(body, { idempotencyKey });
    const replay = await create(body, { idempotencyKey });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const [count] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from offer where email = ${body.recipient.email.toLowerCase()}`,
    );
    expect(count!.n).toBe(1);

    const other = await create({ ...body, message: "Another text" }, { idempotencyKey });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe("idempotency_key_reused");
  });

  it("the same Idempotency-Key of two hotels are two requests", async () => {
    const idempotencyKey = anIdempotencyKey();
    const a = await create(anOffer(), { idempotencyKey });
    const b = await create(
      anOffer({
        hotel: hotelB.hotel.id,
        options: [
          { rooms: [{ roomId: otherRoom.id, rateId: hotelB.ratePlans[0]!.id, adults: 2, priceMinor: 100 }] },
        ],
      }),
      { idempotencyKey, key: keyB },
    );
    expect(a.statusCode).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().offerCode).not.toBe(a.json().offerCode);
  });

  const option = (room: Record<string, unknown>, services: unknown[] = []) => [
    {
      rooms: [{ roomId: double.id, rateId: flexible.id, adults: 2, ages: [], priceMinor: 1000, ...room }],
      services,
    },
  ];
  it.each([
    ["recipient.email", { recipient: { name: "A", email: "not-an-email", language: 1 } }],
    ["recipient.name", { recipient: { name: "", email: "a@example.test", language: 1 } }],
    ["options", { options: [] }],
    ["options.0.rooms", { options: [{ rooms: [] }] }],
    ["departure", { arrival: "20300214", departure: "20300210" }],
    ["arrival", { arrival: "20300230" }],
    ["arrival", { arrival: "20300101", departure: "20300103" }],
    ["expiresAt", { expiresAt: "2030-01-05T09:59:59Z" }],
    ["expiresAt", { expiresAt: "next week" }],
    // Arrival 10 February in Rome: the offer may run until 23:59:59 that day, not later.
    ["expiresAt", { expiresAt: "2030-02-10T23:00:00.001Z" }],
    ["channel", { channel: 99 }],
    ["options.0.rooms.0.roomId", { options: option({ roomId: otherRoom.id }) }],
    ["options.0.rooms.0.rateId", { options: option({ rateId: tradeOnly.id }) }],
    ["options.0.rooms.0.adults", { options: option({ adults: 3 }) }],
    ["options.0.rooms.0.ages", { options: option({ ages: [4, 6] }) }],
    ["options.0.rooms.0.priceMinor", { options: option({ priceMinor: -1 }) }],
    ["options.0.rooms.0.priceMinor", { options: option({ priceMinor: 10.5 }) }],
    [
      "options.0.services.0.serviceId",
      { options: option({}, [{ serviceId: otherService.id, priceMinor: 0 }]) },
    ],
    ["video", { video: "https://evil.example/watch?v=dQw4w9WgXcQ" }],
    ["video", { video: "http://www.youtube.com/watch?v=dQw4w9WgXcQ" }],
    ["playlist.1", { playlist: ["https://vimeo.com/76979871", "https://example.com/video.mp4"] }],
    ["message", { message: "x".repeat(4001) }],
  ])("400 naming %s", async (field, overrides) => {
    const res = await create(anOffer(overrides));
    expect(res.statusCode, res.body).toBe(400);
    const fields = (res.json().error.details as { field: string }[]).map((d) => d.field);
    expect(fields).toContain(field);
  });

  it("may run until the end of the arrival day, hotel-local", async () => {
    expect((await create(anOffer({ expiresAt: "2030-02-10T23:00:00+00:00" }))).statusCode).toBe(200);
  });

  it("mails the recipient in the offer's language with the link to the offer page (read back over SMTP)", async () => {
    const body = anOffer();
    const res = await create(body);
    const { offerCode } = res.json();
    await deliverDueMail(database, createSmtpTransport(smtp.url), clock, 100);
    const to = body.recipient.email.toLowerCase();
    const mail = smtp.received.find((m) => m.envelopeTo.includes(to));
    expect(mail, "the offer mail").toBeDefined();
    expect(mail!.subject).toBe("Ihr persönliches Angebot von Hotel Offerta");
    expect(mail!.text).toContain(`http://localhost/offer/${offerCode}`);
    expect(mail!.html).toContain(`href="http://localhost/offer/${offerCode}"`);
    expect(mail!.text).toContain("Guten Tag Anna Weber,");
    expect(mail!.text).toContain("Wir freuen uns auf Sie!");
    expect(mail!.text).toContain("Das Angebot gilt bis");
    // No price in the mail: the offer page shows them to whoever has the e-mail.
    expect(mail!.text).not.toContain("480");
  });
});

describe("GET /api/v2/offers/:offerCode and the unlock", () => {
  it("answers only the locked state, the hotel's name and the language before the unlock", async () => {
    const { code } = await anOfferCode();
    const res = await app.inject({
      method: "GET",
      url: `/api/v2/offers/${code}`,
      remoteAddress: anAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      state: "locked",
      // The hotel's public e-mail: the recipient's way to ask it, whatever becomes of the offer.
      hotel: { id: hotelA.hotel.id, name: "Hotel Offerta", email: "desk@offerta.example.test" },
      unavailableReason: null,
      channel: 1,
      language: 3,
    });
    expect(res.body).not.toContain("Anna");
  });

  it("the matching e-mail in any case unlocks the whole offer and sets a short-lived HttpOnly cookie", async () => {
    const { code, email } = await anOfferCode();
    const res = await unlock(code, `  ${email.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    const { offer, accessExpiresAt } = res.json();
    expect(accessExpiresAt).toBe("2030-01-05T11:00:00.000Z");
    expect(offer).toMatchObject({
      offerCode: code,
      state: "unlocked",
      language: 3,
      hotel: { name: "Hotel Offerta" },
      recipient: { name: "Anna Weber" },
      currency: { code: "EUR", decimalDigits: 2 },
      arrival: "20300210",
      departure: "20300214",
      nights: 4,
      expiresAt: "2030-01-12T17:00:00.000Z",
      message: "Wir freuen uns auf Sie!",
      video: { provider: "youtube", embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" },
      playlist: [{ provider: "vimeo", embedUrl: "https://player.vimeo.com/video/76979871?dnt=1" }],
      attachments: [],
      rejection: null,
    });
    expect(offer.options).toEqual([
      {
        position: 1,
        title: "Lake view",
        rooms: [
          {
            roomId: double.id,
            roomName: "Doppelzimmer Seeblick",
            rateId: flexible.id,
            rateName: "Flexibel",
            mealPlan: "room_only",
            adults: 2,
            ages: [],
            price: 480,
          },
        ],
        services: [{ serviceId: boat.id, name: "Bootsfahrt", quantity: 2, price: 0 }],
        total: 480,
        cityTax: 0,
      },
      {
        position: 2,
        title: "Suite",
        rooms: [expect.objectContaining({ roomName: "Turmsuite", ages: [7], price: 720 })],
        services: [],
        total: 720,
        cityTax: 0,
      },
    ]);
    const cookie = res.cookies.find((c) => c.name === "alloggio_offer")!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: "Strict",
      path: `/api/v2/offers/${code}`,
      maxAge: 3600,
    });

    // With the cookie, the view carries the offer; the state seen by others stays "locked".
    const view = await app.inject({
      method: "GET",
      url: `/api/v2/offers/${code}`,
      headers: { cookie: cookieOf(res) },
      remoteAddress: anAddress(),
    });
    expect(view.json()).toMatchObject({ state: "locked", offer: { state: "unlocked", offerCode: code } });
    const [history] = await database.query<{ actions: string[] }>(
      sql`select array_agg(h.action order by h.id) as actions from offer_history h join offer o on o.id = h.offer_id where o.code = ${code}`,
    );
    expect(history!.actions).toEqual(["created", "unlocked"]);

    // The token is short-lived: an hour later the view is the public one again.
    clock = new Date("2030-01-05T11:00:01Z");
    try {
      const later = await app.inject({
        method: "GET",
        url: `/api/v2/offers/${code}`,
        headers: { cookie: cookieOf(res) },
        remoteAddress: anAddress(),
      });
      expect(later.json().offer).toBeUndefined();
    } finally {
      clock = new Date("2030-01-05T10:00:00Z");
    }
  });

  it("a wrong e-mail and an unknown code get the same 404", async () => {
    const { code, email } = await anOfferCode();
    const wrongEmail = await unlock(code, "someone.else@example.test");
    const unknownCode = await unlock("0000000000000000", email);
    expect(wrongEmail.statusCode).toBe(404);
    expect(unknownCode.statusCode).toBe(404);
    const strip = (body: string) => ({ ...JSON.parse(body).error, requestId: undefined });
    expect(strip(wrongEmail.body)).toEqual(strip(unknownCode.body));
    expect(strip(wrongEmail.body).code).toBe("offer_not_found");
    expect(wrongEmail.cookies).toEqual([]);
  });

  it("a code that failed too often is refused even with the right e-mail", async () => {
    const { code, email } = await anOfferCode();
    for (let i = 0; i < OFFER_UNLOCK_FAILURES_PER_CODE; i++)
      expect((await unlock(code, `guess${i}@example.test`)).statusCode).toBe(404);
    const right = await unlock(code, email);
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe("rate_limited");
    // When to try again: the end of the code's window, in whole seconds.
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("limits the offer calls per client address", async () => {
    const address = anAddress();
    // Unknown codes, each failing once: the per-code limit does not come into it.
    const codeNo = (i: number) => `00000000000${String(i).padStart(5, "0")}`;
    for (let i = 0; i < OFFER_CALLS_PER_ADDRESS_PER_MINUTE; i++)
      expect((await unlock(codeNo(i), "x@example.test", address)).statusCode).toBe(404);
    const { code, email } = await anOfferCode();
    const next = await unlock(code, email, address);
    expect(next.statusCode).toBe(429);
    // Another address is not affected.
    expect((await unlock("0000000000000001", "x@example.test")).statusCode).toBe(404);
  });

  it("an expired offer answers as such, before and after the sweep", async () => {
    const { code, email } = await anOfferCode({ expiresAt: "2030-01-06T10:00:00Z" });
    clock = new Date("2030-01-06T10:00:00Z");
    try {
      const view = await app.inject({
        method: "GET",
        url: `/api/v2/offers/${code}`,
        remoteAddress: anAddress(),
      });
      expect(view.json().state).toBe("expired");
      const res = await unlock(code, email);
      expect(res.statusCode).toBe(200);
      expect(res.json().offer.state).toBe("expired");
      const [row] = await database.query<{ state: string }>(
        sql`select state from offer where code = ${code}`,
      );
      expect(row!.state).toBe("expired");
    } finally {
      clock = new Date("2030-01-05T10:00:00Z");
    }
  });

  it("a no longer available offer answers as such", async () => {
    const { code } = await anOfferCode();
    await database.query(sql`update offer set state = 'unavailable' where code = ${code}`);
    const view = await app.inject({
      method: "GET",
      url: `/api/v2/offers/${code}`,
      remoteAddress: anAddress(),
    });
    expect(view.json().state).toBe("unavailable");
  });

  it("400 for a malformed code, 404 for an unknown one", async () => {
    expect(
      (await app.inject({ method: "GET", url: "/api/v2/offers/nope", remoteAddress: anAddress() }))
        .statusCode,
    ).toBe(400);
    const unknown = await app.inject({
      method: "GET",
      url: "/api/v2/offers/0000000000000000",
      remoteAddress: anAddress(),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("POST /api/v2/offers/:offerCode/reject", () => {
  const reject = (code: string, reason: unknown, cookie = "") =>
    app.inject({
      method: "POST",
      url: `/api/v2/offers/${code}/reject`,
      payload: { reason },
      headers: cookie ? { cookie } : {},
      remoteAddress: anAddress(),
    });

  it("needs the unlock's token: a locked offer cannot be rejected", async () => {
    const { code } = await anOfferCode();
    const res = await reject(code, "Too expensive");
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("offer_unlock_required");
    // Another offer's token does not open this one.
    const other = await anOfferCode();
    const cookie = cookieOf(await unlock(other.code, other.email));
    expect((await reject(code, "Too expensive", cookie)).statusCode).toBe(401);
  });

  it("needs a reason of at most 1000 characters", async () => {
    const { code, email } = await anOfferCode();
    const cookie = cookieOf(await unlock(code, email));
    for (const reason of ["", "   ", "x".repeat(1001)]) {
      const res = await reject(code, reason, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe("reason");
    }
  });

  it("rejects with the reason, tells the hotel, and refuses a second decision", async () => {
    const { code, email } = await anOfferCode();
    const cookie = cookieOf(await unlock(code, email));
    const res = await reject(code, "We found another date <b>sorry</b>", cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer).toMatchObject({
      state: "rejected",
      rejection: { reason: "We found another date <b>sorry</b>", at: "2030-01-05T10:00:00.000Z" },
    });
    const again = await reject(code, "Again", cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("offer_closed");

    await deliverDueMail(database, createSmtpTransport(smtp.url), clock, 100);
    const notice = smtp.received.find((m) => m.subject === `Offer ${code} rejected by Anna Weber`);
    expect(notice, "the hotel's notice").toBeDefined();
    expect(notice!.envelopeTo).toEqual(["desk@offerta.example.test"]);
    expect(notice!.text).toContain("We found another date <b>sorry</b>");
    expect(notice!.html).not.toContain("<b>sorry</b>");
    const view = await app.inject({
      method: "GET",
      url: `/api/v2/offers/${code}`,
      remoteAddress: anAddress(),
    });
    expect(view.json().state).toBe("rejected");
  });

  it("two rejections at once: one wins, the other hears the offer is closed; one history row", async () => {
    const { code, email } = await anOfferCode();
    const cookie = cookieOf(await unlock(code, email));
    const answers = await Promise.all([reject(code, "First", cookie), reject(code, "Second", cookie)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [row] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from offer_history h join offer o on o.id = h.offer_id
          where o.code = ${code} and h.action = 'rejected'`,
    );
    expect(row!.n).toBe(1);
  });

  it("an offer past its expiry cannot be rejected", async () => {
    const { code, email } = await anOfferCode({ expiresAt: "2030-01-05T10:30:00Z" });
    const cookie = cookieOf(await unlock(code, email));
    clock = new Date("2030-01-05T10:30:00Z");
    try {
      const res = await reject(code, "Late", cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("offer_expired");
    } finally {
      clock = new Date("2030-01-05T10:00:00Z");
    }
  });
});

describe("expiry sweep", () => {
  it("expires open offers at their time, once, with a history row; finished and later ones stay", async () => {
    const due = await anOfferCode({ expiresAt: "2030-01-07T08:00:00Z" });
    const viewed = await anOfferCode({ expiresAt: "2030-01-07T08:00:00Z" });
    await unlock(viewed.code, viewed.email);
    const later = await anOfferCode({ expiresAt: "2030-01-07T08:00:01Z" });
    const rejected = await anOfferCode({ expiresAt: "2030-01-07T08:00:00Z" });
    await database.query(sql`update offer set state = 'rejected' where code = ${rejected.code}`);
    const stateOf = async (code: string) =>
      (await database.query<{ state: string }>(sql`select state from offer where code = ${code}`))[0]!.state;

    await expireOffers({ database, now: () => new Date("2030-01-07T07:59:59Z") });
    expect(await stateOf(due.code)).toBe("locked");

    const at = () => new Date("2030-01-07T08:00:00Z");
    await expireOffers({ database, now: at }, 1);
    expect(await stateOf(due.code)).toBe("expired");
    expect(await stateOf(viewed.code)).toBe("expired");
    expect(await stateOf(later.code)).toBe("locked");
    expect(await stateOf(rejected.code)).toBe("rejected");
    expect(await expireOffers({ database, now: at })).toBe(0);
    const history = await database.query<{ from_state: string; actor: string }>(
      sql`select h.from_state, h.actor from offer_history h join offer o on o.id = h.offer_id
          where o.code in (${due.code}, ${viewed.code}) and h.action = 'expired' order by h.id`,
    );
    expect(history).toEqual([
      { from_state: "locked", actor: "system" },
      { from_state: "unlocked", actor: "system" },
    ]);
  });

  it("two sweeps at once expire each offer once", async () => {
    const codes = await Promise.all(
      Array.from({ length: 6 }, () => anOfferCode({ expiresAt: "2030-01-07T07:30:00Z" })),
    );
    const at = () => new Date("2030-01-07T07:30:00Z");
    const [a, b] = await Promise.all([
      expireOffers({ database, now: at }, 2),
      expireOffers({ database, now: at }, 2),
    ]);
    expect(a + b).toBe(6);
    const [row] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from offer_history h join offer o on o.id = h.offer_id
          where o.code in (${sql.join(
            codes.map((c) => sql`${c.code}`),
            sql`, `,
          )}) and h.action = 'expired'`,
    );
    expect(row!.n).toBe(6);
  });

  it("runs with the timed changes (the server's minute timer)", async () => {
    const due = await anOfferCode({ expiresAt: "2030-01-08T08:00:00Z" });
    const counts = await runTimedChanges({
      database,
      now: () => new Date("2030-01-08T08:00:00Z"),
      baseUrl: "http://localhost",
    });
    // The earlier test's offer due a second later expires too.
    expect(counts.offer_expired).toBe(2);
    const [row] = await database.query<{ state: string }>(
      sql`select state from offer where code = ${due.code}`,
    );
    expect(row!.state).toBe("expired");
  });
});

describe("OpenAPI", () => {
  it("shows the offer routes under their tag", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    const paths = res.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    expect(paths["/api/v2/offers/create"]?.post?.tags).toEqual(["offers"]);
    expect(paths["/api/v2/offers/{offerCode}"]?.get?.tags).toEqual(["offers"]);
    expect(paths["/api/v2/offers/{offerCode}/unlock"]?.post?.tags).toEqual(["offers"]);
    expect(paths["/api/v2/offers/{offerCode}/reject"]?.post?.tags).toEqual(["offers"]);
  });
});
