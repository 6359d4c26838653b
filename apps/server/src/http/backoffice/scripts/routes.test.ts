import { createHash } from "node:crypto";
import { createTestApp } from "@alloggio/test-kit/app";
import {
  aDirectChannel,
  aHotel,
  aTradeChannel,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession, type StaffSession } from "@alloggio/test-kit/staff";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import type { App } from "../../app";

// The script inventory in the back office (ADR 0042): owner only; per channel and page kind, every script
// and the page's CSP; payment and offer pages list none.

const clock = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;
let owner: StaffSession;

const CUSTOM = "window.hotelTag = 1;";
const propertyA = buildProperty({
  channels: [
    aDirectChannel({
      tracking: {
        hasGtm: true,
        gtmTag: "GTM-DEMO123",
        gtmDomain: "tags.hotel.example",
        hasAnalytics: true,
        analytics: { "1": "G-DEMO0EN01", "2": "G-DEMO0IT02" },
        facebookPixel: "1234567890",
      },
      customScripts: { all: CUSTOM, rooms: "console.log('rooms')" },
    }),
    aTradeChannel(),
  ],
});
// The channels are the group's: seeding B with other settings would overwrite A's.
const propertyB = buildProperty({ hotel: aHotel({ channelIds: [1] }), channels: propertyA.channels });
const hotelA = propertyA.hotel.id;
const hotelB = propertyB.hotel.id;
const url = (hotel: number) => `/api/backoffice/hotels/${hotel}/integrations/scripts`;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, propertyA);
  await seedProperty(database, propertyB);
  app = await createTestApp(database, () => clock);
  owner = await aStaffSession(database, { role: "owner", hotels: [hotelA], now: clock });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("script inventory", () => {
  it("lists each channel's scripts and CSP per page; payment and offer pages have none", async () => {
    const res = await app.inject({ method: "GET", url: url(hotelA), headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { channels } = res.json();
    expect(channels.map((c: { id: number; kind: string }) => [c.id, c.kind])).toEqual([
      [1, "direct"],
      [2, "trade"],
    ]);
    const direct = channels[0];
    const page = (name: string) => direct.pages.find((p: { page: string }) => p.page === name);
    expect(direct.pages.map((p: { page: string }) => p.page)).toEqual([
      "rooms",
      "services",
      "checkout",
      "threeDs",
      "voucher",
      "other",
      "offer",
    ]);
    const rooms = page("rooms");
    expect(rooms.documentClass).toBe("tracked");
    expect(rooms.scripts.map((s: { id: string }) => s.id)).toEqual([
      "gtm",
      "gtag-analytics",
      "gtag-analytics",
      "meta-pixel",
      "custom-all",
      "custom-rooms",
    ]);
    expect(rooms.scripts[0]).toEqual({
      id: "gtm",
      vendor: "Google Tag Manager",
      consent: ["analytics", "marketing"],
      src: "https://tags.hotel.example/gtm.js?id=GTM-DEMO123",
      inline: null,
      languages: null,
    });
    // The Italian id on Italian pages; the English one (language 1's) on every other language.
    expect(rooms.scripts[2]).toMatchObject({ src: expect.stringContaining("G-DEMO0IT02"), languages: [2] });
    expect(rooms.scripts[1].languages).not.toContain(2);
    expect(rooms.scripts[4]).toMatchObject({
      src: null,
      inline: {
        sha256: `sha256-${createHash("sha256").update(CUSTOM).digest("base64")}`,
        length: CUSTOM.length,
      },
    });
    expect(rooms.scriptSrc.slice(0, 2)).toEqual(["'self'", "'nonce-…'"]);
    expect(rooms.scriptSrc).toContain("https://tags.hotel.example");
    expect(page("services").scripts.map((s: { id: string }) => s.id)).not.toContain("custom-rooms");
    for (const name of ["checkout", "threeDs", "offer"])
      expect(page(name)).toEqual({
        page: name,
        documentClass: "strict",
        scripts: [],
        scriptSrc: ["'self'", "'nonce-…'"],
        connectSrc: ["'self'"],
      });
    // The trade channel has nothing configured.
    expect(channels[1].pages.every((p: { scripts: unknown[] }) => p.scripts.length === 0)).toBe(true);
  });

  it("is the owner's alone: manager and reception 403, no session 401", async () => {
    for (const role of ["manager", "reception"] as const) {
      const staff = await aStaffSession(database, { role, hotels: [hotelA], now: clock });
      const res = await app.inject({ method: "GET", url: url(hotelA), headers: staff.headers });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.code).toBe("staff_forbidden");
    }
    const anonymous = await app.inject({ method: "GET", url: url(hotelA) });
    expect(anonymous.statusCode).toBe(401);
  });

  it("another hotel's inventory is a 404 (IDOR), like a hotel that does not exist", async () => {
    for (const hotel of [hotelB, 987654]) {
      const res = await app.inject({ method: "GET", url: url(hotel), headers: owner.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.details).toEqual([{ field: "hotelId", message: "unknown" }]);
    }
  });
});
