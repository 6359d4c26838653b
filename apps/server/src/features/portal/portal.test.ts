import type { AvailChannelCheckResponse } from "@alloggio/domain/contract/portal/avail-channel-check";
import type { DestinationsResponse } from "@alloggio/domain/contract/portal/destinations";
import type { ReservationLinkResponse } from "@alloggio/domain/contract/portal/reservation-link";
import type { AvailResponse } from "@alloggio/domain/contract/search/avail";
import { createTestApp } from "@alloggio/test-kit/app";
import {
  anAgeGroup,
  anInventoryRange,
  aPriceRange,
  aPromoCode,
  aRatePlan,
  aReservationLink,
  aRestrictionRange,
  aRoomType,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";

// 10:00 UTC on 5 January 2030: hotel-local today is 20300105 in Europe/Rome.
const clock = fixedClock("2030-01-05T10:00:00Z");

const GARDA = { id: 1, name: { en: "Lake Garda", it: "Lago di Garda" } };
const ALPS = { id: 2, name: { en: "Swiss Alps", it: "Alpi svizzere" } };
const destinations = [GARDA, ALPS];

// Lakeside: two room types, the cheapest 2-adult night is 100 (aPriceRange: 80, 100, 120 by adults).
const lakeRoom = aRoomType({ gallery: ["/demo/rooms/lake.jpg"] });
const lakeSuite = aRoomType({ maxOccupancy: 4, maxAdults: 4, maxChildren: 2 });
const lakeRate = aRatePlan();
const lakeside = buildProperty({
  hotel: { name: "Lakeside", destinationIds: [GARDA.id] },
  destinations,
  roomTypes: [lakeRoom, lakeSuite],
  ratePlans: [lakeRate],
  prices: [
    aPriceRange(lakeRoom, lakeRate, { adults: 3 }),
    aPriceRange(lakeSuite, lakeRate, { perAdults: { "1": 150, "2": 160, "3": 170, "4": 180 } }),
  ],
  promoCodes: [aPromoCode({ code: "LAKE10", discountPercent: 10 })],
});

// Full house: nothing free from 10 to 12 January.
const fullRoom = aRoomType();
const fullHouse = buildProperty({
  hotel: { name: "Full House", destinationIds: [GARDA.id] },
  destinations,
  roomTypes: [fullRoom],
  inventory: [
    anInventoryRange(fullRoom),
    anInventoryRange(fullRoom, { from: "2030-01-10", to: "2030-01-12", allotment: 0 }),
  ],
});

// Strict: a three-night minimum stay every day.
const strictRate = aRatePlan();
const strict = buildProperty({
  hotel: { name: "Strict Stays", destinationIds: [GARDA.id] },
  destinations,
  ratePlans: [strictRate],
  restrictions: [aRestrictionRange(strictRate, { minStay: 3 })],
});

// Alpine: in CHF, with only a babies' age group (0–2): an older child matches no group.
const alpineRoom = aRoomType({ maxOccupancy: 3, maxAdults: 2, maxChildren: 1 });
const alpineRate = aRatePlan();
const babies = anAgeGroup(0, 2);
const alpine = buildProperty({
  hotel: { name: "Alpine Lodge", destinationIds: [ALPS.id], currencyCode: "CHF", timeZone: "Europe/Zurich" },
  destinations,
  roomTypes: [alpineRoom],
  ratePlans: [alpineRate],
  ageGroups: [babies],
  prices: [aPriceRange(alpineRoom, alpineRate, { adults: 3 })],
  reservationLinks: [],
});

// A prepared stay at Lakeside, and one that expired.
const link = aReservationLink({
  title: { en: "Your stay, Ms Rossi", it: "Il suo soggiorno, signora Rossi" },
  message: { en: "As agreed on the phone." },
  rooms: [
    { adults: 2, ages: [] },
    { adults: 2, ages: [5] },
  ],
  ratePlanIds: [lakeRate.id],
  total: 420,
  expiresAt: "2030-01-08T18:00:00Z",
});
const expired = aReservationLink({ expiresAt: "2030-01-01T00:00:00Z" });
lakeside.reservationLinks = [link, expired];

let database: Database;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  for (const file of [lakeside, fullHouse, strict, alpine]) await seedProperty(database, file);
  app = await createTestApp(database, clock.now);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function get(url: string) {
  const res = await app.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.body, json: () => res.json() };
}

