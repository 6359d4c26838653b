import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
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
import type { Database } from "../db/client";
import { releaseAbandonedHolds } from "../features/booking";
import { confirmBooking } from "../features/booking/service";
import { createPaymentGateways, createSandboxGateway } from "../features/payments";

let database: Database;
const room = aRoomType();
const rate = aRatePlan({
  refundable: false,
  freeCancellationDays: undefined,
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
const hotel = buildProperty({
  roomTypes: [room],
  ratePlans: [rate],
  prices: [aPriceRange(room, rate)],
  inventory: [
    anInventoryRange(room, { to: "2030-01-31", allotment: 2 }),
    anInventoryRange(room, { from: "2030-02-01", allotment: 30 }),
  ],
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
});
afterAll(async () => database?.close());

const request = (token: string) =>
  ({
    method: "confirm",
    hotel: hotel.hotel.id,
    channel: 1,
    language: 1,
    arrival: "20300110",
    departure: "20300111",
    rooms: [{ slot: 0, roomId: room.id, rateId: rate.id, adults: 2, ages: [], refundProtection: false }],
    booker: {
      fullname: "A B",
      email: "a@b.test",
      emailConfirm: "a@b.test",
      phone: { dialCode: "+39", number: "3331234567" },
      country: "IT",
    },
    privacy: { marketing: false, report: false, profile: false, custom: [] },
    terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
    services: [],
    payment: { method: "card_payment", cardToken: token, cardLast4: "3220" },
  }) as never;

describe("releaseAbandonedHolds", () => {
  it("releases a booking whose 3-D Secure challenge was never completed, and confirms one that was", async () => {
    let now = new Date();
    const gateway = createSandboxGateway(database);
    const deps = { database, now: () => now, overrideSecret: "x", gateways: createPaymentGateways(gateway) };
    const abandoned = await confirmBooking(
      deps,
      request((await gateway.tokenise({ number: "4000000000003220", last4: "3220" }))!),
      "hold-key-1",
      "http://x",
    );
    const completed = await confirmBooking(
      deps,
      request((await gateway.tokenise({ number: "4000000000003220", last4: "3220" }))!),
      "hold-key-2",
      "http://x",
    );
    expect([abandoned.reservation.status, completed.reservation.status]).toEqual([
      "payment_required",
      "payment_required",
    ]);
    await gateway.completeChallenge(completed.redirectUrl!.split("/").pop()!, true);
    const soldBefore = await database.query<{ sold: number }>(
      sql`select sold from inventory where room_type_id = ${room.id} and day = '2030-01-10'`,
    );
    expect(soldBefore[0]!.sold).toBe(2);

    // Too early: nothing happens. The rows were stamped by the database clock, so move well past it.
    expect(await releaseAbandonedHolds(deps, "http://x")).toEqual({ checked: 0, confirmed: 0, released: 0 });
    now = new Date(Date.now() + 31 * 60_000);
    expect(await releaseAbandonedHolds(deps, "http://x")).toEqual({ checked: 2, confirmed: 1, released: 1 });
    const statuses = await database.query<{ code: string; status: string }>(
      sql`select code, status from reservation order by id`,
    );
    expect(statuses.map((s) => s.status)).toEqual(["cancelled", "confirmed"]);
    const soldAfter = await database.query<{ sold: number }>(
      sql`select sold from inventory where room_type_id = ${room.id} and day = '2030-01-10'`,
    );
    expect(soldAfter[0]!.sold).toBe(1);
    // A second sweep finds nothing left to do.
    expect(await releaseAbandonedHolds(deps, "http://x")).toEqual({ checked: 0, confirmed: 0, released: 0 });
  });
});

describe("releaseAbandonedHolds in several processes at once (ADR 0048)", () => {
  /** Holds on 1 February: `abandoned` never completed 3-D Secure, `completed` did (the sweep confirms those). */
  async function holds(abandoned: number, completed: number, key: string) {
    const gateway = createSandboxGateway(database);
    const deps = {
      database,
      now: () => new Date(),
      overrideSecret: "x",
      gateways: createPaymentGateways(gateway),
    };
    const ids: { id: number; paid: boolean }[] = [];
    for (let i = 0; i < abandoned + completed; i++) {
      const token = (await gateway.tokenise({ number: "4000000000003220", last4: "3220" }))!;
      const req = { ...(request(token) as object), arrival: "20300201", departure: "20300202" } as never;
      const booked = await confirmBooking(deps, req, `${key}-${i}`, "http://x");
      const paid = i >= abandoned;
      if (paid) await gateway.completeChallenge(booked.redirectUrl!.split("/").pop()!, true);
      const [row] = await database.query<{ id: number }>(
        sql`select id from reservation where code = ${booked.reservation.code}`,
      );
      ids.push({ id: Number(row!.id), paid });
    }
    return ids;
  }

  /** Each hold changed state exactly once, the rooms of the released ones are back, and mails went once. */
  async function expectEachSettledOnce(ids: { id: number; paid: boolean }[]) {
    for (const { id, paid } of ids) {
      const history = await database.query<{ to_status: string }>(
        sql`select to_status from reservation_history where reservation_id = ${id}
            and to_status in ('confirmed', 'cancelled')`,
      );
      expect(history.map((h) => h.to_status)).toEqual([paid ? "confirmed" : "cancelled"]);
    }
    const [inv] = await database.query<{ sold: number }>(
      sql`select sold from inventory where room_type_id = ${room.id} and day = '2030-02-01'`,
    );
    expect(inv!.sold).toBe(ids.filter((h) => h.paid).length);
    const mails = await database.query<{ n: number }>(
      sql`select reservation_id, count(*)::int as n from mail_outbox
          where reservation_id in (${sql.join(
            ids.map((h) => sql`${h.id}`),
            sql`, `,
          )}) group by reservation_id`,
    );
    // Only the confirmed ones have mails, and each as many as the first (no second set from the other sweep).
    expect(mails).toHaveLength(ids.filter((h) => h.paid).length);
    expect(new Set(mails.map((m) => m.n)).size).toBeLessThanOrEqual(1);
  }

  it("two sweeps at once settle each hold once", async () => {
    const ids = await holds(5, 3, "pair");
    const gateway = createSandboxGateway(database);
    const deps = {
      database,
      now: () => new Date(Date.now() + 31 * 60_000),
      overrideSecret: "x",
      gateways: createPaymentGateways(gateway),
    };
    await Promise.all([releaseAbandonedHolds(deps, "http://x"), releaseAbandonedHolds(deps, "http://x")]);
    await expectEachSettledOnce(ids);
    await database.query(
      sql`update inventory set sold = 0 where room_type_id = ${room.id} and day = '2030-02-01'`,
    );
  });

  it.runIf(process.env.ALLOGGIO_TEST_DB === "postgres")(
    "two processes sweeping at once on PostgreSQL settle each hold once",
    async () => {
      const ids = await holds(8, 4, "procs");
      const script = fileURLToPath(new URL("./abandoned-holds-process.ts", import.meta.url));
      const at = new Date(Date.now() + 31 * 60_000).toISOString();
      const exec = promisify(execFile);
      await Promise.all(
        [1, 2].map(() => exec(process.execPath, ["--import", "tsx", script, database.url!, at])),
      );
      await expectEachSettledOnce(ids);
    },
    // Two Node processes start and compile the sweep before any work: a wait budget on a busy machine, not a
    // speed check.
    120_000,
  );
});
