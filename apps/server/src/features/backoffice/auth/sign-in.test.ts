import { STAFF_COOKIE } from "@alloggio/domain/contract/backoffice/access";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../../../packages/test-kit/src/app";
import { aHotel, buildProperty, seedProperty } from "../../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../../packages/test-kit/src/database";
import type { Database } from "../../../db/client";
import { auditLog, mailOutbox, staffRecoveryCode, staffUser, staffUserHotel } from "../../../db/schema";
import type { App } from "../../../http/app";
import {
  ACCOUNT_MAX_FAILURES,
  ADDRESS_MAX_FAILURES,
  hashPassword,
  LOCKOUT_WINDOW_MS,
  PAIR_MAX_FAILURES,
  sha256,
} from "../../credentials";
import { newTotpSecret, normaliseRecoveryCode, totpCodeAt } from "./totp";

let database: Database;
let app: App;
let clock = new Date("2030-02-10T10:00:00Z");
let hotelA: number;
let hotelB: number;
const PASSWORD = "Correct-Horse-1";
let passwordHash: string;
let seq = 0;
/** Each test signs in from an address of its own, so the per-address counter of one does not lock another. */
const nextAddress = () => `10.0.${Math.floor(++seq / 250)}.${seq % 250}`;

async function aUser(
  options: {
    role?: "owner" | "manager" | "reception";
    hotels?: number[];
    totp?: string;
    disabled?: boolean;
  } = {},
) {
  const email = `user${++seq}@signin.test`;
  const [user] = await database.db
    .insert(staffUser)
    .values({
      groupId: 1,
      email,
      name: "Test User",
      role: options.role ?? "owner",
      allHotels: options.hotels === undefined,
      passwordHash,
      totpSecret: options.totp ?? null,
      totpEnabledAt: options.totp ? clock : null,
      disabledAt: options.disabled ? clock : null,
    })
    .returning();
  if (!user) throw new Error("no user");
  if (options.hotels)
    await database.db
      .insert(staffUserHotel)
      .values(options.hotels.map((hotelId) => ({ userId: user.id, hotelId })));
  return user;
}

/** The answer without its request id. */
const sameAnswer = (response: { json: () => { error: Record<string, unknown> } }) => {
  const { requestId: _id, ...error } = response.json().error;
  return error;
};

const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === STAFF_COOKIE)?.value;

const signIn = (body: unknown, address = "10.9.9.9", cookie?: string) =>
  app.inject({
    method: "POST",
    url: "/api/backoffice/sign-in",
    payload: body as object,
    remoteAddress: address,
    ...(cookie ? { headers: { cookie: `${STAFF_COOKIE}=${cookie}` } } : {}),
  });

const totp = (body: unknown, cookie: string, address = "10.9.9.9") =>
  app.inject({
    method: "POST",
    url: "/api/backoffice/sign-in/totp",
    payload: body as object,
    remoteAddress: address,
    headers: { cookie: `${STAFF_COOKIE}=${cookie}` },
  });

