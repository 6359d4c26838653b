import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  aHotel,
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
import type { Database } from "../db/client";
import type { App } from "../http/app";
import { runTimedChanges } from "./timed-changes";

// Booked at 10:00 UTC on 5 January 2030 (11:00 in Rome); stays from 20 January.
const BOOKED_AT = "2030-01-05T10:00:00Z";
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
const hotel = buildProperty({
  hotel: aHotel({
    settings: { bankTransfer: { owner: "Hotel", iban: "IT60X0542811101000000123456", dueDays: 2 } },
  }),
  roomTypes: [room],
  ratePlans: [prepaid, atHotel],
  prices: [aPriceRange(room, prepaid), aPriceRange(room, atHotel)],
  inventory: [anInventoryRange(room, { allotment: 40 })],
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  app = await createTestApp(database, () => new Date(BOOKED_AT));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let night = 0;
/** Books a new one-night stay (each on its own night) and answers its id and night. */
async function book(rateId: number, method: string): Promise<{ id: number; day: string }> {
  const first = new Date(Date.UTC(2030, 0, 20 + night++));
  const next = new Date(first.getTime() + 86_400_000);
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  const arrival = ymd(first);
  const departure = ymd(next);
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      { hotel: hotel.hotel.id, roomId: room.id, rateId, arrival, departure },
      { payment: { method } },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await database.query<{ id: number }>(
    sql`select id from reservation where code = ${res.json().reservation.code}`,
  );
  return { id: row!.id, day: first.toISOString().slice(0, 10) };
}

/** Turns a confirmed booking into an option that expires at `at` (options come from trade bookings). */
async function makeOption(id: number, at: string) {
  await database.query(
    sql`update reservation set status = 'pending_confirmation', option_expires_at = ${at}::timestamptz where id = ${id}`,
  );
}

async function state(id: number, day: string) {
  const [row] = await database.query<{ status: string; sold: number; mails: number; history: number }>(sql`
    select r.status,
      (select sold from inventory where room_type_id = ${room.id} and day = ${day}::date) as sold,
      (select count(*)::int from mail_outbox m where m.reservation_id = r.id) as mails,
      (select count(*)::int from reservation_history h where h.reservation_id = r.id
        and h.action in ('option_expired', 'bank_transfer_overdue')) as history
    from reservation r where r.id = ${id}`);
  return row!;
}

const run = (at: string, batch?: number) =>
  runTimedChanges({ database, now: () => new Date(at), baseUrl: "http://localhost" }, batch);

describe("timed state changes", () => {
  it("cancels an option once its time is up, gives the room back and mails guest and hotel", async () => {
    const option = await book(atHotel.id, "pay_at_hotel");
    await makeOption(option.id, "2030-01-06T12:00:00Z");
    expect(await state(option.id, option.day)).toMatchObject({
      status: "pending_confirmation",
      sold: 1,
      mails: 2,
    });

    expect((await run("2030-01-06T11:59:59Z")).option_expired).toBe(0);
    expect((await run("2030-01-06T12:00:00Z")).option_expired).toBe(1);
    expect(await state(option.id, option.day)).toEqual({
      status: "cancelled",
      sold: 0,
      mails: 4,
      history: 1,
    });
    // Nothing happens twice.
    expect((await run("2030-01-07T00:00:00Z")).option_expired).toBe(0);
    expect(await state(option.id, option.day)).toMatchObject({ sold: 0, mails: 4, history: 1 });
  });

  it("cancels an unpaid bank transfer after its deadline, hotel-local, and keeps a paid one", async () => {
    const unpaid = await book(prepaid.id, "bank_transfer");
    const paid = await book(prepaid.id, "bank_transfer");
    const [deadline] = await database.query<{ d: string }>(
      sql`select payment_deadline::text as d from reservation where id = ${unpaid.id}`,
    );
    // Booked on 5 January in Rome, two days to pay: the transfer may arrive until the end of 7 January.
    expect(deadline!.d).toBe("2030-01-07");
    await database.query(sql`update payment_due set status = 'paid' where reservation_id = ${paid.id}`);

    // 23:30 UTC on 7 January is already 8 January in Rome: past the deadline.
    expect((await run("2030-01-07T22:59:00Z")).bank_transfer_overdue).toBe(0);
    expect((await run("2030-01-07T23:30:00Z")).bank_transfer_overdue).toBe(1);
    expect(await state(unpaid.id, unpaid.day)).toEqual({
      status: "cancelled",
      sold: 0,
      mails: 4,
      history: 1,
    });
    expect(await state(paid.id, paid.day)).toMatchObject({ status: "confirmed", sold: 1, history: 0 });
    const dues = await database.query<{ status: string }>(
      sql`select status from payment_due where reservation_id = ${unpaid.id}`,
    );
    expect(dues.every((d) => d.status === "cancelled")).toBe(true);
  });

  it("catches up many missed expiries in batches, each processed once by concurrent runs", async () => {
    const options = [];
    for (let i = 0; i < 7; i++) options.push(await book(atHotel.id, "pay_at_hotel"));
    for (const o of options) await makeOption(o.id, "2030-01-06T08:00:00Z");
    const runs = await Promise.all([run("2030-01-09T00:00:00Z", 2), run("2030-01-09T00:00:00Z", 2)]);
    expect(runs.reduce((a, r) => a + r.option_expired, 0)).toBe(7);
    for (const o of options)
      expect(await state(o.id, o.day)).toEqual({ status: "cancelled", sold: 0, mails: 4, history: 1 });
  });

  it.runIf(process.env.ALLOGGIO_TEST_DB === "postgres")(
    "runs in two processes at once on PostgreSQL: each expiry is processed once",
    async () => {
      const options = [];
      for (let i = 0; i < 12; i++) options.push(await book(atHotel.id, "pay_at_hotel"));
      for (const o of options) await makeOption(o.id, "2030-01-06T09:00:00Z");
      const script = fileURLToPath(new URL("./timed-changes-process.ts", import.meta.url));
      const exec = promisify(execFile);
      const outputs = await Promise.all(
        [1, 2].map(() =>
          exec(process.execPath, ["--import", "tsx", script, database.url!, "2030-01-10T00:00:00Z"]),
        ),
      );
      const counts = outputs.map(
        (o) => JSON.parse(o.stdout.trim().split("\n").at(-1)!) as { option_expired: number },
      );
      expect(counts[0]!.option_expired + counts[1]!.option_expired).toBe(12);
      for (const o of options)
        expect(await state(o.id, o.day)).toEqual({ status: "cancelled", sold: 0, mails: 4, history: 1 });
    },
    // Two Node processes start and compile the job runner before any work: on a busy shared machine that alone can
    // take longer than the default 30 s. A wait budget, not a speed check.
    120_000,
  );
});
