import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";

// The clock each request reads; a test moves it. Hotel in Rome (UTC+1 in winter).
let now = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

// One room of its type a night: the resale stock is what decides whether a second guest can book.
const room = aRoomType();
const resellable = aRatePlan({
  refundable: false,
  freeCancellationDays: undefined,
  resellable: true,
  resaleFeePercent: 10,
});
const flexible = aRatePlan({ freeCancellationDays: 3 });
const hotel = buildProperty({
  roomTypes: [room],
  ratePlans: [resellable, flexible],
  prices: [
    aPriceRange(room, resellable, { perAdults: { "1": 90, "2": 100 } }),
    aPriceRange(room, flexible, { perAdults: { "1": 110, "2": 120 } }),
  ],
  inventory: [anInventoryRange(room, { allotment: 1 })],
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

const MAIL = "maria@example.test";
let stays = 0;
/** A stay of its own: `nights` nights from 20 January onwards, 5 days apart. */
function aStay(nights = 2) {
  const first = new Date(Date.UTC(2030, 0, 20 + 5 * stays++));
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  return {
    arrival: ymd(first),
    departure: ymd(new Date(first.getTime() + nights * 86_400_000)),
    day: (n: number) => new Date(first.getTime() + n * 86_400_000).toISOString().slice(0, 10),
  };
}

async function book(
  stay: { arrival: string; departure: string },
  rateId = resellable.id,
  adults = 2,
  mail = MAIL,
) {
  const body = aBookingRequest(
    { hotel: hotel.hotel.id, roomId: room.id, rateId, arrival: stay.arrival, departure: stay.departure },
    {},
    { adults },
  );
  (body.booker as { email: string; emailConfirm?: string }).email = mail;
  (body.booker as { emailConfirm?: string }).emailConfirm = mail;
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: body,
  });
  return res;
}

async function booked(stay: { arrival: string; departure: string }, rateId = resellable.id) {
  const res = await book(stay, rateId);
  expect(res.statusCode, res.body).toBe(200);
  const code: string = res.json().reservation.code;
  const [row] = await database.query<{ id: number }>(sql`select rr.id from reservation_room rr
      join reservation r on r.id = rr.reservation_id where r.code = ${code} order by rr.slot limit 1`);
  return { code, roomId: row!.id };
}

async function list(code: string, rooms: number[], key = anIdempotencyKey(), mail = MAIL) {
  return app.inject({
    method: "POST",
    url: `/api/v2/reservations/${code}/resale`,
    headers: { "idempotency-key": key },
    payload: { mail, rooms },
  });
}

async function withdraw(code: string, offerId: number, key = anIdempotencyKey()) {
  return app.inject({
    method: "DELETE",
    url: `/api/v2/reservations/${code}/resale/${offerId}`,
    headers: { "idempotency-key": key },
    payload: { mail: MAIL },
  });
}

async function history(code: string) {
  const rows = await database.query<{ action: string }>(sql`select h.action from reservation_history h
    join reservation r on r.id = h.reservation_id where r.code = ${code} and h.action like 'resale%' order by h.id`);
  return rows.map((r) => r.action);
}

describe("putting a room up for resale", () => {
  it("lists the room's nights until 23:59 hotel time the day before arrival, once; a replay answers the same", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const stay = aStay();
    const { code, roomId } = await booked(stay);
    const key = anIdempotencyKey();
    const res = await list(code, [roomId], key);
    expect(res.statusCode, res.body).toBe(200);
    const [offer] = res.json().offers;
    expect(offer).toMatchObject({
      roomId,
      status: "listed",
      feePercent: 10,
      // 23:59:59.999 in Rome (UTC+1) the day before arrival
      deadline: `${stay.day(-1)}T22:59:59.999Z`,
      nights: [
        { day: stay.arrival, status: "listed" },
        { day: stay.day(1).replaceAll("-", ""), status: "listed" },
      ],
      recovered: 0,
      fee: 0,
      refund: 0,
      currency: "EUR",
    });
    const replay = await list(code, [roomId], key);
    expect(replay.json()).toEqual(res.json());
    const again = await list(code, [roomId]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("resale_listed");
    expect(await history(code)).toEqual(["resale_listed"]);
  });

  it("refuses a rate that is not resellable, a listing past the deadline, a cancelled booking and a wrong e-mail", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const flex = await booked(aStay(), flexible.id);
    const refused = await list(flex.code, [flex.roomId]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("not_resellable");

    const stay = aStay();
    const late = await booked(stay);
    now = new Date(`${stay.day(-1)}T23:00:00Z`); // 00:00 in Rome on the arrival day
    const closed = await list(late.code, [late.roomId]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe("resale_closed");
    now = new Date(`${stay.day(-1)}T22:59:00Z`); // 23:59 in Rome: still open
    expect((await list(late.code, [late.roomId])).statusCode).toBe(200);

    now = new Date("2030-01-05T10:00:00Z");
    const gone = await booked(aStay(), flexible.id);
    const cancelled = await app.inject({
      method: "POST",
      url: "/api/delete.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: { channel: 1, mail: MAIL, reservation: gone.code },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = await list(gone.code, [gone.roomId]);
    expect(afterCancel.statusCode).toBe(409);
    expect(afterCancel.json().error.code).toBe("reservation_cancelled");

    const wrongMail = await list(late.code, [late.roomId], anIdempotencyKey(), "someone@example.test");
    expect(wrongMail.statusCode).toBe(404);
    const otherRoom = await list(late.code, [gone.roomId]);
    expect(otherRoom.statusCode).toBe(404);
  });

  it("withdraws an offer none of whose nights sold", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const { code, roomId } = await booked(aStay());
    const offerId = (await list(code, [roomId])).json().offers[0].id;
    const res = await withdraw(code, offerId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offers[0]).toMatchObject({ id: offerId, status: "withdrawn" });
    expect(res.json().offers[0].nights.map((n: { status: string }) => n.status)).toEqual([
      "withdrawn",
      "withdrawn",
    ]);
    const twice = await withdraw(code, offerId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("resale_not_listed");
    expect(await history(code)).toEqual(["resale_listed", "resale_withdrawn"]);
    // listed again after a withdrawal
    expect((await list(code, [roomId])).statusCode).toBe(200);
  });
});
