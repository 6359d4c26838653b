import { CSRF_HEADER } from "@alloggio/domain/contract/backoffice/access";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../../../packages/test-kit/src/app";
import { aBookingRequest, anIdempotencyKey } from "../../../../../../packages/test-kit/src/booking";
import {
  aHotel,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "../../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../../packages/test-kit/src/database";
import { aStaffSession, type StaffSession } from "../../../../../../packages/test-kit/src/staff";
import type { Database } from "../../../db/client";
import { auditLog } from "../../../db/schema";
import type { App } from "../../../http/app";
import { importProperty } from "../../admin/import-property";

let database: Database;
let app: App;
const clock = new Date("2030-01-10T10:00:00Z");
let hotelA: number;
let hotelB: number;
let roomA: number;
let rateA: number;
let roomB: number;
let rateB: number;
let owner: StaffSession;
let manager: StaffSession;
let reception: StaffSession;
let managerB: StaffSession;

const roomTypeA = aRoomType({ maxOccupancy: 2 });
const ratePlanA = aRatePlan();
const fileA = buildProperty({
  hotel: aHotel({ name: "Alpha" }),
  roomTypes: [roomTypeA],
  ratePlans: [ratePlanA],
});

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  ({ hotelId: hotelA } = await seedProperty(database, fileA));
  const fileB = buildProperty({ hotel: aHotel({ name: "Beta" }) });
  ({ hotelId: hotelB } = await seedProperty(database, fileB));
  roomA = roomTypeA.id;
  rateA = ratePlanA.id;
  roomB = fileB.roomTypes[0]?.id ?? 0;
  rateB = fileB.ratePlans[0]?.id ?? 0;
  owner = await aStaffSession(database, { role: "owner", now: clock });
  manager = await aStaffSession(database, { role: "manager", hotels: [hotelA], now: clock });
  reception = await aStaffSession(database, { role: "reception", now: clock });
  managerB = await aStaffSession(database, { role: "manager", hotels: [hotelB], now: clock });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const base = (hotel: number) => `/api/backoffice/hotels/${hotel}`;
type Method = "GET" | "PUT" | "POST" | "DELETE";
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const roomInput = (overrides: Record<string, unknown> = {}) => ({
  code: "SUITE",
  name: { en: "Suite", it: "Suite" },
  amenities: ["wifi"],
  minOccupancy: 1,
  maxOccupancy: 3,
  maxAdults: 2,
  maxChildren: 1,
  sortOrder: 5,
  ...overrides,
});
const rateInput = (overrides: Record<string, unknown> = {}) => ({
  code: "SAVER",
  name: { en: "Saver", it: "Risparmio" },
  mealPlan: "breakfast",
  refundable: true,
  freeCancellationDays: 3,
  payment: "pay_at_hotel",
  channelIds: [1],
  ...overrides,
});

async function hotelInput(hotel: number, overrides: Record<string, unknown> = {}) {
  const current = (await call("GET", `${base(hotel)}/property`, owner.cookieOnly)).json();
  const { id: _id, hasReservations: _booked, ...input } = current;
  return { ...input, ...overrides };
}

async function lastAudit(action: string) {
  const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, action));
  return rows.at(-1);
}

