import { createTestApp } from "@alloggio/test-kit/app";
import { anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  aRatePlan,
  aRoomType,
  aService,
  aServiceCategory,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../http/app";
import type { Database } from "../client";
import { DEMO_OFFER_API_KEY, DEMO_OFFER_CODE, DEMO_OFFER_EMAIL, loadDemoOffers } from "./demo-offers";

let database: Database;
let app: App;
const rooms = [aRoomType(), aRoomType()];
const rate = aRatePlan();
// Like demo hotel 1's resort fee: every adult pays it, whatever the offer names.
const fees = aServiceCategory();
const resortFee = aService(fees, { pricingBasis: "per_person", price: 9, mandatoryFor: "all_adults" });

beforeAll(async () => {
  database = await createTestDatabase();
  // Stands in for demo hotel 1 (the whole demo group takes long to load; demo-files.test.ts loads it).
  await seedProperty(
    database,
    buildProperty({
      hotel: { id: 1 },
      roomTypes: rooms,
      ratePlans: [rate],
      serviceCategories: [fees],
      services: [resortFee],
    }),
  );
  await loadDemoOffers(database, "2030-01-05");
  app = await createTestApp(database, () => new Date("2030-01-05T10:00:00Z"));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the demo offers (README: Demo accounts)", () => {
  it("the documented offer opens with the documented e-mail and has two options", async () => {
    const res = await app.inject({
      method: "POST",
      url: `/api/v2/offers/${DEMO_OFFER_CODE}/unlock`,
      payload: { email: DEMO_OFFER_EMAIL },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { offer } = res.json();
    expect(offer).toMatchObject({ state: "unlocked", arrival: "20300204", departure: "20300207" });
    // The booking's totals (the held room prices and the hotel's mandatory extras), as its payment answer says.
    const cookie = `alloggio_offer=${res.cookies.find((c) => c.name === "alloggio_offer")!.value}`;
    for (const option of offer.options as { position: number; total: number; cityTax: number }[]) {
      const payment = await app.inject({
        method: "GET",
        url: `/api/v2/offers/${DEMO_OFFER_CODE}/options/${option.position}/payment`,
        headers: { cookie },
      });
      expect(payment.statusCode, payment.body).toBe(200);
      expect(option.total).toBe(payment.json().total);
      expect(option.cityTax).toBe(payment.json().cityTax);
    }
    expect(offer.options.map((o: { total: number }) => o.total)).toEqual([438, 633]);
  });

  it("the documented API key creates offers of hotel 1", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/v2/offers/create",
      headers: { authorization: `Bearer ${DEMO_OFFER_API_KEY}`, "idempotency-key": anIdempotencyKey() },
      payload: {
        hotel: 1,
        channel: 1,
        recipient: { name: "Demo", email: "someone@example.test", language: 2 },
        arrival: "20300301",
        departure: "20300303",
        options: [{ rooms: [{ roomId: rooms[0]!.id, rateId: rate.id, adults: 2, priceMinor: 20000 }] }],
        expiresAt: "2030-02-01T00:00:00Z",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
