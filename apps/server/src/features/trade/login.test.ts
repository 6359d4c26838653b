import { TRADE_COOKIE, TRADE_CSRF_HEADER } from "@alloggio/domain/contract/trade/login";
import {
  TRADE_PASSWORD_MAX_AGE_DAYS,
  TRADE_SESSION_ABSOLUTE_MS,
  TRADE_SESSION_IDLE_MS,
} from "@alloggio/domain/trade/login";
import { createTestApp } from "@alloggio/test-kit/app";
import {
  aRatePlan,
  aRoomType,
  aTradeCustomer,
  buildProperty,
  DIRECT_CHANNEL_ID,
  seedProperty,
  TRADE_CHANNEL_ID,
} from "@alloggio/test-kit/builders";
import { createEmptyTestDatabase, createTestDatabase, testDatabaseKind } from "@alloggio/test-kit/database";
import { aTradeUser, enableTradeCustomer, TRADE_TEST_PASSWORD } from "@alloggio/test-kit/trade";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, migrateDatabase } from "../../db/client";
import { tradeCustomer, tradeCustomerHotel, tradeSession, tradeUser } from "../../db/schema";
import type { App } from "../../http/app";
import {
  ACCOUNT_MAX_FAILURES,
  ADDRESS_MAX_FAILURES,
  LOCKOUT_WINDOW_MS,
  PAIR_MAX_FAILURES,
  sha256,
} from "../credentials";
import { tradeCsrfToken } from "./session";

let database: Database;
let app: App;
let clock = new Date("2030-01-05T10:00:00Z");
const now = () => clock;

const room = aRoomType();
const tradeRate = aRatePlan({ tradeOnly: true, commissionPercent: 10, channelIds: [TRADE_CHANNEL_ID] });
const agency = aTradeCustomer({ agencyType: 1, name: "Viaggi Test Srl" });
const company = aTradeCustomer({ agencyType: 2, name: "Company Test GmbH" });
/** An agency enabled on the direct channel only. */
const elsewhere = aTradeCustomer({ name: "Elsewhere Travel" });
const pending = aTradeCustomer({ name: "Pending Travel" });
const property = buildProperty({
  roomTypes: [room],
  ratePlans: [tradeRate],
  tradeCustomers: [agency, company, elsewhere, pending],
});
const otherHotel = buildProperty({});
const H = property.hotel.id;
const H2 = otherHotel.hotel.id;

let seq = 0;
/** Each test logs in from an address of its own, so the per-address counter of one does not lock another. */
const nextAddress = () => `10.1.${Math.floor(++seq / 250)}.${seq % 250}`;

type Body = Record<string, unknown>;
const loginDo = (body: Body, options: { address?: string; cookie?: string; on?: App; csrf?: string } = {}) =>
  (options.on ?? app).inject({
    method: "POST",
    url: "/api/login.do",
    payload: body,
    remoteAddress: options.address ?? nextAddress(),
    headers: {
      ...(options.cookie ? { cookie: `${TRADE_COOKIE}=${options.cookie}` } : {}),
      ...(options.csrf ? { [TRADE_CSRF_HEADER]: options.csrf } : {}),
    },
  });
/** Logs out with the session's CSRF token, as the web does. */
const logout = (token: string) =>
  loginDo({ method: "logout" }, { cookie: token, csrf: tradeCsrfToken(token) });
const login = (username: string, password = TRADE_TEST_PASSWORD, extra: Body = {}, address?: string) =>
  loginDo(
    { method: "login", username, password, channel: TRADE_CHANNEL_ID, ...extra },
    address ? { address } : {},
  );
const loggedUser = (cookie: string | undefined, extra: Body = {}) =>
  loginDo({ method: "loggedUser", ...extra }, cookie ? { cookie } : {});

