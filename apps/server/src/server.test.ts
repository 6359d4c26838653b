import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "./config/env";
import type { Database } from "./db/client";
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

describe("the development mailbox follows DEV_MAILBOX (issue 11 item 23)", () => {
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

describe("the payment gateway follows PAYMENT_GATEWAY (issue 11 item 24)", () => {
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
