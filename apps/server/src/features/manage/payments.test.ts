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
import { releaseAbandonedHolds } from "../booking";
import { createPaymentGateways, createSandboxGateway } from "../payments";

// Booked on 5 January 2030 (Rome); the test clock does not move.
const NOW = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const room = aRoomType();
const prepaid = aRatePlan({
  refundable: false,
  freeCancellationDays: undefined,
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
const atHotel = aRatePlan({ payment: "pay_at_hotel" });
const preauth = aRatePlan({ payment: "pre_authorisation" });
const hotel = buildProperty({
  hotel: {
    settings: { bankTransfer: { owner: "Test Hotel", iban: "IT60X0542811101000000123456", dueDays: 3 } },
  },
  roomTypes: [room],
  ratePlans: [prepaid, atHotel, preauth],
  prices: [
    aPriceRange(room, prepaid, { perAdults: { "1": 90, "2": 100 } }),
    aPriceRange(room, atHotel, { perAdults: { "1": 90, "2": 100 } }),
    aPriceRange(room, preauth, { perAdults: { "1": 90, "2": 100 } }),
  ],
  inventory: [anInventoryRange(room, { allotment: 50 })],
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  app = await createTestApp(database, () => NOW);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const MAIL = "maria@example.test";
const post = async (
  url: string,
  payload: Record<string, unknown>,
  key: string | null = anIdempotencyKey(),
) => {
  const res = await app.inject({
    method: "POST",
    url,
    payload,
    headers: key ? { "idempotency-key": key } : {},
  });
  return { status: res.statusCode, json: () => res.json(), body: res.body };
};

async function cardToken(number: string): Promise<{ cardToken: string; cardLast4: string }> {
  const { token, last4 } = await aSandboxCardToken(app, number);
  return { cardToken: token, cardLast4: last4 };
}

let stays = 0;
/** Books a 2-night stay of its own; `monthsAhead` moves the arrival from late January. */
async function book(rateId: number, payment: Record<string, unknown>, monthsAhead = 0) {
  const first = new Date(Date.UTC(2030, monthsAhead, 20 + stays++));
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  const res = await post(
    "/api/guestdata.do",
    aBookingRequest(
      {
        hotel: hotel.hotel.id,
        roomId: room.id,
        rateId,
        arrival: ymd(first),
        departure: ymd(new Date(first.getTime() + 2 * 86_400_000)),
      },
      { payment },
    ),
  );
  expect(res.status, res.body).toBe(200);
  return res.json() as { reservation: { code: string; status: string }; next: string; redirectUrl?: string };
}

async function state(code: string) {
  const [row] = await database.query<{
    status: string;
    dues: string[];
    succeeded: number;
    mails: number;
  }>(sql`
    select r.status,
      (select array_agg(d.status || ':' || d.kind || ':' || d.amount_minor order by d.due_date, d.id)
         from payment_due d where d.reservation_id = r.id) as dues,
      (select count(*)::int from reservation_history h where h.reservation_id = r.id
         and h.action in ('payment_succeeded', 'preauth_succeeded')) as succeeded,
      (select count(*)::int from mail_outbox m where m.reservation_id = r.id) as mails
    from reservation r where r.code = ${code}`);
  return row!;
}

const approve = (url: string) =>
  app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "outcome=approve",
  });

describe("pay now", () => {
  it("pays a bank-transfer booking by card: the transfer's due row is settled, both parties mailed", async () => {
    const { reservation } = await book(prepaid.id, { method: "bank_transfer" });
    expect(await state(reservation.code)).toMatchObject({
      status: "confirmed",
      dues: ["due:prepayment:20000"],
    });
    // The sandbox frames its card page: a card payment without its token is refused, and nothing is charged.
    const tokenless = await post(`/api/bol/reservation/${reservation.code}/pay`, {
      mail: MAIL,
      method: "card_payment",
    });
    expect(tokenless.status).toBe(400);
    expect(tokenless.json().error.details).toEqual([{ field: "cardToken", message: "required" }]);
    const res = await post(`/api/bol/reservation/${reservation.code}/pay`, {
      mail: MAIL,
      method: "card_payment",
      ...(await cardToken("4242424242424242")),
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual({ status: "confirmed", next: "voucher", amount: 200 });
    expect(await state(reservation.code)).toEqual({
      status: "confirmed",
      dues: ["paid:prepayment:20000"],
      succeeded: 1,
      mails: 4,
    });
    const again = await post(`/api/bol/reservation/${reservation.code}/pay`, {
      mail: MAIL,
      method: "card_payment",
      ...(await cardToken("4242424242424242")),
    });
    expect(again.status).toBe(409);
    expect(again.json().error.code).toBe("nothing_due");
  });

  it("goes through 3-D Secure and settles once, however often the return asks", async () => {
    const { reservation } = await book(prepaid.id, { method: "bank_transfer" });
    const res = await post(`/api/bol/reservation/${reservation.code}/pay`, {
      mail: MAIL,
      method: "card_payment",
      ...(await cardToken("4000000000003220")),
    });
    expect(res.json()).toMatchObject({ next: "3ds", status: "confirmed", amount: 200 });
    const ask = () => post("/api/confirmPayment.do", { reservation: reservation.code, gateway: "sandbox" });
    expect((await ask()).json()).toEqual({ status: "confirmed", paid: false });
    await approve(res.json().redirectUrl);
    for (const a of await Promise.all([ask(), ask(), ask()]))
      expect(a.json()).toEqual({ status: "confirmed", paid: true });
    expect(await state(reservation.code)).toMatchObject({ dues: ["paid:prepayment:20000"], succeeded: 1 });
  });

  it("keeps the booking and what is due when the card is declined; nothing due on a pay-at-hotel stay", async () => {
    const { reservation } = await book(prepaid.id, { method: "bank_transfer" });
    const res = await post(`/api/bol/reservation/${reservation.code}/pay`, {
      mail: MAIL,
      method: "card_payment",
      ...(await cardToken("4000000000000002")),
    });
    expect(res.status).toBe(402);
    expect(res.json().error.code).toBe("card_declined");
    expect(await state(reservation.code)).toMatchObject({
      status: "confirmed",
      dues: ["due:prepayment:20000"],
    });
    const atHotelStay = await book(atHotel.id, { method: "pay_at_hotel" });
    const nothing = await post(`/api/bol/reservation/${atHotelStay.reservation.code}/pay`, {
      mail: MAIL,
      method: "wallet",
    });
    expect(nothing.status).toBe(409);
    expect(nothing.json().error.code).toBe("nothing_due");
  });

  it("a confirmed booking waiting for a change's extra is not settled by its old payment nor swept as a hold", async () => {
    const { reservation } = await book(prepaid.id, {
      method: "card_payment",
      ...(await cardToken("4242424242424242")),
    });
    // What a change that costs 40 more leaves (ADR 0010): a due row today, the booking waits for it.
    await database.query(
      sql`update reservation set status = 'payment_required' where code = ${reservation.code}`,
    );
    await database.query(sql`insert into payment_due (reservation_id, due_date, amount_minor)
      select id, '2030-01-05', 4000 from reservation where code = ${reservation.code}`);
    const ask = await post("/api/confirmPayment.do", { reservation: reservation.code, gateway: "sandbox" });
    expect(ask.json()).toEqual({ status: "payment_required", paid: false });
    await database.query(
      sql`update reservation set created_at = created_at - interval '2 hours' where code = ${reservation.code}`,
    );
    const gateway = createSandboxGateway(database);
    const later = new Date(Date.now() + 3 * 3_600_000);
    await releaseAbandonedHolds(
      { database, gateways: createPaymentGateways(gateway), now: () => later, overrideSecret: "x" },
      "http://localhost",
    );
    expect(await state(reservation.code)).toMatchObject({
      status: "payment_required",
      dues: ["paid:prepayment:20000", "due:prepayment:4000"],
    });
    // Paying it confirms the booking again.
    const pay = await post(`/api/bol/reservation/${reservation.code}/pay`, {
      mail: MAIL,
      method: "instant_bank",
    });
    expect(pay.json()).toMatchObject({ next: "3ds", amount: 40 });
    await approve(pay.json().redirectUrl);
    expect(
      (await post("/api/confirmPayment.do", { reservation: reservation.code, gateway: "sandbox" })).json(),
    ).toEqual({
      status: "confirmed",
      paid: true,
    });
    expect(await state(reservation.code)).toMatchObject({
      status: "confirmed",
      dues: ["paid:prepayment:20000", "paid:prepayment:4000"],
    });
  });
});

describe("authorise now", () => {
  it("authorises the card a pre-authorisation booking waits for, and then confirms it", async () => {
    const waiting = await book(preauth.id, {
      method: "pre_authorisation",
      ...(await cardToken("4000000000003220")),
    });
    expect(waiting.reservation.status).toBe("preauth_required");
    const res = await post(`/api/bol/reservation/${waiting.reservation.code}/authorise`, {
      mail: MAIL,
      ...(await cardToken("4242424242424242")),
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual({ status: "confirmed", next: "voucher", amount: 200 });
    expect(await state(waiting.reservation.code)).toMatchObject({ status: "confirmed", succeeded: 1 });
    const again = await post(`/api/bol/reservation/${waiting.reservation.code}/authorise`, {
      mail: MAIL,
      ...(await cardToken("4242424242424242")),
    });
    expect(again.json().error.code).toBe("nothing_due");
  });
});

describe("installments", () => {
  it("splits what is left into monthly charges before arrival, the first paid now, the others announced", async () => {
    const { reservation } = await book(prepaid.id, { method: "bank_transfer" }, 2); // arrival late in March
    const res = await post(`/api/bol/reservation/${reservation.code}/installments`, {
      mail: MAIL,
      count: 3,
      ...(await cardToken("4242424242424242")),
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "confirmed",
      next: "voucher",
      amount: 66.67,
      installments: [
        { number: 1, chargeDate: "20300105", noticeDate: "20300105", amount: 66.67 },
        { number: 2, chargeDate: "20300205", noticeDate: "20300202", amount: 66.67 },
        { number: 3, chargeDate: "20300305", noticeDate: "20300302", amount: 66.66 },
      ],
    });
    expect(await state(reservation.code)).toMatchObject({
      dues: [
        // The replaced transfer was due by its deadline, days after the first charge.
        "paid:installment:6667",
        "replaced:prepayment:20000",
        "due:installment:6667",
        "due:installment:6666",
      ],
    });
    const voucher = await post("/api/retrieve.do", { channel: 1, code: reservation.code, mail: MAIL }, null);
    expect(
      voucher.json().prepayments.map((p: { kind: string; status: string }) => `${p.kind}:${p.status}`),
    ).toEqual(["installment:paid", "installment:due", "installment:due"]);
    // A declined first charge leaves no plan: what was due is due again.
    const declined = await book(prepaid.id, { method: "bank_transfer" }, 2);
    const refused = await post(`/api/bol/reservation/${declined.reservation.code}/installments`, {
      mail: MAIL,
      count: 2,
      ...(await cardToken("4000000000000002")),
    });
    expect(refused.status).toBe(402);
    expect(await state(declined.reservation.code)).toMatchObject({ dues: ["due:prepayment:20000"] });
    // Too many charges to fit before arrival.
    const other = await book(prepaid.id, { method: "bank_transfer" }, 1);
    const tooMany = await post(`/api/bol/reservation/${other.reservation.code}/installments`, {
      mail: MAIL,
      count: 6,
      ...(await cardToken("4242424242424242")),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json().error.details).toEqual([{ field: "count", message: "out_of_range" }]);
  });
});