function multipart(name: string, filename: string, type: string, content: Buffer) {
  const boundary = "----alloggio-test-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("catalogue access: roles, session, CSRF, hotel scope", () => {
  const reads = () => [
    `${base(hotelA)}/property`,
    `${base(hotelA)}/room-types`,
    `${base(hotelA)}/room-types/${roomA}`,
    `${base(hotelA)}/rate-plans`,
    `${base(hotelA)}/rate-plans/${rateA}`,
  ];

  it("lets owners and managers read, refuses reception (403) and anonymous callers (401)", async () => {
    for (const url of reads()) {
      expect((await call("GET", url, owner.cookieOnly)).statusCode, url).toBe(200);
      expect((await call("GET", url, manager.cookieOnly)).statusCode, url).toBe(200);
      const refused = await call("GET", url, reception.cookieOnly);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code).toBe("staff_forbidden");
      expect((await call("GET", url)).statusCode, url).toBe(401);
    }
  });

  it("answers 404 to a user of hotel B, by hotel id and by an entity id of hotel A under B's path (IDOR)", async () => {
    for (const url of reads())
      expect((await call("GET", url, managerB.cookieOnly)).statusCode, url).toBe(404);
    const idor = [
      ["GET", `${base(hotelB)}/room-types/${roomA}`],
      ["PUT", `${base(hotelB)}/room-types/${roomA}`, roomInput({ code: "X1" })],
      ["DELETE", `${base(hotelB)}/room-types/${roomA}`],
      ["PUT", `${base(hotelB)}/room-types/${roomA}/gallery`, { gallery: [] }],
      ["GET", `${base(hotelB)}/rate-plans/${rateA}`],
      ["PUT", `${base(hotelB)}/rate-plans/${rateA}`, rateInput({ code: "X2" })],
      ["DELETE", `${base(hotelB)}/rate-plans/${rateA}`],
    ] as const;
    for (const [method, url, body] of idor) {
      const res = await call(method, url, managerB.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const upload = multipart("photo", "a.png", "image/png", await aPng());
    const photo = await app.inject({
      method: "POST",
      url: `${base(hotelB)}/room-types/${roomA}/photos`,
      headers: { ...managerB.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(photo.statusCode).toBe(404);
    const put = await call("PUT", `${base(hotelA)}/property`, managerB.headers, await hotelInput(hotelA));
    expect(put.statusCode).toBe(404);
  });

  it("refuses every change without the CSRF token (403), and reception's changes (403)", async () => {
    const changes = [
      ["PUT", `${base(hotelA)}/property`, await hotelInput(hotelA)],
      ["POST", `${base(hotelA)}/room-types`, roomInput({ code: "CSRF1" })],
      ["PUT", `${base(hotelA)}/room-types/${roomA}`, roomInput({ code: "CSRF2" })],
      ["DELETE", `${base(hotelA)}/room-types/${roomA}`],
      ["PUT", `${base(hotelA)}/room-types/${roomA}/gallery`, { gallery: [] }],
      ["POST", `${base(hotelA)}/rate-plans`, rateInput({ code: "CSRF3" })],
      ["PUT", `${base(hotelA)}/rate-plans/${rateA}`, rateInput({ code: "CSRF4" })],
      ["DELETE", `${base(hotelA)}/rate-plans/${rateA}`],
    ] as const;
    for (const [method, url, body] of changes) {
      const noToken = await call(method, url, owner.cookieOnly, body);
      expect(noToken.statusCode, `${method} ${url}`).toBe(403);
      expect(noToken.json().error.code).toBe("csrf_failed");
      const receptionist = await call(method, url, reception.headers, body);
      expect(receptionist.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe("the hotel", () => {
  it("changes details and policies, with the audit entry's before and after", async () => {
    const input = await hotelInput(hotelA, {
      name: "Alpha Lake",
      description: { en: "By the lake", it: "Sul lago" },
      timeZone: "Europe/Berlin",
      breakfastFrom: "07:00",
      breakfastUntil: "10:30",
      pets: "per_night",
      petFeeMinor: 1250,
      cityTaxMinor: 200,
      bankTransfer: { owner: "Alpha Srl", iban: "IT60X0542811101000000123456", dueDays: 5 },
    });
    const res = await call("PUT", `${base(hotelA)}/property`, manager.headers, input);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Alpha Lake",
      timeZone: "Europe/Berlin",
      petFeeMinor: 1250,
      breakfastFrom: "07:00",
      bankTransfer: { owner: "Alpha Srl", dueDays: 5 },
    });
    const entry = await lastAudit("hotel.update");
    expect(entry?.before).toMatchObject({ name: "Alpha" });
    expect(entry?.after).toMatchObject({ name: "Alpha Lake", cityTaxMinor: 200 });
    const info = await call("GET", `/api/bol/hotel/${hotelA}/info/language/2`);
    expect(info.json()).toMatchObject({ name: "Alpha Lake", timeZone: "Europe/Berlin" });
  });

  it("refuses a bad time zone and a missing pet fee, naming the field", async () => {
    const zone = await call(
      "PUT",
      `${base(hotelA)}/property`,
      owner.headers,
      await hotelInput(hotelA, { timeZone: "Mars/Olympus" }),
    );
    expect(zone.statusCode).toBe(400);
    expect(zone.json().error.details[0]).toMatchObject({ field: "timeZone" });
    const fee = await call(
      "PUT",
      `${base(hotelA)}/property`,
      owner.headers,
      await hotelInput(hotelA, { pets: "per_stay", petFeeMinor: 0 }),
    );
    expect(fee.statusCode).toBe(400);
    expect(fee.json().error.details[0]).toMatchObject({ field: "petFeeMinor" });
  });
});

async function aPng(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
}

describe("room types", () => {
  it("creates, lists, updates and deletes a room type, each change audited", async () => {
    const created = await call("POST", `${base(hotelA)}/room-types`, manager.headers, roomInput());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await lastAudit("room_type.create"))?.after).toMatchObject({ id, code: "SUITE" });
    const list = await call("GET", `${base(hotelA)}/room-types`, manager.cookieOnly);
    expect(list.json().items.map((r: { id: number }) => r.id)).toContain(id);

    const updated = await call(
      "PUT",
      `${base(hotelA)}/room-types/${id}`,
      manager.headers,
      roomInput({ name: { en: "Junior suite", de: "Junior-Suite" }, amenities: ["wifi", "balcony"] }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const entry = await lastAudit("room_type.update");
    expect(entry?.before).toMatchObject({ name: { en: "Suite" } });
    expect(entry?.after).toMatchObject({ name: { en: "Junior suite", de: "Junior-Suite" } });

    const taken = await call("POST", `${base(hotelA)}/room-types`, manager.headers, roomInput());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("code_taken");

    const gone = await call("DELETE", `${base(hotelA)}/room-types/${id}`, manager.headers);
    expect(gone.statusCode).toBe(204);
    expect((await lastAudit("room_type.delete"))?.before).toMatchObject({ id });
    expect((await call("GET", `${base(hotelA)}/room-types/${id}`, manager.cookieOnly)).statusCode).toBe(404);
  });

  it("refuses bad capacity naming the field, with the same message as the import", async () => {
    const bad = await call(
      "POST",
      `${base(hotelA)}/room-types`,
      owner.headers,
      roomInput({ code: "BAD", minOccupancy: 4, maxOccupancy: 3 }),
    );
    expect(bad.statusCode).toBe(400);
    const detail = bad.json().error.details[0];
    expect(detail.field).toBe("minOccupancy");
    const imported = await importProperty(
      database,
      buildProperty({ roomTypes: [aRoomType({ minOccupancy: 4, maxOccupancy: 3, maxAdults: 2 })] }),
    );
    expect(imported.ok).toBe(false);
    const issue = !imported.ok ? imported.issues.find((i) => i.path.endsWith("minOccupancy")) : undefined;
    expect(issue?.message).toBe(detail.message);

    const amenity = await call(
      "POST",
      `${base(hotelA)}/room-types`,
      owner.headers,
      roomInput({ code: "BAD2", amenities: ["jacuzzi-on-the-moon"] }),
    );
    expect(amenity.statusCode).toBe(400);
    expect(amenity.json().error.details[0].field).toBe("amenities.0");
    const english = await call(
      "POST",
      `${base(hotelA)}/room-types`,
      owner.headers,
      roomInput({ code: "BAD3", name: { it: "Solo italiano" } }),
    );
    expect(english.statusCode).toBe(400);
    expect(english.json().error.details[0].field).toBe("name");
  });

  it("shows a renamed room type in the guest search at once", async () => {
    const renamed = await call("PUT", `${base(hotelA)}/room-types/${roomA}`, owner.headers, {
      code: roomTypeA.code,
      name: { en: "Lake view double", it: "Doppia vista lago" },
      amenities: roomTypeA.amenities,
      maxOccupancy: roomTypeA.maxOccupancy,
      maxAdults: roomTypeA.maxAdults,
      maxChildren: roomTypeA.maxChildren,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const search = await call(
      "GET",
      `/api/avail.do?channel=1&hotel=${hotelA}&language=1&arrival=20300204&departure=20300205&adults=2`,
    );
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain("Lake view double");
  });

  it("uploads a PNG, resized to WebP and served with long cache headers; reorders and removes photos", async () => {
    const urls: string[] = [];
    for (const size of [
      [800, 600],
      [2400, 1200],
    ] as const) {
      const upload = multipart("photo", "room.png", "image/png", await aPng(...size));
      const res = await app.inject({
        method: "POST",
        url: `${base(hotelA)}/room-types/${roomA}/photos`,
        headers: { ...owner.headers, ...upload.headers },
        payload: upload.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      urls.push(res.json().gallery.at(-1));
    }
    const [first, second] = urls as [string, string];
    expect(first).toMatch(/^\/api\/photos\/\d+\/1600\.webp$/);
    const served = await app.inject({ method: "GET", url: second });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toContain("max-age=31536000");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 800 });
    const thumb = await app.inject({ method: "GET", url: second.replace("1600.webp", "400.webp") });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);
    expect((await lastAudit("room_type.photo_add"))?.after).toMatchObject({ gallery: urls });

    const reordered = await call("PUT", `${base(hotelA)}/room-types/${roomA}/gallery`, owner.headers, {
      gallery: [second, first],
    });
    expect(reordered.json().gallery).toEqual([second, first]);
    const foreign = await call("PUT", `${base(hotelA)}/room-types/${roomA}/gallery`, owner.headers, {
      gallery: [second, "https://evil.example/x.jpg"],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details[0].field).toBe("gallery.1");
    const removed = await call("PUT", `${base(hotelA)}/room-types/${roomA}/gallery`, owner.headers, {
      gallery: [first],
    });
    expect(removed.json().gallery).toEqual([first]);
    expect((await app.inject({ method: "GET", url: second })).statusCode).toBe(404);
    expect((await lastAudit("room_type.gallery"))?.before).toMatchObject({ gallery: [second, first] });
  });

  it("refuses a text file named .jpg by its content (400)", async () => {
    const upload = multipart("photo", "holiday.jpg", "image/jpeg", Buffer.from("not an image at all"));
    const res = await app.inject({
      method: "POST",
      url: `${base(hotelA)}/room-types/${roomA}/photos`,
      headers: { ...owner.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("photo_unsupported");
    const noCsrf = await app.inject({
      method: "POST",
      url: `${base(hotelA)}/room-types/${roomA}/photos`,
      headers: { ...owner.cookieOnly, ...upload.headers },
      payload: upload.payload,
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe("rate plans", () => {
  it("creates, updates and deletes a rate plan, each change audited", async () => {
    const created = await call("POST", `${base(hotelA)}/rate-plans`, manager.headers, rateInput());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await lastAudit("rate_plan.create"))?.after).toMatchObject({ id, freeCancellationDays: 3 });
    const updated = await call(
      "PUT",
      `${base(hotelA)}/rate-plans/${id}`,
      manager.headers,
      rateInput({
        freeCancellationDays: 7,
        payment: "prepaid",
        prepayment: [
          { timing: "immediate", days: 0, percent: 30 },
          { timing: "days_before_arrival", days: 14, percent: 70 },
        ],
        refundProtectionMinor: 1500,
        longStayDiscounts: [{ minNights: 7, percent: 10 }],
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ freeCancellationDays: 7, refundProtectionMinor: 1500 });
    const entry = await lastAudit("rate_plan.update");
    expect(entry?.before).toMatchObject({ freeCancellationDays: 3 });
    expect(entry?.after).toMatchObject({ freeCancellationDays: 7 });
    const taken = await call("POST", `${base(hotelA)}/rate-plans`, manager.headers, rateInput());
    expect(taken.json().error.code).toBe("code_taken");
    expect((await call("DELETE", `${base(hotelA)}/rate-plans/${id}`, manager.headers)).statusCode).toBe(204);
    expect((await lastAudit("rate_plan.delete"))?.before).toMatchObject({ id });
  });

  it("refuses a bad prepayment naming the step, and an unknown channel", async () => {
    const percent = await call(
      "POST",
      `${base(hotelA)}/rate-plans`,
      owner.headers,
      rateInput({
        code: "P1",
        payment: "prepaid",
        prepayment: [{ timing: "immediate", days: 0, percent: 120 }],
      }),
    );
    expect(percent.statusCode).toBe(400);
    expect(percent.json().error.details[0].field).toBe("prepayment.0.percent");
    const sum = await call(
      "POST",
      `${base(hotelA)}/rate-plans`,
      owner.headers,
      rateInput({
        code: "P2",
        prepayment: [
          { timing: "immediate", days: 0, percent: 60 },
          { timing: "days_before_arrival", days: 3, percent: 60 },
        ],
      }),
    );
    expect(sum.statusCode).toBe(400);
    const sumDetail = sum.json().error.details[0];
    expect(sumDetail.field).toBe("prepayment");
    const imported = await importProperty(
      database,
      buildProperty({
        ratePlans: [
          aRatePlan({
            prepayment: [
              { timing: "immediate", days: 0, percent: 60 },
              { timing: "days_before_arrival", days: 3, percent: 60 },
            ],
          }),
        ],
      }),
    );
    expect(!imported.ok && imported.issues.map((i) => i.message)).toContain(sumDetail.message);
    const channel = await call(
      "POST",
      `${base(hotelA)}/rate-plans`,
      owner.headers,
      rateInput({ code: "P3", channelIds: [999] }),
    );
    expect(channel.statusCode).toBe(400);
    expect(channel.json().error.details[0].field).toBe("channelIds.0");
    const nonRefundable = await call(
      "POST",
      `${base(hotelA)}/rate-plans`,
      owner.headers,
      rateInput({ code: "P4", refundable: false, freeCancellationDays: 2 }),
    );
    expect(nonRefundable.json().error.details[0].field).toBe("freeCancellationDays");
  });
});

describe("with reservations", () => {
  it("refuses to delete a booked room type or rate plan, and to change the currency (409)", async () => {
    const booked = await app.inject({
      method: "POST",
      url: "/api/guestdata.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: aBookingRequest({
        hotel: hotelB,
        roomId: roomB,
        rateId: rateB,
        arrival: "20300301",
        departure: "20300302",
      }),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const room = await call("DELETE", `${base(hotelB)}/room-types/${roomB}`, managerB.headers);
    expect(room.statusCode).toBe(409);
    expect(room.json().error.code).toBe("room_type_booked");
    const rate = await call("DELETE", `${base(hotelB)}/rate-plans/${rateB}`, managerB.headers);
    expect(rate.statusCode).toBe(409);
    expect(rate.json().error.code).toBe("rate_plan_booked");
    const currency = await call(
      "PUT",
      `${base(hotelB)}/property`,
      { ...managerB.headers, [CSRF_HEADER]: managerB.headers[CSRF_HEADER] },
      await hotelInput(hotelB, { currencyCode: "USD" }),
    );
    expect(currency.statusCode).toBe(409);
    expect(currency.json().error.code).toBe("currency_locked");
  });
});

describe("OpenAPI", () => {
  it("documents the catalogue's routes under the back office's tag", async () => {
    const doc = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(doc.statusCode).toBe(200);
    const paths = doc.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    for (const path of [
      "/api/backoffice/hotels/{hotelId}/property",
      "/api/backoffice/hotels/{hotelId}/room-types",
      "/api/backoffice/hotels/{hotelId}/room-types/{roomTypeId}",
      "/api/backoffice/hotels/{hotelId}/room-types/{roomTypeId}/photos",
      "/api/backoffice/hotels/{hotelId}/room-types/{roomTypeId}/gallery",
      "/api/backoffice/hotels/{hotelId}/rate-plans",
      "/api/backoffice/hotels/{hotelId}/rate-plans/{ratePlanId}",
    ])
      expect(Object.values(paths[path] ?? {})[0]?.tags, path).toEqual(["back office"]);
  });
});
