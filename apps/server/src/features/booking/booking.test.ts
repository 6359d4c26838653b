import { createTestApp } from "@alloggio/test-kit/app";
import { aSandboxCardToken } from "@alloggio/test-kit/booking";
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
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { renderPendingMails } from "../voucher-pdf";

// 10:00 UTC on 5 January 2030; stays from 10 to 12 January.
const clock = fixedClock("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const lastRoom = aRoomType();
const roomy = aRoomType();
const atHotel = aRatePlan({ payment: "pay_at_hotel" });
const prepaid = aRatePlan({
  refundable: false,
  freeCancellationDays: undefined,
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
  refundProtection: 12,
});
const hotel = buildProperty({
  hotel: {
    settings: { bankTransfer: { owner: "Test Hotel", iban: "IT60X0542811101000000123456", dueDays: 3 } },
  },
  roomTypes: [lastRoom, roomy],
  ratePlans: [atHotel, prepaid],
  prices: [
    aPriceRange(lastRoom, atHotel, { perAdults: { "1": 80, "2": 100 } }),
    aPriceRange(lastRoom, prepaid, { perAdults: { "1": 70, "2": 90 } }),
    aPriceRange(roomy, atHotel, { perAdults: { "1": 120, "2": 150 } }),
    aPriceRange(roomy, prepaid, { perAdults: { "1": 110, "2": 135 } }),
  ],
  inventory: [anInventoryRange(lastRoom, { allotment: 1 }), anInventoryRange(roomy, { allotment: 3 })],
});
// A hotel with a mandatory service category and mandatory guest names.
const strictRoom = aRoomType();
const strictRate = aRatePlan();
const cleaning = aServiceCategory({ mandatory: true });
const finalCleaning = aService(cleaning, { pricingBasis: "per_stay", price: 40 });
const strict = buildProperty({
  hotel: { guestsMandatory: true },
  roomTypes: [strictRoom],
  ratePlans: [strictRate],
  serviceCategories: [cleaning],
  services: [finalCleaning],
});

// A hotel that enables every redirect method of the gateway; half of each stay is paid 10 days before arrival.
const onlineRoom = aRoomType();
const onlinePrepaid = aRatePlan({
  refundable: false,
  freeCancellationDays: undefined,
  payment: "prepaid",
  prepayment: [
    { timing: "immediate", days: 0, percent: 50 },
    { timing: "days_before_arrival", days: 2, percent: 50 },
  ],
});
const online = buildProperty({
  hotel: { settings: { paymentMethods: ["instant_bank", "wallet", "mobile", "pay_by_link"] } },
  roomTypes: [onlineRoom],
  ratePlans: [onlinePrepaid],
  prices: [aPriceRange(onlineRoom, onlinePrepaid, { perAdults: { "1": 90, "2": 100 } })],
  inventory: [anInventoryRange(onlineRoom, { allotment: 5 })],
});

// A prepaid and a pay-at-hotel rate, a resort fee for every adult, city tax; rooms of two types that can
// be had for 10–13 January only one after the other (cross-booking).
const early = aRoomType({ code: "EARLY" });
const late = aRoomType({ code: "LATE" });
const feePrepaid = aRatePlan({
  refundable: false,
  freeCancellationDays: undefined,
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
const feeAtHotel = aRatePlan({ payment: "pay_at_hotel" });
const feeCategory = aServiceCategory();
const resortFee = aService(feeCategory, { pricingBasis: "per_person", price: 6, mandatoryFor: "all_adults" });
const fees = buildProperty({
  hotel: { cityTax: 2 },
  roomTypes: [early, late],
  ratePlans: [feePrepaid, feeAtHotel],
  prices: [
    aPriceRange(early, feePrepaid, { perAdults: { "2": 74 } }),
    aPriceRange(early, feeAtHotel, { perAdults: { "2": 80 } }),
    aPriceRange(late, feePrepaid, { perAdults: { "2": 70 } }),
    aPriceRange(late, feeAtHotel, { perAdults: { "2": 90 } }),
  ],
  inventory: [
    anInventoryRange(early, { allotment: 5 }),
    anInventoryRange(late, { allotment: 5 }),
    anInventoryRange(early, { from: "2030-02-12", to: "2030-02-12", allotment: 0 }),
    anInventoryRange(late, { from: "2030-02-10", to: "2030-02-10", allotment: 0 }),
  ],
  serviceCategories: [feeCategory],
  services: [resortFee],
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  await seedProperty(database, fees);
  await seedProperty(database, strict);
  await seedProperty(database, online);
  app = await createTestApp(database, clock.now);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

type Body = Record<string, unknown>;
let keys = 0;
const newKey = () => `test-key-${Date.now()}-${++keys}`;

function booking(overrides: Body = {}, room: Body = {}): Body {
  return {
    method: "confirm",
    hotel: hotel.hotel.id,
    channel: 1,
    language: 1,
    arrival: "20300110",
    departure: "20300112",
    rooms: [
      {
        slot: 0,
        roomId: roomy.id,
        rateId: atHotel.id,
        adults: 2,
        ages: [],
        refundProtection: false,
        ...room,
      },
    ],
    booker: {
      fullname: "Maria Rossi",
      email: "maria@example.test",
      emailConfirm: "maria@example.test",
      phone: { dialCode: "+39", number: "3331234567" },
      country: "IT",
    },
    privacy: { marketing: false, report: false, profile: false, custom: [] },
    terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
    services: [],
    payment: { method: "pay_at_hotel" },
    ...overrides,
  };
}

async function post(url: string, body: Body, key: string | null = newKey()) {
  const res = await app.inject({
    method: "POST",
    url,
    payload: body,
    headers: key ? { "idempotency-key": key } : {},
  });
  return { status: res.statusCode, json: () => res.json(), body: res.body };
}

async function sold(roomTypeId: number): Promise<number[]> {
  const rows = await database.query<{ sold: number }>(sql`
    select sold from inventory where room_type_id = ${roomTypeId}
      and day >= '2030-01-10' and day < '2030-01-12' order by day`);
  return rows.map((r) => r.sold);
}

async function soldOn(roomTypeId: number, day: string): Promise<number> {
  const rows = await database.query<{ sold: number }>(sql`
    select sold from inventory where room_type_id = ${roomTypeId} and day = ${day}::date`);
  return rows[0]?.sold ?? -1;
}

const cardToken = (number: string) => aSandboxCardToken(app, number);

describe("guestdata.do checkPrepaid", () => {
  it("answers the totals, what is due now and the methods the rates allow", async () => {
    const res = await post(
      "/api/guestdata.do",
      booking({ checkPrepaid: 1 }, { rateId: prepaid.id, refundProtection: true }),
      null,
    );
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      currency: "EUR",
      roomsTotal: 270,
      refundProtection: 12,
      total: 282,
      dueNow: 282,
      dueLater: [],
      paymentMethods: ["card_payment", "bank_transfer"],
    });
  });
});

describe("guestdata.do confirm", () => {
  it("books a pay-at-hotel stay: one transaction, inventory taken, unguessable code, mails queued", async () => {
    const before = await sold(roomy.id);
    const res = await post("/api/guestdata.do", booking());
    expect(res.status, res.body).toBe(200);
    const answer = res.json();
    expect(answer.next).toBe("voucher");
    expect(answer.reservation).toMatchObject({
      status: "confirmed",
      total: 300,
      currency: "EUR",
      email: "maria@example.test",
    });
    expect(answer.reservation.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(await sold(roomy.id)).toEqual(before.map((n) => n + 1));
    const [row] = await database.query<{ rooms: number; history: number; mails: number }>(sql`
      select (select count(*)::int from reservation_room rr join reservation r on r.id = rr.reservation_id where r.code = ${answer.reservation.code}) as rooms,
        (select count(*)::int from reservation_history h join reservation r on r.id = h.reservation_id where r.code = ${answer.reservation.code}) as history,
        (select count(*)::int from mail_outbox m join reservation r on r.id = m.reservation_id where r.code = ${answer.reservation.code}) as mails`);
    expect(row).toEqual({ rooms: 1, history: 2, mails: 2 });
  });

  it("confirms a pay-at-hotel stay in the transaction that writes it, with its mails as recipes the worker renders", async () => {
    const statementsBefore = database.statements.count;
    const res = await post("/api/guestdata.do", booking());
    const statements = database.statements.count - statementsBefore;
    expect(res.status, res.body).toBe(200);
    const { code } = res.json().reservation;
    const history = await database.query<{ action: string; actor: string; to_status: string }>(sql`
      select h.action, h.actor, h.to_status from reservation_history h join reservation r on r.id = h.reservation_id
      where r.code = ${code} order by h.id`);
    expect(history).toEqual([
      { action: "created", actor: "guest", to_status: "pending_confirmation" },
      { action: "confirmed", actor: "system", to_status: "confirmed" },
    ]);
    // The mails were committed with the reservation, as what to render, not rendered.
    const mailsOf = () =>
      database.query<{ kind: string; rendered: boolean; to: string; subject: string; files: string[] }>(sql`
        select m.render->>'kind' as kind, m.rendered_at is not null as rendered, m."to", m.subject,
          (select coalesce(array_agg(a->>'contentType' order by n), '{}') from jsonb_array_elements(m.attachments)
            with ordinality as x(a, n)) as files
        from mail_outbox m join reservation r on r.id = m.reservation_id where r.code = ${code} order by m.id`);
    expect(await mailsOf()).toEqual([
      { kind: "reservation_guest", rendered: false, to: "", subject: "", files: [] },
      { kind: "reservation_hotel", rendered: false, to: "", subject: "", files: [] },
    ]);
    // The worker's render: the guest's mail with its calendar file and voucher PDF, the hotel's notice.
    await renderPendingMails(database, clock.now());
    const [guest, hotelNotice] = await mailsOf();
    expect(guest).toMatchObject({
      rendered: true,
      to: "maria@example.test",
      subject: expect.stringContaining(`Booking confirmation ${code}`),
      files: ["text/calendar; charset=utf-8; method=PUBLISH", "application/pdf"],
    });
    expect(hotelNotice).toMatchObject({ rendered: true, subject: expect.stringContaining(code), files: [] });
    // What a booking costs in statements (the bench prints it too): was 23 with the second transaction and the
    // render inside it; 12 with the reservation, its key and its history in one statement and the hotel's facts in
    // one (ADR 0047); 7 with the rooms, the mails, the inventory update and the request's answer in that
    // statement, which is the whole transaction (no BEGIN, no COMMIT), and the hotel's rules read with its facts
    // (ADR 0052); 5 with the channel read with the host its links start with, and the request's earlier booking
    // read with the hotel's facts (ADR 0058). A statement added to the booking fails this.
    expect(statements).toBeLessThanOrEqual(5);
    // The answer committed with the booking, on the request's Idempotency-Key: a retry gets it as it was.
    const [stored] = await database.query<{ state: string; status: number; body: unknown }>(sql`
      select state, response_status as status, response_body as body from idempotency_key
      where scope = 'guestdata.do' and response_body->'reservation'->>'code' = ${code}`);
    expect(stored).toEqual({ state: "done", status: 200, body: res.json() });
  });

  it.each([
    [
      "e-mails that differ",
      { booker: { ...(booking().booker as Body), emailConfirm: "other@example.test" } },
      "booker.emailConfirm",
    ],
    [
      "a missing mandatory term",
      { terms: { cancellationPolicy: false, generalTerms: true, dataProcessing: true } },
      "terms.cancellationPolicy",
    ],
    [
      "an invalid e-mail",
      { booker: { ...(booking().booker as Body), email: "nope", emailConfirm: "nope" } },
      "booker.email",
    ],
    [
      "a card number",
      { payment: { method: "card_payment", cardNumber: "4242424242424242" } },
      "payment.cardNumber",
    ],
    ["a past arrival", { arrival: "20300101", departure: "20300102" }, "arrival"],
  ])("refuses %s, naming the field, and writes nothing", async (_name, overrides, field) => {
    const [{ n: before }] = (await database.query<{ n: number }>(
      sql`select count(*)::int as n from reservation`,
    )) as [{ n: number }];
    const res = await post("/api/guestdata.do", booking(overrides));
    expect(res.status, res.body).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    const [{ n: after }] = (await database.query<{ n: number }>(
      sql`select count(*)::int as n from reservation`,
    )) as [{ n: number }];
    expect(after).toBe(before);
  });

  it("checks the hotel's own rules: mandatory guest names and a mandatory service category", async () => {
    const base = booking(
      { hotel: strict.hotel.id },
      {
        roomId: strictRoom.id,
        rateId: strictRate.id,
        guests: [{ firstName: "Maria", lastName: "Rossi", type: "adult" }],
      },
    );
    const noGuest = await post("/api/guestdata.do", base);
    expect(noGuest.status).toBe(422);
    expect(noGuest.json().error.details.map((d: { field: string }) => d.field)).toContain(
      "rooms.0.guests.1.firstName",
    );
    const twoGuests = booking(
      { hotel: strict.hotel.id },
      {
        roomId: strictRoom.id,
        rateId: strictRate.id,
        guests: [
          { firstName: "Maria", lastName: "Rossi", type: "adult" },
          { firstName: "Luca", lastName: "Rossi", type: "adult" },
        ],
      },
    );
    const noService = await post("/api/guestdata.do", twoGuests);
    expect(noService.status).toBe(400);
    expect(noService.json().error.code).toBe("mandatory_service_missing");
    const ok = await post("/api/guestdata.do", {
      ...twoGuests,
      services: [{ serviceId: finalCleaning.id, quantity: 1 }],
    });
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json().reservation.total).toBe(200 + 40);
  });

  it("answers prices_changed when the guest saw another total", async () => {
    const res = await post("/api/guestdata.do", booking({ expectedTotal: 299 }));
    expect(res.status).toBe(409);
    expect(res.json().error.code).toBe("prices_changed");
  });

  it("sells the last room once: the second guest hears the dates are gone, nothing is written", async () => {
    const first = await post("/api/guestdata.do", booking({}, { roomId: lastRoom.id }));
    expect(first.status, first.body).toBe(200);
    const second = await post("/api/guestdata.do", booking({}, { roomId: lastRoom.id }));
    expect(second.status).toBe(409);
    expect(second.json().error.code).toBe("sold_out");
    expect(await sold(lastRoom.id)).toEqual([1, 1]);
  });

  it("books at most what is left when many guests race for the same rooms", async () => {
    const ids = await database.query<{ n: number }>(sql`select allotment - sold as n from inventory
      where room_type_id = ${roomy.id} and day = '2030-01-20'`);
    const left = ids[0]!.n;
    const race = Array.from({ length: left + 4 }, () =>
      post("/api/guestdata.do", booking({ arrival: "20300120", departure: "20300122" })),
    );
    const answers = await Promise.all(race);
    // A guest who loses the race hears sold_out, whether the price check or the booking's statement found it.
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(left);
    expect(answers.filter((a) => a.status === 409).every((a) => a.json().error.code === "sold_out")).toBe(
      true,
    );
    const nights = await database.query<{
      ok: boolean;
    }>(sql`select bool_and(sold <= allotment and sold = allotment) as ok
      from inventory where room_type_id = ${roomy.id} and day in ('2030-01-20', '2030-01-21')`);
    expect(nights[0]!.ok).toBe(true);
  });

  it("is idempotent: the same key ten times books once; the key with another payload is refused", async () => {
    const key = newKey();
    const body = booking({ arrival: "20300115", departure: "20300116" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => post("/api/guestdata.do", body, key)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(new Set(ok.map((a) => a.json().reservation.code)).size).toBe(1);
    const replay = await post("/api/guestdata.do", body, key);
    expect(replay.json().reservation.code).toBe(ok[0]!.json().reservation.code);
    const [{ n }] = (await database.query<{ n: number }>(
      sql`select count(*)::int as n from reservation_request where idempotency_key = ${key}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    const other = await post(
      "/api/guestdata.do",
      booking({ arrival: "20300116", departure: "20300117" }),
      key,
    );
    expect(other.status).toBe(422);
    expect(other.json().error.code).toBe("idempotency_key_reused");
  });

  it("needs an Idempotency-Key to book", async () => {
    const res = await post("/api/guestdata.do", booking(), null);
    expect(res.status).toBe(400);
    expect(res.json().error.details[0].field).toBe("Idempotency-Key");
  });
});

describe("money of a booking", () => {
  const twoRooms = (services: Body[], firstRate = feePrepaid.id) =>
    booking({
      hotel: fees.hotel.id,
      services,
      rooms: [
        { slot: 0, roomId: early.id, rateId: firstRate, adults: 2, ages: [], refundProtection: false },
        { slot: 1, roomId: late.id, rateId: feeAtHotel.id, adults: 2, ages: [], refundProtection: false },
      ],
    });

  it("charges now only what each room's own rate asks: a pay-at-hotel room's fee waits for the hotel", async () => {
    const res = await post(
      "/api/guestdata.do",
      {
        ...twoRooms([
          { serviceId: resortFee.id, slot: 0, quantity: 2 },
          { serviceId: resortFee.id, slot: 1, quantity: 2 },
        ]),
        checkPrepaid: 1,
      },
      null,
    );
    expect(res.status, res.body).toBe(200);
    // Prepaid room 2 × 74 = 148 and its fee 12 now; the other room (2 × 90) and its fee at the hotel.
    expect(res.json()).toMatchObject({
      roomsTotal: 328,
      servicesTotal: 24,
      total: 352,
      dueNow: 160,
      cityTax: 16,
    });
  });

  it("charges a fee mandatory for every adult even when the request leaves it out", async () => {
    const res = await post("/api/guestdata.do", twoRooms([], feeAtHotel.id));
    expect(res.status, res.body).toBe(200);
    // 2 × 80 + 2 × 90 of rooms, and 2 × 6 for each room's adults.
    expect(res.json().reservation.total).toBe(364);
    const rows = await database.query<{ slot: number; price_minor: number }>(sql`
      select rr.slot, rs.price_minor from reservation_service rs
      join reservation r on r.id = rs.reservation_id join reservation_room rr on rr.id = rs.room_id
      where r.code = ${res.json().reservation.code} order by rr.slot`);
    expect(rows).toEqual([
      { slot: 0, price_minor: 1200 },
      { slot: 1, price_minor: 1200 },
    ]);
  });

  it("books a cross-booking: each segment its own room type and dates, priced as the search offered it", async () => {
    const search = await app.inject({
      method: "GET",
      url: `/api/avail.do?channel=1&hotel=${fees.hotel.id}&language=1&arrival=20300210&departure=20300213&adults=2&cross=1&packs=${feeAtHotel.id}`,
    });
    const option = search.json().crossAvailability[0];
    expect(option.segments.map((x: Body) => [x.roomId, x.arrival, x.departure])).toEqual([
      [early.id, "20300210", "20300212"],
      [late.id, "20300212", "20300213"],
    ]);
    const before = { early: await soldOn(early.id, "2030-02-10"), late: await soldOn(late.id, "2030-02-12") };
    const res = await post(
      "/api/guestdata.do",
      booking({
        hotel: fees.hotel.id,
        arrival: "20300210",
        departure: "20300213",
        expectedTotal: option.stayTotal,
        rooms: option.segments.map(
          (x: { roomId: number; arrival: string; departure: string }, i: number) => ({
            slot: i,
            roomId: x.roomId,
            rateId: feeAtHotel.id,
            adults: 2,
            ages: [],
            refundProtection: false,
            cross: { room: 0, arrival: x.arrival, departure: x.departure },
          }),
        ),
      }),
    );
    expect(res.status, res.body).toBe(200);
    // 2 nights × 80 + 1 night × 90, and the resort fee of each segment's room.
    expect(res.json().reservation.total).toBe(250 + 24);
    expect(option.stayTotal).toBe(274);
    const rooms = await database.query<{
      room_type_id: number;
      arrival: string;
      departure: string;
      total: number;
    }>(sql`
      select rr.room_type_id, rr.arrival::text, rr.departure::text, rr.total_minor as total from reservation_room rr
      join reservation r on r.id = rr.reservation_id where r.code = ${res.json().reservation.code} order by rr.slot`);
    expect(rooms).toEqual([
      { room_type_id: early.id, arrival: "2030-02-10", departure: "2030-02-12", total: 16_000 },
      { room_type_id: late.id, arrival: "2030-02-12", departure: "2030-02-13", total: 9000 },
    ]);
    expect(await soldOn(early.id, "2030-02-10")).toBe(before.early + 1);
    expect(await soldOn(late.id, "2030-02-12")).toBe(before.late + 1);
    expect(await soldOn(late.id, "2030-02-11")).toBe(0);
  });

  it("refuses segments that do not cover the stay, naming the field", async () => {
    const res = await post(
      "/api/guestdata.do",
      booking({
        hotel: fees.hotel.id,
        arrival: "20300210",
        departure: "20300213",
        rooms: [
          {
            slot: 0,
            roomId: early.id,
            rateId: feeAtHotel.id,
            adults: 2,
            ages: [],
            refundProtection: false,
            cross: { room: 0, arrival: "20300210", departure: "20300211" },
          },
          {
            slot: 1,
            roomId: late.id,
            rateId: feeAtHotel.id,
            adults: 2,
            ages: [],
            refundProtection: false,
            cross: { room: 0, arrival: "20300212", departure: "20300213" },
          },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(
      "rooms.1.cross.arrival",
    );
  });
});

describe("card payments through the sandbox gateway", () => {
  const paid = (card: { token: string; last4: string }) =>
    booking(
      {
        arrival: "20300125",
        departure: "20300127",
        payment: { method: "card_payment", cardToken: card.token, cardLast4: card.last4 },
      },
      { rateId: prepaid.id },
    );

  it("charges an accepted card and confirms; only the token and last four digits are kept", async () => {
    const card = await cardToken("4242424242424242");
    const res = await post("/api/guestdata.do", paid(card));
    expect(res.status, res.body).toBe(200);
    expect(res.json().reservation.status).toBe("confirmed");
    const tx = await database.query<{ status: string; card_last4: string; amount_minor: number }>(sql`
      select t.status, t.card_last4, t.amount_minor from payment_transaction t join reservation r on r.id = t.reservation_id
      where r.code = ${res.json().reservation.code}`);
    expect(tx).toEqual([{ status: "captured", card_last4: "4242", amount_minor: 27000 }]);
    const leaked = await database.query<{ n: number }>(
      sql`select count(*)::int as n from reservation where booker::text like '%4242424242424242%'`,
    );
    expect(leaked[0]!.n).toBe(0);
  });

  it("asks for the card page's token, since the sandbox frames its card page, and books nothing without it", async () => {
    const before = await database.query<{ n: number }>(sql`select count(*)::int as n from reservation`);
    const res = await post(
      "/api/guestdata.do",
      booking(
        { arrival: "20300125", departure: "20300127", payment: { method: "card_payment" } },
        { rateId: prepaid.id },
      ),
    );
    expect(res.status, res.body).toBe(400);
    expect(res.json().error.details).toEqual([{ field: "payment.cardToken", message: "required" }]);
    expect(await database.query(sql`select count(*)::int as n from reservation`)).toEqual(before);
  });

  it("gives the rooms back when the card is declined", async () => {
    const before = await database.query<{ sold: number }>(
      sql`select sum(sold)::int as sold from inventory where room_type_id = ${roomy.id}`,
    );
    const card = await cardToken("4000000000000002");
    const res = await post("/api/guestdata.do", paid(card));
    expect(res.status).toBe(402);
    expect(res.json().error.code).toBe("card_declined");
    const after = await database.query<{ sold: number }>(
      sql`select sum(sold)::int as sold from inventory where room_type_id = ${roomy.id}`,
    );
    expect(after).toEqual(before);
    const insufficient = await post("/api/guestdata.do", paid(await cardToken("4000000000009995")));
    expect(insufficient.json().error.code).toBe("card_insufficient_funds");
  });

  it("confirms a 3-D Secure payment only once the gateway says it passed, however often it is asked", async () => {
    const card = await cardToken("4000000000003220");
    const res = await post("/api/guestdata.do", paid(card));
    expect(res.status, res.body).toBe(200);
    const answer = res.json();
    expect(answer.next).toBe("3ds");
    expect(answer.reservation.status).toBe("payment_required");
    expect(answer.redirectUrl).toMatch(/^\/sandbox-gateway\/challenge\/pay_/);
    const code = answer.reservation.code;
    const ask = () => post("/api/confirmPayment.do", { reservation: code, gateway: "sandbox" });
    // The return URL alone confirms nothing.
    expect((await ask()).json()).toEqual({ status: "payment_required", paid: false });
    const challenge = await app.inject({
      method: "POST",
      url: answer.redirectUrl,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "outcome=approve",
    });
    expect(challenge.statusCode).toBe(303);
    expect(challenge.headers.location).toContain(`/3ds/code/${code}/email/`);
    const answers = await Promise.all(Array.from({ length: 5 }, ask));
    for (const a of answers) expect(a.json()).toEqual({ status: "confirmed", paid: true });
    const [counts] = await database.query<{ changes: number; mails: number }>(sql`
      select (select count(*)::int from reservation_history h join reservation r on r.id = h.reservation_id
               where r.code = ${code} and h.action = 'payment_succeeded') as changes,
             (select count(*)::int from mail_outbox m join reservation r on r.id = m.reservation_id where r.code = ${code}) as mails`);
    expect(counts).toEqual({ changes: 1, mails: 2 });
  });

  it("cancels and releases the rooms when the 3-D Secure challenge fails", async () => {
    const card = await cardToken("4000000000003220");
    const res = await post("/api/guestdata.do", paid(card));
    const { redirectUrl, reservation } = res.json();
    await app.inject({
      method: "POST",
      url: redirectUrl,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "outcome=fail",
    });
    const confirm = await post("/api/confirmPayment.do", {
      reservation: reservation.code,
      gateway: "sandbox",
    });
    expect(confirm.json()).toEqual({ status: "cancelled", paid: false });
    const rooms = await database.query<{ status: string }>(sql`select rr.status from reservation_room rr
      join reservation r on r.id = rr.reservation_id where r.code = ${reservation.code}`);
    expect(rooms).toEqual([{ status: "C" }]);
  });
});

describe("redirect methods of the sandbox gateway", () => {
  const onlineBooking = (method: string, arrival = "20300120", departure = "20300122") =>
    booking(
      { hotel: online.hotel.id, arrival, departure, payment: { method } },
      {
        roomId: onlineRoom.id,
        rateId: onlinePrepaid.id,
      },
    );
  const form = (url: string, outcome: "approve" | "fail") =>
    app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `outcome=${outcome}`,
    });
  const ask = (code: string) => post("/api/confirmPayment.do", { reservation: code, gateway: "sandbox" });
  const dues = (code: string) =>
    database.query<{ status: string; amount_minor: number }>(sql`select d.status, d.amount_minor
      from payment_due d join reservation r on r.id = d.reservation_id where r.code = ${code} order by d.due_date`);

  it("offers the methods the hotel enables, only where the rate asks for money before the stay", async () => {
    const res = await post("/api/guestdata.do", { ...onlineBooking("pay_at_hotel"), checkPrepaid: 1 }, null);
    expect(res.json()).toMatchObject({
      dueNow: 100,
      dueLater: [{ date: "20300118", amount: 100 }],
      // No bank details in this hotel's settings: no bank transfer.
      paymentMethods: ["card_payment", "instant_bank", "wallet", "mobile", "pay_by_link"],
    });
    // The first hotel enables none of them: asking for one is refused, naming the field.
    const refused = await post(
      "/api/guestdata.do",
      booking({ payment: { method: "wallet" } }, { rateId: prepaid.id }),
    );
    expect(refused.status).toBe(400);
    expect(refused.json().error.details).toEqual([
      { field: "payment.method", message: "payment_method_not_available" },
    ]);
  });

  it("sends the guest to the instant-bank page and confirms once the gateway says it was paid", async () => {
    const res = await post("/api/guestdata.do", onlineBooking("instant_bank"));
    expect(res.status, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ next: "3ds", reservation: { status: "payment_required" } });
    expect(answer.redirectUrl).toMatch(/^\/sandbox-gateway\/pay\/pay_/);
    const page = await app.inject({ method: "GET", url: answer.redirectUrl });
    expect(page.body).toContain("Instant bank payment");
    // The amount as the booking pages write it (SPEC §9, ADR 0019).
    expect(page.body).toContain("100,00\u00a0EUR");
    const code = answer.reservation.code;
    expect((await ask(code)).json()).toEqual({ status: "payment_required", paid: false });
    const back = await form(answer.redirectUrl, "approve");
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain(`/3ds/code/${code}/email/`);
    for (const a of await Promise.all(Array.from({ length: 3 }, () => ask(code))))
      expect(a.json()).toEqual({ status: "confirmed", paid: true });
    expect(await dues(code)).toEqual([
      { status: "paid", amount_minor: 10000 },
      { status: "due", amount_minor: 10000 },
    ]);
    // A second submit of the gateway's page changes nothing.
    await form(answer.redirectUrl, "fail");
    expect((await ask(code)).json()).toEqual({ status: "confirmed", paid: true });
  });

  it("cancels and gives the rooms back when the guest cancels in the wallet", async () => {
    const res = await post("/api/guestdata.do", onlineBooking("wallet", "20300123", "20300124"));
    const { redirectUrl, reservation } = res.json();
    await form(redirectUrl, "fail");
    expect((await ask(reservation.code)).json()).toEqual({ status: "cancelled", paid: false });
    const left = await database.query<{ sold: number }>(sql`select sold from inventory
      where room_type_id = ${onlineRoom.id} and day = '2030-01-23'`);
    expect(left).toEqual([{ sold: 0 }]);
  });

  it("confirms a pay-by-link booking at once, mails the link, and settles the schedule once when it is paid", async () => {
    const res = await post("/api/guestdata.do", onlineBooking("pay_by_link", "20300126", "20300128"));
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({ next: "voucher", reservation: { status: "confirmed" } });
    const code = res.json().reservation.code;
    const [tx] = await database.query<{ kind: string; amount_minor: number; redirect_url: string }>(sql`
      select t.kind, t.amount_minor, t.redirect_url from payment_transaction t
      join reservation r on r.id = t.reservation_id where r.code = ${code}`);
    expect(tx).toMatchObject({ kind: "link", amount_minor: 20000 });
    await renderPendingMails(database);
    const [mail] = await database.query<{
      html: string;
      text: string;
    }>(sql`select m.html, m.text from mail_outbox m
      join reservation r on r.id = m.reservation_id where r.code = ${code} and m.to = 'maria@example.test'`);
    // The mail's link is Alloggio's own, which opens the gateway's page as it stands.
    const link = `/api/bol/reservation/${code}/payment-link?mail=maria%40example.test`;
    expect(mail!.text).toContain(`Pay now: http://localhost${link}`);
    expect(mail!.html).toContain(`href="http://localhost${link}"`);
    const followed = await app.inject({ method: "GET", url: link });
    expect([followed.statusCode, followed.headers.location]).toEqual([303, tx!.redirect_url]);
    const stranger = await app.inject({ method: "GET", url: link.replace("maria", "marco") });
    expect(stranger.statusCode).toBe(404);
    expect(await dues(code)).toEqual([
      { status: "due", amount_minor: 10000 },
      { status: "due", amount_minor: 10000 },
    ]);
    await form(tx!.redirect_url, "approve");
    for (const a of await Promise.all(Array.from({ length: 5 }, () => ask(code))))
      expect(a.json()).toEqual({ status: "confirmed", paid: true });
    expect(await dues(code)).toEqual([
      { status: "paid", amount_minor: 10000 },
      { status: "paid", amount_minor: 10000 },
    ]);
    const [history] = await database.query<{
      n: number;
    }>(sql`select count(*)::int as n from reservation_history h
      join reservation r on r.id = h.reservation_id where r.code = ${code} and h.action = 'payment_succeeded'`);
    expect(history!.n).toBe(1);
  });
});

describe("the sandbox card page", () => {
  it("refuses a bad card with messages by field, and an expiry not written MM/YYYY", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/sandbox-gateway/card",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "number=4242424242424241&expiry=13-2031&holder=&cvv=12&return=//evil.example",
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("Invalid card number");
    expect(res.body).toContain("should be MM/YYYY");
    expect(res.body).not.toContain("evil.example");
  });
});
