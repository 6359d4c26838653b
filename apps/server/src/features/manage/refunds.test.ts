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
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { runTimedChanges } from "../../jobs/timed-changes";
import { createPaymentGateways, createSandboxGateway } from "../payments";
import { REFUND_MAX_ATTEMPTS, refundPayment, retryPendingRefunds } from "./refunds";

// ADR 0020: a refund the gateway did not take is retried by the timed job, once.
let now = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

/** What the gateway does with the next refunds: answer, fail before refunding, or refund and lose the answer. */
let mode: "ok" | "fail" | "refund_then_fail" = "ok";
let refundCalls = 0;
let sandbox: ReturnType<typeof createSandboxGateway>;
const gateway = () => ({
  ...sandbox,
  async refund(ref: string, amountMinor: number, key?: string) {
    refundCalls++;
    // A slow gateway: concurrent sweeps interleave while one waits for it.
    await new Promise((r) => setTimeout(r, 5));
    if (mode === "fail") throw new Error("gateway unreachable");
    const answer = await sandbox.refund(ref, amountMinor, key);
    if (mode === "refund_then_fail") throw new Error("connection reset after the refund");
    return answer;
  },
});

const room = aRoomType();
const prepaidFlexible = aRatePlan({
  freeCancellationDays: 3,
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
/** 30 % charged at booking, 70 % two days before arrival. */
const splitPrepaid = aRatePlan({
  freeCancellationDays: 3,
  payment: "prepaid",
  prepayment: [
    { timing: "immediate", days: 0, percent: 30 },
    { timing: "days_before_arrival", days: 2, percent: 70 },
  ],
});
const hotel = buildProperty({
  hotel: {
    settings: { bankTransfer: { owner: "Test Hotel", iban: "IT60X0542811101000000123456", dueDays: 3 } },
  },
  roomTypes: [room],
  ratePlans: [prepaidFlexible, splitPrepaid],
  prices: [
    aPriceRange(room, prepaidFlexible, { perAdults: { "1": 100, "2": 110 } }),
    aPriceRange(room, splitPrepaid, { perAdults: { "1": 100, "2": 110 } }),
  ],
  inventory: [anInventoryRange(room, { allotment: 500 })],
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  sandbox = createSandboxGateway(database);
  app = await createTestApp(database, () => now, { gateway: gateway() });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const MAIL = "maria@example.test";
let stays = 0;
/** Books a prepaid card stay of two nights of its own and cancels it free: a refund of 220 is owed. */
async function bookAndCancel(): Promise<{ code: string; id: number }> {
  const card = await app.inject({
    method: "POST",
    url: "/sandbox-gateway/card",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "number=4242424242424242&expiry=12%2F2031&holder=Maria+Rossi&cvv=123&return=%2F",
  });
  const token = /data-token="([^"]+)"/.exec(card.body)![1]!;
  const first = new Date(Date.UTC(2030, 0, 20 + 3 * stays++));
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  const body = aBookingRequest(
    {
      hotel: hotel.hotel.id,
      roomId: room.id,
      rateId: prepaidFlexible.id,
      arrival: ymd(first),
      departure: ymd(new Date(first.getTime() + 2 * 86_400_000)),
    },
    { payment: { method: "card_payment", cardToken: token, cardLast4: "4242" } },
  );
  const booked = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: body,
  });
  expect(booked.statusCode, booked.body).toBe(200);
  const code: string = booked.json().reservation.code;
  const cancelled = await app.inject({
    method: "POST",
    url: "/api/delete.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: { channel: 1, reservation: code, mail: MAIL },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const [row] = await database.query<{ id: number }>(sql`select id from reservation where code = ${code}`);
  return { code, id: row!.id };
}

async function refundOf(reservationId: number) {
  const [row] = await database.query<{
    status: string;
    attempts: number;
    amount_minor: number;
    last_error: string;
  }>(
    sql`select status, attempts, amount_minor, last_error from payment_transaction
        where reservation_id = ${reservationId} and kind = 'refund'`,
  );
  return row!;
}

/** How many refunds the sandbox gateway made of the reservation's payment. */
async function refundsAtGateway(reservationId: number): Promise<number> {
  const [row] = await database.query<{ n: number }>(sql`select count(*)::int as n from sandbox_payment s
    join payment_transaction t on t.gateway_ref = s.token and t.kind = 'capture'
    where t.reservation_id = ${reservationId} and s.method = 'refund'`);
  return row!.n;
}

const sweep = (at: string) => {
  now = new Date(at);
  return runTimedChanges({
    database,
    gateways: createPaymentGateways(gateway()),
    now: () => now,
    baseUrl: "http://localhost",
  });
};

describe("pending refunds are retried", () => {
  it("retries a refund the gateway failed the first time, after its backoff, and completes it once", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    mode = "fail";
    const { id } = await bookAndCancel();
    expect(await refundOf(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      amount_minor: 22000,
      last_error: "gateway unreachable",
    });
    expect(await refundsAtGateway(id)).toBe(0);

    mode = "ok";
    // One minute of backoff after the first failure: not before.
    expect((await sweep("2030-01-05T10:00:30Z")).refunded).toBe(0);
    expect((await sweep("2030-01-05T10:01:00Z")).refunded).toBe(1);
    expect(await refundOf(id)).toMatchObject({ status: "refunded", attempts: 2, last_error: null });
    expect(await refundsAtGateway(id)).toBe(1);
    // Nothing happens twice.
    expect((await sweep("2030-01-06T10:00:00Z")).refunded).toBe(0);
    expect(await refundsAtGateway(id)).toBe(1);
  });

  it("sends the same refund again under its idempotency key when the answer was lost: one refund", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    mode = "refund_then_fail";
    const { id } = await bookAndCancel();
    expect(await refundOf(id)).toMatchObject({ status: "pending", attempts: 1 });
    expect(await refundsAtGateway(id)).toBe(1);
    mode = "ok";
    expect((await sweep("2030-01-05T10:05:00Z")).refunded).toBe(1);
    expect(await refundOf(id)).toMatchObject({ status: "refunded", attempts: 2 });
    expect(await refundsAtGateway(id)).toBe(1);
  });

  it("two concurrent sweeps send each due refund once", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    mode = "fail";
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await bookAndCancel()).id);
    mode = "ok";
    refundCalls = 0;
    now = new Date("2030-01-05T11:00:00Z");
    const deps = { database, gateways: createPaymentGateways(gateway()), now: () => now };
    const runs = await Promise.all([retryPendingRefunds(deps, 2), retryPendingRefunds(deps, 2)]);
    expect(runs[0]!.refunded + runs[1]!.refunded).toBe(5);
    expect(refundCalls).toBe(5);
    for (const id of ids) {
      expect(await refundOf(id)).toMatchObject({ status: "refunded", attempts: 2 });
      expect(await refundsAtGateway(id)).toBe(1);
    }
  });

  it("gives a refund up as failed after its last attempt and tells the hotel in the history", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    mode = "fail";
    const { id } = await bookAndCancel();
    let at = now.getTime();
    for (let attempt = 2; attempt <= REFUND_MAX_ATTEMPTS; attempt++) {
      at += 5 * 3_600_000;
      await sweep(new Date(at).toISOString());
    }
    expect(await refundOf(id)).toMatchObject({ status: "failed", attempts: REFUND_MAX_ATTEMPTS });
    const history = await database.query<{ action: string }>(
      sql`select action from reservation_history where reservation_id = ${id} and action = 'refund_failed'`,
    );
    expect(history).toHaveLength(1);
    mode = "ok";
    expect((await sweep(new Date(at + 86_400_000).toISOString())).refunded).toBe(0);
  });
});