async function portal(params: Record<string, string>): Promise<AvailChannelCheckResponse> {
  const qs = new URLSearchParams({ channel: "1", language: "1", ...params });
  const res = await get(`/api/availChannelCheck.do?${qs}`);
  expect(res.status, res.body).toBe(200);
  return res.json() as AvailChannelCheckResponse;
}

const byName = (r: AvailChannelCheckResponse, name: string) => {
  const found = r.hotels.find((h) => h.name === name);
  if (!found) throw new Error(`${name} not in the list`);
  return found;
};

describe("availChannelCheck.do", () => {
  it("lists every hotel of the channel with its lowest price, or why it has none", async () => {
    const r = await portal({ arrival: "20300110", departure: "20300112", adults: "2" });
    expect(r).toMatchObject({ arrival: "20300110", departure: "20300112", nights: 2 });
    expect(r.hotels.map((h) => h.name)).toEqual(["Lakeside", "Full House", "Strict Stays", "Alpine Lodge"]);
    expect(byName(r, "Lakeside")).toMatchObject({
      available: true,
      minTotal: 200,
      currency: "EUR",
      reason: null,
      destinations: [GARDA.id],
      image: "/demo/rooms/lake.jpg",
      city: "Riva del Garda",
    });
    expect(byName(r, "Full House")).toMatchObject({
      available: false,
      minTotal: null,
      reason: "sold_out",
      restrictions: [],
    });
    expect(byName(r, "Strict Stays")).toMatchObject({
      available: false,
      minTotal: null,
      reason: "restricted",
      restrictions: [{ kind: "min_stay", value: 3 }],
    });
    expect(byName(r, "Alpine Lodge")).toMatchObject({ available: true, minTotal: 200, currency: "CHF" });
  });

  it("sums the cheapest room of every room asked for, and applies a promo code where it exists", async () => {
    const r = await portal({
      arrival: "20300110",
      departure: "20300111",
      adults: "2,4",
      promoCode: "LAKE10",
    });
    // Lakeside: 2 adults 100, 4 adults only in the suite 180; 10% off both.
    expect(byName(r, "Lakeside")).toMatchObject({ available: true, minTotal: 252 });
    // Alpine has no room for four adults, and says so rather than "sold out".
    expect(byName(r, "Alpine Lodge")).toMatchObject({ available: false, reason: "restricted" });
    expect(byName(r, "Alpine Lodge")?.restrictions.map((n) => n.kind)).toEqual(["max_guests"]);
  });

  it("searches a destination, or a chosen set of hotels", async () => {
    const alps = await portal({ arrival: "20300110", departure: "20300111", destination: String(ALPS.id) });
    expect(alps.hotels.map((h) => h.name)).toEqual(["Alpine Lodge"]);
    const chosen = await portal({
      arrival: "20300110",
      departure: "20300111",
      hotels: `${strict.hotel.id},${lakeside.hotel.id}`,
    });
    expect(chosen.hotels.map((h) => h.name)).toEqual(["Lakeside", "Strict Stays"]);
  });

  it("keeps a child matching no age group as a child in the portal list (SPEC §5), unlike the hotel search", async () => {
    // Two adults and a 10-year-old: at Alpine (babies 0–2 only, 2 adults a room at most) the hotel search makes
    // the child a third adult, who fits no room; the portal list keeps the child and prices it as one more adult.
    const query = { arrival: "20300110", departure: "20300111", adults: "2", childs: "1", ages: "10" };
    const r = await portal(query);
    expect(byName(r, "Alpine Lodge")).toMatchObject({ available: true, minTotal: 120 });
    const qs = new URLSearchParams({ channel: "1", hotel: String(alpine.hotel.id), language: "1", ...query });
    const hotelSearch = (await get(`/api/avail.do?${qs}`)).json() as AvailResponse;
    expect(hotelSearch.availability[0]).toEqual([]);
  });

  it("defaults to one night from today, and refuses an arrival in the past", async () => {
    const r = await portal({});
    expect(r).toMatchObject({ arrival: "20300105", departure: "20300106", nights: 1 });
    const past = await get("/api/availChannelCheck.do?channel=1&arrival=20300101&departure=20300102");
    expect(past.status).toBe(400);
    expect(past.json()).toMatchObject({ error: { code: "invalid_input", details: [{ field: "arrival" }] } });
  });

  it("answers bad input with 400 naming the field, and an unknown channel with 404", async () => {
    const cases: [string, string][] = [
      ["channel=1&hotels=1,x", "hotels"],
      ["channel=1&adults=0", "adults"],
      ["channel=1&arrival=20300112&departure=20300110", "departure"],
      ["channel=1&destination=abc", "destination"],
      ["channel=1&adults=2&childs=1", "ages"],
      ["language=1", "channel"],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/availChannelCheck.do?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(`"field":"${field}"`);
    }
    const unknown = await get("/api/availChannelCheck.do?channel=99&arrival=20300110&departure=20300111");
    expect(unknown.status).toBe(404);
  });
});

