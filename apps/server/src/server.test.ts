import { aTradeCustomer, buildProperty, seedProperty, TRADE_CHANNEL_ID } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aTradeUser, enableTradeCustomer } from "@alloggio/test-kit/trade";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "./config/env";
import type { Database } from "./db/client";
import { staffUser, tradeCustomer } from "./db/schema";
import { hashPassword } from "./features/credentials";
import { chooseMailTransport } from "./features/mail/transport";
import { buildApp } from "./http/app";
import { appOptionsFor, publicUrlOf, seedDatabase } from "./server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The HTTP app exactly as a start with this environment builds it (no web app, no listening). */
async function appFor(source: Record<string, string>) {
  const env = loadEnv({ LOG_LEVEL: "silent", WEB_DIST: "/nonexistent", ...source });
  const app = await buildApp(appOptionsFor(env, database, "/nonexistent"));
  await app.ready();
  return app;
}

describe("the development mailbox follows DEV_MAILBOX", () => {
  it("answers 404 at /dev/mailbox when DEV_MAILBOX is not set, also outside production", async () => {
    for (const NODE_ENV of ["development", "test"]) {
      const app = await appFor({ NODE_ENV });
      const res = await app.inject({ method: "GET", url: "/dev/mailbox" });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not_found");
      await app.close();
    }
  });

  it("shows the mailbox when DEV_MAILBOX=true", async () => {
    const app = await appFor({ DEV_MAILBOX: "true" });
    const res = await app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Mailbox – Alloggio</title>");
    await app.close();
  });

  it("keeps mail in the outbox without SMTP unless the mailbox is on", () => {
    expect(chooseMailTransport(loadEnv({}))).toBeNull();
    expect(chooseMailTransport(loadEnv({ DEV_MAILBOX: "true" }))).not.toBeNull();
  });
});

describe("the payment gateway follows PAYMENT_GATEWAY", () => {
  it("mounts the sandbox when it is chosen", () => {
    const env = loadEnv({ DEMO_DATA: "false", PAYMENT_GATEWAY: "sandbox" });
    expect(appOptionsFor(env, database, "/").gateway.name).toBe("sandbox");
  });
});

describe("the base of links in mails (PUBLIC_URL, else the port)", () => {
  it("names the port, except port 0, which no link could use (a calendar event refuses it: bookings failed)", () => {
    expect(publicUrlOf(loadEnv({ PORT: "8080" }))).toBe("http://localhost:8080");
    expect(publicUrlOf(loadEnv({ PORT: "0" }))).toBe("http://localhost");
    expect(publicUrlOf(loadEnv({ PORT: "0", PUBLIC_URL: "https://book.example.test" }))).toBe(
      "https://book.example.test",
    );
  });
});

/** A production environment with secrets and a gateway of its own, as docs/deploying.md sets it. */
const PRODUCTION = {
  NODE_ENV: "production",
  OVERRIDE_SECRET: "a-secret-of-this-group",
  API_KEYS: "key-of-this-group",
  PAYMENT_GATEWAY: "sandbox",
};

describe("a production start and the demo data", () => {
  const counts = async (db: Database) =>
    (
      await db.query<{ hotels: number; staff: number; withPassword: number; trade: number; keys: number }>(
        sql`select (select count(*)::int from hotel) as hotels, (select count(*)::int from staff_user) as staff,
          (select count(*)::int from staff_user where password_hash is not null)
            + (select count(*)::int from trade_user where password_hash is not null) as "withPassword",
          (select count(*)::int from trade_user) as trade, (select count(*)::int from hotel_api_key) as keys`,
      )
    )[0]!;

  it("loads no demo data with the defaults: no demo user, no demo key", async () => {
    const env = loadEnv(PRODUCTION);
    expect(env.DEMO_DATA).toBe(false);
    const db = await createTestDatabase();
    try {
      const log: string[] = [];
      await seedDatabase(env, db, (m) => log.push(m));
      expect(await counts(db)).toEqual({ hotels: 0, staff: 0, withPassword: 0, trade: 0, keys: 0 });
      expect(log.join("\n")).not.toContain("demo");
    } finally {
      await db.close();
    }
  });

  it("asked for explicitly, loads the demo group with no password and no demo API key, and prints set-up links", async () => {
    const env = loadEnv({ ...PRODUCTION, DEMO_DATA: "true", PUBLIC_URL: "https://book.example.test" });
    const db = await createTestDatabase();
    try {
      const log: string[] = [];
      await seedDatabase(env, db, (m) => log.push(m));
      const found = await counts(db);
      expect(found.hotels).toBeGreaterThan(0);
      expect(found.staff).toBeGreaterThan(0);
      expect(found.trade).toBeGreaterThan(0);
      expect({ withPassword: found.withPassword, keys: found.keys }).toEqual({ withPassword: 0, keys: 0 });
      expect(log.join("\n")).toMatch(
        /owner@demo\.alloggio: https:\/\/book\.example\.test\/admin\/setup\/\S+/,
      );
    } finally {
      await db.close();
    }
  });

  it("keeps the demo as it is outside production: DEMO_DATA defaults to true", () => {
    expect(loadEnv({}).DEMO_DATA).toBe(true);
    expect(loadEnv({ NODE_ENV: "test" }).DEMO_DATA).toBe(true);
  });
});

