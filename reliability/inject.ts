// Shared by R5 and R7: the real HTTP app in-process (`app.inject`) on a fresh test database with one seeded hotel
// and one booked reservation, a timed request, and the check of the one error shape (ARCHITECTURE §4).
import type { InjectOptions } from "fastify";
import type { Database } from "../apps/server/src/db/client";
import type { App } from "../apps/server/src/http/app";
import { createTestApp } from "../packages/test-kit/src/app";
import { aBookingRequest, anIdempotencyKey } from "../packages/test-kit/src/booking";
import {
  aCustomPrivacy,
  anAgeGroup,
  anInventoryRange,
  aPackage,
  aPriceRange,
  aPromoCode,
  aRatePlan,
  aReservationLink,
  aRoomType,
  aService,
  aServiceCategory,
  buildProperty,
  seedProperty,
} from "../packages/test-kit/src/builders";
import { createTestDatabase } from "../packages/test-kit/src/database";

export type Answer = {
  status: number;
  body: any;
  text: string;
  headers: Record<string, unknown>;
  ms: number;
};

/** One request through `app.inject`, with the time it took. */
export async function timedInject(app: App, options: InjectOptions): Promise<Answer> {
  const t0 = performance.now();
  const res = await app.inject(options);
  const ms = performance.now() - t0;
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {}
  return { status: res.statusCode, body, text: res.body, headers: res.headers, ms };
}

/**
 * What is wrong with an error answer's shape, or null: `{ error: { code, message, details: [{ field, message }],
 * requestId } }` with at least one detail, every field and message a non-empty string, nothing else.
 */
export function errorShapeProblem(answer: Answer): string | null {
  const ct = String(answer.headers["content-type"] ?? "");
  if (!ct.startsWith("application/json")) return `content-type ${ct}`;
  const b = answer.body;
  if (!b || typeof b !== "object" || Array.isArray(b)) return "not a JSON object";
  const keys = Object.keys(b);
  if (keys.length !== 1 || keys[0] !== "error") return `top-level keys ${keys.join(",")}`;
  const e = b.error;
  if (!e || typeof e !== "object") return "error is not an object";
  for (const k of Object.keys(e))
    if (!["code", "message", "details", "requestId"].includes(k)) return `unexpected key error.${k}`;
  if (typeof e.code !== "string" || e.code === "") return "no error.code";
  if (typeof e.message !== "string" || e.message === "") return "no error.message";
  if (typeof e.requestId !== "string" || e.requestId === "") return "no error.requestId";
  if (!Array.isArray(e.details) || e.details.length === 0) return "no error.details";
  for (const d of e.details)
    if (!d || typeof d.field !== "string" || d.field === "" || typeof d.message !== "string")
      return `a detail without a field: ${JSON.stringify(d)}`;
  return null;
}

/** The fields an error answer names (`error.details[].field`). */
export function namedFields(answer: Answer): string[] {
  const details = answer.body?.error?.details;
  return Array.isArray(details) ? details.map((d: { field?: unknown }) => String(d?.field ?? "")) : [];
}

export const MAIL = "maria@example.test";
/** The fixed clock of the seeded app: before the stays of the seeded hotel. */
export const NOW = new Date("2030-01-05T10:00:00Z");
export const ARRIVAL = "20300120";
export const DEPARTURE = "20300122";

export type Fixture = {
  database: Database;
  app: App;
  /**
   * A second app on the same database, as a second server process would be: whatever it limits it counts in the
   * database, so its counts and `app`'s add up.
   */
  second: App;
  hotelId: number;
  roomId: number;
  rateId: number;
  packageId: number;
  reservationLinkId: number;
  serviceId: number;
  promo: string;
  /** A reservation booked by MAIL, with an airport transfer (`transferId`, a reservation service id). */
  code: string;
  transferId: number;
  /** Books one more reservation like `code` (pay at hotel) and answers its code. */
  book(): Promise<string>;
  close(): Promise<void>;
};

/** A fresh database with one hotel (room, rate, age group, services, package, link, privacy, promo) and one booking. */
export async function createFixture(): Promise<Fixture> {
  const room = aRoomType({ maxOccupancy: 3, maxAdults: 3, maxChildren: 2 });
  const rate = aRatePlan();
  const transfers = aServiceCategory();
  const airportTransfer = aService(transfers, {
    pricingBasis: "per_stay",
    price: 60,
    needsDate: true,
    isTransfer: true,
  });
  const pack = aPackage([rate]);
  const link = aReservationLink();
  const promo = aPromoCode();
  const hotel = buildProperty({
    roomTypes: [room],
    ratePlans: [rate],
    prices: [aPriceRange(room, rate, { adults: 3 })],
    inventory: [anInventoryRange(room, { allotment: 500 })],
    ageGroups: [anAgeGroup(0, 2), anAgeGroup(3, 17)],
    serviceCategories: [transfers],
    services: [airportTransfer],
    packages: [pack],
    reservationLinks: [link],
    customPrivacy: [aCustomPrivacy()],
    promoCodes: [promo],
  });
  const database = await createTestDatabase();
  await seedProperty(database, hotel);
  const app = await createTestApp(database, () => NOW);
  const second = await createTestApp(database, () => NOW);
  const stay = {
    hotel: hotel.hotel.id,
    roomId: room.id,
    rateId: rate.id,
    arrival: ARRIVAL,
    departure: DEPARTURE,
  };
  const book = async (services: unknown[] = []) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/guestdata.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: aBookingRequest(stay, { services }),
    });
    if (res.statusCode !== 200) throw new Error(`the fixture booking failed: ${res.statusCode} ${res.body}`);
    return res.json().reservation.code as string;
  };
  const code = await book([
    { serviceId: airportTransfer.id, slot: 0, quantity: 1, date: ARRIVAL, transfer: { time: "10:30" } },
  ]);
  const voucher = await app.inject({
    method: "POST",
    url: "/api/retrieve.do",
    payload: { channel: 1, code, mail: MAIL },
  });
  if (voucher.statusCode !== 200) throw new Error(`the fixture voucher failed: ${voucher.body}`);
  const extras = voucher.json().rooms[0].extra as { id: number; serviceId: number }[];
  const transferId = extras.find((e) => e.serviceId === airportTransfer.id)?.id;
  if (transferId === undefined) throw new Error("the fixture booking has no transfer");
  return {
    database,
    app,
    second,
    hotelId: hotel.hotel.id,
    roomId: room.id,
    rateId: rate.id,
    packageId: pack.id,
    reservationLinkId: link.id,
    serviceId: airportTransfer.id,
    promo: promo.code,
    code,
    transferId,
    book: () => book(),
    close: async () => {
      await app.close();
      await second.close();
      await database.close();
    },
  };
}