type Cookie = { name: string; value: string; path?: string; secure?: boolean; httpOnly?: boolean };
const cookieOf = (res: { cookies: Cookie[] }) => res.cookies.find((c) => c.name === TRADE_COOKIE);
/** The error without its request id. */
const errorOf = (res: { json: () => { error: Record<string, unknown> } }) => {
  const { requestId: _id, ...error } = res.json().error;
  return error;
};

let agent: { id: number; username: string };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, property);
  await seedProperty(database, otherHotel);
  await database.db.update(tradeCustomer).set({ status: "pending" }).where(eq(tradeCustomer.id, pending.id));
  await database.db
    .update(tradeCustomer)
    .set({ city: "Verona", vatNumber: "IT01234567890", commissionPercent: "10.00" })
    .where(eq(tradeCustomer.id, agency.id));
  for (const c of [agency, company, pending])
    await enableTradeCustomer(database, c.id, [{ hotel: H, channel: TRADE_CHANNEL_ID }]);
  await enableTradeCustomer(database, elsewhere.id, [{ hotel: H, channel: DIRECT_CHANNEL_ID }]);
  agent = await aTradeUser(database, {
    customerId: agency.id,
    username: "Agent.Rossi",
    passwordChangedAt: clock,
  });
  app = await createTestApp(database, now);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("login.do method=login (SPEC §4, §7)", () => {
  it("logs in: the user with its agency, channel and dateAgg, and an HttpOnly SameSite=Lax cookie on /api", async () => {
    const res = await login("Agent.Rossi");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: agent.id,
        username: "Agent.Rossi",
        name: expect.any(String),
        email: expect.any(String),
        agency: expect.objectContaining({
          id: agency.id,
          name: "Viaggi Test Srl",
          type: 1,
          city: "Verona",
          vatNumber: "IT01234567890",
          iataCode: null,
          commissionPercent: 10,
        }),
        channel: TRADE_CHANNEL_ID,
        dateAgg: clock.getTime(),
        mustChangePassword: false,
        csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    const cookie = cookieOf(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api" });
    expect(cookie?.secure).toBeFalsy();
    expect(res.headers["cache-control"]).toBe("no-store");
    // Only the token's hash is stored.
    const rows = await database.db
      .select()
      .from(tradeSession)
      .where(eq(tradeSession.tokenHash, sha256(cookie!.value)));
    expect(rows).toHaveLength(1);
    const raw = await database.db
      .select()
      .from(tradeSession)
      .where(eq(tradeSession.tokenHash, cookie!.value));
    expect(raw).toHaveLength(0);
  });

  it("matches the username whatever its case", async () => {
    const res = await login("  agent.rossi ");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(agent.id);
  });

  it("a company (type 2) logs in the same way", async () => {
    const user = await aTradeUser(database, { customerId: company.id });
    const res = await login(user.username);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.agency).toMatchObject({ id: company.id, type: 2 });
  });

  it("rotates the session: the cookie the login came with is revoked", async () => {
    const first = cookieOf(await login(agent.username))!.value;
    const second = await loginDo(
      { method: "login", username: agent.username, password: TRADE_TEST_PASSWORD, channel: TRADE_CHANNEL_ID },
      { cookie: first },
    );
    expect(second.statusCode).toBe(200);
    expect(cookieOf(second)!.value).not.toBe(first);
    expect((await loggedUser(first)).json()).toEqual({ user: { id: 0 } });
    expect((await loggedUser(cookieOf(second)!.value)).json().user.id).toBe(agent.id);
  });

  it("tells a pending account with the right password that it waits for the hotel's approval (403), and nothing with a wrong one", async () => {
    const user = await aTradeUser(database, { customerId: pending.id });
    const right = await login(user.username);
    expect(right.statusCode).toBe(403);
    expect(cookieOf(right)).toBeUndefined();
    expect(errorOf(right).code).toBe("trade_awaiting_approval");
    const wrong = await login(user.username, "Wrong-Pass-1");
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toEqual(errorOf(await login("nobody-at-all")));
  });

  it("answers an unknown user, a wrong password, a disabled user and a pending account's wrong password the same (401 Invalid credentials)", async () => {
    const disabled = await aTradeUser(database, { customerId: agency.id, disabledAt: clock });
    const ofPending = await aTradeUser(database, { customerId: pending.id });
    const noPassword = await aTradeUser(database, { customerId: agency.id, password: null });
    const answers = [
      await login("nobody-at-all"),
      await login(agent.username, "Wrong-Pass-1"),
      await login(disabled.username),
      await login(ofPending.username, "Wrong-Pass-1"),
      await login(noPassword.username, "Anything-1"),
      await login(agent.username, TRADE_TEST_PASSWORD, { channel: 999 }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(cookieOf(res)).toBeUndefined();
    }
    const first = errorOf(answers[0]!);
    expect(first).toEqual({
      code: "invalid_credentials",
      message: "Invalid credentials",
      details: [{ field: "password", message: "wrong username or password" }],
    });
    for (const res of answers) expect(errorOf(res)).toEqual(first);
  });

  it("refuses a user not enabled for the channel, or for the page's hotel, after the right password (403)", async () => {
    const user = await aTradeUser(database, { customerId: elsewhere.id });
    const res = await login(user.username);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({
      code: "trade_not_enabled",
      message: "Your user is not enabled for these structures or channels, so you will be disconnected",
      details: [{ field: "channel", message: "the user is not enabled here" }],
    });
    expect(cookieOf(res)).toBeUndefined();
    const wrongHotel = await login(agent.username, TRADE_TEST_PASSWORD, { hotel: H2 });
    expect(wrongHotel.statusCode).toBe(403);
    expect(errorOf(wrongHotel)).toMatchObject({ code: "trade_not_enabled", details: [{ field: "hotel" }] });
    const rightHotel = await login(agent.username, TRADE_TEST_PASSWORD, { hotel: H });
    expect(rightHotel.statusCode).toBe(200);
  });

  it("an expired password or a reset still logs in, with mustChangePassword (the web forces the change)", async () => {
    const old = await aTradeUser(database, {
      customerId: agency.id,
      passwordChangedAt: new Date(clock.getTime() - TRADE_PASSWORD_MAX_AGE_DAYS * 24 * 60 * 60_000),
    });
    const reset = await aTradeUser(database, { customerId: agency.id, mustChangePassword: true });
    for (const user of [old, reset]) {
      const res = await login(user.username);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.mustChangePassword).toBe(true);
      expect((await loggedUser(cookieOf(res)!.value)).json().user.mustChangePassword).toBe(true);
    }
  });

  it("validates the request: 400 naming the field", async () => {
    const res = await loginDo({ method: "login", username: "x", channel: TRADE_CHANNEL_ID });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([expect.objectContaining({ field: "password" })]);
    const unknown = await loginDo({ method: "hack" });
    expect(unknown.statusCode).toBe(400);
  });
});

