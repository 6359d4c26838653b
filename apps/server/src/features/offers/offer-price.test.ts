import { createTestApp } from "@alloggio/test-kit/app";
import { anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  aPriceRange,
  aRatePlan,
  aRestrictionRange,
  aRoomType,
  aService,
  aServiceCategory,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession, type StaffSession } from "@alloggio/test-kit/staff";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { createHotelApiKey } from "./api-key";

// An offer's price is the booking's: the held prices, the extras every booking of the hotel pays, city tax beside.
const clock = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;
let key: string;
let manager: StaffSession;

const double = aRoomType({ name: { en: "Lake double" }, maxAdults: 2 });
const flexible = aRatePlan({ name: { en: "Flexible" } });
// Sold only for a week or more: a four-night offer of it cannot be booked.
const weekly = aRatePlan({ name: { en: "Weekly" } });
const fees = aServiceCategory();
const resortFee = aService(fees, {
  name: { en: "Resort fee", de: "Resortgebühr" },
  pricingBasis: "per_person",
  price: 1.5,
  mandatoryFor: "all_adults",
});
const hotel = buildProperty({
  hotel: { name: "Hotel Prezzo", cityTax: 2 },
  roomTypes: [double],
  ratePlans: [flexible, weekly],
  prices: [aPriceRange(double, flexible), aPriceRange(double, weekly)],
  restrictions: [aRestrictionRange(weekly, { minStay: 7 })],
  serviceCategories: [fees],
  services: [resortFee],
});

let addresses = 0;
const anAddress = () => `10.7.${Math.floor(++addresses / 250)}.${addresses % 250}`;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  app = await createTestApp(database, () => clock);
  key = (await createHotelApiKey(database.db, hotel.hotel.id, "PMS")).key;
  manager = await aStaffSession(database, { role: "manager", hotels: [hotel.hotel.id], now: clock });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let recipients = 0;
function anOffer(rateId: number) {
  return {
    hotel: hotel.hotel.id,
    channel: 1,
    recipient: { name: "Anna Weber", email: `anna${++recipients}@example.test`, language: 1 },
    arrival: "20300210",
    departure: "20300214",
    options: [{ rooms: [{ roomId: double.id, rateId, adults: 2, ages: [], priceMinor: 26050 }] }],
    expiresAt: "2030-01-12T18:00:00+01:00",
  };
}

const create = (body: unknown) =>
  app.inject({
    method: "POST",
    url: "/api/v2/offers/create",
    headers: { authorization: `Bearer ${key}`, "idempotency-key": anIdempotencyKey() },
    payload: body as object,
  });

describe("an offer's price", () => {
  it("is the booking's total: held room price plus every mandatory extra, the city tax beside it", async () => {
    const body = anOffer(flexible.id);
    const created = await create(body);
    expect(created.statusCode, created.body).toBe(200);
    const code = created.json().offerCode as string;
    const unlocked = await app.inject({
      method: "POST",
      url: `/api/v2/offers/${code}/unlock`,
      payload: { email: body.recipient.email },
      remoteAddress: anAddress(),
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const option = unlocked.json().offer.options[0];
    const cookie = `alloggio_offer=${unlocked.cookies.find((c) => c.name === "alloggio_offer")!.value}`;
    const payment = await app.inject({
      method: "GET",
      url: `/api/v2/offers/${code}/options/1/payment`,
      headers: { cookie },
      remoteAddress: anAddress(),
    });
    expect(payment.statusCode, payment.body).toBe(200);
    // 260,50 + a resort fee of 1,50 per adult (2): the checkout's, the voucher's and the card's figure.
    expect(payment.json().total).toBe(263.5);
    expect(option.total).toBe(payment.json().total);
    expect(option.services).toEqual([expect.objectContaining({ name: "Resort fee", quantity: 2, price: 3 })]);
    // 2,00 per adult per night, paid at the hotel: beside the total, not in it.
    expect(option.cityTax).toBe(16);
    expect(payment.json().cityTax).toBe(16);
  });

  it("refuses to send an option whose rate cannot be sold on the offer's dates, naming the option", async () => {
    const res = await create(anOffer(weekly.id));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe("offer_rate_unavailable");
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ field: "options.0.rooms.0.rateId" }),
    ]);
    expect(res.json().error.message).toMatch(/option 1/i);
  });
});