const me = (cookie: string) =>
  app.inject({ method: "GET", url: "/api/backoffice/me", headers: { cookie: `${STAFF_COOKIE}=${cookie}` } });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelA = (await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Alpha" }) }))).hotelId;
  hotelB = (await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Beta" }) }))).hotelId;
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("POST /api/backoffice/sign-in", () => {
  it("signs a user in: a session cookie (HttpOnly, SameSite=Lax, /api/backoffice) and who they are", async () => {
    const user = await aUser({ role: "reception", hotels: [hotelB] });
    const response = await signIn({ email: user.email.toUpperCase(), password: PASSWORD }, nextAddress());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      state: "signed_in",
      me: { id: user.id, email: user.email, role: "reception", hotels: [{ id: hotelB, name: "Beta" }] },
    });
    const cookie = response.cookies.find((c) => c.name === STAFF_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/backoffice" });
    const who = await me(cookie?.value ?? "");
    expect(who.statusCode).toBe(200);
    expect(who.json().csrfToken).toBe(body.me.csrfToken);
    expect(hotelA).toBeGreaterThan(0);
  });

  it("answers an unknown user, a wrong password, a disabled user and one without a password the same 401", async () => {
    const user = await aUser();
    const disabled = await aUser({ disabled: true });
    const [noPassword] = await database.db
      .insert(staffUser)
      .values({ groupId: 1, email: `nopass${++seq}@signin.test`, role: "owner", passwordHash: null })
      .returning();
    const answers = await Promise.all([
      signIn({ email: "nobody@signin.test", password: PASSWORD }, nextAddress()),
      signIn({ email: user.email, password: "Wrong-Horse-1" }, nextAddress()),
      signIn({ email: disabled.email, password: PASSWORD }, nextAddress()),
      signIn({ email: noPassword?.email, password: "Anything-1" }, nextAddress()),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(sameAnswer(answer)).toEqual(sameAnswer(answers[0] ?? answer));
      expect(cookieOf(answer)).toBeUndefined();
    }
    expect(answers[0]?.json().error.code).toBe("invalid_credentials");
  });

  it("refuses a malformed body with 400 naming the field", async () => {
    const response = await signIn({ email: "not-an-email", password: PASSWORD }, nextAddress());
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain("email");
  });

  it("rotates the session: the cookie sent before signing in no longer works", async () => {
    const user = await aUser();
    const address = nextAddress();
    const first = cookieOf(await signIn({ email: user.email, password: PASSWORD }, address)) ?? "";
    expect((await me(first)).statusCode).toBe(200);
    const second = await signIn({ email: user.email, password: PASSWORD }, address, first);
    const fresh = cookieOf(second) ?? "";
    expect(fresh).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it(`locks an account after ${ACCOUNT_MAX_FAILURES} failures from any addresses in 15 minutes, the right password too, like an unknown account`, async () => {
    const user = await aUser();
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) {
      const wrong = await signIn({ email: user.email, password: "Wrong-Horse-1" }, nextAddress());
      expect(wrong.statusCode).toBe(401);
    }
    const locked = await signIn({ email: user.email, password: PASSWORD }, nextAddress());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe("too_many_attempts");
    const ghost = "ghost@signin.test";
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++)
      await signIn({ email: ghost, password: "x" }, nextAddress());
    const ghostLocked = await signIn({ email: ghost, password: "x" }, nextAddress());
    expect(ghostLocked.statusCode).toBe(429);
    expect(sameAnswer(ghostLocked)).toEqual(sameAnswer(locked));
    // Another account is not locked.
    const other = await aUser();
    expect((await signIn({ email: other.email, password: PASSWORD }, nextAddress())).statusCode).toBe(200);
    clock = new Date(clock.getTime() + LOCKOUT_WINDOW_MS + 1000);
    expect((await signIn({ email: user.email, password: PASSWORD }, nextAddress())).statusCode).toBe(200);
  });

  it("does not lock the owner out from another address: an attacker's address waits, the owner signs in", async () => {
    const user = await aUser();
    const attacker = nextAddress();
    // One wrong password a minute for as long as the attacker likes: after the first few, the attacker waits.
    for (let i = 0; i < PAIR_MAX_FAILURES; i++)
      expect((await signIn({ email: user.email, password: "Wrong-Horse-1" }, attacker)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) {
      clock = new Date(clock.getTime() + 60_000);
      expect((await signIn({ email: user.email, password: "Wrong-Horse-1" }, attacker)).statusCode).toBe(429);
      expect((await signIn({ email: user.email, password: PASSWORD }, attacker)).statusCode).toBe(429);
    }
    const owner = await signIn({ email: user.email, password: PASSWORD }, nextAddress());
    expect(owner.statusCode, owner.body).toBe(200);
    clock = new Date(clock.getTime() + LOCKOUT_WINDOW_MS + 1000);
  });

  it("slows each attempt on an account as its failures grow (progressive delay), from any address", async () => {
    const slept: number[] = [];
    const slow = await createTestApp(database, () => clock, { sleep: async (ms) => void slept.push(ms) });
    try {
      const user = await aUser();
      for (let i = 0; i < 4; i++)
        await slow.inject({
          method: "POST",
          url: "/api/backoffice/sign-in",
          payload: { email: user.email, password: "Wrong-Horse-1" },
          remoteAddress: nextAddress(),
        });
      expect(slept).toEqual([250, 500, 750]);
    } finally {
      await slow.close();
      clock = new Date(clock.getTime() + LOCKOUT_WINDOW_MS + 1000);
    }
  });

  it("locks an account attacked from many addresses; the mailed link, or the password with the second factor, passes", async () => {
    const user = await aUser();
    const secret = newTotpSecret();
    const withTotp = await aUser({ totp: secret });
    for (const target of [user, withTotp])
      for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++)
        await signIn({ email: target.email, password: "Wrong-Horse-1" }, nextAddress());
    // The right password alone: the same answer as an unknown account's lock.
    const ghost = "ghost-many@signin.test";
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++)
      await signIn({ email: ghost, password: "x" }, nextAddress());
    const ghostLocked = await signIn({ email: ghost, password: "x" }, nextAddress());
    const locked = await signIn({ email: user.email, password: PASSWORD }, nextAddress());
    expect(locked.statusCode).toBe(429);
    expect(sameAnswer(locked)).toEqual(sameAnswer(ghostLocked));
    // With the second factor on, the right password leads to it, and the code signs in.
    const address = nextAddress();
    const pending = await signIn({ email: withTotp.email, password: PASSWORD }, address);
    expect(pending.json()).toEqual({ state: "totp_required" });
    const done = await totp({ code: totpCodeAt(secret, clock) }, cookieOf(pending) ?? "", address);
    expect(done.statusCode, done.body).toBe(200);
    // The lock mailed the owner a single-use link (once); choosing a new password through it unlocks the account.
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails).toHaveLength(1);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, ghost))).toHaveLength(0);
    const link = /\/admin\/setup\/([A-Za-z0-9_-]{43})/.exec(mails[0]?.text ?? "");
    expect(link, mails[0]?.text).not.toBeNull();
    const reset = await app.inject({
      method: "POST",
      url: `/api/backoffice/setup/${link?.[1]}`,
      payload: { password: "Brand-New-Horse-2", confirmation: "Brand-New-Horse-2" },
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const after = await signIn({ email: user.email, password: "Brand-New-Horse-2" }, nextAddress());
    expect(after.statusCode, after.body).toBe(200);
    clock = new Date(clock.getTime() + LOCKOUT_WINDOW_MS + 1000);
  });

  it("locks a client address after 20 failures, whatever the accounts", async () => {
    const address = nextAddress();
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++)
      await signIn({ email: `spray${i}@signin.test`, password: "Wrong-Horse-1" }, address);
    const user = await aUser();
    const locked = await signIn({ email: user.email, password: PASSWORD }, address);
    expect(locked.statusCode).toBe(429);
    expect((await signIn({ email: user.email, password: PASSWORD }, nextAddress())).statusCode).toBe(200);
    clock = new Date(clock.getTime() + LOCKOUT_WINDOW_MS + 1000);
  });
});

