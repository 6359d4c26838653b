import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../../../packages/test-kit/src/app";
import {
  aHotel,
  aPackage,
  aPromoCode,
  aRatePlan,
  aRoomType,
  aService,
  aServiceCategory,
  buildProperty,
  seedProperty,
} from "../../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../../packages/test-kit/src/database";
import { aStaffSession, type StaffSession } from "../../../../../../packages/test-kit/src/staff";
import type { Database } from "../../../db/client";
import { auditLog, reservation, reservationService, service } from "../../../db/schema";
import { importProperty } from "../../../features/admin/import-property";
import type { App } from "../../app";

let database: Database;
let app: App;
const clock = new Date("2030-01-05T10:00:00Z");
let hotelA: number;
let hotelB: number;
let owner: StaffSession;
let manager: StaffSession;
let reception: StaffSession;
let userOfB: StaffSession;

const roomA = aRoomType();
const rateA = aRatePlan();
const categoryA = aServiceCategory();
const serviceA = aService(categoryA, { price: 20 });
const bookedService = aService(categoryA, { price: 5 });
const promoA = aPromoCode({ code: "SUMMER" });
const packageA = aPackage([rateA]);
const fileA = buildProperty({
  hotel: aHotel({ name: "Alpha" }),
  roomTypes: [roomA],
  ratePlans: [rateA],
  serviceCategories: [categoryA],
  services: [serviceA, bookedService],
  promoCodes: [promoA],
  packages: [packageA],
});
const categoryB = aServiceCategory();
const serviceB = aService(categoryB);
const fileB = buildProperty({
  hotel: aHotel({ name: "Beta" }),
  roomTypes: [aRoomType()],
  ratePlans: [aRatePlan()],
  serviceCategories: [categoryB],
  services: [serviceB],
  promoCodes: [aPromoCode()],
  packages: [],
});

const base = (hotel: number) => `/api/backoffice/hotels/${hotel}/catalogue`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelA = (await seedProperty(database, fileA)).hotelId;
  hotelB = (await seedProperty(database, fileB)).hotelId;
  owner = await aStaffSession(database, { role: "owner", now: clock });
  manager = await aStaffSession(database, { role: "manager", hotels: [hotelA], now: clock });
  reception = await aStaffSession(database, { role: "reception", now: clock });
  userOfB = await aStaffSession(database, { role: "manager", hotels: [hotelB], now: clock });
  // A reservation that booked `bookedService` and used the promo code and the package.
  const [booked] = await database.db
    .insert(reservation)
    .values({
      code: "TESTEXTRAS000001",
      hotelId: hotelA,
      channelId: 1,
      languageId: 1,
      status: "confirmed",
      arrival: "2030-01-10",
      departure: "2030-01-12",
      booker: { firstName: "Ada", lastName: "Guest", email: "ada@example.com" } as never,
      email: "ada@example.com",
      privacy: {} as never,
      currencyCode: "EUR",
      roomsTotalMinor: 10000,
      totalMinor: 10000,
      paymentMethod: "pay_at_hotel" as never,
      promoCode: "summer",
      packageId: packageA.id,
    })
    .returning({ id: reservation.id });
  await database.db
    .insert(reservationService)
    .values({ reservationId: booked!.id, serviceId: bookedService.id, quantity: 1, priceMinor: 500 });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: unknown) =>
  app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

