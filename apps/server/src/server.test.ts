import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "./config/env";
import type { Database } from "./db/client";
import { chooseMailTransport } from "./features/mail/transport";
import { buildApp } from "./http/app";
import { appOptionsFor, publicUrlOf } from "./server";

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
