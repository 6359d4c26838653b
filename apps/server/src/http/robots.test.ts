import { TEST_API_KEY, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import { aRatePlan, aRoomType, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { type App, buildApp } from "./app";

// robots.txt and the sitemap of a hotel's own domain: its public pages in every language, and nothing private.
const hotel = buildProperty({
  roomTypes: [aRoomType()],
  ratePlans: [aRatePlan()],
  hosts: [{ host: "brand.example.test", channel: 1, pageTitle: "Brand", iconUrl: "/icon.svg" }],
});
let database: Database;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  app = await buildApp({
    database,
    now: () => new Date("2030-01-05T10:00:00Z"),
    apiKeys: [TEST_API_KEY],
    overrideSecret: TEST_OVERRIDE_SECRET,
    logLevel: "silent",
    publicUrl: "https://book.hotel.example",
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string, host: string) => app.inject({ method: "GET", url, headers: { host } });

describe("robots.txt and sitemap.xml", () => {
  it("names the sitemap of a hotel's own domain, whose pages are its hotel, rooms and packages in each language", async () => {
    const robots = await get("/robots.txt", "brand.example.test");
    expect(robots.headers["content-type"]).toContain("text/plain");
    expect(robots.body.split("\n")).toEqual([
      "User-agent: *",
      "Disallow: /api/",
      "Disallow: /admin",
      "Sitemap: https://brand.example.test/sitemap.xml",
      "",
    ]);
    const sitemap = await get("/sitemap.xml", "brand.example.test");
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const base = `https://brand.example.test/hotel/${hotel.hotel.id}/channel/1`;
    // Eight languages with texts of their own (Russian reads the English ones) × three pages.
    expect(locs).toHaveLength(24);
    expect(locs).toContain(`${base}/language/2/rooms`);
    expect(locs).toContain(`${base}/language/9/packages`);
    expect(locs).not.toContain(`${base}/language/7`);
    const first = sitemap.body.slice(sitemap.body.indexOf("<url>"), sitemap.body.indexOf("</url>"));
    expect(first).toContain(`<xhtml:link rel="alternate" hreflang="it" href="${base}/language/2"/>`);
    expect(first).toContain(`hreflang="ja"`);
    expect(first).not.toContain(`hreflang="ru"`);
    expect(sitemap.body).not.toMatch(/voucher|checkout|offer|agency|admin/);
  });

  it("has no sitemap for a host no channel was configured for", async () => {
    const robots = await get("/robots.txt", "unknown.example.test");
    expect(robots.body).not.toContain("Sitemap:");
    expect((await get("/sitemap.xml", "unknown.example.test")).statusCode).toBe(404);
  });
});