describe("the back office's new-offer form", () => {
  const optionPrice = (rateId: number) =>
    app.inject({
      method: "POST",
      url: `/api/backoffice/hotels/${hotel.hotel.id}/offers/option-price`,
      headers: manager.headers,
      payload: {
        channel: 1,
        arrival: "20300210",
        departure: "20300214",
        option: anOffer(rateId).options[0],
      },
    });

  it("prices an option as sending it will: the mandatory extras named and added, the city tax beside", async () => {
    const res = await optionPrice(flexible.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      totalMinor: 26350,
      cityTaxMinor: 1600,
      extras: [{ serviceId: resortFee.id, name: "Resort fee", quantity: 2, priceMinor: 300 }],
      issue: null,
    });
  });

  it("warns before sending that a rate cannot be sold on the dates, and sending is refused naming the option", async () => {
    const res = await optionPrice(weekly.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      totalMinor: null,
      issue: { field: "options.0.rooms.0.rateId" },
    });
    const sent = await app.inject({
      method: "POST",
      url: `/api/backoffice/hotels/${hotel.hotel.id}/offers`,
      headers: { ...manager.headers, "idempotency-key": anIdempotencyKey() },
      payload: anOffer(weekly.id),
    });
    expect(sent.statusCode, sent.body).toBe(409);
    expect(sent.json().error).toMatchObject({
      code: "offer_rate_unavailable",
      details: [expect.objectContaining({ field: "options.0.rooms.0.rateId" })],
    });
  });
});

describe("an offer that can no longer be had", () => {
  async function anUnlockedOffer() {
    const body = anOffer(flexible.id);
    const created = await create(body);
    expect(created.statusCode, created.body).toBe(200);
    const code = created.json().offerCode as string;
    const unlocked = await app.inject({
      method: "POST",
      url: `/api/v2/offers/${code}/unlock`,
      payload: { email: body.recipient.email },
      remoteAddress: anAddress(),
    });
    const cookie = `alloggio_offer=${unlocked.cookies.find((c) => c.name === "alloggio_offer")!.value}`;
    return { code, cookie };
  }
  const view = (code: string, cookie: string) =>
    app.inject({
      method: "GET",
      url: `/api/v2/offers/${code}`,
      headers: { cookie },
      remoteAddress: anAddress(),
    });

  it("becomes 'no longer available' when its rooms are gone as the recipient chooses it, not a retry", async () => {
    const { code, cookie } = await anUnlockedOffer();
    await database.query(sql`update inventory set allotment = sold
      where room_type_id = ${double.id} and day between '2030-02-10' and '2030-02-13'`);
    try {
      const payment = await app.inject({
        method: "GET",
        url: `/api/v2/offers/${code}/options/1/payment`,
        headers: { cookie },
        remoteAddress: anAddress(),
      });
      expect(payment.statusCode, payment.body).toBe(409);
      expect(payment.json().error.code).toBe("offer_unavailable");
      const seen = await view(code, cookie);
      expect(seen.json()).toMatchObject({
        state: "unavailable",
        hotel: { name: "Hotel Prezzo", email: hotel.hotel.email },
        unavailableReason: "rooms_gone",
      });
    } finally {
      await database.query(sql`update inventory set allotment = 5
        where room_type_id = ${double.id} and day between '2030-02-10' and '2030-02-13'`);
    }
  });

  it("says the hotel withdrew it when the hotel did", async () => {
    const { code, cookie } = await anUnlockedOffer();
    const [row] = await database.query<{ id: number }>(sql`select id from offer where code = ${code}`);
    const withdrawn = await app.inject({
      method: "POST",
      url: `/api/backoffice/hotels/${hotel.hotel.id}/offers/${row!.id}/withdraw`,
      headers: manager.headers,
      payload: {},
    });
    expect(withdrawn.statusCode, withdrawn.body).toBeLessThan(300);
    const seen = await view(code, cookie);
    expect(seen.json()).toMatchObject({ state: "unavailable", unavailableReason: "withdrawn" });
    expect(seen.json().offer).toMatchObject({ state: "unavailable", unavailableReason: "withdrawn" });
  });
});
