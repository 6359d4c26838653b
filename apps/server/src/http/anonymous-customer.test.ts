import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  aRatePlan,
  aRoomType,
  aTradeCustomer,
  buildProperty,
  seedProperty,
  TRADE_CHANNEL_ID,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import type { App } from "./app";

const now = new Date("2030-01-05T10:00:00Z");
const room = aRoomType();
const rate = aRatePlan();
const agency = aTradeCustomer();
const hotel = buildProperty({ roomTypes: [room], ratePlans: [rate], tradeCustomers: [agency] });
const H = hotel.hotel.id;
let database: Database;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  app = await createTestApp(database, () => now);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const stay = { arrival: "20300120", departure: "20300122", adults: "2" };
const query = (extra: Record<string, string>) => new URLSearchParams({ ...stay, language: "1", ...extra });

/** Every call that takes `customer`, asked as an anonymous caller would, with or without a customer id. */
const calls: [
  string,
  (customer?: number) => Promise<{ statusCode: number; json: () => unknown; body: string }>,
][] = [
  ...["avail.do", "availCheck.do", "nearbyAvail.do"].map(
    (route) =>
      [
        route,
        (customer?: number) =>
          app.inject({
            method: "GET",
            url: `/api/${route}?${query({ channel: String(TRADE_CHANNEL_ID), hotel: String(H), ...(customer ? { customer: String(customer) } : {}) })}`,
          }),
      ] as const,
  ),
  [
    "serviceAvail.do",
    (customer?: number) =>
      app.inject({
        method: "GET",
        url: `/api/serviceAvail.do?${query({ channel: "1", hotel: String(H), room: String(room.id), rate: String(rate.id), ...(customer ? { customer: String(customer) } : {}) })}`,
      }),
  ],
  [
    "availChannelCheck.do",
    (customer?: number) =>
      app.inject({
        method: "GET",
        url: `/api/availChannelCheck.do?${query({ channel: String(TRADE_CHANNEL_ID), ...(customer ? { customer: String(customer) } : {}) })}`,
      }),
  ],
  [
    "guestdata.do checkPrepaid",
    (customer?: number) =>
      app.inject({
        method: "POST",
        url: "/api/guestdata.do",
        payload: aBookingRequest(
          { hotel: H, roomId: room.id, rateId: rate.id, arrival: stay.arrival, departure: stay.departure },
          { checkPrepaid: 1, ...(customer ? { customer } : {}) },
        ),
      }),
  ],
  [
    "guestdata.do confirm",
    (customer?: number) =>
      app.inject({
        method: "POST",
        url: "/api/guestdata.do",
        headers: { "idempotency-key": anIdempotencyKey() },
        payload: aBookingRequest(
          { hotel: H, roomId: room.id, rateId: rate.id, arrival: stay.arrival, departure: stay.departure },
          customer ? { customer } : {},
        ),
      }),
  ],
];

describe("trade prices need a login: `customer` from an anonymous caller is refused (issue 11 item 27)", () => {
  for (const [name, call] of calls) {
    it(`${name} refuses a trade customer's id with a 403 naming the field`, async () => {
      const res = await call(agency.id);
      expect(res.statusCode, res.body).toBe(403);
      expect((res.json() as { error: unknown }).error).toMatchObject({
        code: "trade_login_required",
        details: [{ field: "customer", message: "needs a trade customer's login" }],
      });
    });

    it(`${name} answers without a customer id`, async () => {
      const res = await call();
      expect(res.statusCode, res.body).toBe(200);
    });
  }
});