describe("login.do method=loggedUser and method=logout", () => {
  it("loggedUser: the session's user; { id: 0 } without a cookie, with an unknown one, or for another channel", async () => {
    const login1 = await login(agent.username);
    const token = cookieOf(login1)!.value;
    const res = await loggedUser(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: agent.id,
      channel: TRADE_CHANNEL_ID,
      dateAgg: clock.getTime(),
    });
    expect((await loggedUser(token, { channel: TRADE_CHANNEL_ID, hotel: H })).json().user.id).toBe(agent.id);
    expect((await loggedUser(undefined)).json()).toEqual({ user: { id: 0 } });
    expect((await loggedUser("forged-token")).json()).toEqual({ user: { id: 0 } });
    expect((await loggedUser(token, { channel: DIRECT_CHANNEL_ID })).json()).toEqual({ user: { id: 0 } });
  });

  it("logout needs the session's CSRF token (403 without it, the session kept), then revokes it and clears the cookie", async () => {
    const token = cookieOf(await login(agent.username))!.value;
    for (const csrf of [undefined, "0".repeat(64)]) {
      const refused = await loginDo({ method: "logout" }, { cookie: token, ...(csrf ? { csrf } : {}) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: "csrf_failed",
        details: [{ field: TRADE_CSRF_HEADER }],
      });
      expect((await loggedUser(token)).json().user.id).toBe(agent.id);
    }
    const res = await logout(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { id: 0 } });
    const cleared = cookieOf(res);
    expect(cleared?.value).toBe("");
    expect(cleared?.path).toBe("/api");
    expect(
      await database.db
        .select()
        .from(tradeSession)
        .where(eq(tradeSession.tokenHash, sha256(token))),
    ).toEqual([]);
    expect((await loggedUser(token)).json()).toEqual({ user: { id: 0 } });
    // Logging out without a session answers the same.
    expect((await loginDo({ method: "logout" })).json()).toEqual({ user: { id: 0 } });
  });

  it("a user disabled while logged in is logged out at the next check", async () => {
    const user = await aTradeUser(database, { customerId: agency.id });
    const token = cookieOf(await login(user.username))!.value;
    await database.db.update(tradeUser).set({ disabledAt: clock }).where(eq(tradeUser.id, user.id));
    expect((await loggedUser(token)).json()).toEqual({ user: { id: 0 } });
  });

  it("a customer no longer enabled for the channel or hotel is disconnected with trade_not_enabled", async () => {
    const lonely = aTradeCustomer({ name: "Soon Disabled" });
    await database.db
      .insert(tradeCustomer)
      .values({ id: lonely.id, channelId: TRADE_CHANNEL_ID, name: lonely.name, agencyType: 1 });
    await enableTradeCustomer(database, lonely.id, [{ hotel: H, channel: TRADE_CHANNEL_ID }]);
    const user = await aTradeUser(database, { customerId: lonely.id });
    const token = cookieOf(await login(user.username))!.value;
    const otherHotelCheck = await loggedUser(token, { hotel: H2 });
    expect(otherHotelCheck.statusCode).toBe(403);
    expect(errorOf(otherHotelCheck)).toMatchObject({
      code: "trade_not_enabled",
      details: [{ field: "hotel" }],
    });
    // The session is gone after that answer.
    expect((await loggedUser(token)).json()).toEqual({ user: { id: 0 } });
    const token2 = cookieOf(await login(user.username))!.value;
    await database.db.delete(tradeCustomerHotel).where(eq(tradeCustomerHotel.tradeCustomerId, lonely.id));
    const res = await loggedUser(token2);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: "trade_not_enabled", details: [{ field: "channel" }] });
    expect((await loggedUser(token2)).json()).toEqual({ user: { id: 0 } });
  });

  it("a session ends after the idle time without a request, and after the absolute time in any case (fake clock)", async () => {
    const start = clock;
    try {
      const token = cookieOf(await login(agent.username))!.value;
      clock = new Date(start.getTime() + TRADE_SESSION_IDLE_MS - 60_000);
      expect((await loggedUser(token)).json().user.id).toBe(agent.id);
      // The check moved the idle limit: almost another idle period later, still live.
      clock = new Date(clock.getTime() + TRADE_SESSION_IDLE_MS - 60_000);
      expect((await loggedUser(token)).json().user.id).toBe(agent.id);
      clock = new Date(clock.getTime() + TRADE_SESSION_IDLE_MS);
      expect((await loggedUser(token)).json()).toEqual({ user: { id: 0 } });

      clock = start;
      const busy = cookieOf(await login(agent.username))!.value;
      while (clock.getTime() < start.getTime() + TRADE_SESSION_ABSOLUTE_MS - TRADE_SESSION_IDLE_MS) {
        clock = new Date(clock.getTime() + TRADE_SESSION_IDLE_MS / 2);
        expect((await loggedUser(busy)).json().user.id).toBe(agent.id);
      }
      clock = new Date(start.getTime() + TRADE_SESSION_ABSOLUTE_MS);
      expect((await loggedUser(busy)).json()).toEqual({ user: { id: 0 } });
    } finally {
      clock = start;
    }
  });
});