describe("session cookies are Secure in production", () => {
  const PASSWORD = "Correct-Horse-1";
  let email = "";
  let agent = { username: "", password: "" as string | null };
  beforeAll(async () => {
    const agency = aTradeCustomer({ agencyType: 1 });
    const { hotelId } = await seedProperty(database, buildProperty({ tradeCustomers: [agency] }));
    await enableTradeCustomer(database, agency.id, [{ hotel: hotelId, channel: TRADE_CHANNEL_ID }]);
    await database.db
      .update(tradeCustomer)
      .set({ status: "approved", country: "IT", vatNumber: "IT01234567890" })
      .where(eq(tradeCustomer.id, agency.id));
    agent = await aTradeUser(database, { customerId: agency.id });
    email = "cookie.owner@secure.test";
    await database.db.insert(staffUser).values({
      groupId: 1,
      email,
      name: "Owner",
      role: "owner",
      allHotels: true,
      passwordHash: await hashPassword(PASSWORD),
    });
  });

  /** The Set-Cookie lines of a back-office sign-in and a trade login over plain HTTP. */
  async function cookiesOf(source: Record<string, string>) {
    const app = await appFor(source);
    try {
      const staff = await app.inject({
        method: "POST",
        url: "/api/backoffice/sign-in",
        payload: { email, password: PASSWORD },
        remoteAddress: "10.77.0.1",
      });
      expect(staff.statusCode, staff.body).toBe(200);
      const trade = await app.inject({
        method: "POST",
        url: "/api/login.do",
        payload: {
          method: "login",
          username: agent.username,
          password: agent.password,
          channel: TRADE_CHANNEL_ID,
        },
        remoteAddress: "10.77.0.2",
      });
      expect(trade.statusCode, trade.body).toBe(200);
      return [staff.headers["set-cookie"], trade.headers["set-cookie"]].flat().map(String);
    } finally {
      await app.close();
    }
  }

  it("marks them Secure with NODE_ENV=production even when the request came over plain HTTP", async () => {
    const cookies = await cookiesOf(PRODUCTION);
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure/i);
  });

  it("leaves them plain over HTTP outside production, and with the documented PLAIN_HTTP=true opt-out", async () => {
    for (const source of [{}, { ...PRODUCTION, PLAIN_HTTP: "true" }])
      for (const cookie of await cookiesOf(source)) expect(cookie).not.toMatch(/; Secure/i);
  });
});

describe("security headers by environment", () => {
  const headersOf = async (source: Record<string, string>) => {
    const app = await appFor(source);
    try {
      return (await app.inject({ method: "GET", url: "/api/health" })).headers;
    } finally {
      await app.close();
    }
  };

  it("turns off camera, microphone, geolocation and payment on every answer", async () => {
    for (const source of [{}, PRODUCTION])
      expect((await headersOf(source))["permissions-policy"]).toBe(
        "camera=(), microphone=(), geolocation=(), payment=()",
      );
  });

  it("sends HSTS and upgrade-insecure-requests in production only (not over plain HTTP in development)", async () => {
    const production = await headersOf(PRODUCTION);
    expect(production["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(String(production["content-security-policy"])).toContain("upgrade-insecure-requests");
    const sources: Record<string, string>[] = [
      {},
      { NODE_ENV: "test" },
      { ...PRODUCTION, PLAIN_HTTP: "true" },
    ];
    for (const source of sources) {
      const headers = await headersOf(source);
      expect(headers["strict-transport-security"]).toBeUndefined();
      expect(String(headers["content-security-policy"])).not.toContain("upgrade-insecure-requests");
    }
  });
});
