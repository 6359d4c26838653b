import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { TEST_API_KEY, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { type App, buildApp } from "./app";

const ENTRY = `console.log(${JSON.stringify("x".repeat(2000))});`;

// The web app's pages answer 200 with its HTML; any other path gets the same HTML (its not-found page) with 404.
describe("web pages and unknown paths", () => {
  let database: Database;
  let app: App;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), "alloggio-web-"));
    writeFileSync(
      join(webDist, "index.html"),
      "<!doctype html><html><head></head><body>web app</body></html>",
    );
    writeFileSync(join(webDist, "favicon.svg"), "<svg/>");
    mkdirSync(join(webDist, "assets"));
    writeFileSync(join(webDist, "assets/entry-abc123.js"), ENTRY);
    writeFileSync(join(webDist, "assets/entry-abc123.js.gz"), gzipSync(ENTRY));
    database = await createTestDatabase();
    app = await buildApp({
      database,
      now: fixedClock("2030-01-01T10:00:00Z").now,
      apiKeys: [TEST_API_KEY],
      overrideSecret: TEST_OVERRIDE_SECRET,
      logLevel: "silent",
      webDist,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("sends a built file's compressed twin to a browser that takes it, and keeps /assets/ files a year (ADR 0046)", async () => {
    const zipped = await app.inject({
      method: "GET",
      url: "/assets/entry-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers["content-type"]).toContain("javascript");
    expect(zipped.headers.vary).toContain("accept-encoding");
    expect(zipped.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(ENTRY);

    const plain = await app.inject({ method: "GET", url: "/assets/entry-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(ENTRY);
    // Outside /assets/ a file has no hash in its name: the browser asks again.
    const icon = await app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toBe("<svg/>");
    expect(icon.headers["cache-control"]).not.toContain("immutable");
  });

  it("answers a missing build file 404, and never sends index.html without its key and nonce", async () => {
    const missing = await app.inject({ method: "GET", url: "/assets/entry-zzz999.js" });
    expect(missing.statusCode).toBe(404);
    for (const url of ["/index.html", "/assets/../index.html"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.body, url).toContain(`<meta name="alloggio-api-key" content="${TEST_API_KEY}" />`);
    }
  });

  it.each([
    "/",
    "/channel/1/language/1",
    "/channel/1/language/1/recover",
    "/channel/2/language/1/agency",
    "/channel/2/language/1/agency/password",
    "/hotel/1/channel/1/language/2",
    "/hotel/1/channel/1/language/2/",
    "/hotel/1/channel/1/language/2/rooms?adults=2",
    "/hotel/1/channel/1/language/2/package/view/7",
    "/hotel/1/channel/1/language/2/reservationLink/view/101",
    "/hotel/1/channel/1/language/1/voucher/code/AB12CD/email/a%40b.it",
    "/hotel/1/channel/1/language/1/3ds/code/AB12CD/email/a%40b.it",
    "/offer/DEM00FFERH0TE101",
    "/cro/7K3M9QX2HT4VZ8PN",
  ])("GET %s is a page: 200 with the web app", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("web app");
  });

  it("answers HEAD on a page as GET does, without the body (uptime monitors ask HEAD)", async () => {
    for (const url of [
      "/",
      "/hotel/1/channel/1/language/2/rooms",
      "/admin/sign-in",
      "/offer/DEM00FFERH0TE101",
    ]) {
      const res = await app.inject({ method: "HEAD", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.body, url).toBe("");
    }
    expect((await app.inject({ method: "HEAD", url: "/no/such/page" })).statusCode).toBe(404);
  });

  it.each([
    "/nope",
    "/this/does/not/exist",
    "/hotel/1/channel/1/language/2/nope",
    "/hotel/1/channel/1/language/2/rooms/extra",
    "/channel/1/language/1/agency/nope",
    "/hotel/1/channel/1",
  ])("GET %s is no page: 404 with the web app (its not-found page)", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("web app");
    // The page still carries the public API key, as every page does.
    expect(res.body).toContain(`<meta name="alloggio-api-key" content="${TEST_API_KEY}" />`);
  });

  it("frames load only our pages and, after a click, the offer videos' privacy-friendly players (ADR 0036)", async () => {
    const res = await app.inject({ method: "GET", url: "/offer/DEM00FFERH0TE101" });
    const csp = String(res.headers["content-security-policy"]);
    const frameSrc = /frame-src ([^;]*)/.exec(csp)?.[1]?.split(" ");
    expect(frameSrc).toEqual([
      "'self'",
      "https://www.youtube-nocookie.com",
      "https://player.vimeo.com",
      "https://vimeo.com",
      "https://www.dailymotion.com",
      "https://geo.dailymotion.com",
    ]);
    // Only frames: scripts and everything else stay on our origin.
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
  });

  it("a file of the build is served as it is", async () => {
    const res = await app.inject({ method: "GET", url: "/favicon.svg" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("<svg/>");
  });

  it("an unknown /api path answers a 404 JSON error", async () => {
    const res = await app.inject({ method: "GET", url: "/api/nope?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(res.json()).toMatchObject({ error: { code: "not_found", message: "No route for GET /api/nope" } });
  });

  it("lets a search engine list a hotel's public pages, and tells it never to list a private one (header and meta)", async () => {
    for (const url of ["/hotel/1/channel/1/language/2/rooms", "/channel/1/language/1"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.headers["x-robots-tag"], url).toBeUndefined();
      expect(res.body, url).not.toContain('name="robots"');
    }
    for (const url of [
      "/hotel/1/channel/1/language/1/voucher/code/AB12CD/email/a%40b.it",
      "/hotel/1/channel/1/language/2/checkout",
      "/offer/DEM00FFERH0TE101",
      "/channel/2/language/1/agency",
      "/admin/sign-in",
    ]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.headers["x-robots-tag"], url).toBe("noindex, nofollow");
      expect(res.body, url).toContain('<meta name="robots" content="noindex, nofollow" /></head>');
    }
  });

  it("answers robots.txt as text, keeping crawlers out of the API and the back office", async () => {
    const res = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body.split("\n")).toEqual(["User-agent: *", "Disallow: /api/", "Disallow: /admin", ""]);
  });
});
