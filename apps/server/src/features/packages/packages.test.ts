import { MANAGE_PATHS } from "@alloggio/domain/contract/booking/manage";
import type { PackageAirportsResponse } from "@alloggio/domain/contract/packages/airports";
import type { PackageResponse } from "@alloggio/domain/contract/packages/package";
import type { AvailResponse } from "@alloggio/domain/contract/search/avail";
import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  anInventoryRange,
  aPackage,
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

// 10:00 UTC on 5 January 2030: hotel-local today is 20300105 in Europe/Rome.
const clock = fixedClock("2030-01-05T10:00:00Z");

const garden = aRoomType({ gallery: ["/pics/garden-1.jpg", "/pics/garden-2.jpg"], sortOrder: 1 });
const lake = aRoomType({ gallery: ["/pics/lake-1.jpg"], sortOrder: 2 });
const standard = aRatePlan();
const packRate = aRatePlan();
// Weekend offer: 2–4 nights for exactly two adults, valid in January and February, on both rooms.
const weekend = aPackage([packRate], {
  kind: "offer",
  name: { en: "Romantic weekend", it: "Weekend romantico", de: "Romantisches Wochenende", es: "" },
  description: {
    en: "Two nights with prosecco.",
    it: "Due notti con prosecco.",
    de: "Zwei Nächte mit Prosecco.",
  },
  image: "/pics/romantic.jpg",
  validFrom: "2030-01-01",
  validTo: "2030-02-28",
  minNights: 2,
  maxNights: 4,
  minAdults: 2,
  maxAdults: 2,
});
// Fly & stay: a week, out from two airports on Saturdays 12 and 19 January (and the 26th from LGW), back on a
// flight of its own a week later from LGW only; flights priced per passenger (out 89, back 79).
const flyStay = aPackage([packRate], {
  roomTypeIds: [garden.id],
  validFrom: "2030-01-10",
  validTo: "2030-03-31",
  minNights: 7,
  maxNights: 14,
  destinationAirport: { code: "VRN", name: "Verona Villafranca" },
  airports: [
    {
      code: "LGW",
      name: "London Gatwick",
      flights: [
        { code: "EZY8421", date: "2030-01-12", time: "09:40", arrivalTime: "12:50", price: 89 },
        { code: "EZY8421", date: "2030-01-19", time: "09:40", arrivalTime: "12:50", price: 89 },
        { code: "EZY8421", date: "2030-01-26", time: "09:40", arrivalTime: "12:50", price: 89 },
        {
          code: "EZY8422",
          direction: "return",
          date: "2030-01-19",
          time: "13:35",
          arrivalTime: "14:45",
          price: 79,
        },
        {
          code: "EZY8422",
          direction: "return",
          date: "2030-01-26",
          time: "13:35",
          arrivalTime: "14:45",
          price: 79,
        },
        // One more week, Sunday 13 to Sunday 20, for a change of dates.
        { code: "EZY8421", date: "2030-01-13", time: "09:40", arrivalTime: "12:50", price: 89 },
        {
          code: "EZY8422",
          direction: "return",
          date: "2030-01-20",
          time: "13:35",
          arrivalTime: "14:45",
          price: 79,
        },
      ],
    },
    { code: "MUC", name: "Munich", flights: [{ code: "LH9462", date: "2030-01-12", time: "07:55" }] },
  ],
});
const hotel = buildProperty({
  roomTypes: [garden, lake],
  ratePlans: [standard, packRate],
  prices: [
    aPriceRange(garden, standard, { adults: 3 }),
    aPriceRange(lake, standard, { adults: 3 }),
    // The package rate: 90 a night for two in the garden room, 130 by the lake; 70 a night from 20 January.
    aPriceRange(garden, packRate, { perAdults: { "1": 80, "2": 90 } }),
    aPriceRange(lake, packRate, { perAdults: { "1": 120, "2": 130 } }),
    aPriceRange(garden, packRate, { from: "2030-01-20", to: "2030-01-31", perAdults: { "2": 70 } }),
  ],
  inventory: [
    anInventoryRange(garden),
    anInventoryRange(lake),
    // Closed season 1–10 February in both rooms; the garden room is also closed on 15 February alone.
    anInventoryRange(garden, { from: "2030-02-01", to: "2030-02-10", closed: true }),
    anInventoryRange(lake, { from: "2030-02-01", to: "2030-02-10", closed: true }),
    anInventoryRange(garden, { from: "2030-02-15", to: "2030-02-15", closed: true }),
    // The garden room is full on 24 January.
    anInventoryRange(garden, { from: "2030-01-24", to: "2030-01-24", allotment: 0 }),
  ],
  packages: [weekend, flyStay],
});
const H = hotel.hotel.id;

