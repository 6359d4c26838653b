import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
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
import { renderPendingMails } from "../voucher-pdf";

// The clock each request reads; a test moves it. Hotel in Rome (UTC+1 in winter).
let now = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const room = aRoomType({ name: { en: "Garden double", it: "Doppia giardino", de: "Doppelzimmer Garten" } });
// Free until 3 days before arrival, then the first night.
const flexible = aRatePlan({ freeCancellationDays: 3 });
const nonRefundable = aRatePlan({
  refundable: false,
  freeCancellationDays: undefined,
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
const prepaidFlexible = aRatePlan({
  freeCancellationDays: 3,
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
const resellable = aRatePlan({ refundable: false, freeCancellationDays: undefined, resellable: true });
const hotel = buildProperty({
  hotel: {
    settings: { bankTransfer: { owner: "Test Hotel", iban: "IT60X0542811101000000123456", dueDays: 3 } },
  },
  roomTypes: [room],
  ratePlans: [flexible, nonRefundable, prepaidFlexible, resellable],
  prices: [
    aPriceRange(room, flexible, { perAdults: { "1": 90, "2": 100 } }),
    aPriceRange(room, nonRefundable, { perAdults: { "1": 80, "2": 90 } }),
    aPriceRange(room, prepaidFlexible, { perAdults: { "1": 100, "2": 110 } }),
    aPriceRange(room, resellable, { perAdults: { "1": 70, "2": 75 } }),
  ],
  inventory: [anInventoryRange(room, { allotment: 50 })],
});

// A hotel with city tax and a resort fee for every adult and night.
const taxRoom = aRoomType();
const taxRate = aRatePlan({
  freeCancellationDays: 3,
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
const feeCategory = aServiceCategory();
const resortFee = aService(feeCategory, {
  pricingBasis: "per_person",
  perNight: true,
  price: 3,
  mandatoryFor: "all_adults",
});
const taxHotel = buildProperty({
  hotel: { cityTax: 2 },
  roomTypes: [taxRoom],
  ratePlans: [taxRate],
  prices: [aPriceRange(taxRoom, taxRate, { perAdults: { "2": 100 } })],
  inventory: [anInventoryRange(taxRoom, { allotment: 10 })],
  serviceCategories: [feeCategory],
  services: [resortFee],
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  await seedProperty(database, taxHotel);
  app = await createTestApp(database, () => now);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const MAIL = "maria@example.test";
let stays = 0;
/** Books `rooms` rooms on a stay of its own (2 nights from 20 January onwards) and answers its code and dates. */
async function book(
  rateId: number,
  rooms = 1,
  payment: Record<string, unknown> = { method: "pay_at_hotel" },
) {
  const first = new Date(Date.UTC(2030, 0, 20 + 3 * stays++));
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  const arrival = ymd(first);
  const departure = ymd(new Date(first.getTime() + 2 * 86_400_000));
  const body = aBookingRequest(
    { hotel: hotel.hotel.id, roomId: room.id, rateId, arrival, departure },
    { payment },
  );
  body.rooms = Array.from({ length: rooms }, (_, slot) => ({
    slot,
    roomId: room.id,
    rateId,
    adults: 2,
    ages: [],
    refundProtection: false,
  }));
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  const code: string = res.json().reservation.code;
  const roomIds = (
    await database.query<{ id: number }>(sql`select rr.id from reservation_room rr
      join reservation r on r.id = rr.reservation_id where r.code = ${code} order by rr.slot`)
  ).map((r) => r.id);
  return { code, roomIds, day: first.toISOString().slice(0, 10) };
}

async function cancel(body: Record<string, unknown>, key: string | null = anIdempotencyKey()) {
  const res = await app.inject({
    method: "POST",
    url: "/api/delete.do",
    headers: key ? { "idempotency-key": key } : {},
    payload: { channel: 1, mail: MAIL, ...body },
  });
  return { status: res.statusCode, json: () => res.json(), body: res.body };
}

async function facts(code: string, day: string) {
  const [row] = await database.query<{
    status: string;
    total: number;
    sold: number;
    rooms: string[];
    mails: number;
    history: string[];
  }>(sql`select r.status, r.total_minor as total,
      (select sold from inventory where room_type_id = ${room.id} and day = ${day}::date) as sold,
      (select array_agg(status order by slot) from reservation_room where reservation_id = r.id) as rooms,
      (select count(*)::int from mail_outbox where reservation_id = r.id) as mails,
      (select coalesce(array_agg(action order by id), '{}') from reservation_history
        where reservation_id = r.id and actor = 'guest' and action <> 'created') as history
    from reservation r where r.code = ${code}`);
  return row!;
}

describe("delete.do", () => {
  it("previews a free cancellation and changes nothing", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const { code, day } = await book(flexible.id, 1);
    const before = await facts(code, day);
    const res = await cancel({ reservation: code, preview: true }, null);
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      currency: "EUR",
      cancelsReservation: true,
      free: true,
      penalty: 0,
      newTotal: 0,
      refund: 0,
      rooms: [{ outcome: "free", reason: "before_deadline", penalty: 0 }],
    });
    expect(res.json().rooms[0].freeUntil).toMatch(/^\d{8}$/);
    expect(await facts(code, day)).toEqual(before);
  });

  it("cancels one room of two: its nights go back on sale, the total shrinks, both parties are mailed", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const { code, roomIds, day } = await book(flexible.id, 2);
    expect(await facts(code, day)).toMatchObject({ status: "confirmed", total: 40000, sold: 2, mails: 2 });
    const res = await cancel({ reservation: code, room: roomIds[1] });
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code, status: "confirmed", total: 200 });
    expect(await facts(code, day)).toEqual({
      status: "confirmed",
      total: 20000,
      sold: 1,
      rooms: ["A", "C"],
      mails: 4,
      history: ["room_cancelled"],
    });
    // A room that is not part of the reservation: 404 naming it.
    const stranger = await cancel({ reservation: code, room: 999999 });
    expect(stranger.status).toBe(404);
    expect(stranger.json().error.details).toEqual([
      { field: "room", message: "Room 999999 is not part of this reservation" },
    ]);
    // The last room cancels the reservation.
    const last = await cancel({ reservation: code, room: roomIds[0] });
    expect(last.json()).toMatchObject({ status: "cancelled", total: 0 });
    expect(await facts(code, day)).toMatchObject({ status: "cancelled", sold: 0, rooms: ["C", "C"] });
    // Again: already cancelled.
    const again = await cancel({ reservation: code });
    expect(again.status).toBe(409);
    expect(again.json().error.code).toBe("already_cancelled");
  });

  it("cancels a room with its city tax, its mandatory extras and a refund line", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const card = await app.inject({
      method: "POST",
      url: "/sandbox-gateway/card",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "number=4242424242424242&expiry=12%2F2031&holder=Maria+Rossi&cvv=123&return=%2F",
    });
    const token = /data-token="([^"]+)"/.exec(card.body)![1]!;
    const body = aBookingRequest(
      {
        hotel: taxHotel.hotel.id,
        roomId: taxRoom.id,
        rateId: taxRate.id,
        arrival: "20300301",
        departure: "20300303",
      },
      { payment: { method: "card_payment", cardToken: token, cardLast4: "4242" } },
    );
    body.rooms = [0, 1].map((slot) => ({
      slot,
      roomId: taxRoom.id,
      rateId: taxRate.id,
      adults: 2,
      ages: [],
      refundProtection: false,
    }));
    const booked = await app.inject({
      method: "POST",
      url: "/api/guestdata.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: body,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const code: string = booked.json().reservation.code;
    // Each room: 2 nights × 100 and the resort fee 2 adults × 2 nights × 3; city tax 2 × 2 × 2 each.
    expect(booked.json().reservation.total).toBe(424);
    const [second] = await database.query<{ id: number }>(sql`select rr.id from reservation_room rr
      join reservation r on r.id = rr.reservation_id where r.code = ${code} and rr.slot = 1`);
    const res = await cancel({ reservation: code, room: second!.id });
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 212, servicesTotal: 12, cityTax: 8 });
    expect(res.json().refunds).toEqual([{ date: "20300105", amount: 212, status: "refunded" }]);
    const [row] = await database.query<{ city_tax_minor: number; services_total_minor: number }>(sql`
      select city_tax_minor, services_total_minor from reservation where code = ${code}`);
    expect(row).toEqual({ city_tax_minor: 800, services_total_minor: 1200 });
    // The guest's mail of the change marks the room and its fee cancelled, and the refund is in the schedule:
    // rendered by the worker after the gateway refunded it, it says so (ADR 0047: the reservation as it stands).
    await renderPendingMails(database);
    const [mail] = await database.query<{ text: string }>(sql`select m.text from mail_outbox m
      join reservation r on r.id = m.reservation_id
      where r.code = ${code} and m."to" = ${MAIL} order by m.id desc limit 1`);
    const text = mail!.text;
    expect(text).toMatch(/2\. [^\n;]* — Cancelled/);
    expect(text).toMatch(/Service[^\n]*Room 2[^\n]*Cancelled/);
    expect(text).toMatch(/5 January 2030; Amount: −212[.,]00\sEUR; Status: Refunded/);
    expect(text).toMatch(/City tax[^\n]*8[.,]00/);
    expect(text).not.toMatch(/City tax[^\n]*16[.,]00/);
  });

  it("charges the first night after the deadline (hotel-local) and keeps it as the new total", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const { code, day } = await book(flexible.id, 1);
    // Arrival on the booked day; free until the end of the day 3 days before, in Rome.
    const arrival = new Date(`${day}T00:00:00Z`);
    const lastFree = new Date(arrival.getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
    now = new Date(`${lastFree}T22:59:00Z`); // 23:59 in Rome: still free
    expect((await cancel({ reservation: code, preview: true }, null)).json()).toMatchObject({ free: true });
    now = new Date(`${lastFree}T23:00:00Z`); // midnight in Rome: the first night is due
    const quote = (await cancel({ reservation: code, preview: true }, null)).json();
    expect(quote).toMatchObject({ free: false, penalty: 100, newTotal: 100, stillOwed: 100, refund: 0 });
    const res = await cancel({ reservation: code });
    expect(res.json()).toMatchObject({ status: "cancelled", total: 100 });
    expect(await facts(code, day)).toMatchObject({ status: "cancelled", total: 10000, sold: 0 });
    // Paid at the hotel, the penalty stays due: a line of the schedule dated the cancellation day (Rome).
    expect(res.json().prepayments).toEqual([
      expect.objectContaining({
        date: new Date(arrival.getTime() - 2 * 86_400_000).toISOString().slice(0, 10).replaceAll("-", ""),
        amount: 100,
        status: "due",
      }),
    ]);
    await renderPendingMails(database);
    const [mail] = await database.query<{ text: string }>(sql`select m.text from mail_outbox m
      join reservation r on r.id = m.reservation_id
      where r.code = ${code} and m."to" = ${MAIL} order by m.id desc limit 1`);
    expect(mail!.text).toMatch(/Amount: 100[.,]00\sEUR; Status: Due/);
  });

  it("refunds a free cancellation of a card payment through the gateway, once for five retries", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const card = await app.inject({
      method: "POST",
      url: "/sandbox-gateway/card",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "number=4242424242424242&expiry=12%2F2031&holder=Maria+Rossi&cvv=123&return=%2F",
    });
    const token = /data-token="([^"]+)"/.exec(card.body)![1]!;
    const { code, day } = await book(prepaidFlexible.id, 1, {
      method: "card_payment",
      cardToken: token,
      cardLast4: "4242",
    });
    const key = anIdempotencyKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel({ reservation: code }, key)));
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const refunds = await database.query<{ status: string; amount_minor: number; gateway: string }>(sql`
      select t.status, t.amount_minor, t.gateway from payment_transaction t join reservation r on r.id = t.reservation_id
      where r.code = ${code} and t.kind = 'refund'`);
    expect(refunds).toEqual([{ status: "refunded", amount_minor: 22000, gateway: "sandbox" }]);
    expect(await facts(code, day)).toMatchObject({ status: "cancelled", total: 0, history: ["cancel"] });
  });

  it("keeps the whole price of a non-refundable rate; refuses a resellable rate", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const { code } = await book(nonRefundable.id, 1, { method: "bank_transfer" });
    const quote = (await cancel({ reservation: code, preview: true }, null)).json();
    expect(quote).toMatchObject({
      free: false,
      penalty: 180,
      newTotal: 180,
      rooms: [{ reason: "non_refundable" }],
    });
    const resold = await book(resellable.id, 1);
    const res = await cancel({ reservation: resold.code });
    expect(res.status).toBe(409);
    expect(res.json().error.code).toBe("resellable");
  });

  it("answers a wrong e-mail exactly like a wrong code, and refuses once the stay has begun", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const { code, day } = await book(flexible.id, 1);
    const wrongMail = await cancel({ reservation: code, mail: "someone@example.test" });
    const wrongCode = await cancel({ reservation: "0000000000000000" });
    expect(wrongMail.status).toBe(404);
    const strip = (b: string) => ({ ...JSON.parse(b).error, requestId: undefined });
    expect(strip(wrongMail.body)).toEqual(strip(wrongCode.body));
    now = new Date(`${day}T23:30:00Z`); // the day after arrival in Rome
    const late = await cancel({ reservation: code });
    expect(late.status).toBe(409);
    expect(late.json().error.code).toBe("stay_started");
  });

  it("names the rooms of its answer in the page's language, the reservation's own without one", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const first = await book(flexible.id, 2);
    const german = await cancel({ reservation: first.code, room: first.roomIds[1], language: 3 });
    expect(german.status, german.body).toBe(200);
    expect(german.json().rooms.map((r: { name: string }) => r.name)).toEqual([
      "Doppelzimmer Garten",
      "Doppelzimmer Garten",
    ]);
    const second = await book(flexible.id, 1);
    expect((await cancel({ reservation: second.code })).json().rooms[0].name).toBe("Garden double");
  });

  it("needs an Idempotency-Key to cancel, not to preview", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const { code } = await book(flexible.id, 1);
    const res = await cancel({ reservation: code }, null);
    expect(res.status).toBe(400);
    expect(res.json().error.details[0].field).toBe("Idempotency-Key");
  });
});