describe("channel/destinations", () => {
  it("lists the group's destinations with the count and list of their properties", async () => {
    const res = await get("/api/channel/destinations?channel=1&language=2");
    expect(res.status).toBe(200);
    const body = res.json() as DestinationsResponse;
    expect(body.destinations).toEqual([
      {
        id: GARDA.id,
        name: "Lago di Garda",
        count: 3,
        properties: [
          { id: fullHouse.hotel.id, name: "Full House" },
          { id: lakeside.hotel.id, name: "Lakeside" },
          { id: strict.hotel.id, name: "Strict Stays" },
        ],
      },
      {
        id: ALPS.id,
        name: "Alpi svizzere",
        count: 1,
        properties: [{ id: alpine.hotel.id, name: "Alpine Lodge" }],
      },
    ]);
    expect((await get("/api/channel/destinations?channel=99")).status).toBe(404);
    expect((await get("/api/channel/destinations?channel=x")).status).toBe(400);
  });
});

describe("reservationLink.do", () => {
  const url = (q: string) => `/api/reservationLink.do?channel=1&hotel=${lakeside.hotel.id}&language=2&${q}`;

  it("gives the prepared stay: dates, rooms, rates, the agreed total and the expiry", async () => {
    const res = await get(url(`rlId=${link.id}`));
    expect(res.status, res.body).toBe(200);
    expect((res.json() as ReservationLinkResponse).links).toEqual([
      {
        id: String(link.id),
        title: "Il suo soggiorno, signora Rossi",
        message: "As agreed on the phone.",
        arrival: "20300110",
        departure: "20300113",
        nights: 3,
        rooms: [
          { adults: 2, ages: [] },
          { adults: 2, ages: [5] },
        ],
        roomIds: [],
        rateIds: [lakeRate.id],
        promoCode: null,
        total: 420,
        currency: "EUR",
        expiresAt: "2030-01-08T18:00:00.000Z",
        expired: false,
      },
    ]);
  });

  it("says when a link has expired, and lists nothing without rlId", async () => {
    const res = (await get(url(`rlId=${expired.id}`))).json() as ReservationLinkResponse;
    expect(res.links[0]).toMatchObject({ id: String(expired.id), expired: true });
    expect(((await get(url(""))).json() as ReservationLinkResponse).links).toEqual([]);
  });

  it("answers an unknown link, hotel or channel with 404 and bad ids with 400", async () => {
    expect((await get(url("rlId=99999"))).status).toBe(404);
    expect(
      (await get(`/api/reservationLink.do?channel=1&hotel=${fullHouse.hotel.id}&rlId=${link.id}`)).status,
    ).toBe(404);
    expect(
      (await get(`/api/reservationLink.do?channel=2&hotel=${lakeside.hotel.id}&rlId=${link.id}`)).status,
    ).toBe(404);
    const bad = await get(url("rlId=abc"));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('"field":"rlId"');
  });
});
