import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { TEST_API_KEY, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { type App, buildApp } from "./app";

// HTML and JSON answers over 1 KB go out compressed when the client takes it; small ones and the build's files
// (which have their twins made at build time) as they are.
describe("compressed answers", () => {
  let database: Database;
  let app: App;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), "alloggio-web-"));
    writeFileSync(
      join(webDist, "index.html"),
      `<!doctype html><html><head></head><body>web app ${"<p>text</p>".repeat(200)}</body></html>`,
    );
    mkdirSync(join(webDist, "assets"));
    const entry = `console.log(${JSON.stringify("x".repeat(2000))});`;
    writeFileSync(join(webDist, "assets/entry-abc123.js"), entry);
    writeFileSync(join(webDist, "assets/entry-abc123.js.gz"), gzipSync(entry));
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

  const get = (url: string, encoding?: string) =>
    app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

  it("sends a JSON answer over 1 KB in brotli, else gzip, else as it is, the same bytes once unpacked", async () => {
    const plain = await get("/api/docs/json");
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get("/api/docs/json", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get("/api/docs/json", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("sends a page's HTML compressed, and a small answer as it is", async () => {
    const page = await get("/hotel/1/channel/1/language/2", "br");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain("web app");

    const small = await get("/api/no-such-call", "br");
    expect(small.statusCode).toBe(404);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json().error.code).toBeDefined();
  });

  it("sends a build file's own twin, never compressing it again", async () => {
    const file = await get("/assets/entry-abc123.js", "gzip");
    expect(file.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(file.rawPayload).toString()).toContain("console.log");
  });

  it("refuses a request body in an encoding it does not read with the one error shape", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/guestdata.do",
      headers: { "content-type": "application/json", "content-encoding": "zstd" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({ code: expect.any(String) });
  });
});
