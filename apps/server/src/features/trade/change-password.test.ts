import { TRADE_COOKIE } from "@alloggio/domain/contract/trade/login";
import { createTestApp } from "@alloggio/test-kit/app";
import { aTradeCustomer, buildProperty, seedProperty, TRADE_CHANNEL_ID } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import {
  aTradeSession,
  aTradeUser,
  enableTradeCustomer,
  TRADE_TEST_PASSWORD,
} from "@alloggio/test-kit/trade";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { tradeSession, tradeUser } from "../../db/schema";
import type { App } from "../../http/app";
import { PAIR_MAX_FAILURES, sha256 } from "../credentials";
import { tradeCsrfToken } from "./session";

let database: Database;
let app: App;
const clock = new Date("2030-01-05T10:00:00Z");
const now = () => clock;

const agency = aTradeCustomer({ agencyType: 1, name: "Password Travel Srl" });
const property = buildProperty({ tradeCustomers: [agency] });
const NEW_PASSWORD = "New-Agency-Pass-2";

let seq = 0;
const nextAddress = () => `10.7.${Math.floor(++seq / 250)}.${seq % 250}`;

/** The call with the session's cookie and (unless `csrf` says otherwise) its synchroniser token. */
const changePwd = (
  body: Record<string, unknown>,
  cookie?: string,
  address = nextAddress(),
  csrf: string | null = cookie ? tradeCsrfToken(cookie) : null,
) =>
  app.inject({
    method: "POST",
    url: "/api/agency/changePwd",
    payload: body,
    remoteAddress: address,
    headers: {
      ...(cookie ? { cookie: `${TRADE_COOKIE}=${cookie}` } : {}),
      ...(csrf ? { "x-csrf-token": csrf } : {}),
    },
  });
const login = (username: string, password: string) =>
  app.inject({
    method: "POST",
    url: "/api/login.do",
    payload: { method: "login", username, password, channel: TRADE_CHANNEL_ID },
    remoteAddress: nextAddress(),
  });
