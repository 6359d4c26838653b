import { createTestApp } from "@alloggio/test-kit/app";
import { anIdempotencyKey } from "@alloggio/test-kit/booking";
import { aRatePlan, aRoomType, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession, type StaffSession } from "@alloggio/test-kit/staff";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { auditLog, hotelApiKey } from "../../../db/schema";
import { createHotelApiKey } from "../../../features/offers/api-key";
import type { App } from "../../app";

// A hotel's API keys in the back office (ADR 0039): owner only; the key is shown once; revoked → 401.

let clock = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const room = aRoomType({ maxAdults: 2 });
const rate = aRatePlan();
const propertyA = buildProperty({
  hotel: { name: "Hotel Chiavi", timeZone: "Asia/Tokyo" },
  roomTypes: [room],
  ratePlans: [rate],
});
const propertyB = buildProperty({ hotel: { name: "Hotel Beta" } });
const hotelA = propertyA.hotel.id;
const hotelB = propertyB.hotel.id;

let owner: StaffSession;
let ownerOfB: StaffSession;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, propertyA);
  await seedProperty(database, propertyB);
  app = await createTestApp(database, () => clock);
  owner = await aStaffSession(database, { role: "owner", hotels: [hotelA], now: clock });
  ownerOfB = await aStaffSession(database, { role: "owner", hotels: [hotelB], now: clock });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const keysUrl = (hotel: number) => `/api/backoffice/hotels/${hotel}/api-keys`;

function createKey(name: string, headers: Record<string, string> = owner.headers, hotel = hotelA) {
  return app.inject({ method: "POST", url: keysUrl(hotel), headers, payload: { name } });
}

function createOffer(key: string) {
  return app.inject({
    method: "POST",
    url: "/api/v2/offers/create",
    headers: { authorization: `Bearer ${key}`, "idempotency-key": anIdempotencyKey() },
    payload: {
      hotel: hotelA,
      channel: 1,
      recipient: { name: "Anna Weber", email: "anna@example.test", language: 2 },
      arrival: "20300210",
      departure: "20300212",
      options: [{ rooms: [{ roomId: room.id, rateId: rate.id, adults: 2, ages: [], priceMinor: 30000 }] }],
      expiresAt: "2030-01-20T18:00:00Z",
    },
  });
}

async function auditOf(action: string, entityId: number) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));
}