let database: Database;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
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

describe("package.do", () => {
  it("gives the landing page: validity, limits, closed seasons, price from and a gallery", async () => {
    const res = await get(`/api/package.do?channel=1&hotel=${H}&language=2&package=${weekend.id}`);
    expect(res.status, res.body).toBe(200);
    const [pack] = (res.json() as PackageResponse).packages;
    expect(pack).toMatchObject({
      id: weekend.id,
      kind: "offer",
      name: "Weekend romantico",
      description: "Due notti con prosecco.",
      validFrom: "20300101",
      validTo: "20300228",
      minNights: 2,
      maxNights: 4,
      minAdults: 2,
      maxAdults: 2,
      currency: "EUR",
      // Both rooms closed 1–10 February; 15 February only the garden room, so not a closed season.
      closedSeasons: [{ from: "20300201", to: "20300210" }],
      // The cheapest two nights for two from today: garden room at 70 from 20 January (the 24th is full).
      priceFrom: { total: 140, nights: 2, adults: 2, arrival: "20300120" },
      gallery: ["/pics/romantic.jpg", "/pics/garden-1.jpg", "/pics/garden-2.jpg", "/pics/lake-1.jpg"],
      airports: [],
    });
  });

  it.each([
    [3, "Romantisches Wochenende", "Zwei Nächte mit Prosecco."],
    // Spanish left blank, French missing, Russian reading English: the English text.
    [5, "Romantic weekend", "Two nights with prosecco."],
    [4, "Romantic weekend", "Two nights with prosecco."],
    [7, "Romantic weekend", "Two nights with prosecco."],
  ])("names the package in language %d: %s", async (language, name, description) => {
    const res = await get(`/api/package.do?channel=1&hotel=${H}&language=${language}&package=${weekend.id}`);
    expect((res.json() as PackageResponse).packages[0]).toMatchObject({ name, description });
  });

  it("lists every package of the channel, flights with their dates", async () => {
    const res = await get(`/api/package.do?channel=1&hotel=${H}&language=1`);
    const body = res.json() as PackageResponse;
    expect(body.packages.map((p) => p.id)).toEqual([weekend.id, flyStay.id]);
    const fly = body.packages[1]!;
    expect(fly.airports[0]).toEqual({
      code: "LGW",
      name: "London Gatwick",
      flights: [
        ...["20300112", "20300119", "20300126"].map((date) => ({
          code: "EZY8421",
          direction: "outbound",
          date,
          time: "09:40",
          arrivalTime: "12:50",
          price: 89,
        })),
        ...["20300119", "20300126"].map((date) => ({
          code: "EZY8422",
          direction: "return",
          date,
          time: "13:35",
          arrivalTime: "14:45",
          price: 79,
        })),
        {
          code: "EZY8421",
          direction: "outbound",
          date: "20300113",
          time: "09:40",
          arrivalTime: "12:50",
          price: 89,
        },
        {
          code: "EZY8422",
          direction: "return",
          date: "20300120",
          time: "13:35",
          arrivalTime: "14:45",
          price: 79,
        },
      ],
    });
    // The cheapest flights out and back, per passenger, beside the stay's price (not in it).
    expect(fly.priceFrom?.flightsFrom).toBe(168);
    expect(body.packages[0]!.priceFrom?.flightsFrom).toBeNull();
    // Seven nights in the garden room only: 10 January is the first day, the 24th is full.
    expect(fly.priceFrom).toMatchObject({ nights: 7, adults: 2 });
    expect(fly.gallery).toEqual(["/pics/garden-1.jpg", "/pics/garden-2.jpg"]);
  });

  it("answers an unknown package or hotel with 404, bad ids with 400", async () => {
    expect((await get(`/api/package.do?channel=1&hotel=${H}&package=9999`)).status).toBe(404);
    expect((await get("/api/package.do?channel=1&hotel=9999")).status).toBe(404);
    const bad = await get(`/api/package.do?channel=1&hotel=${H}&package=x`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('"field":"package"');
  });
});

describe("club-package/:pcId/airports", () => {
  it("lists the origin airports with their flights", async () => {
    const res = await get(`/api/club-package/${flyStay.id}/airports`);
    expect(res.status).toBe(200);
    const body = res.json() as PackageAirportsResponse;
    expect(body.airports.map((a) => a.code)).toEqual(["LGW", "MUC"]);
    expect(body.airports[1]!.flights).toEqual([
      { code: "LH9462", direction: "outbound", date: "20300112", time: "07:55", arrivalTime: null, price: 0 },
    ]);
    expect(
      ((await get(`/api/club-package/${weekend.id}/airports`)).json() as PackageAirportsResponse).airports,
    ).toEqual([]);
  });

  it("answers an unknown package with 404 and a bad id with 400 naming pcId", async () => {
    expect((await get("/api/club-package/9999/airports")).status).toBe(404);
    const bad = await get("/api/club-package/abc/airports");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('"field":"pcId"');
  });
});

/** A week of fly & stay from 12 January for two, with the flights from `airport`. */
const bookFlyStay = (airport: string) =>
  app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      { hotel: H, roomId: garden.id, rateId: packRate.id, arrival: "20300112", departure: "20300119" },
      { package: flyStay.id, airport },
    ),
  });

