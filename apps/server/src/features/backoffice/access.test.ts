import { CSRF_HEADER } from "@alloggio/domain/contract/backoffice/access";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../../packages/test-kit/src/app";
import { aHotel, buildProperty, seedProperty } from "../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../packages/test-kit/src/database";
import { aStaffSession } from "../../../../../packages/test-kit/src/staff";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { SESSION_IDLE_MS } from "./session";

let database: Database;
let app: App;
let clock = new Date("2030-01-10T10:00:00Z");
let hotelA: number;
let hotelB: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelA = (await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Alpha" }) }))).hotelId;
  hotelB = (await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Beta" }) }))).hotelId;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("the back office's session", () => {
  it("answers who is signed in, with the hotels they may see", async () => {
    const owner = await aStaffSession(database, { role: "owner", now: clock });
    const me = await app.inject({ method: "GET", url: "/api/backoffice/me", headers: owner.cookieOnly });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      role: "owner",
      hotels: [
        { id: hotelA, name: "Alpha" },
        { id: hotelB, name: "Beta" },
      ],
    });
    const scoped = await aStaffSession(database, { role: "reception", hotels: [hotelB], now: clock });
    const scopedMe = await app.inject({
      method: "GET",
      url: "/api/backoffice/me",
      headers: scoped.cookieOnly,
    });
    expect(scopedMe.json().hotels).toEqual([{ id: hotelB, name: "Beta" }]);
  });

  it("refuses a request without a session, or with an unknown one, with 401", async () => {
    expect((await app.inject({ method: "GET", url: "/api/backoffice/me" })).statusCode).toBe(401);
    const unknown = await app.inject({
      method: "GET",
      url: "/api/backoffice/me",
      headers: { cookie: "alloggio_staff=forged" },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe("staff_sign_in_required");
  });

  it("ends a session left idle too long", async () => {
    const user = await aStaffSession(database, { role: "owner", now: clock });
    clock = new Date(clock.getTime() + SESSION_IDLE_MS + 1000);
    const me = await app.inject({ method: "GET", url: "/api/backoffice/me", headers: user.cookieOnly });
    expect(me.statusCode).toBe(401);
  });

  it("signs out only with the CSRF token, and the session is gone after", async () => {
    const user = await aStaffSession(database, { role: "reception", now: clock });
    const noToken = await app.inject({
      method: "POST",
      url: "/api/backoffice/sign-out",
      headers: user.cookieOnly,
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe("csrf_failed");
    const wrong = await app.inject({
      method: "POST",
      url: "/api/backoffice/sign-out",
      headers: { ...user.cookieOnly, [CSRF_HEADER]: "x".repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);
    const out = await app.inject({ method: "POST", url: "/api/backoffice/sign-out", headers: user.headers });
    expect(out.statusCode).toBe(204);
    expect(out.headers["set-cookie"]).toMatch(/alloggio_staff=;/);
    const me = await app.inject({ method: "GET", url: "/api/backoffice/me", headers: user.cookieOnly });
    expect(me.statusCode).toBe(401);
  });
});
