import { createTestApp, TEST_API_KEY } from "@alloggio/test-kit/app";
import {
  aCustomPrivacy,
  aPackage,
  aRatePlan,
  aRoomType,
  aService,
  aServiceCategory,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";

// Covers the calls around the search: hotellist.do, customPrivacy.do, hotel.do, hotel info, package.do, currency.
let database: Database;
let app: App;

const rate = aRatePlan();
const room = aRoomType();
const category = aServiceCategory({ mandatory: true, name: { en: "Cleaning", it: "Pulizie" } });
const cleaning = aService(category, {
  name: { en: "Final cleaning", it: "Pulizia finale" },
  pricingBasis: "per_person",
  price: 40,
  mandatoryFor: "all_adults",
});
const transfer = aService(category, { isTransfer: true, timeSlots: ["10:00", "14:30"], price: 0 });
const first = buildProperty({
  hotel: {
    name: "Hotel Primo",
    breakfastFrom: "07:00",
    breakfastUntil: "10:30",
    pets: "per_night",
    petFee: 12.5,
    description: { en: "By the lake.", it: "Sul lago.", de: "Am See." },
    wellness: [
      { en: "Spa", it: "Centro benessere", de: "Wellnessbereich" },
      { en: "Sauna", de: " " },
    ],
    activities: [{ en: "Boat trips", de: "Bootsausflüge" }],
    showChat: true,
    messaging: { active: true, number: "+390000000", webUrl: "https://wa.example/1" },
  },
  roomTypes: [room],
  ratePlans: [rate],
  ageGroups: [{ id: 1, min: 0, max: 11 }],
  serviceCategories: [category],
  services: [cleaning, transfer],
  packages: [aPackage([rate], { kind: "offer", name: { en: "Spring offer", it: "Offerta primavera" } })],
  customPrivacy: [
    aCustomPrivacy({
      mandatory: true,
      title: { en: "Your data", it: "I tuoi dati", de: "Ihre Daten" },
      text: { en: "We keep your data safe.", it: "Custodiamo i tuoi dati.", de: "Wir schützen Ihre Daten." },
    }),
    aCustomPrivacy({ channel: 2 }),
  ],
  hosts: [
    { host: "primo.example", channel: 1, hotel: undefined, pageTitle: "Hotel Primo", iconUrl: "/primo.ico" },
  ],
  exchangeRates: { CHF: 0.94, USD: 1.08, JPY: 160 },
});
const second = buildProperty({
  hotel: { name: "Hotel Secondo" },
  // The hotel's pictures are each room's first, by the rooms' order: the suite (sorted first), not the room without.
  roomTypes: [
    aRoomType({ sortOrder: 2, gallery: ["/photos/double-1.jpg", "/photos/double-2.jpg"] }),
    aRoomType({ sortOrder: 3 }),
    aRoomType({ sortOrder: 1, gallery: ["https://img.example/suite.jpg"] }),
  ],
  ratePlans: [aRatePlan()],
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, first);
  await seedProperty(database, second);
  app = await createTestApp(database, fixedClock("2030-01-05T10:00:00Z").now);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: "GET", url, headers });
  return { status: res.statusCode, json: () => res.json() };
};

