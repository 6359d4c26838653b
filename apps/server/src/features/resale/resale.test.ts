import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey, aSandboxCardToken } from "@alloggio/test-kit/booking";
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
import { runTimedChanges } from "../../jobs/timed-changes";
import { releaseInventory } from "../booking/changes-repository";
import { createPaymentGateways, createSandboxGateway } from "../payments";
import { renderPendingMails } from "../voucher-pdf";

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
const prepaidResellable = aRatePlan({
  refundable: false,
  freeCancellationDays: undefined,
  resellable: true,
  resaleFeePercent: 10,
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
// Booked as an option: pending until the hotel confirms it.
const option = aRatePlan({ freeCancellationDays: 3, optionHours: 24 });
const hotel = buildProperty({
  roomTypes: [room],
  ratePlans: [resellable, flexible, prepaidResellable, option],
  prices: [
    aPriceRange(room, resellable, { perAdults: { "1": 90, "2": 100 } }),
    aPriceRange(room, flexible, { perAdults: { "1": 110, "2": 120 } }),
    aPriceRange(room, prepaidResellable, { perAdults: { "1": 90, "2": 100 } }),
    aPriceRange(room, option, { perAdults: { "1": 110, "2": 120 } }),
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
  payment: Record<string, unknown> = { method: "pay_at_hotel" },
) {
  const body = aBookingRequest(
    { hotel: hotel.hotel.id, roomId: room.id, rateId, arrival: stay.arrival, departure: stay.departure },
    { payment },
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

async function booked(
  stay: { arrival: string; departure: string },
  rateId = resellable.id,
  payment: Record<string, unknown> = { method: "pay_at_hotel" },
) {
  const res = await book(stay, rateId, 2, MAIL, payment);
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

/** The kinds of the change mails queued for a reservation, guest's and hotel's. */
async function mails(code: string) {
  const rows = await database.query<{ kind: string }>(sql`select m.render->'change'->>'kind' as kind
    from mail_outbox m join reservation r on r.id = m.reservation_id
    where r.code = ${code} and m.render->'change'->>'kind' like 'resale%' order by m.id`);
  return rows.map((r) => r.kind);
}

/** The voucher's view of the first room's resale (retrieve.do). */
async function voucherResale(code: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/retrieve.do",
    payload: { channel: 1, code, mail: MAIL },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rooms[0].resale;
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
    expect(await mails(code)).toEqual(["resale_listed", "resale_listed"]);
    expect(await voucherResale(code)).toEqual({
      deadline: `${stay.day(-1)}T22:59:59.999Z`,
      feePercent: 10,
      offer: offer,
    });
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

/** `sold` of the room type on an ISO day. */
async function soldOn(day: string) {
  const [row] = await database.query<{ sold: number }>(
    sql`select sold from inventory where room_type_id = ${room.id} and day = ${day}::date`,
  );
  return row!.sold;
}

/**
 * The generalised invariant (ADR 0065) on every night of the room type: `sold` = active room nights − resale
 * nights sold whose holder's room is active. Answers the nights where it fails.
 */
async function invariantBreaches() {
  return database.query<{ day: string; sold: number; expected: number }>(sql`
    select i.day::text as day, i.sold, e.expected::int as expected from inventory i
    cross join lateral (select
      (select count(*) from reservation_room rr, generate_series(rr.arrival, rr.departure - 1, interval '1 day') d
        where rr.room_type_id = i.room_type_id and rr.status = 'A' and d::date = i.day)
      - (select count(*) from resale_night rn join resale_offer o on o.id = rn.offer_id
          join reservation_room h on h.id = o.reservation_room_id
        where rn.room_type_id = i.room_type_id and rn.day = i.day and rn.status = 'sold' and h.status = 'A')
      as expected) e
    where i.room_type_id = ${room.id} and i.sold <> e.expected`);
}

async function roomsFree(stay: { arrival: string; departure: string }) {
  const res = await app.inject({
    method: "GET",
    url: `/api/avail.do?channel=1&hotel=${hotel.hotel.id}&language=1&arrival=${stay.arrival}&departure=${stay.departure}&adults=2`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().availability[0] ?? []).length > 0;
}

describe("resale stock", () => {
  it("is free in the search and sold before the hotel's own rooms; `sold` does not move", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const stay = aStay();
    const holder = await booked(stay);
    expect(await soldOn(stay.day(0))).toBe(1);
    expect(await roomsFree(stay)).toBe(false);
    expect((await book(stay, flexible.id)).json().error.code).toBe("sold_out");

    expect((await list(holder.code, [holder.roomId])).statusCode).toBe(200);
    expect(await roomsFree(stay)).toBe(true);
    // The second guest books the first night only, on another rate at 120.
    const firstNight = { arrival: stay.arrival, departure: stay.day(1).replaceAll("-", "") };
    const buyer = await booked(firstNight, flexible.id);
    expect(await soldOn(stay.day(0))).toBe(1);
    const nights = await database.query<{
      day: string;
      status: string;
      buyer: number | null;
      recovered: number | null;
    }>(
      sql`select n.day::text as day, n.status, n.buyer_room_id as buyer, n.recovered_minor as recovered
        from resale_night n join resale_offer o on o.id = n.offer_id where o.reservation_room_id = ${holder.roomId}
        order by n.day`,
    );
    // Recovered: the buyer's 120 capped at the holder's 100.
    expect(nights).toEqual([
      { day: stay.day(0), status: "sold", buyer: buyer.roomId, recovered: 10000 },
      { day: stay.day(1), status: "listed", buyer: null, recovered: null },
    ]);
    expect(await roomsFree(firstNight)).toBe(false);
    expect((await book(firstNight, flexible.id)).json().error.code).toBe("sold_out");
    expect(await invariantBreaches()).toEqual([]);
  });

  it("two bookings racing for one resale night: one wins, the other is sold out, no drift", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const stay = aStay(1);
    const holder = await booked(stay);
    expect((await list(holder.code, [holder.roomId])).statusCode).toBe(200);
    const results = await Promise.all([
      book(stay, flexible.id, 2, "a@example.test"),
      book(stay, flexible.id, 2, "b@example.test"),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe("sold_out");
    expect(await soldOn(stay.day(0))).toBe(1);
    expect(await invariantBreaches()).toEqual([]);
  });

  it("cancelling the buyer's room before settlement relists the night; cancelling the holder's gives back only the nights not resold", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const stay = aStay();
    const holder = await booked(stay);
    expect((await list(holder.code, [holder.roomId])).statusCode).toBe(200);
    const firstNight = { arrival: stay.arrival, departure: stay.day(1).replaceAll("-", "") };
    const buyer = await booked(firstNight, flexible.id);
    const cancelBuyer = await app.inject({
      method: "POST",
      url: "/api/delete.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: { channel: 1, mail: MAIL, reservation: buyer.code },
    });
    expect(cancelBuyer.statusCode, cancelBuyer.body).toBe(200);
    // Cancelled before its resale was settled: the night is the holder's resale stock again, not free stock.
    expect(await soldOn(stay.day(0))).toBe(1);
    expect(await roomsFree(firstNight)).toBe(true);
    expect(await invariantBreaches()).toEqual([]);
    const again = await booked(firstNight, flexible.id);
    expect(await soldOn(stay.day(0))).toBe(1);

    // The hotel cancels the holder's room: night 1 was resold (the new buyer holds it), night 2 is withdrawn.
    const [r] = await database.query<{ id: number }>(
      sql`select id from reservation where code = ${holder.code}`,
    );
    await database.db.transaction(async (tx) => {
      await releaseInventory(tx, r!.id);
    });
    expect(await soldOn(stay.day(0))).toBe(1);
    expect(await soldOn(stay.day(1))).toBe(0);
    expect(await invariantBreaches()).toEqual([]);
    const [offer] = await database.query<{ status: string }>(
      sql`select status from resale_offer where reservation_room_id = ${holder.roomId}`,
    );
    expect(offer?.status).toBe("settled");
    const nights = await database.query<{ status: string }>(sql`select n.status from resale_night n
      join resale_offer o on o.id = n.offer_id where o.reservation_room_id = ${holder.roomId} order by n.day`);
    expect(nights.map((n) => n.status)).toEqual(["sold", "withdrawn"]);
    expect(again.code).toBeTruthy();
  });
});

const sweep = () =>
  runTimedChanges({
    database,
    gateways: createPaymentGateways(createSandboxGateway(database)),
    now: () => now,
    baseUrl: "http://localhost",
  });

async function money(code: string) {
  const [row] = await database.query<{ total: number; refunds: number[]; history: string[] }>(sql`
    select r.total_minor as total,
      (select coalesce(array_agg(t.amount_minor order by t.id), '{}') from payment_transaction t
        where t.reservation_id = r.id and t.kind = 'refund' and t.status = 'refunded') as refunds,
      (select coalesce(array_agg(h.action order by h.id), '{}') from reservation_history h
        where h.reservation_id = r.id and h.action like 'resale%') as history
    from reservation r where r.code = ${code}`);
  return row!;
}

describe("the resale sweeps", () => {
  it("refund the holder what the resale recovered less the fee, to the card, once however often they run", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const stay = aStay();
    const { token, last4 } = await aSandboxCardToken(app);
    const holder = await booked(stay, prepaidResellable.id, {
      method: "card_payment",
      cardToken: token,
      cardLast4: last4,
    });
    expect((await money(holder.code)).total).toBe(20000);
    expect((await list(holder.code, [holder.roomId])).statusCode).toBe(200);
    await booked({ arrival: stay.arrival, departure: stay.day(1).replaceAll("-", "") }, flexible.id);
    await Promise.all([sweep(), sweep()]);
    await sweep();
    // Recovered 100 (the buyer's 120 capped), fee 10 %: 90 back to the card; the room now costs 110.
    expect(await money(holder.code)).toEqual({
      total: 11000,
      refunds: [9000],
      history: ["resale_listed", "resale_night_sold", "resale_settled"],
    });
    expect(await mails(holder.code)).toEqual([
      "resale_listed",
      "resale_listed",
      "resale_sold",
      "resale_sold",
    ]);
    expect(await voucherResale(holder.code)).toMatchObject({
      offer: { status: "listed", recovered: 100, fee: 10, refund: 90 },
    });
    await renderPendingMails(database);
    const [mail] = await database.query<{ text: string }>(sql`select m.text from mail_outbox m
      join reservation r on r.id = m.reservation_id
      where r.code = ${holder.code} and m."to" = ${MAIL} order by m.id desc limit 1`);
    for (const fact of ["Nights resold", "Recovered: 100,00", "Resale fee: 10,00", "Refund: 90,00"])
      expect(mail?.text).toContain(fact);
    expect(await invariantBreaches()).toEqual([]);
  });

  it("at the hotel: nothing captured, the refund lowers what is owed", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const stay = aStay(1);
    const holder = await booked(stay);
    expect((await list(holder.code, [holder.roomId])).statusCode).toBe(200);
    await booked(stay, flexible.id);
    await sweep();
    expect(await money(holder.code)).toEqual({
      total: 1000,
      refunds: [],
      history: ["resale_listed", "resale_night_sold", "resale_settled"],
    });
    const [offer] = await database.query<{ status: string }>(
      sql`select status from resale_offer where reservation_room_id = ${holder.roomId}`,
    );
    expect(offer?.status).toBe("settled");
  });

  it("refund nothing while the buyer's booking is not confirmed, nor once it lapses", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const stay = aStay(1);
    const holder = await booked(stay);
    expect((await list(holder.code, [holder.roomId])).statusCode).toBe(200);
    const buyer = await booked(stay, option.id);
    const [status] = await database.query<{ status: string }>(
      sql`select status from reservation where code = ${buyer.code}`,
    );
    expect(status?.status).toBe("pending_confirmation");
    await sweep();
    expect((await money(holder.code)).history).toEqual(["resale_listed"]);
    // The option runs out: nothing was sold, the night is the holder's resale stock again, not free stock.
    now = new Date("2030-01-06T11:00:00Z");
    await sweep();
    expect(await money(holder.code)).toMatchObject({ total: 10000, refunds: [], history: ["resale_listed"] });
    expect(await soldOn(stay.day(0))).toBe(1);
    const nights = await database.query<{ status: string; buyer: number | null }>(sql`select n.status,
      n.buyer_room_id as buyer from resale_night n join resale_offer o on o.id = n.offer_id
      where o.reservation_room_id = ${holder.roomId}`);
    expect(nights).toEqual([{ status: "listed", buyer: null }]);
    expect(await invariantBreaches()).toEqual([]);
  });

  it("unsold at the deadline: the nights expire and nothing changes for the holder", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const stay = aStay();
    const holder = await booked(stay);
    expect((await list(holder.code, [holder.roomId])).statusCode).toBe(200);
    now = new Date(`${stay.day(-1)}T22:59:00Z`);
    await sweep();
    expect((await money(holder.code)).history).toEqual(["resale_listed"]);
    now = new Date(`${stay.day(-1)}T23:00:00Z`);
    await Promise.all([sweep(), sweep()]);
    expect(await money(holder.code)).toEqual({
      total: 20000,
      refunds: [],
      history: ["resale_listed", "resale_expired"],
    });
    expect(await mails(holder.code)).toEqual([
      "resale_listed",
      "resale_listed",
      "resale_expired",
      "resale_expired",
    ]);
    expect(await soldOn(stay.day(0))).toBe(1);
    // No longer resale stock: the night is sold out again.
    expect((await book(stay, flexible.id)).json().error.code).toBe("sold_out");
    expect(await invariantBreaches()).toEqual([]);
  });
});

describe("OpenAPI", () => {
  it("documents the resale calls under the voucher's tag, with their body and answer", async () => {
    const doc = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(doc.statusCode).toBe(200);
    const paths = doc.json().paths as Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    const list = paths["/api/v2/reservations/{code}/resale"]?.post;
    const withdraw = paths["/api/v2/reservations/{code}/resale/{offerId}"]?.delete;
    expect(list?.tags).toEqual(["manage"]);
    expect(list?.summary).toContain("resale_closed");
    expect(withdraw?.tags).toEqual(["manage"]);
    expect(JSON.stringify(doc.json().components?.schemas ?? {})).toContain("ResaleOffer");
  });
});
