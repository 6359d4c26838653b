import { CSRF_HEADER } from "@alloggio/domain/contract/backoffice/access";
import { eq, sql } from "drizzle-orm";
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
import { auditLog, ratePlan } from "../../../db/schema";
import { importProperty } from "../../../features/admin/import-property";
import type { App } from "../../app";

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

describe("the hotel's times, lists and payment methods", () => {
  const put = async (hotel: number, overrides: Record<string, unknown>, session = owner) =>
    call("PUT", `${base(hotel)}/property`, session.headers, await hotelInput(hotel, overrides));

  it("changes check-in, check-out and breakfast times, refusing a check-in that ends before it starts", async () => {
    const res = await put(
      hotelA,
      {
        checkInFrom: "15:30",
        checkInUntil: "00:00",
        checkOutUntil: "11:00",
        breakfastFrom: "06:45",
        breakfastUntil: "10:15",
      },
      manager,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ checkInFrom: "15:30", checkInUntil: "00:00", breakfastFrom: "06:45" });
    const entry = await lastAudit("hotel.update");
    expect(entry?.after).toMatchObject({
      checkInFrom: "15:30",
      checkOutUntil: "11:00",
      breakfastUntil: "10:15",
    });
    expect(entry?.before).not.toMatchObject({ checkInFrom: "15:30" });
    const info = await call("GET", `/api/bol/hotel/${hotelA}/info/language/2`);
    expect(info.body).toContain("15:30");

    const audits = (await database.db.select().from(auditLog)).length;
    const early = await put(hotelA, { checkInFrom: "16:00", checkInUntil: "12:00" });
    expect(early.statusCode).toBe(400);
    // The rule by its name, for the back office to say it in the page's language.
    expect(early.json().error.details[0]).toEqual({
      field: "checkInUntil",
      message: "must not be before checkInFrom",
      params: { issue: "custom", rule: "check_in_order" },
    });
    const half = await put(hotelA, { breakfastFrom: "07:00", breakfastUntil: undefined });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.details[0]).toMatchObject({
      field: "breakfastUntil",
      params: { issue: "custom", rule: "breakfast_both_times" },
    });
    const time = await put(hotelA, { checkOutUntil: "25:00" });
    expect(time.statusCode).toBe(400);
    expect(time.json().error.details[0]).toMatchObject({ field: "checkOutUntil" });
    // Nothing refused was written, nor audited.
    expect((await database.db.select().from(auditLog)).length).toBe(audits);
  });

  it("edits wellness, activities and business services; the guest's hotel page shows them in order", async () => {
    const wellness = [
      { en: "Spa with lake view", it: "Spa vista lago", de: "Spa mit Seeblick" },
      { en: "Finnish sauna", it: "Sauna finlandese" },
    ];
    const res = await put(hotelA, {
      wellness,
      activities: [{ en: "Sailing school" }],
      businessServices: [{ en: "Meeting room for 20", fr: "Salle de réunion pour 20" }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ wellness, activities: [{ en: "Sailing school" }] });
    const entry = await lastAudit("hotel.update");
    expect(entry?.before).toMatchObject({ wellness: [] });
    expect(entry?.after).toMatchObject({ wellness, businessServices: [{ en: "Meeting room for 20" }] });
    const info = await call("GET", `/api/bol/hotel/${hotelA}/info/language/2`);
    expect(info.body).toContain("Spa vista lago");
    expect(info.body.indexOf("Spa vista lago")).toBeLessThan(info.body.indexOf("Sauna finlandese"));

    // Reordered and one removed; a request without the lists leaves them as they are.
    const reordered = await put(hotelA, { wellness: [wellness[1]], activities: [] });
    expect(reordered.json()).toMatchObject({ wellness: [wellness[1]], activities: [] });
    const { wellness: _w, activities: _a, businessServices: _b, ...withoutLists } = await hotelInput(hotelA);
    const kept = await call("PUT", `${base(hotelA)}/property`, owner.headers, withoutLists);
    expect(kept.json()).toMatchObject({
      wellness: [wellness[1]],
      businessServices: [{ en: "Meeting room for 20" }],
    });

    const tooMany = await put(hotelA, { activities: Array(31).fill({ en: "Tennis" }) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details[0]).toMatchObject({ field: "activities" });
    const tooLong = await put(hotelA, { wellness: [{ en: "Spa", it: "x".repeat(201) }] });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.details[0]).toMatchObject({ field: "wellness.0.it" });
    const noEnglish = await put(hotelA, { businessServices: [{ it: "Sala riunioni" }] });
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json().error.details[0]).toMatchObject({ field: "businessServices.0" });
  });

  it("enables the gateway's methods (other settings kept), and the guest checkout offers only those", async () => {
    const room = aRoomType();
    const prepaid = aRatePlan({
      refundable: false,
      freeCancellationDays: undefined,
      payment: "prepaid",
      prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
    });
    const { hotelId } = await seedProperty(
      database,
      buildProperty({
        hotel: { settings: { paymentMethods: [], addressMandatory: true } },
        roomTypes: [room],
        ratePlans: [prepaid],
      }),
    );
    const stay = {
      hotel: hotelId,
      roomId: room.id,
      rateId: prepaid.id,
      arrival: "20300210",
      departure: "20300212",
    };
    const offered = async () =>
      (
        await app.inject({
          method: "POST",
          url: "/api/guestdata.do",
          payload: { ...aBookingRequest(stay), checkPrepaid: 1 },
        })
      ).json().paymentMethods;
    expect(await offered()).toEqual(["card_payment"]);
    expect((await call("GET", `${base(hotelId)}/property`, owner.cookieOnly)).json().paymentMethods).toEqual(
      [],
    );

    const res = await put(hotelId, { paymentMethods: ["pay_by_link", "wallet"] });
    expect(res.statusCode, res.body).toBe(200);
    // Kept in the gateway's order.
    expect(res.json().paymentMethods).toEqual(["wallet", "pay_by_link"]);
    expect(await offered()).toEqual(["card_payment", "wallet", "pay_by_link"]);
    const entry = await lastAudit("hotel.update");
    expect(entry?.before).toMatchObject({ paymentMethods: [] });
    expect(entry?.after).toMatchObject({ paymentMethods: ["wallet", "pay_by_link"] });
    const [row] = await database.query<{ settings: Record<string, unknown> }>(
      sql`select settings from hotel where id = ${hotelId}`,
    );
    expect(row?.settings).toEqual({
      paymentMethods: ["wallet", "pay_by_link"],
      addressMandatory: true,
      mailLanguage: "en",
    });

    // Bank transfer on, then the methods unchanged when the request leaves them out.
    const { paymentMethods: _m, ...rest } = await hotelInput(hotelId, {
      bankTransfer: { owner: "C Srl", iban: "IT60X0542811101000000123456", dueDays: 3 },
    });
    const kept = await call("PUT", `${base(hotelId)}/property`, owner.headers, rest);
    expect(kept.json().paymentMethods).toEqual(["wallet", "pay_by_link"]);
    expect(await offered()).toEqual(["card_payment", "wallet", "pay_by_link", "bank_transfer"]);

    const unknown = await put(hotelId, { paymentMethods: ["wallet", "cash"] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0]).toMatchObject({ field: "paymentMethods.1" });
    const twice = await put(hotelId, { paymentMethods: ["mobile", "mobile"] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details[0]).toMatchObject({ field: "paymentMethods" });
    const none = await put(hotelId, { paymentMethods: [] });
    expect(none.json().paymentMethods).toEqual([]);
    expect(await offered()).toEqual(["card_payment", "bank_transfer"]);

    // Another hotel's manager cannot change them (404), nor can anyone without the CSRF token (403).
    expect((await put(hotelId, { paymentMethods: ["wallet"] }, managerB)).statusCode).toBe(404);
    const noToken = await call(
      "PUT",
      `${base(hotelId)}/property`,
      owner.cookieOnly,
      await hotelInput(hotelId, { paymentMethods: ["wallet"] }),
    );
    expect(noToken.statusCode).toBe(403);
  });

  it("sets the language of the hotel's own mails: English until chosen, the other settings kept, audited", async () => {
    const { hotelId } = await seedProperty(
      database,
      buildProperty({ hotel: { settings: { addressMandatory: true } } }),
    );
    const read = async () => (await call("GET", `${base(hotelId)}/property`, owner.cookieOnly)).json();
    expect((await read()).mailLanguage).toBe("en");
    const res = await put(hotelId, { mailLanguage: "it" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mailLanguage).toBe("it");
    expect((await read()).mailLanguage).toBe("it");
    const [row] = await database.query<{ settings: Record<string, unknown> }>(
      sql`select settings from hotel where id = ${hotelId}`,
    );
    expect(row?.settings).toMatchObject({ mailLanguage: "it", addressMandatory: true });
    const entry = await lastAudit("hotel.update");
    expect(entry?.before).toMatchObject({ mailLanguage: "en" });
    expect(entry?.after).toMatchObject({ mailLanguage: "it" });
    // Left out: unchanged.
    const { mailLanguage: _l, ...rest } = await hotelInput(hotelId);
    expect((await call("PUT", `${base(hotelId)}/property`, owner.headers, rest)).json().mailLanguage).toBe(
      "it",
    );
    const unknown = await put(hotelId, { mailLanguage: "ru" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0]).toMatchObject({ field: "mailLanguage" });
  });

  it("says which check a field failed, with its limits, for the page to write in its language", async () => {
    const res = await put(hotelA, { name: "", email: "nope", address: "x".repeat(201) });
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as { field: string; params?: Record<string, unknown> }[];
    expect(details.find((d) => d.field === "name")?.params).toMatchObject({
      issue: "too_small",
      minimum: 1,
      origin: "string",
    });
    expect(details.find((d) => d.field === "email")?.params).toMatchObject({
      issue: "invalid_format",
      format: "email",
    });
    expect(details.find((d) => d.field === "address")?.params).toMatchObject({
      issue: "too_big",
      maximum: 200,
    });
  });

  it("refuses an unknown method in the property file too, with the import's own message", async () => {
    const imported = await importProperty(
      database,
      buildProperty({ hotel: { settings: { paymentMethods: ["card_payment"] as never[] } } }),
    );
    expect(imported.ok).toBe(false);
    const issue = !imported.ok ? imported.issues[0] : undefined;
    expect(issue?.path).toBe("hotel.settings.paymentMethods[0]");
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

  it("keeps a resellable rate's resale fee, and refuses one on a rate that cannot be resold", async () => {
    const input = rateInput({ code: "RESELL", refundable: false, resellable: true, resaleFeePercent: 12.5 });
    delete (input as Record<string, unknown>).freeCancellationDays;
    const created = await call("POST", `${base(hotelA)}/rate-plans`, manager.headers, input);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ resellable: true, resaleFeePercent: 12.5 });
    const [row] = await database.db
      .select({ fee: ratePlan.resaleFeePercent })
      .from(ratePlan)
      .where(eq(ratePlan.id, created.json().id));
    expect(Number(row?.fee)).toBe(12.5);
    const refused = await call(
      "POST",
      `${base(hotelA)}/rate-plans`,
      manager.headers,
      rateInput({ code: "NOFEE", resaleFeePercent: 10 }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("resaleFeePercent");
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
