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
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";

// guestdata.do's `tracking` (metasearch click references and the campaign) is stored on the reservation.
const clock = fixedClock("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const room = aRoomType();
const rate = aRatePlan({ payment: "pay_at_hotel" });
const property = buildProperty({
  roomTypes: [room],
  ratePlans: [rate],
  prices: [aPriceRange(room, rate, { perAdults: { "1": 80, "2": 100 } })],
  inventory: [anInventoryRange(room, { allotment: 20 })],
});
const stay = {
  hotel: property.hotel.id,
  roomId: room.id,
  rateId: rate.id,
  arrival: "20300110",
  departure: "20300112",
};

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, property);
  app = await createTestApp(database, clock.now);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const book = (overrides: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(stay, overrides),
  });

async function attributionOf(code: string): Promise<unknown> {
  const [row] = await database.query<{ attribution: unknown }>(
    sql`select attribution from reservation where code = ${code}`,
  );
  return row!.attribution;
}

const count = async () =>
  (await database.query<{ n: number }>(sql`select count(*)::int as n from reservation`))[0]!.n;

describe("guestdata.do tracking → reservation.attribution", () => {
  it("stores the references, trimmed, in the booking's transaction", async () => {
    const res = await book({
      tracking: { trivago: "  trv-123  ", tripadvisor: "ta-456", campaign: " newsletter / email / spring " },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await attributionOf(res.json().reservation.code)).toEqual({
      trivago: "trv-123",
      tripadvisor: "ta-456",
      campaign: "newsletter / email / spring",
    });
  });

  it("keeps only the fields given, and drops blank ones", async () => {
    const res = await book({ tracking: { campaign: "summer", trivago: "   " } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await attributionOf(res.json().reservation.code)).toEqual({ campaign: "summer" });
  });

  it("stores null when the booking carries no tracking, or only blanks", async () => {
    const none = await book({});
    expect(none.statusCode, none.body).toBe(200);
    expect(await attributionOf(none.json().reservation.code)).toBeNull();
    const blank = await book({ tracking: { trivago: "", tripadvisor: " " } });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(await attributionOf(blank.json().reservation.code)).toBeNull();
  });

  it.each([
    ["tracking.trivago", { trivago: "x".repeat(201) }],
    ["tracking.tripadvisor", { tripadvisor: "x".repeat(201) }],
    ["tracking.campaign", { campaign: "x".repeat(201) }],
    ["tracking.gclid", { gclid: "abc" }],
  ])("answers 400 naming %s, and books nothing", async (field, tracking) => {
    const before = await count();
    const res = await book({ tracking });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await count()).toBe(before);
  });
});
