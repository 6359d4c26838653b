import { ServiceAvailResponseSchema } from "@alloggio/domain/contract/booking/service-avail";
import { createTestApp } from "@alloggio/test-kit/app";
import {
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

const clock = fixedClock("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const room = aRoomType({ maxOccupancy: 4, maxAdults: 3, maxChildren: 2 });
const wellness = aServiceCategory({
  name: { en: "Wellness", it: "Benessere", de: "Wellness" },
  sortOrder: 2,
});
const dining = aServiceCategory({
  name: { en: "Dining", it: "Ristorazione", de: "Gastronomie" },
  sortOrder: 1,
  mandatory: true,
});
const empty = aServiceCategory({ name: { en: "Nothing yet", it: "Ancora niente" }, sortOrder: 0 });
const breakfast = aService(dining, {
  name: { en: "Breakfast", it: "Colazione", de: "Frühstück", fr: "" },
  description: { en: "Served from 7 to 10", it: "Servita dalle 7 alle 10", de: "Serviert von 7 bis 10 Uhr" },
  pricingBasis: "per_person",
  perNight: true,
  price: 12,
});
const dinner = aService(dining, {
  name: { en: "Dinner", it: "Cena" },
  pricingBasis: "per_person",
  price: 30,
  needsDate: true,
  timeSlots: ["19:30", "21:00"],
  maxQuantity: 6,
});
const spa = aService(wellness, { name: { en: "Spa", it: "Spa" }, pricingBasis: "per_unit", price: 25 });
const parking = aService(wellness, {
  name: { en: "Parking", it: "Parcheggio" },
  pricingBasis: "per_unit",
  perNight: true,
  price: 10,
  image: "/images/parking.jpg",
});
const cleaning = aService(wellness, { name: { en: "Final cleaning" }, pricingBasis: "per_stay", price: 40 });
const transfer = aService(wellness, {
  name: { en: "Airport transfer", it: "Transfer aeroporto" },
  pricingBasis: "per_unit",
  price: 50,
  needsDate: true,
  isTransfer: true,
});
const welcome = aService(wellness, { name: { en: "Welcome drink" }, pricingBasis: "per_person", price: 0 });
const touristCard = aService(wellness, {
  name: { en: "Tourist card" },
  pricingBasis: "per_person",
  price: 3,
  mandatoryFor: "all_adults",
});
const kidsClub = aService(wellness, {
  name: { en: "Kids club" },
  pricingBasis: "per_person",
  perNight: true,
  price: 5,
  mandatoryFor: "all_children",
});
const roomOnly = aRatePlan();
const withBreakfast = aRatePlan({ mealPlan: "breakfast", includedServiceIds: [breakfast.id] });
const hotel = buildProperty({
  roomTypes: [room],
  ratePlans: [roomOnly, withBreakfast],
  serviceCategories: [wellness, dining, empty],
  services: [breakfast, dinner, spa, parking, cleaning, transfer, welcome, touristCard, kidsClub],
});
const other = buildProperty();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  await seedProperty(database, other);
  app = await createTestApp(database, clock.now);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

// Two adults and a child of 8, three nights.
const query = (overrides: Record<string, string> = {}) => ({
  channel: "1",
  hotel: String(hotel.hotel.id),
  language: "1",
  arrival: "20300110",
  departure: "20300113",
  adults: "2",
  childs: "1",
  ages: "8",
  rate: String(roomOnly.id),
  room: String(room.id),
  ...overrides,
});

async function serviceAvail(q: Record<string, string>) {
  const res = await app.inject({ method: "GET", url: "/api/serviceAvail.do", query: q });
  return { status: res.statusCode, json: () => res.json(), body: res.body };
}

type Service = { id: number; [key: string]: unknown };
const byId = (answer: { categories: { services: Service[] }[] }) =>
  new Map(answer.categories.flatMap((c) => c.services).map((s) => [s.id, s]));

describe("serviceAvail.do", () => {
  it("lists the catalogue by category in the hotel's order, in one statement", async () => {
    const before = database.statements.count;
    const res = await serviceAvail(query());
    expect(res.status, res.body).toBe(200);
    expect(database.statements.count - before).toBe(1);
    const answer = res.json();
    expect(ServiceAvailResponseSchema.parse(answer)).toEqual(answer);
    expect(answer.currency).toBe("EUR");
    // A category with no service is left out.
    expect(
      answer.categories.map((c: { id: number; name: string; mandatory: boolean }) => [
        c.id,
        c.name,
        c.mandatory,
      ]),
    ).toEqual([
      [dining.id, "Dining", true],
      [wellness.id, "Wellness", false],
    ]);
    expect(answer.categories[1].services.map((s: Service) => s.id)).toEqual(
      [spa, parking, cleaning, transfer, welcome, touristCard, kidsClub]
        .map((s) => s.id)
        .sort((a, b) => a - b),
    );
  });

  it("prices each service for the slot's guests and nights, per basis", async () => {
    const services = byId((await serviceAvail(query())).json());
    const expected: [Service | undefined, { price: number; free: boolean; totalForStay: number }][] = [
      // per person per night, quantity 1: 12 × 3 nights
      [services.get(breakfast.id), { price: 12, free: false, totalForStay: 36 }],
      // per person, once
      [services.get(dinner.id), { price: 30, free: false, totalForStay: 30 }],
      // per unit, once; per unit per night
      [services.get(spa.id), { price: 25, free: false, totalForStay: 25 }],
      [services.get(parking.id), { price: 10, free: false, totalForStay: 30 }],
      // the whole stay, once
      [services.get(cleaning.id), { price: 40, free: false, totalForStay: 40 }],
      [services.get(transfer.id), { price: 50, free: false, totalForStay: 50 }],
      // no price: free
      [services.get(welcome.id), { price: 0, free: true, totalForStay: 0 }],
      // mandatory for all adults: both of them
      [services.get(touristCard.id), { price: 3, free: false, totalForStay: 6 }],
      // mandatory for all children: the one child, every night
      [services.get(kidsClub.id), { price: 5, free: false, totalForStay: 15 }],
    ];
    for (const [service, prices] of expected) expect(service).toMatchObject(prices);
    expect(services.get(touristCard.id)).toMatchObject({
      mandatoryFor: "all_adults",
      pricingBasis: "per_person",
    });
    expect(services.get(kidsClub.id)).toMatchObject({ mandatoryFor: "all_children", perNight: true });
  });

  it("offers the stay's nights and time slots for dated services, and marks transfers", async () => {
    const services = byId((await serviceAvail(query())).json());
    expect(services.get(dinner.id)).toMatchObject({
      needsDate: true,
      dates: ["20300110", "20300111", "20300112"],
      timeSlots: ["19:30", "21:00"],
      transfer: false,
      maxQuantity: 6,
      image: null,
    });
    expect(services.get(transfer.id)).toMatchObject({
      needsDate: true,
      dates: ["20300110", "20300111", "20300112"],
      timeSlots: [],
      transfer: true,
    });
    expect(services.get(parking.id)).toMatchObject({
      needsDate: false,
      dates: [],
      maxQuantity: 10,
      image: "/images/parking.jpg",
    });
  });

  it("makes a service included in the chosen rate free, and the booking charges nothing for it", async () => {
    const services = byId((await serviceAvail(query({ rate: String(withBreakfast.id) }))).json());
    expect(services.get(breakfast.id)).toMatchObject({ free: true, price: 0, totalForStay: 0 });
    expect(services.get(dinner.id)).toMatchObject({ free: false, price: 30 });
    const prepaid = await app.inject({
      method: "POST",
      url: "/api/guestdata.do",
      payload: {
        method: "confirm",
        checkPrepaid: 1,
        hotel: hotel.hotel.id,
        channel: 1,
        language: 1,
        arrival: "20300110",
        departure: "20300113",
        rooms: [
          {
            slot: 0,
            roomId: room.id,
            rateId: withBreakfast.id,
            adults: 2,
            ages: [],
            refundProtection: false,
          },
        ],
        booker: {
          fullname: "Maria Rossi",
          email: "maria@example.test",
          emailConfirm: "maria@example.test",
          phone: { dialCode: "+39", number: "3331234567" },
          country: "IT",
        },
        privacy: { marketing: false, report: false, profile: false, custom: [] },
        terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
        services: [
          { serviceId: breakfast.id, slot: 0, quantity: 2 },
          { serviceId: touristCard.id, slot: 0, quantity: 2 },
        ],
        payment: { method: "pay_at_hotel" },
      },
    });
    expect(prepaid.statusCode, prepaid.body).toBe(200);
    expect(prepaid.json().servicesTotal).toBe(6);
  });

  it("names categories and services in the language asked, English when a text is missing", async () => {
    const answer = (await serviceAvail(query({ language: "2" }))).json();
    expect(answer.categories.map((c: { name: string }) => c.name)).toEqual(["Ristorazione", "Benessere"]);
    const services = byId(answer);
    expect(services.get(breakfast.id)).toMatchObject({
      name: "Colazione",
      description: "Servita dalle 7 alle 10",
    });
    expect(services.get(cleaning.id)).toMatchObject({ name: "Final cleaning", description: "" });
  });

  it("names them in German, and in English where a text is missing or blank", async () => {
    const german = (await serviceAvail(query({ language: "3" }))).json();
    expect(german.categories.map((c: { name: string }) => c.name)).toEqual(["Gastronomie", "Wellness"]);
    expect(byId(german).get(breakfast.id)).toMatchObject({
      name: "Frühstück",
      description: "Serviert von 7 bis 10 Uhr",
    });
    expect(byId(german).get(transfer.id)).toMatchObject({ name: "Airport transfer" });
    const french = byId((await serviceAvail(query({ language: "4" }))).json());
    expect(french.get(breakfast.id)).toMatchObject({ name: "Breakfast", description: "Served from 7 to 10" });
  });

  it("prices for the slot asked: one adult, no children", async () => {
    const services = byId((await serviceAvail(query({ adults: "1", childs: "0", ages: "" }))).json());
    expect(services.get(touristCard.id)).toMatchObject({ totalForStay: 3 });
    expect(services.get(kidsClub.id)).toMatchObject({ totalForStay: 0 });
  });

  it.each([
    ["an unknown hotel", { hotel: "999999" }],
    ["a channel the hotel is not on", { channel: "77" }],
  ])("answers 404 for %s, in English", async (_name, overrides) => {
    const res = await serviceAvail(query(overrides));
    expect(res.status).toBe(404);
    expect(res.json().error.message).toBe("Unknown hotel or channel");
  });

  it.each([
    ["a rate of another hotel", { rate: String(other.ratePlans[0]!.id) }, "rate"],
    ["an unknown rate", { rate: "999999" }, "rate"],
    ["a room of another hotel", { room: String(other.roomTypes[0]!.id) }, "room"],
    ["a rate that is not a number", { rate: "abc" }, "rate"],
    ["no room", { room: "" }, "room"],
    ["a bad arrival", { arrival: "20301399" }, "arrival"],
    ["a departure before arrival", { departure: "20300109" }, "departure"],
    ["two room slots", { adults: "2,2" }, "adults"],
    ["a child age out of range", { ages: "18" }, "ages"],
  ])("answers 400 naming the field for %s", async (_name, overrides, field) => {
    const res = await serviceAvail(query(overrides));
    expect(res.status, res.body).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});