/** Books a stay of its own on `rateId`, paid with `payment`. */
async function bookWith(
  rateId: number,
  payment: Record<string, unknown>,
  first = new Date(Date.UTC(2030, 0, 20 + 3 * stays++)),
) {
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  const booked = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      {
        hotel: hotel.hotel.id,
        roomId: room.id,
        rateId,
        arrival: ymd(first),
        departure: ymd(new Date(first.getTime() + 2 * 86_400_000)),
      },
      { payment },
    ),
  });
  expect(booked.statusCode, booked.body).toBe(200);
  const code: string = booked.json().reservation.code;
  const [row] = await database.query<{ id: number }>(sql`select id from reservation where code = ${code}`);
  return { code, id: row!.id };
}

async function card() {
  const { token, last4 } = await aSandboxCardToken(app);
  return { cardToken: token, cardLast4: last4 };
}

async function guestPost(url: string, payload: Record<string, unknown>) {
  const res = await app.inject({
    method: "POST",
    url,
    headers: { "idempotency-key": anIdempotencyKey() },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const cancelFree = (code: string) =>
  guestPost("/api/delete.do", { channel: 1, reservation: code, mail: MAIL });

/** The reservation's refunds as `status:amount:kind of the capture it went to` (`-` when none). */
async function refundsTo(reservationId: number): Promise<string[]> {
  const rows = await database.query<{ line: string }>(sql`
    select t.status || ':' || t.amount_minor || ':' || coalesce(s.kind, '-') as line
    from payment_transaction t left join payment_transaction s on s.id = t.source_id
    where t.reservation_id = ${reservationId} and t.kind = 'refund' order by t.id`);
  return rows.map((r) => r.line);
}

describe("refunds reach the card for every kind of capture", () => {
  it("refunds a payment made from the voucher (Pay now) to the card, not by hand", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    mode = "ok";
    const { code, id } = await bookWith(prepaidFlexible.id, { method: "bank_transfer" });
    await guestPost(`/api/bol/reservation/${code}/pay`, {
      mail: MAIL,
      method: "card_payment",
      ...(await card()),
    });
    await cancelFree(code);
    expect(await refundsTo(id)).toEqual(["refunded:22000:pay_now"]);
  });

  it("refunds the first installment of a plan to its card", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    mode = "ok";
    const { code, id } = await bookWith(
      prepaidFlexible.id,
      { method: "bank_transfer" },
      new Date(Date.UTC(2030, 2, 20)),
    );
    await guestPost(`/api/bol/reservation/${code}/installments`, { mail: MAIL, count: 2, ...(await card()) });
    await cancelFree(code);
    expect(await refundsTo(id)).toEqual(["refunded:11000:installment"]);
  });

  it("splits a refund larger than the last capture over the captures it came from, newest first", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    mode = "ok";
    const { code, id } = await bookWith(splitPrepaid.id, { method: "card_payment", ...(await card()) });
    // The 70 % not yet due is paid early from the voucher.
    const voucher = await app.inject({
      method: "POST",
      url: "/api/retrieve.do",
      payload: { channel: 1, code, mail: MAIL },
    });
    const later = voucher
      .json()
      .prepayments.find((p: { status: string; amount: number }) => p.status === "due" && p.amount === 154);
    expect(later, voucher.body).toBeDefined();
    await guestPost(`/api/bol/reservation/${code}/pay`, {
      mail: MAIL,
      method: "card_payment",
      prepayment: later.id,
      ...(await card()),
    });
    await cancelFree(code);
    expect(await refundsTo(id)).toEqual(["refunded:15400:pay_now", "refunded:6600:capture"]);
    // The gateway gave back to each capture what it took, no more.
    const atGateway = await database.query<{ kind: string; refunded: number }>(sql`
      select t.kind, sum(s.amount_minor)::int as refunded from sandbox_payment s
      join payment_transaction t on t.gateway_ref = s.token and t.kind <> 'refund'
      where t.reservation_id = ${id} and s.method = 'refund' group by t.kind order by t.kind`);
    expect(atGateway).toEqual([
      { kind: "capture", refunded: 6600 },
      { kind: "pay_now", refunded: 15400 },
    ]);
  });
});

