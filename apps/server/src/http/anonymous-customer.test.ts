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

type Answer = { statusCode: number; json: () => unknown; body: string };
const withCustomer = (customer?: number): Record<string, string> =>
  customer ? { customer: String(customer) } : {};
const get = (url: string): Promise<Answer> => app.inject({ method: "GET", url });
const confirm = (extra: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> =>
  app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers,
    payload: aBookingRequest(
      { hotel: H, roomId: room.id, rateId: rate.id, arrival: stay.arrival, departure: stay.departure },
      extra,
    ),
  });
const search = (route: string) => (customer?: number) =>
  get(
    `/api/${route}?${query({ channel: String(TRADE_CHANNEL_ID), hotel: String(H), ...withCustomer(customer) })}`,
  );

/** Every call that takes `customer`, asked as an anonymous caller would, with or without a customer id. */
const calls: Record<string, (customer?: number) => Promise<Answer>> = {
  "avail.do": search("avail.do"),
  "availCheck.do": search("availCheck.do"),
  "nearbyAvail.do": search("nearbyAvail.do"),
  "serviceAvail.do": (customer) =>
    get(
      `/api/serviceAvail.do?${query({ channel: "1", hotel: String(H), room: String(room.id), rate: String(rate.id), ...withCustomer(customer) })}`,
    ),
  "availChannelCheck.do": (customer) =>
    get(
      `/api/availChannelCheck.do?${query({ channel: String(TRADE_CHANNEL_ID), ...withCustomer(customer) })}`,
    ),
  "guestdata.do checkPrepaid": (customer) => confirm({ checkPrepaid: 1, ...(customer ? { customer } : {}) }),
  "guestdata.do confirm": (customer) =>
    confirm(customer ? { customer } : {}, { "idempotency-key": anIdempotencyKey() }),
};

describe("trade prices need a login: `customer` from an anonymous caller is refused", () => {
  for (const [name, call] of Object.entries(calls)) {
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