const lastAudit = async (action: string) => {
  const [row] = await database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

const newService = {
  category: categoryA.id,
  name: { en: "Bike", it: "Bici" },
  pricingBasis: "per_unit",
  price: 12.5,
};
const newPromo = { code: "Winter10", discountPercent: 10, stayFrom: "2030-01-01", stayTo: "2030-03-01" };
const newCategory = { name: { en: "Wellness", it: "Benessere" }, sortOrder: 3 };
const newPackage = {
  code: "ROMANCE",
  name: { en: "Romance", it: "Romantico" },
  kind: "package",
  ratePlanIds: [rateA.id],
  validFrom: "2030-01-01",
  validTo: "2030-02-01",
  minNights: 2,
};

/** Every list and create route, with a valid body. */
const COLLECTIONS = [
  { path: "service-categories", body: newCategory },
  { path: "services", body: newService },
  { path: "promo-codes", body: newPromo },
  { path: "packages", body: newPackage },
] as const;

describe("the catalogue's extras: roles, session, CSRF and hotel scope", () => {
  it("lets owners and managers list every collection, and refuses reception, no session and another hotel", async () => {
    for (const c of COLLECTIONS) {
      const url = `${base(hotelA)}/${c.path}`;
      expect((await call("GET", url, owner.cookieOnly)).statusCode, c.path).toBe(200);
      expect((await call("GET", url, manager.cookieOnly)).statusCode, c.path).toBe(200);
      const refused = await call("GET", url, reception.cookieOnly);
      expect(refused.statusCode, c.path).toBe(403);
      expect(refused.json().error.code).toBe("staff_forbidden");
      expect((await call("GET", url, {})).statusCode, c.path).toBe(401);
      expect((await call("GET", url, userOfB.cookieOnly)).statusCode, c.path).toBe(404);
      expect((await call("POST", url, userOfB.headers, c.body)).statusCode, c.path).toBe(404);
      expect((await call("POST", url, reception.headers, c.body)).statusCode, c.path).toBe(403);
      expect((await call("POST", url, manager.cookieOnly, c.body)).statusCode, c.path).toBe(403);
      expect((await call("POST", url, {}, c.body)).statusCode, c.path).toBe(401);
    }
    for (const url of [`${base(hotelA)}/extras-choices`]) {
      expect((await call("GET", url, manager.cookieOnly)).statusCode).toBe(200);
      expect((await call("GET", url, reception.cookieOnly)).statusCode).toBe(403);
      expect((await call("GET", url, userOfB.cookieOnly)).statusCode).toBe(404);
    }
  });

  it("answers 404 for an entity of hotel A addressed under hotel B's path (IDOR), for read, change and delete", async () => {
    const items = [
      { path: "service-categories", id: categoryA.id, body: newCategory },
      { path: "services", id: serviceA.id, body: newService },
      { path: "promo-codes", id: promoA.id, body: { ...newPromo, code: "IDOR" } },
      { path: "packages", id: packageA.id, body: newPackage },
    ];
    for (const item of items) {
      const url = `${base(hotelB)}/${item.path}/${item.id}`;
      const body = item.path === "services" ? { ...item.body, category: categoryB.id } : item.body;
      const put = await call("PUT", url, userOfB.headers, body);
      expect(put.statusCode, item.path).toBe(404);
      const del = await call("DELETE", url, userOfB.headers);
      expect(del.statusCode, item.path).toBe(404);
      // Even the owner, who sees both hotels, cannot reach A's entity through B's path.
      expect((await call("DELETE", url, owner.headers)).statusCode, item.path).toBe(404);
    }
    const list = await call("GET", `${base(hotelB)}/services`, userOfB.cookieOnly);
    expect(list.json().items.map((s: { id: number }) => s.id)).toEqual([serviceB.id]);
  });
});

describe("extra services", () => {
  it("creates, changes and deletes a service, each with its audit entry (before → after)", async () => {
    const created = await call("POST", `${base(hotelA)}/services`, manager.headers, newService);
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json();
    expect(service).toMatchObject({ ...newService, perNight: false, maxQuantity: 10 });
    const createdAudit = await lastAudit("service.create");
    expect(createdAudit).toMatchObject({ hotelId: hotelA, entityId: String(service.id), before: null });
    expect(createdAudit?.after).toMatchObject({ price: 12.5 });

    const changed = await call("PUT", `${base(hotelA)}/services/${service.id}`, manager.headers, {
      ...newService,
      price: 14,
      perNight: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ price: 14, perNight: true });
    const updateAudit = await lastAudit("service.update");
    expect(updateAudit?.before).toMatchObject({ price: 12.5, perNight: false });
    expect(updateAudit?.after).toMatchObject({ price: 14, perNight: true });

    const noCsrf = await call("DELETE", `${base(hotelA)}/services/${service.id}`, manager.cookieOnly);
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe("csrf_failed");
    const deleted = await call("DELETE", `${base(hotelA)}/services/${service.id}`, manager.headers);
    expect(deleted.statusCode).toBe(204);
    expect((await lastAudit("service.delete"))?.before).toMatchObject({ id: service.id, price: 14 });
    expect((await call("DELETE", `${base(hotelA)}/services/${service.id}`, manager.headers)).statusCode).toBe(
      404,
    );
  });

  it("refuses bad input with 400 naming the field, with the property file's own rules", async () => {
    const cases: [object, string][] = [
      [{ ...newService, price: -1 }, "price"],
      [{ ...newService, pricingBasis: "per_room" }, "pricingBasis"],
      [{ ...newService, name: { it: "Solo italiano" } }, "name"],
      [{ ...newService, mandatoryFor: "all_adults" }, "mandatoryFor"],
      [{ ...newService, category: categoryB.id }, "category"],
      [{ ...newService, price: 1.234 }, "price"],
      [{ ...newService, colour: "red" }, "colour"],
    ];
    for (const [body, field] of cases) {
      const r = await call("POST", `${base(hotelA)}/services`, manager.headers, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it("gives the same message for the same bad value through the import and through the route", async () => {
    const bad = { mandatoryFor: "all_adults", pricingBasis: "per_stay" } as const;
    const imported = await importProperty(database, {
      ...fileA,
      services: [aService(categoryA, { id: serviceA.id, ...bad })],
    });
    expect(imported.ok).toBe(false);
    const importIssue = !imported.ok && imported.issues.find((i) => i.path === "services[0].mandatoryFor");
    const routed = await call("POST", `${base(hotelA)}/services`, manager.headers, { ...newService, ...bad });
    const routeIssue = routed.json().error.details.find((d: { field: string }) => d.field === "mandatoryFor");
    expect(importIssue).toBeTruthy();
    expect(routeIssue.message).toBe(importIssue ? importIssue.message : "");

    const negative = await importProperty(database, {
      ...fileA,
      services: [aService(categoryA, { id: serviceA.id, price: -5 })],
    });
    const routedNegative = await call("POST", `${base(hotelA)}/services`, manager.headers, {
      ...newService,
      price: -5,
    });
    const importMessage =
      !negative.ok && negative.issues.find((i) => i.path === "services[0].price")?.message;
    // The same message, and the check that failed for the page to say in its language.
    expect(routedNegative.json().error.details[0]).toEqual({
      field: "price",
      message: importMessage,
      params: { issue: "too_small", minimum: 0, origin: "number" },
    });
  });

  it("refuses to delete a booked service, or one a package or rate includes, with 409", async () => {
    const r = await call("DELETE", `${base(hotelA)}/services/${bookedService.id}`, owner.headers);
    expect(r.statusCode).toBe(409);
    expect(r.json().error.code).toBe("in_use");
    expect(r.json().error.details[0].field).toBe("reservations");
    const included = await call("POST", `${base(hotelA)}/services`, owner.headers, newService);
    const id = included.json().id;
    const withService = await call("PUT", `${base(hotelA)}/packages/${packageA.id}`, owner.headers, {
      ...newPackage,
      code: packageA.code,
      includedServiceIds: [id],
    });
    expect(withService.statusCode, withService.body).toBe(200);
    const refused = await call("DELETE", `${base(hotelA)}/services/${id}`, owner.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details[0].field).toBe("includedServiceIds");
  });
});

describe("service categories", () => {
  it("says how many services each category really holds", async () => {
    const res = await call("GET", `${base(hotelA)}/service-categories`, owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    const own = (res.json().items as { id: number; services: number }[]).find((c) => c.id === categoryA.id);
    const services = await database.db.select().from(service).where(eq(service.categoryId, categoryA.id));
    expect(services.length).toBeGreaterThan(0);
    expect(own?.services).toBe(services.length);
  });

  it("creates and changes a category, and refuses to delete one that holds services (409)", async () => {
    const created = await call("POST", `${base(hotelA)}/service-categories`, owner.headers, newCategory);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...newCategory, services: 0, mandatory: false });
    const id = created.json().id;
    const changed = await call("PUT", `${base(hotelA)}/service-categories/${id}`, owner.headers, {
      ...newCategory,
      mandatory: true,
    });
    expect(changed.json().mandatory).toBe(true);
    expect((await lastAudit("service_category.update"))?.before).toMatchObject({ mandatory: false });
    const bad = await call("POST", `${base(hotelA)}/service-categories`, owner.headers, { name: { en: "" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe("name");
    const full = await call("DELETE", `${base(hotelA)}/service-categories/${categoryA.id}`, owner.headers);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.details[0].field).toBe("services");
    expect((await call("DELETE", `${base(hotelA)}/service-categories/${id}`, owner.headers)).statusCode).toBe(
      204,
    );
    expect((await lastAudit("service_category.delete"))?.entityId).toBe(String(id));
  });
});

describe("promo codes", () => {
  it("creates, changes and deletes a code; a code is unique per hotel whatever its case (409)", async () => {
    const created = await call("POST", `${base(hotelA)}/promo-codes`, manager.headers, newPromo);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ ...newPromo, hidden: false, minNights: 1, ratePlanIds: [] });
    const clash = await call("POST", `${base(hotelA)}/promo-codes`, manager.headers, {
      ...newPromo,
      code: "WINTER10",
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.details[0].field).toBe("code");
    // Another hotel may have the same code.
    const other = await call("POST", `${base(hotelB)}/promo-codes`, userOfB.headers, newPromo);
    expect(other.statusCode).toBe(201);
    const changed = await call("PUT", `${base(hotelA)}/promo-codes/${id}`, manager.headers, {
      ...newPromo,
      discountPercent: 15,
      ratePlanIds: [rateA.id],
    });
    expect(changed.json()).toMatchObject({ discountPercent: 15, ratePlanIds: [rateA.id] });
    const audit = await lastAudit("promo_code.update");
    expect(audit?.before).toMatchObject({ discountPercent: 10 });
    expect(audit?.after).toMatchObject({ discountPercent: 15 });
    expect((await call("DELETE", `${base(hotelA)}/promo-codes/${id}`, manager.headers)).statusCode).toBe(204);
  });

  it("validates like the property file: dates in order, percent in range, rate plans of the hotel", async () => {
    const cases: [object, string][] = [
      [{ ...newPromo, stayTo: "2029-12-01" }, "stayTo"],
      [{ ...newPromo, discountPercent: 0 }, "discountPercent"],
      [{ ...newPromo, code: "no spaces" }, "code"],
      [{ ...newPromo, ratePlanIds: [fileB.ratePlans[0]!.id] }, "ratePlanIds[0]"],
      [{ ...newPromo, bookFrom: "01/01/2030" }, "bookFrom"],
    ];
    for (const [body, field] of cases) {
      const r = await call("POST", `${base(hotelA)}/promo-codes`, manager.headers, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it("refuses to delete a code reservations used (409)", async () => {
    const r = await call("DELETE", `${base(hotelA)}/promo-codes/${promoA.id}`, manager.headers);
    expect(r.statusCode).toBe(409);
    expect(r.json().error.details[0].field).toBe("reservations");
  });
});

describe("packages", () => {
  it("creates, changes and deletes a package with its flights, and refuses a booked one (409)", async () => {
    const withFlights = {
      ...newPackage,
      destinationAirport: { code: "VRN", name: "Verona" },
      airports: [
        {
          code: "MXP",
          name: "Milano Malpensa",
          flights: [{ code: "AZ1", date: "2030-01-10", time: "08:00", price: 49.9 }],
        },
      ],
    };
    const created = await call("POST", `${base(hotelA)}/packages`, manager.headers, withFlights);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json().airports[0].flights[0]).toMatchObject({ price: 49.9, direction: "outbound" });
    const changed = await call("PUT", `${base(hotelA)}/packages/${id}`, manager.headers, {
      ...withFlights,
      maxNights: 7,
    });
    expect(changed.json().maxNights).toBe(7);
    expect((await lastAudit("package.update"))?.after).toMatchObject({ maxNights: 7 });
    const bad = await call("PUT", `${base(hotelA)}/packages/${id}`, manager.headers, {
      ...withFlights,
      validTo: "2029-01-01",
      maxNights: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { field: string }) => d.field)).toEqual(["validTo", "maxNights"]);
    expect((await call("DELETE", `${base(hotelA)}/packages/${id}`, manager.headers)).statusCode).toBe(204);
    const booked = await call("DELETE", `${base(hotelA)}/packages/${packageA.id}`, manager.headers);
    expect(booked.statusCode).toBe(409);
  });

  it("shows a changed package on the guest's packages page at once", async () => {
    await call("PUT", `${base(hotelA)}/packages/${packageA.id}`, manager.headers, {
      ...newPackage,
      code: packageA.code,
      name: { en: "Renamed package", it: "Pacchetto rinominato" },
    });
    const page = await app.inject({
      method: "GET",
      url: `/api/package.do?channel=1&hotel=${hotelA}&language=1&package=${packageA.id}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain("Renamed package");
  });
});

describe("price links", () => {
  const request = {
    roomTypeId: roomA.id,
    ratePlanId: rateA.id,
    arrival: "2030-01-10",
    departure: "2030-01-13",
    adults: 2,
    total: 250,
  };

  it("signs a price the guest search then shows, and audits who made it at what price", async () => {
    const r = await call("POST", `${base(hotelA)}/price-links`, manager.headers, request);
    expect(r.statusCode, r.body).toBe(201);
    const link = r.json();
    expect(link.url).toContain(`/hotel/${hotelA}/channel/1/language/1/rooms?`);
    expect(link.url).toContain(`hpcc=${encodeURIComponent(link.hpcc)}`);
    expect(link.url).not.toContain("test-override-secret");
    const search = await app.inject({
      method: "GET",
      url: `/api/avail.do?${new URLSearchParams(link.query)}`,
    });
    expect(search.statusCode, search.body).toBe(200);
    const rate = search.json().availability[0][0].rates.find((x: { id: number }) => x.id === rateA.id);
    expect(rate.total).toBe(250);
    const audit = await lastAudit("price_link.create");
    expect(audit).toMatchObject({ actor: manager.email, hotelId: hotelA });
    expect(audit?.after).toMatchObject({ total: 250, roomTypeId: roomA.id, currencyCode: "EUR" });
  });

  it("refuses another hotel's room type, bad dates and roles without the catalogue", async () => {
    const url = `${base(hotelA)}/price-links`;
    const foreign = await call("POST", url, manager.headers, {
      ...request,
      roomTypeId: fileB.roomTypes[0]!.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details[0].field).toBe("roomTypeId");
    const dates = await call("POST", url, manager.headers, { ...request, departure: "2030-01-10" });
    expect(dates.json().error.details[0].field).toBe("departure");
    const noTotal = await call("POST", url, manager.headers, { ...request, total: 0 });
    expect(noTotal.json().error.details[0].field).toBe("total");
    expect((await call("POST", url, reception.headers, request)).statusCode).toBe(403);
    expect((await call("POST", url, manager.cookieOnly, request)).statusCode).toBe(403);
    expect((await call("POST", url, userOfB.headers, request)).statusCode).toBe(404);
    expect((await call("POST", url, {}, request)).statusCode).toBe(401);
  });
});