const valid = (extra: Record<string, unknown> = {}) => ({
  currentPassword: TRADE_TEST_PASSWORD,
  newPassword: NEW_PASSWORD,
  confirmation: NEW_PASSWORD,
  ...extra,
});
/** A user with a live session of its own. */
async function anAgent(options: { mustChangePassword?: boolean } = {}) {
  const user = await aTradeUser(database, {
    customerId: agency.id,
    passwordChangedAt: clock,
    ...(options.mustChangePassword ? { mustChangePassword: true } : {}),
  });
  const session = await aTradeSession(database, { userId: user.id, channel: TRADE_CHANNEL_ID, now: clock });
  return { ...user, token: session.token };
}
const sessionsOf = (userId: number) =>
  database.db.select().from(tradeSession).where(eq(tradeSession.tradeUserId, userId));

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, property);
  await enableTradeCustomer(database, agency.id, [{ hotel: property.hotel.id, channel: TRADE_CHANNEL_ID }]);
  app = await createTestApp(database, now);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("POST /api/agency/changePwd (SPEC §4, §5)", () => {
  it("changes the password: the old one no longer logs in, the new one does, the forced change is cleared", async () => {
    const agent = await anAgent({ mustChangePassword: true });
    const res = await changePwd(valid(), agent.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json().user).toMatchObject({
      id: agent.id,
      mustChangePassword: false,
      channel: TRADE_CHANNEL_ID,
    });
    const [row] = await database.db.select().from(tradeUser).where(eq(tradeUser.id, agent.id));
    expect(row?.mustChangePassword).toBe(false);
    expect(row?.passwordChangedAt?.getTime()).toBe(clock.getTime());
    expect((await login(agent.username, TRADE_TEST_PASSWORD)).statusCode).toBe(401);
    const again = await login(agent.username, NEW_PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.mustChangePassword).toBe(false);
  });

  it("logs the user's other sessions out and keeps the one that changed it", async () => {
    const agent = await anAgent();
    const other = await aTradeSession(database, { userId: agent.id, channel: TRADE_CHANNEL_ID, now: clock });
    expect(await sessionsOf(agent.id)).toHaveLength(2);
    expect((await changePwd(valid(), agent.token)).statusCode).toBe(200);
    const left = await sessionsOf(agent.id);
    expect(left.map((s) => s.tokenHash)).toEqual([sha256(agent.token)]);
    expect(left.map((s) => s.tokenHash)).not.toContain(sha256(other.token));
  });

  it("answers 401 trade_login_required without a live session, and changes nothing", async () => {
    const res = await changePwd(valid());
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("trade_login_required");
    expect((await changePwd(valid(), "not-a-session-token")).statusCode).toBe(401);
  });

  it("refuses a change without the session's CSRF token, or with another session's (403 csrf_failed)", async () => {
    const agent = await anAgent();
    const other = await anAgent();
    for (const csrf of [null, tradeCsrfToken(other.token), "x".repeat(64)]) {
      const res = await changePwd(valid(), agent.token, nextAddress(), csrf);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("csrf_failed");
    }
    const [row] = await database.db.select().from(tradeUser).where(eq(tradeUser.id, agent.id));
    expect((await login(agent.username, TRADE_TEST_PASSWORD)).statusCode).toBe(200);
    expect(row?.passwordChangedAt?.getTime()).toBe(clock.getTime());
  });

  it("the login answers the session's CSRF token, the one changePwd takes", async () => {
    const agent = await anAgent();
    const res = await login(agent.username, TRADE_TEST_PASSWORD);
    const cookie = res.cookies.find((c) => c.name === TRADE_COOKIE)?.value ?? "";
    expect(res.json().user.csrfToken).toBe(tradeCsrfToken(cookie));
    expect((await changePwd(valid(), cookie, nextAddress(), res.json().user.csrfToken)).statusCode).toBe(200);
  });

  it("refuses a password that breaks the policy, naming every broken rule on its field", async () => {
    const agent = await anAgent();
    const res = await changePwd(valid({ newPassword: "short", confirmation: "short" }), agent.token);
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe("password_policy");
    expect(error.details).toEqual(
      expect.arrayContaining([
        { field: "newPassword", message: "too_short" },
        { field: "newPassword", message: "no_upper" },
        { field: "newPassword", message: "no_digit" },
        { field: "newPassword", message: "no_special" },
      ]),
    );
  });

  it("refuses a confirmation that differs, and a new password equal to the current one", async () => {
    const agent = await anAgent();
    const mismatch = await changePwd(valid({ confirmation: "Other-Pass-3" }), agent.token);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.details).toEqual([
      { field: "confirmation", message: "confirmation_mismatch" },
    ]);
    const same = await changePwd(
      valid({ newPassword: TRADE_TEST_PASSWORD, confirmation: TRADE_TEST_PASSWORD }),
      agent.token,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().error.details).toEqual([{ field: "newPassword", message: "same_as_old" }]);
  });

  it("refuses a wrong current password (400 wrong_password) and makes that address wait like the login's", async () => {
    const agent = await anAgent();
    const address = nextAddress();
    for (let i = 0; i < PAIR_MAX_FAILURES; i++) {
      const res = await changePwd(valid({ currentPassword: "Wrong-Pass-9" }), agent.token, address);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "wrong_password",
        details: [{ field: "currentPassword", message: "wrong password" }],
      });
    }
    const locked = await changePwd(valid(), agent.token, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe("too_many_attempts");
    // The counters are the login's: that address cannot log in to the account either; another address can.
    const fromThere = await app.inject({
      method: "POST",
      url: "/api/login.do",
      payload: {
        method: "login",
        username: agent.username,
        password: TRADE_TEST_PASSWORD,
        channel: TRADE_CHANNEL_ID,
      },
      remoteAddress: address,
    });
    expect(fromThere.statusCode).toBe(429);
    expect((await login(agent.username, TRADE_TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("names the field of a malformed body (400), never a 5xx", async () => {
    const agent = await anAgent();
    const res = await changePwd({ currentPassword: TRADE_TEST_PASSWORD }, agent.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/newPassword/);
    const extra = await changePwd(valid({ userId: 1 }), agent.token);
    expect(extra.statusCode).toBe(400);
  });
});

describe("agency/changePwd in /api/docs", () => {
  it("is documented under the trade tag", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    const doc = res.json() as { paths: Record<string, { post?: { tags?: string[] } }> };
    expect(doc.paths["/api/agency/changePwd"]?.post?.tags).toEqual(["trade"]);
  });
});