describe("avail.do inside a package", () => {
  const search = (q: string) =>
    get(`/api/avail.do?channel=1&hotel=${H}&language=1&adults=2&${q}`).then((r) => {
      expect(r.status, r.body).toBe(200);
      return r.json() as AvailResponse;
    });

  it("puts the outbound and the return flight from the chosen airport on the rate, priced into its total", async () => {
    const r = await search(`pc_id=${flyStay.id}&arrival=20300112&departure=20300119&airport=lgw`);
    const rate = r.availability[0]![0]!.rates[0]!;
    expect(rate.selectedFlight).toEqual({
      departure: {
        id: 1,
        code: "EZY8421",
        airport: "LGW",
        to: "VRN",
        date: "20300112",
        time: "09:40",
        arrivalTime: "12:50",
        price: 89,
      },
      return: {
        id: 4,
        code: "EZY8422",
        airport: "VRN",
        to: "LGW",
        date: "20300119",
        time: "13:35",
        arrivalTime: "14:45",
        price: 79,
      },
    });
    // Two passengers out (89) and back (79): 336 on top of the same stay without flights.
    const stayOnly = await search(`pc_id=${flyStay.id}&arrival=20300112&departure=20300119`);
    const without = stayOnly.availability[0]![0]!.rates[0]!;
    expect(rate.flightTotal).toBe(336);
    expect(without.flightTotal).toBe(0);
    expect(rate.stayTotal).toBe(without.stayTotal + 336);
  });

  it("books the flights with the stay: the room's total and the reservation carry them", async () => {
    const res = await bookFlyStay("LGW");
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().reservation.code as string;
    const [row] = await database.query<{
      total: number;
      rooms: number;
      flight: number;
      flights: unknown;
      pkg: number;
    }>(sql`
      select r.total_minor as total, r.rooms_total_minor as rooms, rr.flight_minor as flight, rr.flights,
             r.package_id as pkg
      from reservation r join reservation_room rr on rr.reservation_id = r.id where r.code = ${code}`);
    expect(row).toMatchObject({ flight: 33600, pkg: flyStay.id });
    // The room is its seven nights at 90 for two, plus the flights.
    expect(row!.rooms).toBe(7 * 9000 + 33600);
    expect(row!.flights).toMatchObject({
      outbound: { code: "EZY8421", from: "LGW", to: "VRN", date: "20300112", time: "09:40" },
      return: { code: "EZY8422", from: "VRN", to: "LGW", date: "20300119", time: "13:35" },
      passengers: 2,
    });
    // An airport with no flight back on the departure day books nothing.
    const none = await bookFlyStay("MUC");
    expect(none.statusCode).toBeGreaterThanOrEqual(400);
    expect(none.statusCode).toBeLessThan(500);
  });

  it("moves the flights with the dates: the new days' flights, or no change when none flies back", async () => {
    const booked = await bookFlyStay("LGW");
    expect(booked.statusCode, booked.body).toBe(200);
    const code = booked.json().reservation.code as string;
    const [room] = await database.query<{ id: number }>(
      sql`select rr.id from reservation_room rr join reservation r on r.id = rr.reservation_id where r.code = ${code}`,
    );
    const change = (arrival: string, departure: string, action?: string, expectedBecomes?: number) =>
      app.inject({
        method: "POST",
        url: (action ? MANAGE_PATHS.modify : MANAGE_PATHS.recalc).replace(":code", code),
        headers: action ? { "idempotency-key": anIdempotencyKey() } : {},
        payload: {
          mail: "maria@example.test",
          change: { kind: "dates", room: room!.id, arrival, departure },
          ...(action ? { action, expectedBecomes } : {}),
        },
      });
    // 14–21 January: nothing flies out of LGW on the 14th.
    const noReturn = await change("20300114", "20300121");
    expect(noReturn.statusCode).toBeGreaterThanOrEqual(400);
    expect(noReturn.statusCode).toBeLessThan(500);
    const preview = await change("20300113", "20300120");
    expect(preview.statusCode, preview.body).toBe(200);
    const done = await change("20300113", "20300120", "confirm", preview.json().becomes);
    expect(done.statusCode, done.body).toBe(200);
    const [after] = await database.query<{ flights: unknown; flight: number }>(
      sql`select flights, flight_minor as flight from reservation_room where id = ${room!.id}`,
    );
    expect(after).toMatchObject({
      flight: 33600,
      flights: {
        outbound: { date: "20300113", code: "EZY8421" },
        return: { date: "20300120", code: "EZY8422" },
      },
    });
  });

  it("has no flight on the rate without an airport, and no rate when the airport has no flight back", async () => {
    const stayOnly = await search(`pc_id=${flyStay.id}&arrival=20300112&departure=20300119`);
    expect(stayOnly.availability[0]![0]!.rates[0]!.selectedFlight).toBeNull();
    const noReturn = await search(`pc_id=${flyStay.id}&arrival=20300112&departure=20300119&airport=MUC`);
    expect(noReturn.availability[0]).toEqual([]);
    expect(noReturn.restrictions).toEqual([{ kind: "no_flight", value: null }]);
  });

  it("keeps to the package's rules: nights, adults and validity", async () => {
    const tooShort = await search(`pc_id=${weekend.id}&arrival=20300112&departure=20300113`);
    expect(tooShort.restrictions).toEqual([{ kind: "min_stay", value: 2 }]);
    const ok = await search(`pc_id=${weekend.id}&arrival=20300112&departure=20300114`);
    expect(ok.availability[0]!.map((room) => room.id)).toEqual([garden.id, lake.id]);
    expect(ok.availability[0]![0]!.rates.map((rate) => rate.id)).toEqual([packRate.id]);
  });
});
