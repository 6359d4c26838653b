import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../../../packages/test-kit/src/app";
import { aHotel, buildProperty, seedProperty } from "../../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../../packages/test-kit/src/database";
import { aStaffSession, type StaffSession } from "../../../../../../packages/test-kit/src/staff";
import type { Database } from "../../../db/client";
import { auditLog, hotelGroup } from "../../../db/schema";
import type { App } from "../../app";

let database: Database;
let app: App;
const clock = new Date("2030-03-10T10:00:00Z");
let hotelA: number;
let hotelB: number;
let owner: StaffSession;
let manager: StaffSession;

const url = (hotelId: number, query = "") => `/api/backoffice/hotels/${hotelId}/audit${query}`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelA = (
    await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Alpha", timeZone: "Europe/Rome" }) }))
  ).hotelId;
  hotelB = (await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Beta" }) }))).hotelId;
  await database.db.insert(hotelGroup).values({ id: 2, name: "Other Group" }).onConflictDoNothing();
  owner = await aStaffSession(database, { role: "owner", now: clock });
  manager = await aStaffSession(database, { role: "manager", hotels: [hotelA], now: clock });
  const base = { groupId: 1, userId: owner.userId, actor: owner.email, entity: "rate_plan" };
  await database.db.insert(auditLog).values([
    // 00:30 in Rome on 2 March: a day later there than in UTC.
    {
      ...base,
      hotelId: hotelA,
      at: new Date("2030-03-01T23:30:00Z"),
      action: "rate_plan.update",
      entityId: "7",
      before: { name: "Flex", price: 100 },
      after: { name: "Flex", price: 120 },
    },
    {
      ...base,
      hotelId: hotelA,
      at: new Date("2030-03-01T22:30:00Z"),
      action: "rates.bulk_update",
      entityId: null,
    },
    {
      ...base,
      hotelId: hotelB,
      at: new Date("2030-03-03T10:00:00Z"),
      action: "rate_plan.update",
      entityId: "8",
    },
    {
      ...base,
      hotelId: null,
      at: new Date("2030-03-04T10:00:00Z"),
      action: "user.invite",
      entity: "staff_user",
      entityId: "99",
      before: null,
      after: { email: "new@example.test" },
    },
    {
      groupId: 2,
      hotelId: null,
      userId: null,
      actor: "other@example.test",
      at: new Date("2030-03-04T11:00:00Z"),
      action: "user.invite",
      entity: "staff_user",
      entityId: "5",
    },
    {
      groupId: 1,
      hotelId: hotelA,
      userId: null,
      actor: "import",
      at: new Date("2030-03-05T08:00:00Z"),
      action: "property.import",
      entity: "hotel",
      entityId: String(hotelA),
    },
  ]);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const get = (headers: Record<string, string>, hotelId: number, query = "") =>
  app.inject({ method: "GET", url: url(hotelId, query), headers });

describe("reading a hotel's audit log", () => {
  it("gives the owner the hotel's entries and the group's user changes, newest first", async () => {
    const res = await get(owner.cookieOnly, hotelA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.entries.map((e: { action: string }) => e.action)).toEqual([
      "property.import",
      "user.invite",
      "rate_plan.update",
      "rates.bulk_update",
    ]);
    expect(body).toMatchObject({ page: 1, pageSize: 50, total: 4, timeZone: "Europe/Rome" });
    expect(body.entries[2]).toMatchObject({
      at: "2030-03-01T23:30:00.000Z",
      actor: owner.email,
      hotelId: hotelA,
      entity: "rate_plan",
      entityId: "7",
      before: { name: "Flex", price: 100 },
      after: { name: "Flex", price: 120 },
    });
    expect(body.actions).toEqual(["property.import", "rate_plan.update", "rates.bulk_update", "user.invite"]);
    expect(body.actors).toEqual(["import", owner.email].sort());
  });

  it("gives the hotel's currency and the names of its room types and rate plans, to write entries as prose", async () => {
    const body = (await get(owner.cookieOnly, hotelA)).json();
    expect(body.currency).toEqual({ code: "EUR", decimalDigits: 2 });
    expect(Object.values(body.names.roomTypes).length).toBeGreaterThan(0);
    expect(Object.values(body.names.ratePlans)[0]).toMatchObject({ en: expect.any(String) });
    // A user entry's hotels by name: the group's for an owner, the manager's own hotel only.
    expect(body.names.hotels).toMatchObject({ [hotelA]: "Alpha", [hotelB]: "Beta" });
    const forManager = (await get(manager.cookieOnly, hotelA)).json();
    expect(forManager.names.hotels).toEqual({ [hotelA]: "Alpha" });
  });

  it("gives a manager only the hotel's own entries (no user changes)", async () => {
    const res = await get(manager.cookieOnly, hotelA);
    expect(res.statusCode).toBe(200);
    expect(res.json().entries.map((e: { action: string }) => e.action)).toEqual([
      "property.import",
      "rate_plan.update",
      "rates.bulk_update",
    ]);
  });

  it("refuses reception (403) and a request without a session (401)", async () => {
    const reception = await aStaffSession(database, { role: "reception", now: clock });
    const res = await get(reception.cookieOnly, hotelA);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("staff_forbidden");
    expect((await get({}, hotelA)).statusCode).toBe(401);
  });

  it("answers 404 for a hotel outside the user's (IDOR): another hotel of the group, another group's", async () => {
    const ofB = await aStaffSession(database, { role: "manager", hotels: [hotelB], now: clock });
    const res = await get(ofB.cookieOnly, hotelA);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.details[0].field).toBe("hotelId");
    const otherGroup = await aStaffSession(database, { role: "owner", groupId: 2, now: clock });
    expect((await get(otherGroup.cookieOnly, hotelA)).statusCode).toBe(404);
    expect((await get(owner.cookieOnly, 999_999)).statusCode).toBe(404);
  });

  it("filters by days in the hotel's time zone, action and user", async () => {
    const actions = async (query: string) =>
      (await get(owner.cookieOnly, hotelA, query)).json().entries.map((e: { action: string }) => e.action);
    // 23:30 UTC on 1 March is 2 March in Rome; 22:30 UTC is still 1 March.
    expect(await actions("?from=2030-03-02&to=2030-03-02")).toEqual(["rate_plan.update"]);
    expect(await actions("?to=2030-03-01")).toEqual(["rates.bulk_update"]);
    expect(await actions("?from=2030-03-04")).toEqual(["property.import", "user.invite"]);
    expect(await actions("?action=rate_plan.update")).toEqual(["rate_plan.update"]);
    expect(await actions("?user=IMPORT")).toEqual(["property.import"]);
    expect(await actions("?user=nobody%40example.test")).toEqual([]);
  });

  it("pages by 50", async () => {
    await database.db.insert(auditLog).values(
      Array.from({ length: 55 }, (_, i) => ({
        groupId: 1,
        hotelId: hotelB,
        userId: null,
        actor: "import",
        at: new Date(Date.UTC(2030, 5, 1, 0, i)),
        action: "room_type.update",
        entity: "room_type",
        entityId: String(i),
      })),
    );
    const first = (await get(owner.cookieOnly, hotelB, "?action=room_type.update")).json();
    expect(first.entries).toHaveLength(50);
    expect(first.total).toBe(55);
    expect(first.entries[0].entityId).toBe("54");
    const second = (await get(owner.cookieOnly, hotelB, "?action=room_type.update&page=2")).json();
    expect(second.entries.map((e: { entityId: string }) => e.entityId)).toEqual(["4", "3", "2", "1", "0"]);
  });

  it("refuses bad filters with 400 naming the field", async () => {
    for (const [query, field] of [
      ["?from=2030-02-30", "from"],
      ["?to=20300301", "to"],
      ["?from=2030-03-05&to=2030-03-01", "to"],
      ["?page=0", "page"],
      ["?page=x", "page"],
    ]) {
      const res = await get(owner.cookieOnly, hotelA, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.details[0].field, query).toBe(field);
    }
    const badHotel = await app.inject({
      method: "GET",
      url: "/api/backoffice/hotels/abc/audit",
      headers: owner.cookieOnly,
    });
    expect(badHotel.statusCode).toBe(400);
  });
});