describe("hotellist.do", () => {
  it("needs a valid API key", async () => {
    expect((await get("/api/hotellist.do?channel=1")).status).toBe(401);
    const wrong = await get("/api/hotellist.do?channel=1", { "x-api-key": "nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.json().error.details[0].field).toBe("X-Api-Key");
  });

  it("lists the channel's hotels", async () => {
    const res = await get("/api/hotellist.do?channel=1&language=2", { "x-api-key": TEST_API_KEY });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.channel).toMatchObject({ id: 1, trade: false, tradeAssociated: 2 });
    expect(body.hotels.map((h: { name: string }) => h.name)).toEqual(["Hotel Primo", "Hotel Secondo"]);
    expect(body.hotels[0].destinations).toEqual([{ id: 1, name: "Lago di Garda" }]);
    expect(body.hotels[0].settings.aspect.showChat).toBe(true);
    expect(body.hotels[0].messaging.active).toBe(true);
    expect(body.hotels[0].ageGroup).toEqual([{ id: 1, min: 0, max: 11 }]);
    expect(body.hotels[0].images).toEqual([]);
    expect(body.hotels[1].images).toEqual(["https://img.example/suite.jpg", "/photos/double-1.jpg"]);
  });

  it("says what each hotel's largest room takes, for the guests picker", async () => {
    const body = (await get("/api/hotellist.do?channel=1", { "x-api-key": TEST_API_KEY })).json();
    expect(body.hotels[0].largestRoom).toEqual({ maxAdults: 2, maxGuests: 3 });
  });

  it("merges the channel settings into the hotel when there is one, and brands by host name", async () => {
    const res = await get(`/api/hotellist.do?domain=primo.example&hotel=${first.hotel.id}`, {
      "x-api-key": TEST_API_KEY,
    });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.channel.branding).toEqual({ pageTitle: "Hotel Primo", icon: "/primo.ico" });
    expect(body.hotels).toHaveLength(1);
    expect(body.hotels[0]).toMatchObject({
      name: "Hotel Primo",
      channelId: 1,
      trade: false,
      tradeConfHour: 18,
    });
    expect(body.hotels[0].colors.primary).toMatch(/^#/);
  });

  it("answers 404 for an unknown channel and 400 without channel or domain", async () => {
    expect((await get("/api/hotellist.do?channel=99", { "x-api-key": TEST_API_KEY })).status).toBe(404);
    expect((await get("/api/hotellist.do", { "x-api-key": TEST_API_KEY })).status).toBe(400);
    expect(
      (await get("/api/hotellist.do?domain=unknown.example", { "x-api-key": TEST_API_KEY })).status,
    ).toBe(404);
  });

  it("answers an unknown host (an address such as 127.0.0.1) in English", async () => {
    const res = await get("/api/hotellist.do?domain=127.0.0.1&language=2", { "x-api-key": TEST_API_KEY });
    expect(res.status).toBe(404);
    expect(res.json().error).toMatchObject({
      code: "not_found",
      message: "Unknown channel",
      details: [{ field: "channel", message: "Unknown channel" }],
    });
  });
});

describe("customPrivacy.do", () => {
  it("lists the hotel's policies for the channel, translated", async () => {
    const res = await get(`/api/customPrivacy.do?channel=1&hotel=${first.hotel.id}&language=2`);
    expect(res.status).toBe(200);
    expect(res.json().policies).toEqual([
      expect.objectContaining({ mandatory: true, text: "Custodiamo i tuoi dati." }),
    ]);
    const trade = await get(`/api/customPrivacy.do?channel=2&hotel=${first.hotel.id}&language=1`);
    expect(trade.json().policies).toHaveLength(2);
  });

  it("words the policies in German, and in English where the hotel gave no German", async () => {
    const res = await get(`/api/customPrivacy.do?channel=2&hotel=${first.hotel.id}&language=3`);
    expect(res.json().policies.map((p: { title: string; text: string }) => [p.title, p.text])).toEqual([
      ["Ihre Daten", "Wir schützen Ihre Daten."],
      [expect.stringMatching(/^Policy \d+$/), "We keep your data safe."],
    ]);
  });
});

describe("hotel.do and hotel info", () => {
  it("lists the service catalogue by category", async () => {
    const res = await get(`/api/hotel.do?hotel=${first.hotel.id}&language=2`);
    expect(res.status).toBe(200);
    const services = res.json().services;
    expect(services[0]).toMatchObject({
      name: "Pulizia finale",
      category: { name: "Pulizie", mandatory: true },
      pricingBasis: "per_person",
      price: 40,
      free: false,
      mandatoryFor: "all_adults",
    });
    expect(services[1]).toMatchObject({ transfer: true, timeSlots: ["10:00", "14:30"], free: true });
  });

  it("gives the information panel", async () => {
    const res = await get(`/api/bol/hotel/${first.hotel.id}/info/language/2`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      checkIn: { from: "14:00", until: "22:00" },
      checkOut: { until: "10:30" },
      breakfast: { from: "07:00", until: "10:30" },
      pets: { policy: "per_night", fee: 12.5 },
      wellness: ["Centro benessere", "Sauna"],
    });
    const german = await get(`/api/bol/hotel/${first.hotel.id}/info/language/3`);
    expect(german.json()).toMatchObject({
      description: "Am See.",
      wellness: ["Wellnessbereich", "Sauna"],
      activities: ["Bootsausflüge"],
    });
    expect((await get("/api/bol/hotel/999999/info/language/1")).status).toBe(404);
    expect((await get("/api/bol/hotel/abc/info/language/1")).status).toBe(400);
  });
});

describe("package.do", () => {
  it("lists packages and offers, or one of them", async () => {
    const res = await get(`/api/package.do?channel=1&hotel=${first.hotel.id}&language=1`);
    expect(res.status).toBe(200);
    const [offer] = res.json().packages;
    expect(offer).toMatchObject({ kind: "offer", name: "Spring offer", rateIds: [rate.id] });
    const one = await get(`/api/package.do?channel=1&hotel=${first.hotel.id}&language=1&package=${offer.id}`);
    expect(one.json().packages).toHaveLength(1);
    expect((await get(`/api/package.do?channel=1&hotel=${first.hotel.id}&package=424242`)).status).toBe(404);
  });
});

describe("currency conversion", () => {
  it("answers the rate as change, through EUR", async () => {
    const res = await get("/api/v1/exposed/bol/currency/EUR/CHF");
    expect(res.status).toBe(200);
    expect(res.json().change).toBe(0.94);
    expect(res.json().to).toMatchObject({ code: "CHF", rounding: 0.05, decimal_digits: 2 });
    const usdChf = await get("/api/v1/exposed/bol/currency/usd/chf");
    expect(usdChf.json().change).toBeCloseTo(0.94 / 1.08, 6);
    expect((await get("/api/v1/exposed/bol/currency/EUR/JPY")).json().to.decimal_digits).toBe(0);
  });

  it("rejects unknown codes", async () => {
    expect((await get("/api/v1/exposed/bol/currency/EUR/XYZ")).status).toBe(404);
    expect((await get("/api/v1/exposed/bol/currency/EUR/EURO")).status).toBe(400);
  });
});

describe("OpenAPI", () => {
  it("serves the documentation and the document of every call", async () => {
    expect((await get("/api/docs")).status).toBeLessThan(400);
    const doc = await get("/api/docs/json");
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const p of [
      "/api/avail.do",
      "/api/availCheck.do",
      "/api/nearbyAvail.do",
      "/api/calendar.do",
      "/api/hotellist.do",
      "/api/customPrivacy.do",
      "/api/hotel.do",
      "/api/package.do",
      "/api/bol/hotel/{hotel}/info/language/{lang}",
      "/api/v1/exposed/bol/currency/{from}/{to}",
    ])
      expect(paths).toContain(p);
  });
});
