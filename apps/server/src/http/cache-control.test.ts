import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import { aPriceRange, aRatePlan, aRoomType, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession, type StaffSession } from "@alloggio/test-kit/staff";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { staffUser } from "../db/schema";
import { hashPassword } from "../features/credentials";
import type { App } from "./app";

// An answer with personal data or a token is kept by no browser and no proxy: Cache-Control: no-store.
const clock = fixedClock("2030-01-05T10:00:00Z");
const room = aRoomType();
const rate = aRatePlan();
const property = buildProperty({ roomTypes: [room], ratePlans: [rate], prices: [aPriceRange(room, rate)] });
const MAIL = "cache.guest@example.test";
const PASSWORD = "Correct-Horse-1";
let database: Database;
let app: App;
let staff: StaffSession;
let hotelId: number;
let code: string;
let reservationId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  hotelId = (await seedProperty(database, property)).hotelId;
  app = await createTestApp(database, clock.now);
  staff = await aStaffSession(database, { role: "owner", now: clock.now() });
  await database.db.insert(staffUser).values({
    groupId: 1,
    email: "cache.owner@example.test",
    name: "Owner",
    role: "owner",
    allHotels: true,
    passwordHash: await hashPassword(PASSWORD),
  });
  const booked = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      { hotel: hotelId, roomId: room.id, rateId: rate.id, arrival: "20300110", departure: "20300113" },
      {
        booker: {
          fullname: "Ada Lovelace",
          email: MAIL,
          emailConfirm: MAIL,
          phone: { dialCode: "+39", number: "3331234567" },
          country: "IT",
        },
      },
    ),
  });
  expect(booked.statusCode, booked.body).toBe(200);
  code = booked.json().reservation.code;
  const list = await app.inject({
    method: "GET",
    url: `/api/backoffice/hotels/${hotelId}/reservations`,
    headers: staff.headers,
  });
  reservationId = list.json().rows[0].id;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("Cache-Control: no-store on personal answers", () => {
  it("marks the guest's, the staff's and the offer's answers no-store", async () => {
    const answers = {
      "retrieve.do": await app.inject({
        method: "POST",
        url: "/api/retrieve.do",
        payload: { channel: 1, code, mail: MAIL },
      }),
      "back-office sign-in": await app.inject({
        method: "POST",
        url: "/api/backoffice/sign-in",
        payload: { email: "cache.owner@example.test", password: PASSWORD },
      }),
      "back-office me": await app.inject({
        method: "GET",
        url: "/api/backoffice/me",
        headers: staff.headers,
      }),
      "reservations list": await app.inject({
        method: "GET",
        url: `/api/backoffice/hotels/${hotelId}/reservations`,
        headers: staff.headers,
      }),
      "reservation detail": await app.inject({
        method: "GET",
        url: `/api/backoffice/hotels/${hotelId}/reservations/${reservationId}`,
        headers: staff.headers,
      }),
      users: await app.inject({ method: "GET", url: "/api/backoffice/users", headers: staff.headers }),
      "booking answer": await app.inject({
        method: "POST",
        url: "/api/guestdata.do",
        headers: { "idempotency-key": anIdempotencyKey() },
        payload: aBookingRequest({
          hotel: hotelId,
          roomId: room.id,
          rateId: rate.id,
          arrival: "20300110",
          departure: "20300113",
        }),
      }),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers["cache-control"], name).toBe("no-store");
    }
    // The offer's unlock and read, answered or refused: the same class of route.
    for (const [method, url] of [
      ["POST", "/api/v2/offers/DEM00FFERH0TE101/unlock"],
      ["GET", "/api/v2/offers/DEM00FFERH0TE101"],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === "POST" ? { email: MAIL } : undefined });
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("keeps a route's own caching (public pictures)", async () => {
    const res = await app.inject({ method: "GET", url: "/demo/icons/alloggio.svg" });
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
  });
});
