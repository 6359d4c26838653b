import { aHotel, buildProperty, seedProperty, TRADE_CHANNEL_ID } from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { type App, buildApp } from "./app";

// PostgreSQL refuses a NUL character in text (22021): it must be refused at the contract, as bad input naming the
// field, before any statement, and never reach a log line with the guest's e-mail.
const clock = fixedClock("2030-01-05T10:00:00Z");
const property = buildProperty({ hotel: aHotel({ showChat: true }) });
const MAIL = "nul.guest@example.test";
let database: Database;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, property);
  app = await buildApp({
    database,
    now: clock.now,
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

describe("a NUL character in any string is refused at the contract", () => {
  const hotel = () => property.hotel.id;
  const cases: { name: string; field: string; request: () => InjectOptions }[] = [
    {
      name: "login.do username",
      field: "username",
      request: () => ({
        method: "POST",
        url: "/api/login.do",
        payload: { method: "login", username: `${MAIL}\u0000`, password: "x", channel: TRADE_CHANNEL_ID },
      }),
    },
    {
      name: "agency/retrievePwd login",
      field: "login",
      request: () => ({
        method: "POST",
        url: "/api/agency/retrievePwd",
        payload: { login: `${MAIL}\u0000`, channel: TRADE_CHANNEL_ID },
      }),
    },
    {
      name: "avail.do promoCode",
      field: "promoCode",
      request: () => ({
        method: "GET",
        url: `/api/avail.do?channel=1&hotel=${hotel()}&language=1&adults=2&arrival=20300110&departure=20300112&promoCode=A%00B`,
      }),
    },
    {
      name: "a chat message's name",
      field: "name",
      request: () => ({
        method: "POST",
        url: `/api/v2/chat/hotels/${hotel()}/messages`,
        payload: { name: "Ada\u0000", email: MAIL, body: "Hello", channel: 1 },
      }),
    },
  ];

  for (const c of cases)
    it(`answers 400 naming the field: ${c.name}`, async () => {
      lines.length = 0;
      const res = await app.inject(c.request());
      expect(res.statusCode, res.body + lines.join("\n")).toBe(400);
      expect(res.json().error.code).toBe("invalid_input");
      expect(res.json().error.details).toContainEqual({ field: c.field, message: expect.any(String) });
      expect(lines.join("\n")).not.toContain(MAIL);
    });
});
