import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_API_KEY, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import { aDirectChannel, aTradeChannel, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { channel } from "../db/schema";
import { type App, buildApp } from "./app";
import { sha384 } from "./page-csp";

// Each web page gets its own nonce and the CSP of its document (ADR 0042): a tracked page of a channel
// with tags allows their origins; payment and private pages, the back office and unknown channels allow none.

let clock = new Date("2030-01-01T10:00:00Z");
let database: Database;
let app: App;
let webDist: string;

const ENTRY = 'console.log("app")';
const property = buildProperty({
  channels: [
    aDirectChannel({
      tracking: {
        hasGtm: true,
        gtmTag: "GTM-DEMO123",
        gtmDomain: "tags.hotel.example",
        facebookPixel: "1234567890",
      },
      customScripts: { all: "window.x = 1;" },
    }),
    aTradeChannel(),
  ],
  hosts: [
    { host: "book.hotel.example", channel: 1, pageTitle: "Book", iconUrl: "/icon.svg" },
    { host: "trade.hotel.example", channel: 2, pageTitle: "Trade", iconUrl: "/icon.svg" },
  ],
});
const hotel = property.hotel.id;
const page = (kind: string) => `/hotel/${hotel}/channel/1/language/1/${kind}`;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), "alloggio-web-"));
  mkdirSync(join(webDist, "assets"));
  writeFileSync(
    join(webDist, "index.html"),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-C.css"></head><body>web app</body></html>',
  );
  writeFileSync(join(webDist, "assets/index-A.js"), ENTRY);
  writeFileSync(join(webDist, "assets/index-C.css"), "body{}");
  database = await createTestDatabase();
  await seedProperty(database, property);
  app = await buildApp({
    database,
    now: () => clock,
    apiKeys: [TEST_API_KEY],
    overrideSecret: TEST_OVERRIDE_SECRET,
    logLevel: "silent",
    webDist,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim().split(" "))
    .find((d) => d[0] === name)
    ?.slice(1) ?? [];

async function get(url: string, host = "localhost:80") {
  const res = await app.inject({ method: "GET", url, headers: { host } });
  const csp = String(res.headers["content-security-policy"]);
  return {
    res,
    csp,
    script: directive(csp, "script-src"),
    connect: directive(csp, "connect-src"),
    documentClass: /<meta name="alloggio-document" content="(\w+)"/.exec(res.body)?.[1],
  };
}

describe("web pages: nonce and CSP per response", () => {
  it("a fresh nonce per response, the same in the CSP, the nonce meta and every script tag", async () => {
    const a = await get(page("rooms"));
    const b = await get(page("rooms"));
    const nonceOf = (csp: string) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    const na = nonceOf(a.csp);
    expect(na).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(b.csp)).not.toBe(na);
    expect(a.res.body).toContain(`<meta property="csp-nonce" nonce="${na}" />`);
    expect(a.res.body).toContain(`<script nonce="${na}" type="module"`);
    expect(a.res.body).toContain(`<link nonce="${na}" rel="stylesheet"`);
    expect(a.res.body.match(/nonce="([^"]+)"/g)?.every((n) => n === `nonce="${na}"`)).toBe(true);
    expect(a.res.headers["reporting-endpoints"]).toBe('csp-endpoint="/api/csp-reports"');
    expect(directive(a.csp, "report-uri")).toEqual(["/api/csp-reports"]);
    expect(directive(a.csp, "report-to")).toEqual(["csp-endpoint"]);
  });

  it("the entry files carry their sha384, and the files are what it says", async () => {
    const { res } = await get(page("rooms"));
    expect(res.body).toContain(`src="/assets/index-A.js" integrity="${sha384(ENTRY)}"`);
    const file = await app.inject({ method: "GET", url: "/assets/index-A.js" });
    expect(sha384(file.body)).toBe(sha384(ENTRY));
    // A file of the build keeps the API's fixed policy.
    expect(String(file.headers["content-security-policy"])).toContain("script-src 'self';");
  });

  it.each(["rooms", "services", "voucher/code/AB12CD/email/a%40b.it"])(
    "a tracked page (%s) of the channel with GTM allows its origins, no unsafe-inline in script-src",
    async (kind) => {
      const { script, connect, documentClass, csp } = await get(page(kind));
      expect(documentClass).toBe("tracked");
      expect(script.slice(0, 1)).toEqual(["'self'"]);
      expect(script).toContain("https://tags.hotel.example");
      expect(script).toContain("https://www.googletagmanager.com");
      expect(script).toContain("https://connect.facebook.net");
      expect(connect).toContain("https://tags.hotel.example");
      expect(script).not.toContain("'unsafe-inline'");
      // The other directives stay as they were.
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com");
      expect(csp).toContain("img-src 'self' data: https:");
    },
  );

  it.each([
    page("checkout"),
    page("3ds/code/AB12CD/email/a%40b.it"),
    `/hotel/${hotel}/channel/1/language/1/CHECKOUT`,
    "/offer/DEM00FFERH0TE101",
    "/cro/7K3M9QX2HT4VZ8PN",
    "/admin",
    "/admin/hotel/1/reservations",
    "/ADMIN/users",
  ])("%s allows no third-party origin (strict)", async (url) => {
    const { script, connect, documentClass, res } = await get(url, "book.hotel.example");
    expect(res.statusCode).toBe(200);
    expect(documentClass).toBe("strict");
    expect(script).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
    expect(connect).toEqual(["'self'"]);
  });

  it.each([page("checkout"), page("3ds/code/AB12CD/email/a%40b.it"), "/sandbox-gateway/card?return=%2F"])(
    "the payment page %s takes images, fonts and frames from the site only",
    async (url) => {
      const { csp, res } = await get(url, "book.hotel.example");
      expect(res.statusCode).toBe(200);
      expect(directive(csp, "img-src")).toEqual(["'self'"]);
      expect(directive(csp, "font-src")).toEqual(["'self'"]);
      // The sandbox gateway is the site itself: no other origin, no video hosts.
      expect(directive(csp, "frame-src")).toEqual(["'self'"]);
    },
  );

  it("an unknown channel is strict, by path or by host", async () => {
    for (const [url, host] of [
      [`/hotel/${hotel}/channel/99/language/1/rooms`, "book.hotel.example"],
      ["/", "nobody.example"],
      ["/", ""],
    ] as const) {
      const { script, connect, documentClass } = await get(url, host);
      expect(documentClass, url + host).toBe("strict");
      expect(script).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
      expect(connect).toEqual(["'self'"]);
    }
  });

  it("/ takes the channel of the Host header (with or without its port)", async () => {
    const direct = await get("/", "book.hotel.example");
    expect(direct.documentClass).toBe("tracked");
    expect(direct.script).toContain("https://tags.hotel.example");
    expect((await get("/", "BOOK.hotel.example:8443")).script).toContain("https://tags.hotel.example");
    // The trade channel has no tags: a tracked document with our origin only.
    const trade = await get("/", "trade.hotel.example");
    expect(trade.documentClass).toBe("tracked");
    expect(trade.script).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
    // The path's channel wins over the host's.
    expect(
      (await get(`/hotel/${hotel}/channel/2/language/1/rooms`, "book.hotel.example")).script,
    ).toHaveLength(2);
  });

  it("a settings change shows within 30 seconds (the per-channel cache)", async () => {
    const url = `/hotel/${hotel}/channel/2/language/1/rooms`;
    expect((await get(url)).script).toHaveLength(2);
    await database.db
      .update(channel)
      .set({ tracking: { hasGtm: true, gtmTag: "GTM-TRADE1" } })
      .where(eq(channel.id, 2));
    expect((await get(url)).script).toHaveLength(2);
    clock = new Date(clock.getTime() + 30_000);
    expect((await get(url)).script).toContain("https://www.googletagmanager.com");
  });

  it("API answers keep their fixed policy", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(directive(csp, "script-src")).toEqual(["'self'"]);
    expect(csp).not.toContain("report-uri");
  });
});