describe("POST /api/backoffice/sign-in/totp", () => {
  it("asks for the second factor, opens nothing before it, then signs in with a new token", async () => {
    const secret = newTotpSecret();
    const user = await aUser({ totp: secret });
    const address = nextAddress();
    const first = await signIn({ email: user.email, password: PASSWORD }, address);
    expect(first.json()).toEqual({ state: "totp_required" });
    const pending = cookieOf(first) ?? "";
    expect((await me(pending)).statusCode).toBe(401);
    const done = await totp({ code: totpCodeAt(secret, clock) }, pending, address);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ state: "signed_in", me: { id: user.id, totpEnabled: true } });
    const full = cookieOf(done) ?? "";
    expect(full).not.toBe(pending);
    expect((await me(full)).statusCode).toBe(200);
    expect((await me(pending)).statusCode).toBe(401);
  });

  it("accepts a code once (a replay is refused) and a wrong code counts as a failure", async () => {
    const secret = newTotpSecret();
    const user = await aUser({ totp: secret });
    const address = nextAddress();
    const code = totpCodeAt(secret, clock);
    const pending1 = cookieOf(await signIn({ email: user.email, password: PASSWORD }, address)) ?? "";
    expect((await totp({ code }, pending1, address)).statusCode).toBe(200);
    const pending2 = cookieOf(await signIn({ email: user.email, password: PASSWORD }, address)) ?? "";
    const replay = await totp({ code }, pending2, address);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe("invalid_code");
    // The next step's code works.
    const later = new Date(clock.getTime() + 30_000);
    expect((await totp({ code: totpCodeAt(secret, later) }, pending2, address)).statusCode).toBe(200);
    // Wrong codes count like wrong passwords.
    const pending3 = cookieOf(await signIn({ email: user.email, password: PASSWORD }, address)) ?? "";
    // The replay above was the first failure; this address then waits (another still reaches the second factor).
    for (let i = 1; i < PAIR_MAX_FAILURES; i++)
      expect((await totp({ code: "000000" }, pending3, address)).statusCode).toBe(401);
    expect((await totp({ code: "000000" }, pending3, address)).statusCode).toBe(429);
    expect((await signIn({ email: user.email, password: PASSWORD }, address)).statusCode).toBe(429);
    expect((await signIn({ email: user.email, password: PASSWORD }, nextAddress())).json()).toEqual({
      state: "totp_required",
    });
    clock = new Date(clock.getTime() + LOCKOUT_WINDOW_MS + 1000);
  });

  it("accepts a recovery code once, and audits its use", async () => {
    const secret = newTotpSecret();
    const user = await aUser({ totp: secret });
    const code = "abcde-fghjk";
    await database.db
      .insert(staffRecoveryCode)
      .values({ userId: user.id, codeHash: sha256(normaliseRecoveryCode(code)) });
    const address = nextAddress();
    const pending = cookieOf(await signIn({ email: user.email, password: PASSWORD }, address)) ?? "";
    expect((await totp({ recoveryCode: "ABCDE FGHJK" }, pending, address)).statusCode).toBe(200);
    const again = cookieOf(await signIn({ email: user.email, password: PASSWORD }, address)) ?? "";
    const reused = await totp({ recoveryCode: code }, again, address);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.details[0].field).toBe("recoveryCode");
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(entries.map((e) => e.action)).toContain("staff_user.use_recovery_code");
  });

  it("needs a pending session (401) and exactly one of code and recoveryCode (400)", async () => {
    const secret = newTotpSecret();
    const user = await aUser({ totp: secret });
    expect((await totp({ code: "123456" }, "forged")).statusCode).toBe(401);
    const plain = await aUser();
    const full = cookieOf(await signIn({ email: plain.email, password: PASSWORD }, nextAddress())) ?? "";
    expect((await totp({ code: "123456" }, full)).statusCode).toBe(401);
    const pending = cookieOf(await signIn({ email: user.email, password: PASSWORD }, nextAddress())) ?? "";
    const neither = await totp({}, pending);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.details[0].field).toBe("code");
    expect((await totp({ code: "12ab56" }, pending)).statusCode).toBe(400);
  });
});

describe("OpenAPI", () => {
  it("documents every auth route under the back-office tag", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const [path, method] of [
      ["/api/backoffice/sign-in", "post"],
      ["/api/backoffice/sign-in/totp", "post"],
      ["/api/backoffice/account", "patch"],
      ["/api/backoffice/account/password", "post"],
      ["/api/backoffice/account/totp", "post"],
      ["/api/backoffice/account/totp/confirm", "post"],
      ["/api/backoffice/account/totp/disable", "post"],
      ["/api/backoffice/setup/{token}", "get"],
      ["/api/backoffice/setup/{token}", "post"],
    ] as const)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(["back office"]);
  });
});