describe("brute force: lockout per user and per address (in the database)", () => {
  it(`locks a user after ${ACCOUNT_MAX_FAILURES} failures from any addresses, the right password too, until the window ends`, async () => {
    const start = clock;
    try {
      const user = await aTradeUser(database, { customerId: agency.id });
      for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++)
        expect((await login(user.username, "Wrong-Pass-1")).statusCode).toBe(401);
      const locked = await login(user.username);
      expect(locked.statusCode).toBe(429);
      expect(errorOf(locked)).toMatchObject({ code: "too_many_attempts", details: [{ field: "username" }] });
      // It says when to try again: the window that began with the first failure (the clock stands still here).
      expect(locked.headers["retry-after"]).toBe(String(LOCKOUT_WINDOW_MS / 1000));
      // The same username in another case is the same user.
      expect((await login(user.username.toUpperCase())).statusCode).toBe(429);
      // An unknown user is counted and locked the same way (no enumeration by the lockout).
      for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) await login("ghost-user", "Wrong-Pass-1");
      expect((await login("ghost-user", "Wrong-Pass-1")).statusCode).toBe(429);
      clock = new Date(start.getTime() + LOCKOUT_WINDOW_MS + 1000);
      expect((await login(user.username)).statusCode).toBe(200);
    } finally {
      clock = start;
    }
  });

  it("does not lock the user out from another address: the attacker's address waits, the user logs in", async () => {
    const start = clock;
    try {
      const user = await aTradeUser(database, { customerId: agency.id });
      const attacker = "10.210.0.1";
      for (let i = 0; i < PAIR_MAX_FAILURES; i++)
        expect((await login(user.username, "Wrong-Pass-1", {}, attacker)).statusCode).toBe(401);
      // One attempt a minute keeps only the attacker out.
      for (let i = 0; i < 5; i++) {
        clock = new Date(clock.getTime() + 60_000);
        expect((await login(user.username, "Wrong-Pass-1", {}, attacker)).statusCode).toBe(429);
        expect((await login(user.username, TRADE_TEST_PASSWORD, {}, attacker)).statusCode).toBe(429);
      }
      const owner = await login(user.username);
      expect(owner.statusCode, owner.body).toBe(200);
    } finally {
      clock = start;
    }
  });

  it(`locks an address after ${ADDRESS_MAX_FAILURES} failures on any users`, async () => {
    const address = "10.200.0.1";
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++)
      expect((await login(`spray-${i}`, "Wrong-Pass-1", {}, address)).statusCode).toBe(401);
    expect((await login(agent.username, TRADE_TEST_PASSWORD, {}, address)).statusCode).toBe(429);
    expect((await login(agent.username, TRADE_TEST_PASSWORD, {}, "10.200.0.2")).statusCode).toBe(200);
  });

  it("counts apart from the back office's sign-in (its own key prefix)", async () => {
    const address = "10.201.0.1";
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++)
      await app.inject({
        method: "POST",
        url: "/api/backoffice/sign-in",
        payload: { email: "agent.rossi@x.test", password: "Wrong-Pass-1" },
        remoteAddress: address,
      });
    expect((await login(agent.username, TRADE_TEST_PASSWORD, {}, address)).statusCode).toBe(200);
  });
});