describe("API keys: create, use, revoke", () => {
  it("creates a key shown once, which creates offers; the list shows its prefix and when it was last used", async () => {
    const res = await createKey("  Hotel CRM  ");
    expect(res.statusCode, res.body).toBe(201);
    const { apiKey, key } = res.json();
    expect(key).toMatch(/^alk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: "Hotel CRM",
      prefix: key.slice(0, 12),
      createdAt: clock.toISOString(),
      createdBy: expect.stringMatching(/^Staff /),
      lastUsedAt: null,
      revokedAt: null,
    });
    // Only the hash is stored, and the audit has neither the key nor its hash.
    const [stored] = await database.db.select().from(hotelApiKey).where(eq(hotelApiKey.id, apiKey.id));
    expect(JSON.stringify(stored)).not.toContain(key);
    const [entry] = await auditOf("api_key.create", apiKey.id);
    expect(entry?.after).toEqual({ name: "Hotel CRM", prefix: apiKey.prefix, revokedAt: null });
    expect(JSON.stringify(entry)).not.toContain(key);
    expect(JSON.stringify(entry)).not.toContain(stored!.keySha256);

    clock = new Date("2030-01-05T10:05:00Z");
    const offer = await createOffer(key);
    expect(offer.statusCode, offer.body).toBe(200);
    const list = await app.inject({ method: "GET", url: keysUrl(hotelA), headers: owner.headers });
    expect(list.statusCode).toBe(200);
    const listed = list.json().keys.find((k: { id: number }) => k.id === apiKey.id);
    expect(listed).toMatchObject({ lastUsedAt: "2030-01-05T10:05:00.000Z", revokedAt: null });
    // The page shows these instants on the hotel's clock, not the browser's.
    expect(list.json().timeZone).toBe("Asia/Tokyo");
    expect(JSON.stringify(list.json())).not.toContain(key);
  });

  it("revokes a key: it answers 401 from then on; revoking again changes nothing", async () => {
    const { apiKey, key } = (await createKey("Old CRM")).json();
    const res = await app.inject({
      method: "POST",
      url: `${keysUrl(hotelA)}/${apiKey.id}/revoke`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: apiKey.id, revokedAt: clock.toISOString() });
    const refused = await createOffer(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe("api_key_invalid");
    const [entry] = await auditOf("api_key.revoke", apiKey.id);
    expect(entry?.before).toMatchObject({ name: "Old CRM", revokedAt: null });
    expect(entry?.after).toMatchObject({ name: "Old CRM", revokedAt: clock.toISOString() });
    const again = await app.inject({
      method: "POST",
      url: `${keysUrl(hotelA)}/${apiKey.id}/revoke`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(await auditOf("api_key.revoke", apiKey.id)).toHaveLength(1);
  });

  it("lists keys made outside the back office too (no creator)", async () => {
    const made = await createHotelApiKey(database.db, hotelA, "Script");
    const list = await app.inject({ method: "GET", url: keysUrl(hotelA), headers: owner.headers });
    expect(list.json().keys.find((k: { id: number }) => k.id === made.id)).toMatchObject({
      name: "Script",
      createdBy: null,
    });
  });

  it("validates the name (400 naming `name`)", async () => {
    for (const payload of [{ name: "   " }, { name: "x".repeat(81) }, {}]) {
      const res = await app.inject({ method: "POST", url: keysUrl(hotelA), headers: owner.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.details[0].field).toBe("name");
    }
    const extra = await app.inject({
      method: "POST",
      url: keysUrl(hotelA),
      headers: owner.headers,
      payload: { name: "CRM", hotelId: hotelB },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.details[0].field).toBe("hotelId");
  });
});

describe("who may manage API keys", () => {
  it("is the owner only: manager and reception get 403", async () => {
    const { apiKey } = (await createKey("CRM")).json();
    for (const role of ["manager", "reception"] as const) {
      const staff = await aStaffSession(database, { role, hotels: [hotelA], now: clock });
      const calls = [
        app.inject({ method: "GET", url: keysUrl(hotelA), headers: staff.headers }),
        createKey("Mine", staff.headers),
        app.inject({ method: "POST", url: `${keysUrl(hotelA)}/${apiKey.id}/revoke`, headers: staff.headers }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json().error.code).toBe("staff_forbidden");
      }
    }
  });

  it("needs a session (401) and the CSRF token for a change (403)", async () => {
    expect((await app.inject({ method: "GET", url: keysUrl(hotelA) })).statusCode).toBe(401);
    const anonymous = await app.inject({ method: "POST", url: keysUrl(hotelA), payload: { name: "x" } });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await createKey("x", owner.cookieOnly);
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe("csrf_failed");
    const { apiKey } = (await createKey("CRM")).json();
    const revokeNoCsrf = await app.inject({
      method: "POST",
      url: `${keysUrl(hotelA)}/${apiKey.id}/revoke`,
      headers: owner.cookieOnly,
    });
    expect(revokeNoCsrf.statusCode).toBe(403);
  });

  it("answers 404 to an owner of hotel B, by hotel and by key id (IDOR)", async () => {
    const { apiKey, key } = (await createKey("CRM")).json();
    expect(
      (await app.inject({ method: "GET", url: keysUrl(hotelA), headers: ownerOfB.headers })).statusCode,
    ).toBe(404);
    expect((await createKey("Mine", ownerOfB.headers, hotelA)).statusCode).toBe(404);
    const across = await app.inject({
      method: "POST",
      url: `${keysUrl(hotelB)}/${apiKey.id}/revoke`,
      headers: ownerOfB.headers,
    });
    expect(across.statusCode).toBe(404);
    expect(across.json().error.details[0].field).toBe("keyId");
    const theirList = await app.inject({ method: "GET", url: keysUrl(hotelB), headers: ownerOfB.headers });
    expect(theirList.json().keys).toEqual([]);
    expect((await createOffer(key)).statusCode).toBe(200);
  });

  it("are in the API docs under the back office's tag", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const [path, method] of [
      ["/api/backoffice/hotels/{hotelId}/api-keys", "get"],
      ["/api/backoffice/hotels/{hotelId}/api-keys", "post"],
      ["/api/backoffice/hotels/{hotelId}/api-keys/{keyId}/revoke", "post"],
    ] as const)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(["back office"]);
  });
});
