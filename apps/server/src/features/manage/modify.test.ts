import { MANAGE_PATHS } from "@alloggio/domain/contract/booking/manage";
import { TEST_API_KEY, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey, aSandboxCardToken } from "@alloggio/test-kit/booking";
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
import { type App, buildApp } from "../../http/app";
import { createRecoverLimiter } from "../../http/booking/routes";
import { createLinkBase } from "../../http/link-base";
import { registerModifyRoutes } from "../../http/manage/modify-routes";
import { createPaymentGateways, createSandboxGateway } from "../payments";
import { modifyReservation } from "./modify";

// 10:00 UTC on 5 January 2030 (11:00 in Rome); stays from 10 January.
const clock = fixedClock("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

// One room of this type only: a swap that overlaps its own nights must still find them.
const single = aRoomType();
const triple = aRoomType();
const flexible = aRatePlan({ payment: "pay_at_hotel", freeCancellationDays: 1, maxStay: 10 });
const prepaid = aRatePlan({
  payment: "prepaid",
  freeCancellationDays: 3,
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
const nonRefundable = aRatePlan({ refundable: false, freeCancellationDays: undefined });
const resellable = aRatePlan({ refundable: false, freeCancellationDays: undefined, resellable: true });
const extras = aServiceCategory();
const breakfast = aService(extras, { pricingBasis: "per_person", perNight: true, price: 10 });
const cleaning = aService(extras, {
  name: { en: "Final cleaning", it: "Pulizia finale", de: "Endreinigung" },
  pricingBasis: "per_stay",
  price: 40,
});
const massage = aService(extras, { pricingBasis: "per_unit", price: 50, needsDate: true });
const rates = [flexible, prepaid, nonRefundable, resellable];
// 100 a night for two until 14 January, 130 from the 15th.
const hotel = buildProperty({
  roomTypes: [single, triple],
  ratePlans: rates,
  prices: [single, triple].flatMap((room) =>
    rates.flatMap((rate) => [
      aPriceRange(room, rate, { to: "2030-01-14", perAdults: { "1": 80, "2": 100 } }),
      aPriceRange(room, rate, { from: "2030-01-15", perAdults: { "1": 110, "2": 130 } }),
    ]),
  ),
  inventory: [anInventoryRange(single, { allotment: 1 }), anInventoryRange(triple, { allotment: 40 })],
  serviceCategories: [extras],
  services: [breakfast, cleaning, massage],
});
const HOTEL = hotel.hotel.id;
const MAIL = "maria@example.test";

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  const gateway = createSandboxGateway(database);
  app = await buildApp({
    database,
    now: clock.now,
    apiKeys: [TEST_API_KEY],
    overrideSecret: TEST_OVERRIDE_SECRET,
    logLevel: process.env.TEST_LOG_LEVEL ?? "silent",
    gateway,
  });
  if (!app.hasRoute({ method: "POST", url: MANAGE_PATHS.modify }))
    registerModifyRoutes(app, {
      database,
      now: clock.now,
      overrideSecret: TEST_OVERRIDE_SECRET,
      gateways: createPaymentGateways(gateway),
      codeLimiter: createRecoverLimiter(database, clock.now),
      linkBase: createLinkBase(database, "http://localhost"),
    });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

type Body = Record<string, unknown>;

async function post(url: string, body: Body, key: string | null = anIdempotencyKey()) {
  const res = await app.inject({
    method: "POST",
    url,
    payload: body,
    headers: key ? { "idempotency-key": key } : {},
  });
  return { status: res.statusCode, json: () => res.json(), body: res.body };
}

const cardToken = (number?: string) => aSandboxCardToken(app, number);

type Booked = { code: string; id: number; rooms: number[] };

/** Books through guestdata.do and answers the code, the reservation id and its reservation_room ids. */
async function book(
  stay: { roomId: number; rateId: number; arrival?: string; departure?: string; rooms?: number },
  overrides: Body = {},
): Promise<Booked> {
  const arrival = stay.arrival ?? "20300110";
  const departure = stay.departure ?? "20300112";
  const body = aBookingRequest(
    { hotel: HOTEL, roomId: stay.roomId, rateId: stay.rateId, arrival, departure },
    overrides,
  );
  const room = (body.rooms as Body[])[0]!;
  body.rooms = Array.from({ length: stay.rooms ?? 1 }, (_, slot) => ({ ...room, slot }));
  const res = await post("/api/guestdata.do", body);
  expect(res.status, res.body).toBe(200);
  const code = res.json().reservation.code as string;
  const rows = await database.query<{ id: number; room_id: number }>(sql`
    select r.id, rr.id as room_id from reservation r join reservation_room rr on rr.reservation_id = r.id
    where r.code = ${code} order by rr.slot`);
  return { code, id: rows[0]!.id, rooms: rows.map((r) => r.room_id) };
}

async function prepaidBooking(stay: { arrival?: string; departure?: string } = {}): Promise<Booked> {
  const card = await cardToken();
  return book(
    { roomId: triple.id, rateId: prepaid.id, ...stay },
    { payment: { method: "card_payment", cardToken: card.token, cardLast4: card.last4 } },
  );
}

async function sold(roomTypeId: number, from: string, to: string): Promise<Record<string, number>> {
  const rows = await database.query<{ day: string; sold: number }>(sql`
    select to_char(day, 'YYYYMMDD') as day, sold from inventory
    where room_type_id = ${roomTypeId} and day >= ${from}::date and day < ${to}::date order by day`);
  return Object.fromEntries(rows.map((r) => [r.day, r.sold]));
}

async function oversold(): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    sql`select count(*)::int as n from inventory where sold > allotment or sold < 0`,
  );
  return row!.n;
}

/** Everything a change may write, to prove that a refused one wrote nothing. */
async function snapshot(id: number) {
  const [row] = await database.query<Record<string, unknown>>(sql`
    select (select row_to_json(r) from reservation r where r.id = ${id}) as reservation,
      (select json_agg(rr order by rr.id) from reservation_room rr where rr.reservation_id = ${id}) as rooms,
      (select count(*)::int from reservation_service where reservation_id = ${id}) as services,
      (select json_agg(pd order by pd.id) from payment_due pd where pd.reservation_id = ${id}) as dues,
      (select count(*)::int from reservation_history where reservation_id = ${id}) as history,
      (select count(*)::int from mail_outbox where reservation_id = ${id}) as mails,
      (select json_agg(i order by i.room_type_id, i.day) from inventory i) as inventory`);
  return row;
}

const recalc = (b: Booked, change: Body, mail = MAIL) =>
  post(MANAGE_PATHS.recalc.replace(":code", b.code), { mail, change }, null);
const modify = (b: Booked, body: Body, key: string | null = anIdempotencyKey()) =>
  post(MANAGE_PATHS.modify.replace(":code", b.code), { mail: MAIL, ...body }, key);
const verify = (b: Booked, dates: Body, mail = MAIL) =>
  post(MANAGE_PATHS.verifyDispo, { reservation: b.code, mail, ...dates }, null);

/** Previews a change and confirms it at the previewed price. */
async function previewAndConfirm(b: Booked, change: Body, key = anIdempotencyKey()) {
  const preview = await recalc(b, change);
  expect(preview.status, preview.body).toBe(200);
  const confirmed = await modify(
    b,
    { action: "confirm", change, expectedBecomes: preview.json().becomes },
    key,
  );
  expect(confirmed.status, confirmed.body).toBe(200);
  return { preview: preview.json(), confirmed: confirmed.json() };
}

describe("swapping dates", () => {
  it("moves a room onto nights that overlap its own: verifyDispo counts them as free", async () => {
    const b = await book({ roomId: single.id, rateId: flexible.id });
    expect(await sold(single.id, "2030-01-10", "2030-01-13")).toEqual({
      20300110: 1,
      20300111: 1,
      20300112: 0,
    });
    const dates = { room: b.rooms[0], arrival: "20300111", departure: "20300113" };
    const check = await verify(b, dates);
    expect(check.status, check.body).toBe(200);
    expect(check.json()).toEqual({
      available: true,
      reason: null,
      detail: null,
      rooms: [{ id: b.rooms[0], arrival: "20300111", departure: "20300113", nights: 2 }],
    });
    const { confirmed } = await previewAndConfirm(b, { kind: "dates", ...dates });
    expect(confirmed.reservation).toMatchObject({ arrival: "20300111", departure: "20300113", total: 200 });
    expect(await sold(single.id, "2030-01-10", "2030-01-13")).toEqual({
      20300110: 0,
      20300111: 1,
      20300112: 1,
    });
    expect(await oversold()).toBe(0);
  });

  it("re-prices the room at its new dates: the preview is what the confirmation charges", async () => {
    const b = await book({
      roomId: single.id,
      rateId: flexible.id,
      arrival: "20300120",
      departure: "20300122",
    });
    const change = { kind: "dates", room: b.rooms[0], arrival: "20300113", departure: "20300116" };
    const { preview, confirmed } = await previewAndConfirm(b, change);
    // 260 for two nights from the 20th; 100 + 100 + 130 from the 13th.
    expect(preview).toMatchObject({
      currency: "EUR",
      alreadyDebited: 0,
      was: 260,
      becomes: 330,
      difference: 70,
      // Pay at the hotel: the preview says so, and the change creates no payment of its own.
      payNow: 0,
      payLater: 0,
      payAtHotel: 330,
      refund: 0,
      nextStatus: "confirmed",
      rooms: [
        {
          id: b.rooms[0],
          was: 260,
          becomes: 330,
          difference: 70,
          arrival: "20300113",
          departure: "20300116",
        },
      ],
    });
    expect(confirmed).toMatchObject({ payNow: 0, refund: 0 });
    expect(confirmed.reservation.rooms[0].nightly).toEqual([
      { date: "20300113", price: 100 },
      { date: "20300114", price: 100 },
      { date: "20300115", price: 130 },
    ]);
    expect(await sold(single.id, "2030-01-13", "2030-01-23")).toMatchObject({
      20300113: 1,
      20300114: 1,
      20300115: 1,
      20300120: 0,
      20300121: 0,
    });
    const [row] = await database.query<Record<string, unknown>>(sql`
      select r.total_minor, r.rooms_total_minor, to_char(r.arrival, 'YYYYMMDD') as arrival,
        to_char(r.departure, 'YYYYMMDD') as departure,
        (select json_agg(json_build_object('day', to_char(due_date, 'YYYYMMDD'), 'amount', amount_minor, 'status', status))
           from payment_due where reservation_id = r.id) as dues,
        (select json_agg(json_build_object('actor', actor, 'action', action, 'was', details->'was', 'becomes', details->'becomes'))
           from reservation_history where reservation_id = r.id and action = 'modify') as history,
        (select count(*)::int from mail_outbox where reservation_id = r.id) as mails
      from reservation r where r.id = ${b.id}`);
    expect(row).toEqual({
      total_minor: 33000,
      rooms_total_minor: 33000,
      arrival: "20300113",
      departure: "20300116",
      // Pay at the hotel: still nothing to pay online, so no payment, no installments charged today.
      dues: null,
      history: [{ actor: "guest", action: "modify", was: 26000, becomes: 33000 }],
      mails: 4,
    });
    expect(await oversold()).toBe(0);
  });

  it("re-computes a trade booking's commission on the new nights, at the percent it was booked with", async () => {
    const b = await book({
      roomId: single.id,
      rateId: flexible.id,
      arrival: "20300220",
      departure: "20300222",
    });
    const commission = async () =>
      (
        await database.query<{ total_minor: number; commission_minor: number }>(
          sql`select total_minor, commission_minor from reservation_room where id = ${b.rooms[0]}`,
        )
      )[0]!;
    await database.query(sql`update reservation_room set commission_percent = 10,
      commission_minor = total_minor / 10 where id = ${b.rooms[0]}`);
    const before = await commission();
    await previewAndConfirm(b, {
      kind: "dates",
      room: b.rooms[0],
      arrival: "20300213",
      departure: "20300216",
    });
    const after = await commission();
    // Three nights instead of two: a higher total, and 10 % of it.
    expect(after.total_minor).toBeGreaterThan(before.total_minor);
    expect(after.commission_minor).toBe(Math.round(after.total_minor / 10));
  });

  it("moves the whole stay: every room, the same new dates", async () => {
    const b = await book({ roomId: triple.id, rateId: flexible.id, rooms: 2 });
    const before = await sold(triple.id, "2030-01-10", "2030-01-12");
    const { confirmed } = await previewAndConfirm(b, {
      kind: "dates",
      arrival: "20300116",
      departure: "20300118",
    });
    expect(confirmed.reservation).toMatchObject({ arrival: "20300116", departure: "20300118", total: 520 });
    expect(await sold(triple.id, "2030-01-10", "2030-01-12")).toEqual({
      20300110: before["20300110"]! - 2,
      20300111: before["20300111"]! - 2,
    });
    expect(await sold(triple.id, "2030-01-16", "2030-01-18")).toEqual({ 20300116: 2, 20300117: 2 });
    const rooms = await database.query<{ arrival: string; departure: string; total_minor: number }>(sql`
      select to_char(arrival, 'YYYYMMDD') as arrival, to_char(departure, 'YYYYMMDD') as departure, total_minor
      from reservation_room where reservation_id = ${b.id} order by id`);
    expect(rooms).toEqual([
      { arrival: "20300116", departure: "20300118", total_minor: 26000 },
      { arrival: "20300116", departure: "20300118", total_minor: 26000 },
    ]);
    expect(await oversold()).toBe(0);
  });

  it.each([
    ["the same dates", "20300110", "20300112", "same_dates"],
    ["a past arrival", "20300103", "20300106", "in_the_past"],
    ["a stay longer than the rate allows", "20300110", "20300125", "above_max_stay"],
  ])(
    "refuses %s: 422 swap_dates_not_selectable with the rule, nothing written",
    async (_n, arrival, departure, rule) => {
      const b = await book({ roomId: triple.id, rateId: flexible.id });
      const dates = { room: b.rooms[0], arrival, departure };
      const check = await verify(b, dates);
      expect(check.json()).toEqual({
        available: false,
        reason: "swap_dates_not_selectable",
        detail: rule,
        rooms: [],
      });
      const before = await snapshot(b.id);
      const res = await modify(b, {
        action: "confirm",
        change: { kind: "dates", ...dates },
        expectedBecomes: 200,
      });
      expect(res.status, res.body).toBe(422);
      expect(res.json().error).toMatchObject({
        code: "swap_dates_not_selectable",
        details: [{ field: "change.arrival", message: rule }],
      });
      expect(await snapshot(b.id)).toEqual(before);
    },
  );

  it("refuses nights that are not free: verifyDispo says so, modify answers 409 and writes nothing", async () => {
    const b = await book({
      roomId: single.id,
      rateId: flexible.id,
      arrival: "20300125",
      departure: "20300127",
    });
    await book({ roomId: single.id, rateId: flexible.id, arrival: "20300128", departure: "20300129" });
    const dates = { room: b.rooms[0], arrival: "20300127", departure: "20300129" };
    const check = await verify(b, dates);
    expect(check.json()).toMatchObject({ available: false, reason: "swap_not_available" });
    expect((await recalc(b, { kind: "dates", ...dates })).json().error.code).toBe("swap_not_available");
    const before = await snapshot(b.id);
    const res = await modify(b, {
      action: "confirm",
      change: { kind: "dates", ...dates },
      expectedBecomes: 260,
    });
    expect(res.status, res.body).toBe(409);
    expect(res.json().error.code).toBe("swap_not_available");
    expect(await snapshot(b.id)).toEqual(before);
    expect(await oversold()).toBe(0);
  });

  it("answers prices_changed when the total is not the previewed one, and writes nothing", async () => {
    const b = await book({ roomId: triple.id, rateId: flexible.id });
    const change = { kind: "dates", room: b.rooms[0], arrival: "20300114", departure: "20300116" };
    const preview = (await recalc(b, change)).json();
    expect(preview.becomes).toBe(230);
    const before = await snapshot(b.id);
    const res = await modify(b, { action: "confirm", change, expectedBecomes: preview.becomes - 1 });
    expect(res.status, res.body).toBe(409);
    expect(res.json().error.code).toBe("prices_changed");
    expect(await snapshot(b.id)).toEqual(before);
  });

  it("gives the last room to one of two swaps racing for it; the other is refused and keeps its nights", async () => {
    const a = await book({
      roomId: single.id,
      rateId: flexible.id,
      arrival: "20300201",
      departure: "20300203",
    });
    const b = await book({
      roomId: single.id,
      rateId: flexible.id,
      arrival: "20300205",
      departure: "20300207",
    });
    const change = { kind: "dates", arrival: "20300210", departure: "20300212" };
    const preview = (await recalc(a, change)).json();
    const answers = await Promise.all(
      [a, b].map((x) => modify(x, { action: "confirm", change, expectedBecomes: preview.becomes })),
    );
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(answers.find((x) => x.status === 409)!.json().error.code).toBe("swap_not_available");
    expect(await sold(single.id, "2030-02-01", "2030-02-12")).toMatchObject({ 20300210: 1, 20300211: 1 });
    const held = Object.values(await sold(single.id, "2030-02-01", "2030-02-08")).reduce((x, y) => x + y, 0);
    expect(held).toBe(2);
    expect(await oversold()).toBe(0);
  });

  it("keeps a non-refundable rate on its dates (409) and never changes a resellable one", async () => {
    const fixed = await book({ roomId: triple.id, rateId: nonRefundable.id });
    const dates = { arrival: "20300114", departure: "20300116" };
    const res = await recalc(fixed, { kind: "dates", ...dates });
    expect(res.status).toBe(409);
    expect(res.json().error.code).toBe("non_refundable");

    const resold = await book({ roomId: triple.id, rateId: resellable.id });
    expect((await verify(resold, dates)).json()).toMatchObject({ available: false, detail: "resellable" });
    for (const change of [
      { kind: "dates", ...dates },
      { kind: "services", services: [{ serviceId: cleaning.id, quantity: 1 }] },
    ]) {
      const answer = await modify(resold, { action: "confirm", change, expectedBecomes: 0 });
      expect(answer.status, answer.body).toBe(409);
      expect(answer.json().error.code).toBe("resellable");
    }
  });
});

describe("adding services", () => {
  it("prices per person, per stay and dated services, and writes them with the totals", async () => {
    const b = await book({ roomId: triple.id, rateId: flexible.id });
    const change = {
      kind: "services",
      services: [
        { serviceId: breakfast.id, room: b.rooms[0], quantity: 2 },
        { serviceId: cleaning.id, quantity: 1 },
        { serviceId: massage.id, room: b.rooms[0], quantity: 1, date: "20300111" },
      ],
    };
    const { preview, confirmed } = await previewAndConfirm(b, change);
    // Breakfast 10 × 2 people × 2 nights, the final cleaning 40 once, one massage 50.
    expect(preview).toMatchObject({
      was: 200,
      becomes: 330,
      difference: 130,
      payNow: 0,
      payLater: 0,
      payAtHotel: 330,
      rooms: [
        { id: b.rooms[0], was: 0, becomes: 90, arrival: "20300110", departure: "20300112" },
        { id: null, was: 0, becomes: 40, arrival: null, departure: null },
      ],
    });
    expect(confirmed.reservation).toMatchObject({ total: 330, servicesTotal: 130 });
    expect(confirmed.reservation.rooms[0].extra.map((e: Body) => [e.serviceId, e.price, e.date])).toEqual([
      [breakfast.id, 40, null],
      [massage.id, 50, "20300111"],
    ]);
    expect(confirmed.reservation.extra.map((e: Body) => [e.serviceId, e.price])).toEqual([[cleaning.id, 40]]);
  });

  it("refuses a dated service outside the stay, naming the field", async () => {
    const b = await book({ roomId: triple.id, rateId: flexible.id });
    const res = await recalc(b, {
      kind: "services",
      services: [{ serviceId: massage.id, room: b.rooms[0], quantity: 1, date: "20300120" }],
    });
    expect(res.status).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: "change.services.0.date", message: "date_outside_stay" },
    ]);
  });
});