describe("the trade session feeds the search (the customer never comes from the request)", () => {
  const search = (cookie?: string, extra: Record<string, string> = {}) =>
    app.inject({
      method: "GET",
      url: `/api/avail.do?${new URLSearchParams({
        channel: String(TRADE_CHANNEL_ID),
        hotel: String(H),
        language: "1",
        arrival: "20300120",
        departure: "20300122",
        adults: "2",
        ...extra,
      })}`,
      ...(cookie ? { headers: { cookie: `${TRADE_COOKIE}=${cookie}` } } : {}),
    });
  const rateIds = (res: { json: () => { availability: { rates: { id: number }[] }[][] } }) =>
    res
      .json()
      .availability.flat()
      .flatMap((r) => r.rates.map((rate) => rate.id));

  it("a logged agent sees the trade rates; an anonymous caller does not", async () => {
    const token = cookieOf(await login(agent.username))!.value;
    const anonymous = await search();
    expect(anonymous.statusCode).toBe(200);
    expect(rateIds(anonymous)).toEqual([]);
    const logged = await search(token);
    expect(logged.statusCode, logged.body).toBe(200);
    expect(rateIds(logged)).toEqual([tradeRate.id]);
    // Its own id in the query changes nothing; another customer's id is refused.
    expect(rateIds(await search(token, { customer: String(agency.id) }))).toEqual([tradeRate.id]);
    const other = await search(token, { customer: String(company.id) });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe("trade_login_required");
    // After logout, guest prices again.
    await logout(token);
    expect(rateIds(await search(token))).toEqual([]);
  });

  it("a user who must change the password sees guest prices until it is changed", async () => {
    const reset = await aTradeUser(database, { customerId: agency.id, mustChangePassword: true });
    const token = cookieOf(await login(reset.username))!.value;
    expect(rateIds(await search(token))).toEqual([]);
    await database.db
      .update(tradeUser)
      .set({ mustChangePassword: false, passwordChangedAt: clock })
      .where(eq(tradeUser.id, reset.id));
    expect(rateIds(await search(token))).toEqual([tradeRate.id]);
  });

  it("a session of another channel gives guest prices", async () => {
    const token = cookieOf(await login(agent.username))!.value;
    const direct = await search(token, { channel: String(DIRECT_CHANNEL_ID) });
    expect(direct.statusCode).toBe(200);
    expect(rateIds(direct)).toEqual([]);
  });
});

