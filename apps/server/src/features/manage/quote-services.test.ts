import { MANAGE_PATHS } from "@alloggio/domain/contract/booking/manage";
import { createTestApp } from "@alloggio/test-kit/app";
import { anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
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

// A quote's mail names every service its price counts, a resort fee per adult and a kids club per child included.
const now = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const family = aRoomType({ maxAdults: 2, maxChildren: 2, maxOccupancy: 4 });
const rate = aRatePlan();
const fees = aServiceCategory();
const resortFee = aService(fees, {
  name: { en: "Resort fee", it: "Tassa resort", de: "Resortgebühr", ja: "リゾート料金" },
  pricingBasis: "per_person",
  price: 3,
  mandatoryFor: "all_adults",
});
const kidsClub = aService(fees, {
  name: { en: "Kids club", it: "Mini club", de: "Kinderclub", ja: "キッズクラブ" },
  pricingBasis: "per_person",
  price: 8,
  mandatoryFor: "all_children",
});
const hotel = buildProperty({
  roomTypes: [family],
  ratePlans: [rate],
  prices: [aPriceRange(family, rate, { adults: 4 })],
  serviceCategories: [fees],
  services: [resortFee, kidsClub],
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

let n = 0;
describe("a quote's mail", () => {
  it.each([
    [1, "Resort fee", "Kids club"],
    [2, "Tassa resort", "Mini club"],
    [3, "Resortgebühr", "Kinderclub"],
    [9, "リゾート料金", "キッズクラブ"],
  ])("names the mandatory extras in language %i, never by number", async (language, fee, club) => {
    const email = `quote-services${++n}@example.test`;
    const res = await app.inject({
      method: "POST",
      url: MANAGE_PATHS.quote,
      headers: { "idempotency-key": anIdempotencyKey() },
      remoteAddress: `10.5.0.${n}`,
      payload: {
        channel: 1,
        hotel: hotel.hotel.id,
        language,
        arrival: "20300120",
        departure: "20300122",
        rooms: [{ adults: 2, ages: [6], roomId: family.id, rateId: rate.id }],
        fullName: "Giulia Bianchi",
        email,
        emailConfirm: email,
        privacy: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await database.query<{ text: string }>(
      sql`select text from mail_outbox where "to" = ${email} order by id limit 1`,
    );
    expect(mail!.text).toContain(fee);
    expect(mail!.text).toContain(club);
    expect(mail!.text).not.toMatch(/#\d/);
  });
});
