import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import { aPriceRange, aRatePlan, aRoomType, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { type App, buildApp } from "./app";

// The voucher's address carries the code and e-mail; no log line may, and no page passes it on.
const clock = fixedClock("2030-01-05T10:00:00Z");
const room = aRoomType();
const rate = aRatePlan();
const property = buildProperty({
  roomTypes: [room],
  ratePlans: [rate],
  prices: [aPriceRange(room, rate)],
});
const MAIL = "ada.lovelace@example.test";
let database: Database;
let app: App;
let webDist: string;
const lines: string[] = [];
let code: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, property);
  webDist = mkdtempSync(join(tmpdir(), "alloggio-web-"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><html><head></head><body></body></html>");
  app = await buildApp({
    database,
    now: clock.now,
    apiKeys: ["k"],
    overrideSecret: "test-override-secret",
    logLevel: "info",
    logStream: { write: (line) => void lines.push(line) },
    webDist,
  });
  const booked = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      {
        hotel: property.hotel.id,
        roomId: room.id,
        rateId: rate.id,
        arrival: "20300110",
        departure: "20300113",
      },
      {
        booker: {
          fullname: "Ada Lovelace",
          email: MAIL,
          emailConfirm: MAIL,
          phone: { dialCode: "+39", number: "3331234567" },
          country: "IT",
        },
      },
    ),
  });
  expect(booked.statusCode, booked.body).toBe(200);
  code = booked.json().reservation.code;
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(webDist, { recursive: true, force: true });
});

const page = (kind: "voucher" | "3ds", mail = encodeURIComponent(MAIL)) =>
  `/hotel/${property.hotel.id}/channel/1/language/1/${kind}/code/${code}/email/${mail}`;

describe("no reservation code or e-mail in the logs", () => {
  it("logs the voucher and 3-D Secure pages, the voucher actions and the card page without them", async () => {
    lines.length = 0;
    const requests = [
      app.inject({ method: "GET", url: page("voucher") }),
      app.inject({ method: "GET", url: page("3ds", MAIL) }),
      app.inject({ method: "GET", url: `${page("voucher")}?lang=en` }),
      app.inject({
        method: "POST",
        url: `/api/bol/reservation/${code.toLowerCase()}/pay`,
        headers: { "idempotency-key": anIdempotencyKey() },
        payload: { mail: MAIL, method: "card_payment", cardToken: "tok_visa_4242", cardLast4: "4242" },
      }),
      app.inject({ method: "POST", url: `/api/bol/transfer-update/${code}/1`, payload: { mail: MAIL } }),
      app.inject({
        method: "GET",
        url: `/sandbox-gateway/card?language=1&return=${encodeURIComponent(`http://localhost${page("3ds")}`)}`,
      }),
      app.inject({ method: "POST", url: "/api/retrieve.do", payload: { channel: 1, code, mail: MAIL } }),
    ];
    for (const r of requests) await r;
    const log = lines.join("");
    // The requests were logged …
    expect(log).toContain("/voucher/code/[redacted]/email/[redacted]");
    expect(log).toContain("/api/bol/reservation/[redacted]/pay");
    expect(log).toContain("/api/bol/transfer-update/[redacted]/1");
    // … without the code or the e-mail in any spelling.
    for (const secret of [code, code.toLowerCase(), MAIL, encodeURIComponent(MAIL), "ada.lovelace"])
      expect(log, secret).not.toContain(secret);
  });
});

describe("Referrer-Policy: no-referrer", () => {
  it("on the voucher and 3-D Secure pages and on the answers that carry the code", async () => {
    for (const url of [page("voucher"), page("3ds")]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.headers["referrer-policy"], url).toBe("no-referrer");
    }
    const retrieved = await app.inject({
      method: "POST",
      url: "/api/retrieve.do",
      payload: { channel: 1, code, mail: MAIL },
    });
    expect(retrieved.statusCode).toBe(200);
    expect(retrieved.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("and the web app's page says so itself (wherever it is served from)", () => {
    const html = readFileSync(resolve(__dirname, "../../../web/index.html"), "utf8");
    expect(html).toMatch(/<meta name="referrer" content="no-referrer"\s*\/?>/);
  });
});