describe("login.do in /api/docs", () => {
  it("is documented with its request and answer", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    const doc = res.json() as { paths: Record<string, { post?: { tags?: string[] } }> };
    expect(doc.paths["/api/login.do"]?.post?.tags).toEqual(["trade"]);
  });
});

describe(`two server instances on one database share the lockout (${testDatabaseKind()})`, () => {
  it("failures counted by one process lock the user on the other", async () => {
    const empty = await createEmptyTestDatabase();
    try {
      const [a, b] = [await empty.open(), await empty.open()];
      await migrateDatabase(a);
      const seeded = await seedProperty(a, buildProperty({ tradeCustomers: [aTradeCustomer({ id: 1 })] }));
      await enableTradeCustomer(a, 1, [{ hotel: seeded.hotelId, channel: TRADE_CHANNEL_ID }]);
      const user = await aTradeUser(a, { customerId: 1 });
      const [appA, appB] = [await createTestApp(a, now), await createTestApp(b, now)];
      try {
        const address = "10.250.0.1";
        const wrong = {
          method: "login",
          username: user.username,
          password: "Wrong-Pass-1",
          channel: TRADE_CHANNEL_ID,
        };
        for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) {
          const res = await loginDo(wrong, { on: i % 2 === 0 ? appA : appB, address: `10.250.1.${i}` });
          expect(res.statusCode).toBe(401);
        }
        for (const on of [appA, appB]) {
          const res = await loginDo({ ...wrong, password: TRADE_TEST_PASSWORD }, { on, address });
          expect(res.statusCode).toBe(429);
        }
      } finally {
        await appA.close();
        await appB.close();
      }
    } finally {
      await empty.close();
    }
  });
});
