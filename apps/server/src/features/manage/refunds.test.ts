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
import { runTimedChanges } from "../../jobs/timed-changes";
import { createSandboxGateway } from "../payments/sandbox-gateway";
import { REFUND_MAX_ATTEMPTS, retryPendingRefunds } from "./refunds";

// Issue 11 item 8, ADR 0020: a refund the gateway did not take is retried by the timed job, once.
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
const hotel = buildProperty({
  roomTypes: [room],
  ratePlans: [prepaidFlexible],
  prices: [aPriceRange(room, prepaidFlexible, { perAdults: { "1": 100, "2": 110 } })],
  inventory: [anInventoryRange(room, { allotment: 50 })],
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
  return runTimedChanges({ database, gateway: gateway(), now: () => now, baseUrl: "http://localhost" });
};

describe("pending refunds are retried (issue 11 item 8)", () => {
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
    const deps = { database, gateway: gateway(), now: () => now };
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
