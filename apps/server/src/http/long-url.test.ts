import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { type App, buildApp } from "./app";
import { MAX_URL_LENGTH } from "./url-limit";

// A long address must cost the server little, logged or not: one slow request must not stall the others.
let database: Database;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // Logged at info, as in production: the request line's redaction runs on every address.
  app = await buildApp({
    database,
    apiKeys: ["k"],
    overrideSecret: "test-override-secret",
    logLevel: "info",
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Milliseconds of CPU (user + system) this process spends in `work`. */
async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

describe("long addresses", () => {
  it("answers a 64 KB address with 414 in well under 50 ms of CPU, without logging it whole", async () => {
    // A run of address characters without an `@`: what made the log's e-mail pattern backtrack.
    const url = `/api/avail.do?channel=1&hotel=1&promoCode=${"a.b-c_d".repeat(10_000).slice(0, 64 * 1024)}`;
    await app.inject({ method: "GET", url: "/api/health" }); // warm
    lines.length = 0;
    let status = 0;
    let body = "";
    const ms = await cpuMs(async () => {
      const res = await app.inject({ method: "GET", url });
      status = res.statusCode;
      body = res.body;
    });
    expect(status, body).toBe(414);
    expect(JSON.parse(body).error).toMatchObject({ code: "uri_too_long", details: [{ field: "url" }] });
    expect(ms).toBeLessThan(50);
    expect(lines.join("\n").length).toBeLessThan(8 * 1024);
  });

  it("serves an address of exactly the limit and refuses one character more", async () => {
    const base = "/api/health?pad=";
    const at = `${base}${"x".repeat(MAX_URL_LENGTH - base.length)}`;
    expect((await app.inject({ method: "GET", url: at })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: `${at}x` })).statusCode).toBe(414);
  });

  it("refuses a long address to a web page too", async () => {
    const res = await app.inject({ method: "GET", url: `/hotel/1/${"x".repeat(MAX_URL_LENGTH)}` });
    expect(res.statusCode).toBe(414);
  });
});