describe("the answer's language", () => {
  it("names the services of the reservation in the page's language, the reservation's own without one", async () => {
    const change = { kind: "services", services: [{ serviceId: cleaning.id, quantity: 1 }] };
    const names = (answer: { reservation: { extra: { name: string }[] } }) =>
      answer.reservation.extra.map((s) => s.name);
    const german = await book({ roomId: triple.id, rateId: flexible.id });
    const preview = (await recalc(german, change)).json();
    const confirmed = await modify(german, {
      action: "confirm",
      change,
      expectedBecomes: preview.becomes,
      language: 3,
    });
    expect(confirmed.status, confirmed.body).toBe(200);
    expect(names(confirmed.json())).toEqual(["Endreinigung"]);
    const english = await book({ roomId: triple.id, rateId: flexible.id });
    expect(names((await previewAndConfirm(english, change)).confirmed)).toEqual(["Final cleaning"]);
  });
});

describe("money of a change on a prepaid booking", () => {
  it("asks for an increase now: payment_required and a payment due today", async () => {
    const b = await prepaidBooking();
    const { preview, confirmed } = await previewAndConfirm(b, {
      kind: "services",
      services: [{ serviceId: cleaning.id, quantity: 1 }],
    });
    expect(preview).toMatchObject({
      alreadyDebited: 200,
      was: 200,
      becomes: 240,
      payNow: 40,
      payLater: 0,
      nextStatus: "payment_required",
    });
    expect(confirmed).toMatchObject({
      payNow: 40,
      refund: 0,
      reservation: { status: "payment_required", total: 240 },
    });
    const dues = await database.query<{ day: string; amount: number; status: string }>(sql`
      select to_char(due_date, 'YYYYMMDD') as day, amount_minor as amount, status from payment_due
      where reservation_id = ${b.id} order by id`);
    expect(dues).toEqual([
      { day: "20300105", amount: 20000, status: "paid" },
      { day: "20300105", amount: 4000, status: "due" },
    ]);
    const [history] = await database.query<{ to_status: string; event: string }>(sql`
      select to_status, details->>'event' as event from reservation_history
      where reservation_id = ${b.id} and action = 'modify'`);
    expect(history).toEqual({ to_status: "payment_required", event: "modify_payment_due" });
  });

  it("refunds a decrease through the sandbox gateway, once", async () => {
    const b = await prepaidBooking({ arrival: "20300110", departure: "20300113" });
    const change = { kind: "dates", room: b.rooms[0], arrival: "20300110", departure: "20300112" };
    const key = anIdempotencyKey();
    const { preview, confirmed } = await previewAndConfirm(b, change, key);
    expect(preview).toMatchObject({
      alreadyDebited: 300,
      was: 300,
      becomes: 200,
      refund: 100,
      payNow: 0,
      payLater: 0,
    });
    expect(confirmed).toMatchObject({
      refund: 100,
      payNow: 0,
      reservation: { status: "confirmed", total: 200 },
    });
    const replay = await modify(b, { action: "confirm", change, expectedBecomes: preview.becomes }, key);
    expect(replay.status).toBe(200);
    expect(replay.json()).toEqual(confirmed);
    const refunds = await database.query<{ amount_minor: number; status: string; gateway: string }>(sql`
      select amount_minor, status, gateway from payment_transaction where reservation_id = ${b.id} and kind = 'refund'`);
    expect(refunds).toEqual([{ amount_minor: 10000, status: "refunded", gateway: "sandbox" }]);
    expect(await sold(triple.id, "2030-01-12", "2030-01-13")).toEqual({ 20300112: 0 });
  });
});