describe("refunds never give back more than was captured (property)", () => {
  const KINDS = ["capture", "link", "pay_now", "authorise_now", "installment"] as const;
  const step = fc.oneof(
    fc.record({
      op: fc.constant("pay" as const),
      kind: fc.constantFrom(...KINDS),
      amountMinor: fc.integer({ min: 1, max: 30_000 }),
      // An authorisation never captured holds no money to refund.
      captured: fc.boolean(),
    }),
    fc.record({
      op: fc.constant("refund" as const),
      amountMinor: fc.integer({ min: 1, max: 40_000 }),
      gatewayDown: fc.boolean(),
    }),
  );

  it("per capture and in total, and every card refund names the capture it went to", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const { token } = await aSandboxCardToken(app);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        mode = "ok";
        now = new Date("2030-01-05T10:00:00Z");
        const { id } = await bookWith(
          prepaidFlexible.id,
          { method: "bank_transfer" },
          new Date(Date.UTC(2030, 1, 10)),
        );
        let asked = 0;
        for (const s of steps) {
          if (s.op === "pay") {
            const paid = await sandbox.authorise({
              token,
              amountMinor: s.amountMinor,
              currency: "EUR",
              reference: "prop",
              capture: s.captured,
              returnUrl: "/",
            });
            await database.query(sql`insert into payment_transaction
              (reservation_id, gateway, gateway_ref, kind, amount_minor, status)
              values (${id}, 'sandbox', ${paid.ref}, ${s.kind}, ${s.amountMinor}, ${paid.status})`);
          } else {
            mode = s.gatewayDown ? "fail" : "ok";
            asked += s.amountMinor;
            const refundId = await database.db.transaction((tx) =>
              refundPayment.record(tx, id, s.amountMinor, now),
            );
            await refundPayment.send(
              { database, gateways: createPaymentGateways(gateway()), now: () => now },
              refundId,
            );
          }
        }
        // The gateway comes back: every pending refund is sent.
        mode = "ok";
        now = new Date("2030-01-06T10:00:00Z");
        await retryPendingRefunds({ database, gateways: createPaymentGateways(gateway()), now: () => now });

        const refunds = await database.query<{
          status: string;
          amount_minor: number;
          source_id: number | null;
          source_status: string | null;
          source_reservation: number | null;
        }>(sql`select t.status, t.amount_minor, t.source_id, s.status as source_status,
            s.reservation_id as source_reservation
          from payment_transaction t left join payment_transaction s on s.id = t.source_id
          where t.reservation_id = ${id} and t.kind = 'refund'`);
        // Nothing lost, nothing invented; nothing left pending once the gateway answers.
        expect(refunds.reduce((sum, r) => sum + r.amount_minor, 0)).toBe(asked);
        for (const r of refunds) {
          expect(["refunded", "manual"]).toContain(r.status);
          if (r.status === "refunded") {
            expect(r.source_id).not.toBeNull();
            expect(r.source_reservation).toBe(id);
            expect(r.source_status).toBe("captured");
          } else expect(r.source_id).toBeNull();
        }
        const captures = await database.query<{
          amount_minor: number;
          ours: number;
          at_gateway: number;
        }>(sql`select c.amount_minor,
            coalesce((select sum(r.amount_minor) from payment_transaction r where r.source_id = c.id
              and r.kind = 'refund'), 0)::int as ours,
            coalesce((select sum(s.amount_minor) from sandbox_payment s where s.token = c.gateway_ref
              and s.method = 'refund'), 0)::int as at_gateway
          from payment_transaction c where c.reservation_id = ${id} and c.kind <> 'refund'`);
        for (const c of captures) {
          expect(c.ours).toBeLessThanOrEqual(c.amount_minor);
          expect(c.at_gateway).toBe(c.ours);
        }
        // In total: each refund takes from the cards what they still held when it was made, the rest by hand.
        let held = 0;
        let expectedToCards = 0;
        for (const s of steps)
          if (s.op === "pay") held += s.captured ? s.amountMinor : 0;
          else {
            const take = Math.min(held, s.amountMinor);
            held -= take;
            expectedToCards += take;
          }
        const toCards = refunds
          .filter((r) => r.status === "refunded")
          .reduce((sum, r) => sum + r.amount_minor, 0);
        expect(toCards).toBe(expectedToCards);
      }),
      { numRuns: 15 },
    );
  });
});
