import { MANAGE_PATHS } from "@alloggio/domain/contract/booking/manage";
import { createTestApp } from "@alloggio/test-kit/app";
import { anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  aService,
  aServiceCategory,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { QUOTES_PER_ADDRESS, QUOTES_PER_RECIPIENT } from "./quote";

const now = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const double = aRoomType({ name: { en: "Lake double", it: "Doppia lago" } });
const suite = aRoomType({ name: { en: "Tower suite", it: "Suite della torre" } });
const rate = aRatePlan({
  name: { en: "Bed and breakfast", it: "Pernottamento e colazione" },
  mealPlan: "breakfast",
});
const insurance = aServiceCategory({ name: { en: "Insurance" }, mandatory: true });
const basicCover = aService(insurance, { name: { en: "Basic cover", it: "Copertura base" }, price: 0 });
const fullCover = aService(insurance, { name: { en: "Full cover" }, price: 40 });
const hotel = buildProperty({
  hotel: {
    name: "Hotel Quote & Lake",
    email: "desk@quote.example.test",
    phone: "+39 0464 111111",
    cityTax: 2,
  },
  roomTypes: [double, suite],
  ratePlans: [rate],
  prices: [
    aPriceRange(double, rate, { perAdults: { "1": 80, "2": 100 } }),
    aPriceRange(suite, rate, { perAdults: { "1": 150, "2": 180 } }),
  ],
  inventory: [anInventoryRange(double, { allotment: 10 }), anInventoryRange(suite, { allotment: 0 })],
  serviceCategories: [insurance],
  services: [basicCover, fullCover],
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  app = await createTestApp(database, () => now);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let addresses = 0;
/** A client address of its own, so the per-address limit of one test does not reach the next. */
const anAddress = () => `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`;

function aQuote(overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? `guest${++addresses}@example.test`;
  return {
    channel: 1,
    hotel: hotel.hotel.id,
    language: 2,
    arrival: "20300120",
    departure: "20300122",
    rooms: [{ adults: 2, ages: [], roomId: double.id, rateId: rate.id }],
    fullName: "Giulia Bianchi",
    email,
    emailConfirm: email,
    phone: "+39 333 7654321",
    message: "Possiamo arrivare tardi?",
    privacy: true,
    ...overrides,
  };
}

const post = (payload: unknown, options: { key?: string; address?: string } = {}) =>
  app.inject({
    method: "POST",
    url: MANAGE_PATHS.quote,
    headers: { "idempotency-key": options.key ?? anIdempotencyKey() },
    remoteAddress: options.address ?? anAddress(),
    payload: payload as Record<string, unknown>,
  });

const mailsTo = (to: string) =>
  database.query<{ to: string; subject: string; text: string; html: string; reservation_id: number | null }>(
    sql`select "to", subject, text, html, reservation_id from mail_outbox where "to" = ${to} order by id`,
  );

describe("quote.do", () => {
  it("prices the chosen room and rate and mails the guest in Italian and the hotel in English", async () => {
    const body = aQuote();
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(200);
    // 2 nights × 100 for two adults; the mandatory category's least expensive service is free.
    expect(res.json()).toEqual({ queued: true, currency: "EUR", total: 200 });

    const [guest] = await mailsTo(body.email);
    expect(guest).toMatchObject({ reservation_id: null, subject: "Il tuo preventivo – Hotel Quote & Lake" });
    for (const fact of [
      "Gentile Giulia Bianchi,",
      "Arrivo: dom 20 gennaio 2030",
      "Partenza: mar 22 gennaio 2030",
      "Durata del soggiorno: 2 notti",
      "1. Doppia lago",
      "Pernottamento e colazione",
      "Colazione inclusa",
      "2 adulti",
      "Totale: 200,00\u00a0EUR",
      "Copertura base",
      "8,00\u00a0EUR (da pagare in hotel; 2,00\u00a0EUR a persona a notte)",
      "Possiamo arrivare tardi?",
      "desk@quote.example.test",
      "+39 0464 111111",
    ])
      expect(guest!.text).toContain(fact);
    const search = `http://localhost/hotel/${hotel.hotel.id}/channel/1/language/2/rooms?arrival=20300120&departure=20300122&adults=2`;
    expect(guest!.text).toContain(search);
    expect(guest!.html).toContain('<html lang="it">');

    const [desk] = await mailsTo("desk@quote.example.test");
    expect(desk).toMatchObject({
      reservation_id: null,
      subject: "Quote request: 20 Jan 2030 – 22 Jan 2030, Giulia Bianchi",
    });
    for (const fact of [
      "Name: Giulia Bianchi",
      `E-mail: ${body.email}`,
      "Phone: +39 333 7654321",
      "Possiamo arrivare tardi?",
      "Lake double",
      "Bed and breakfast",
      "Total: 200,00\u00a0EUR",
    ])
      expect(desk!.text).toContain(fact);
    expect(desk!.html).toContain('<html lang="en">');
  });

  it("quotes a room the guest left open at the least expensive room and rate, with the total", async () => {
    const body = aQuote({
      language: 1,
      rooms: [
        { adults: 2, ages: [], roomId: double.id, rateId: rate.id },
        { adults: 1, ages: [7] },
      ],
      message: undefined,
    });
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ queued: true, currency: "EUR" });
    expect(answer.total).toBeGreaterThan(200);
    const [guest, desk] = await mailsTo(body.email).then(async (g) => [
      g[0],
      (await mailsTo("desk@quote.example.test")).at(-1),
    ]);
    expect(guest!.subject).toBe("Your quote – Hotel Quote & Lake");
    expect(guest!.text).toContain(
      "Room: 1. Lake double; Rate: Bed and breakfast; Meals: Breakfast included; Guests: 2 adults; Price: 200,00\u00a0EUR",
    );
    expect(guest!.text).toMatch(
      /Room: 2\. Lake double \(the least expensive available\); Rate: Bed and breakfast; Meals: Breakfast included; Guests: 1 adult, 1 child \(age 7\); Price: \d+,\d\d\u00a0EUR/,
    );
    expect(guest!.text).not.toContain("On request");
    expect(guest!.text).not.toContain("No price online");
    expect(guest!.text).toMatch(/Total: \d+,\d\d\u00a0EUR/);
    expect(desk!.text).not.toContain("please reply with their price");
    expect(guest!.text).toContain(
      "/language/1/rooms?arrival=20300120&departure=20300122&adults=2,1&childs=0,1&ages=7",
    );
    expect(guest!.text).not.toContain("YOUR MESSAGE");
  });

  it("says plainly the hotel will answer for a room nothing can be had for, and then gives no total", async () => {
    const body = aQuote({
      rooms: [
        { adults: 2, ages: [], roomId: double.id, rateId: rate.id },
        { adults: 7, ages: [] },
      ],
      language: 1,
    });
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ queued: true, currency: "EUR", total: null });
    const [guest] = await mailsTo(body.email);
    expect(guest!.text).toContain(
      "Guests: 7 adults; Price: No price online: the hotel will answer you about this room",
    );
    expect(guest!.text).toContain(
      "The hotel will answer you with the price of the rooms that have none here.",
    );
    const desk = (await mailsTo("desk@quote.example.test")).at(-1);
    expect(desk!.text).toContain("please reply with their price");
  });

  it("quotes without any room chosen: the least expensive room for the guests", async () => {
    const body = aQuote({ rooms: [{ adults: 2, ages: [] }], language: 9 });
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ queued: true, currency: "EUR", total: 200 });
    const [guest] = await mailsTo(body.email);
    expect(guest!.subject).toBe("お見積もり – Hotel Quote & Lake");
    expect(guest!.text).toContain("大人2名");
    expect(guest!.text).toContain("空室のうち最安");
  });

  it("answers an unknown hotel 404 and a room that is not available 409 naming the request's room", async () => {
    const unknown = await post(aQuote({ hotel: 999_999 }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: "not_found", details: [{ field: "hotel" }] } });

    const body = aQuote({
      rooms: [
        { adults: 2, ages: [] },
        { adults: 2, ages: [], roomId: suite.id, rateId: rate.id },
      ],
    });
    const soldOut = await post(body);
    expect(soldOut.statusCode, soldOut.body).toBe(409);
    expect(soldOut.json()).toMatchObject({
      error: { code: "sold_out", details: [{ field: "rooms.1.roomId" }] },
    });
    expect(await mailsTo(body.email)).toEqual([]);

    const past = await post(aQuote({ arrival: "20300101", departure: "20300103" }));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ error: { details: [{ field: "arrival" }] } });
  });

  it("checks the form as the contract says (e-mail confirmation, privacy)", async () => {
    for (const [overrides, field] of [
      [{ emailConfirm: "other@example.test" }, "emailConfirm"],
      [{ privacy: false }, "privacy"],
    ] as const) {
      const res = await post(aQuote(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { details: [{ field }] } });
    }
  });

  it("sends once per Idempotency-Key", async () => {
    const body = aQuote();
    const key = anIdempotencyKey();
    const address = anAddress();
    const first = await post(body, { key, address });
    const again = await post(body, { key, address });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await mailsTo(body.email)).toHaveLength(1);
    const other = await post({ ...body, message: "another message" }, { key, address });
    expect(other.statusCode).toBe(422);
  });

  it(`limits one client address to ${QUOTES_PER_ADDRESS} quotes in 10 minutes`, async () => {
    const address = anAddress();
    for (let i = 0; i < QUOTES_PER_ADDRESS; i++)
      expect((await post(aQuote(), { address })).statusCode).toBe(200);
    const body = aQuote();
    const refused = await post(body, { address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: "rate_limited" } });
    expect(await mailsTo(body.email)).toEqual([]);
    expect((await post(aQuote(), { address: anAddress() })).statusCode).toBe(200);
  });

  it(`sends one e-mail address at most ${QUOTES_PER_RECIPIENT} quotes, whatever the client address`, async () => {
    const email = "often@example.test";
    for (let i = 0; i < QUOTES_PER_RECIPIENT; i++)
      expect((await post(aQuote({ email }))).statusCode).toBe(200);
    const refused = await post(aQuote({ email }));
    expect(refused.statusCode).toBe(429);
    expect(await mailsTo(email)).toHaveLength(QUOTES_PER_RECIPIENT);
  });
});
