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

let now = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const room = aRoomType();
const rate = aRatePlan();
const transfers = aServiceCategory();
const airport = aService(transfers, {
  pricingBasis: "per_stay",
  price: 60,
  needsDate: true,
  isTransfer: true,
});
const dinner = aService(transfers, { pricingBasis: "per_stay", price: 30 });
const hotel = buildProperty({
  roomTypes: [room],
  ratePlans: [rate],
  prices: [aPriceRange(room, rate)],
  inventory: [anInventoryRange(room, { allotment: 10 })],
  serviceCategories: [transfers],
  services: [airport, dinner],
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

/** A stay from 20 to 22 January with an airport transfer on the 20th and a dinner; answers the code and ids. */
async function book() {
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      { hotel: hotel.hotel.id, roomId: room.id, rateId: rate.id, arrival: "20300120", departure: "20300122" },
      {
        services: [
          { serviceId: airport.id, slot: 0, quantity: 1, date: "20300120", transfer: { time: "10:30" } },
          { serviceId: dinner.id, slot: 0, quantity: 1 },
        ],
      },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  const code: string = res.json().reservation.code;
  const voucher = await app.inject({
    method: "POST",
    url: "/api/retrieve.do",
    payload: { channel: 1, code, mail: MAIL },
  });
  const extras = voucher.json().rooms[0].extra as { id: number; serviceId: number }[];
  return {
    code,
    transferId: extras.find((e) => e.serviceId === airport.id)!.id,
    dinnerId: extras.find((e) => e.serviceId === dinner.id)!.id,
  };
}

const update = (code: string, seId: number, body: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: `/api/bol/transfer-update/${code}/${seId}`,
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: { mail: MAIL, ...body },
  });

describe("bol/transfer-update", () => {
  it("replaces the details until the day before the transfer, hotel-local; writes history and mails", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const { code, transferId, dinnerId } = await book();
    const transfer = { time: "14:05", placeCode: "VRN", transportNumber: "FR 1234", note: "Two suitcases" };
    const res = await update(code, transferId, { transfer });
    expect(res.statusCode, res.body).toBe(200);
    // 00:00 on 20 January in Rome is 23:00 UTC on the 19th.
    expect(res.json()).toEqual({ id: transferId, transfer, editBefore: "2030-01-19T23:00:00.000Z" });
    const [row] = await database.query<{ transfer: unknown; history: number; mails: number }>(sql`
      select rs.transfer,
        (select count(*)::int from reservation_history h where h.reservation_id = rs.reservation_id
           and h.action = 'transfer_updated') as history,
        (select count(*)::int from mail_outbox m where m.reservation_id = rs.reservation_id) as mails
      from reservation_service rs where rs.id = ${transferId}`);
    expect(row).toEqual({ transfer, history: 1, mails: 4 });
    const voucher = await app.inject({
      method: "POST",
      url: "/api/retrieve.do",
      payload: { channel: 1, code, mail: MAIL },
    });
    expect(voucher.json().rooms[0].extra.find((e: { id: number }) => e.id === transferId).transfer).toEqual(
      transfer,
    );

    const notTransfer = await update(code, dinnerId, { transfer: { time: "20:00" } });
    expect(notTransfer.statusCode).toBe(409);
    expect(notTransfer.json().error).toMatchObject({
      code: "transfer_update_refused",
      details: [{ message: "not_a_transfer" }],
    });

    now = new Date("2030-01-19T22:59:00Z");
    expect((await update(code, transferId, { transfer: { time: "15:00" } })).statusCode).toBe(200);
    now = new Date("2030-01-19T23:00:00Z");
    const late = await update(code, transferId, { transfer: { time: "16:00" } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.details).toEqual([{ field: "transfer", message: "too_late" }]);
  });

  it("names the field of a bad time, and answers a wrong e-mail like a wrong code", async () => {
    now = new Date("2030-01-05T10:00:00Z");
    const { code, transferId } = await book();
    const bad = await update(code, transferId, { transfer: { time: "25:00" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe("transfer.time");
    const wrong = await update(code, transferId, { mail: "else@example.test", transfer: { time: "10:00" } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe("reservation_not_found");
  });
});
