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
import { confirmBooking } from "../features/booking/service";
import { createSandboxGateway } from "../features/payments/sandbox-gateway";
import { releaseAbandonedHolds } from "./abandoned-holds";

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
  inventory: [anInventoryRange(room, { allotment: 2 })],
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
    const deps = { database, now: () => now, overrideSecret: "x", gateway };
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