describe("idempotency and holder", () => {
  it("makes one change for five requests with the same key, and refuses the key for another payload", async () => {
    const b = await book({ roomId: triple.id, rateId: flexible.id });
    const change = { kind: "services", services: [{ serviceId: cleaning.id, quantity: 1 }] };
    const key = anIdempotencyKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => modify(b, { action: "confirm", change, expectedBecomes: 240 }, key)),
    );
    for (const a of answers) expect([200, 409], a.body).toContain(a.status);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    const again = await modify(b, { action: "confirm", change, expectedBecomes: 240 }, key);
    expect(again.status).toBe(200);
    const [row] = await database.query<{ services: number; changes: number; total: number }>(sql`
      select (select count(*)::int from reservation_service where reservation_id = ${b.id}) as services,
        (select count(*)::int from reservation_history where reservation_id = ${b.id} and action = 'modify') as changes,
        (select total_minor from reservation where id = ${b.id}) as total`);
    expect(row).toEqual({ services: 1, changes: 1, total: 24000 });

    const other = await modify(b, { action: "confirm", change, expectedBecomes: 280 }, key);
    expect(other.status).toBe(422);
    expect(other.json().error.code).toBe("idempotency_key_reused");
  });

  it("makes a change once even when its answer was lost and the work runs again under the same key", async () => {
    const b = await book({ roomId: triple.id, rateId: flexible.id });
    const change = { kind: "services" as const, services: [{ serviceId: cleaning.id, quantity: 1 }] };
    const key = anIdempotencyKey();
    const deps = {
      database,
      now: clock.now,
      overrideSecret: TEST_OVERRIDE_SECRET,
      gateways: createPaymentGateways(createSandboxGateway(database)),
      codeLimiter: createRecoverLimiter(database, clock.now),
    };
    const request = { action: "confirm" as const, mail: MAIL, change, expectedBecomes: 240 };
    const first = await modifyReservation(deps, b.code, request, key, "http://localhost");
    const second = await modifyReservation(deps, b.code, request, key, "http://localhost");
    expect(second).toEqual(first);
    const [row] = await database.query<{ services: number; total: number }>(sql`
      select (select count(*)::int from reservation_service where reservation_id = ${b.id}) as services,
        (select total_minor from reservation where id = ${b.id}) as total`);
    expect(row).toEqual({ services: 1, total: 24000 });
  });

  it("drops a change: only the history says so", async () => {
    const b = await book({ roomId: triple.id, rateId: flexible.id });
    const before = await snapshot(b.id);
    const change = { kind: "dates", room: b.rooms[0], arrival: "20300114", departure: "20300116" };
    const res = await modify(b, { action: "cancel", change });
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      payNow: 0,
      refund: 0,
      reservation: { arrival: "20300110", total: 200 },
    });
    const after = await snapshot(b.id);
    expect({ ...after, history: before!.history }).toEqual(before);
    expect(after!.history).toBe((before!.history as number) + 1);
    const [last] = await database.query<{ action: string; actor: string }>(sql`
      select action, actor from reservation_history where reservation_id = ${b.id} order by id desc limit 1`);
    expect(last).toEqual({ action: "modify_dropped", actor: "guest" });
  });

  it("answers a wrong e-mail exactly like a wrong code", async () => {
    const b = await book({ roomId: triple.id, rateId: flexible.id });
    const change = { kind: "services", services: [{ serviceId: cleaning.id, quantity: 1 }] };
    const wrongMail = await recalc(b, change, "someone@example.test");
    const wrongCode = await recalc(
      { ...b, code: b.code.replace(/^./, (c) => (c === "A" ? "B" : "A")) },
      change,
    );
    expect(wrongMail.status).toBe(404);
    expect(wrongCode.status).toBe(404);
    const strip = (e: { error: Body }) => ({ ...e.error, requestId: undefined });
    expect(strip(wrongMail.json())).toEqual(strip(wrongCode.json()));
    expect(wrongMail.json().error.code).toBe("reservation_not_found");
    const modifyWrong = await post(MANAGE_PATHS.modify.replace(":code", b.code), {
      action: "confirm",
      mail: "someone@example.test",
      change,
      expectedBecomes: 240,
    });
    expect(strip(modifyWrong.json())).toEqual(strip(wrongMail.json()));
    expect((await verify(b, { arrival: "20300114", departure: "20300116" }, "x@example.test")).status).toBe(
      404,
    );
  });
});
