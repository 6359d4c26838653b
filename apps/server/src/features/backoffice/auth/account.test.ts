import { CSRF_HEADER, STAFF_COOKIE } from "@alloggio/domain/contract/backoffice/access";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../../../packages/test-kit/src/app";
import { aHotel, buildProperty, seedProperty } from "../../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../../packages/test-kit/src/database";
import type { Database } from "../../../db/client";
import { auditLog, staffRecoveryCode, staffUser } from "../../../db/schema";
import type { App } from "../../../http/app";
import { hashPassword } from "../../credentials";
import { createOwner } from "./first-owner";
import { issueStaffToken, STAFF_TOKEN_TTL_MS } from "./tokens";
import { totpCodeAt } from "./totp";

let database: Database;
let app: App;
let clock = new Date("2030-03-10T10:00:00Z");
const PASSWORD = "Correct-Horse-1";
let passwordHash: string;
let seq = 0;
const nextAddress = () => `10.1.${Math.floor(++seq / 250)}.${seq % 250}`;

type Session = { cookie: string; csrf: string; userId: number; email: string };

const cookieOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === STAFF_COOKIE)?.value ?? "";

/** A user with the test password, signed in through the route. */
async function aSignedInUser(role: "owner" | "manager" | "reception" = "reception"): Promise<Session> {
  const email = `acct${++seq}@account.test`;
  const [user] = await database.db
    .insert(staffUser)
    .values({ groupId: 1, email, name: "Before", role, allHotels: true, passwordHash })
    .returning();
  if (!user) throw new Error("no user");
  return signInAs(email, PASSWORD, user.id);
}

async function signInAs(email: string, password: string, userId: number): Promise<Session> {
  const response = await app.inject({
    method: "POST",
    url: "/api/backoffice/sign-in",
    payload: { email, password },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode).toBe(200);
  return { cookie: cookieOf(response), csrf: response.json().me?.csrfToken ?? "", userId, email };
}

const call = (
  session: Session | null,
  method: "POST" | "PATCH" | "GET",
  url: string,
  payload?: object,
  options: { csrf?: boolean } = {},
) =>
  app.inject({
    method,
    url,
    remoteAddress: "10.200.0.1",
    ...(payload ? { payload } : {}),
    headers: session
      ? {
          cookie: `${STAFF_COOKIE}=${session.cookie}`,
          ...(options.csrf === false ? {} : { [CSRF_HEADER]: session.csrf }),
        }
      : {},
  });

const auditOf = async (userId: number) =>
  database.db.select().from(auditLog).where(eq(auditLog.userId, userId)).orderBy(auditLog.id);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Alpha" }) }));
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("PATCH /api/backoffice/account", () => {
  it("changes name and language for every role, audited with before and after", async () => {
    for (const role of ["owner", "manager", "reception"] as const) {
      const user = await aSignedInUser(role);
      const response = await call(user, "PATCH", "/api/backoffice/account", {
        name: "Anna Rossi",
        language: "it",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: "Anna Rossi", language: "it", csrfToken: user.csrf });
      const [entry] = await auditOf(user.userId);
      expect(entry).toMatchObject({
        action: "staff_user.update_account",
        hotelId: null,
        before: { name: "Before", language: "en" },
        after: { name: "Anna Rossi", language: "it" },
      });
    }
  });

  it("needs a session (401) and the CSRF token (403), and names a bad field (400)", async () => {
    const user = await aSignedInUser();
    expect((await call(null, "PATCH", "/api/backoffice/account", { name: "X" })).statusCode).toBe(401);
    const noCsrf = await call(user, "PATCH", "/api/backoffice/account", { name: "X" }, { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe("csrf_failed");
    const bad = await call(user, "PATCH", "/api/backoffice/account", { language: "xx" });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain("language");
  });
});

describe("POST /api/backoffice/account/password", () => {
  it("changes the password, signs out every other session, keeps this one, audits", async () => {
    const user = await aSignedInUser();
    const other = await signInAs(user.email, PASSWORD, user.userId);
    const response = await call(user, "POST", "/api/backoffice/account/password", {
      currentPassword: PASSWORD,
      newPassword: "Battery-Staple-2",
      confirmation: "Battery-Staple-2",
    });
    expect(response.statusCode).toBe(204);
    expect((await call(user, "GET", "/api/backoffice/me")).statusCode).toBe(200);
    expect((await call(other, "GET", "/api/backoffice/me")).statusCode).toBe(401);
    const old = await app.inject({
      method: "POST",
      url: "/api/backoffice/sign-in",
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(old.statusCode).toBe(401);
    await signInAs(user.email, "Battery-Staple-2", user.userId);
    expect((await auditOf(user.userId)).map((e) => e.action)).toContain("staff_user.change_password");
  });

  it("names every broken rule, the old password reused and a wrong confirmation", async () => {
    const user = await aSignedInUser();
    const weak = await call(user, "POST", "/api/backoffice/account/password", {
      currentPassword: PASSWORD,
      newPassword: "short",
      confirmation: "other",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe("password_policy");
    expect(weak.json().error.details).toEqual([
      { field: "newPassword", message: "too_short" },
      { field: "newPassword", message: "no_upper" },
      { field: "newPassword", message: "no_digit" },
      { field: "newPassword", message: "no_special" },
      { field: "confirmation", message: "confirmation_mismatch" },
    ]);
    const same = await call(user, "POST", "/api/backoffice/account/password", {
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
      confirmation: PASSWORD,
    });
    expect(same.json().error.details).toEqual([{ field: "newPassword", message: "same_as_old" }]);
    const wrong = await call(user, "POST", "/api/backoffice/account/password", {
      currentPassword: "Wrong-Horse-1",
      newPassword: "Battery-Staple-2",
      confirmation: "Battery-Staple-2",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: "wrong_password",
      details: [{ field: "currentPassword" }],
    });
  });

  it("needs a session (401) and the CSRF token (403)", async () => {
    const user = await aSignedInUser();
    const body = {
      currentPassword: PASSWORD,
      newPassword: "Battery-Staple-2",
      confirmation: "Battery-Staple-2",
    };
    expect((await call(null, "POST", "/api/backoffice/account/password", body)).statusCode).toBe(401);
    expect(
      (await call(user, "POST", "/api/backoffice/account/password", body, { csrf: false })).statusCode,
    ).toBe(403);
  });
});

describe("the second factor on the account", () => {
  it("enrols (secret, otpauth URI, QR SVG), confirms with a code, shows 10 single-use recovery codes, audits", async () => {
    const user = await aSignedInUser();
    const enrol = await call(user, "POST", "/api/backoffice/account/totp", {});
    expect(enrol.statusCode).toBe(200);
    const { secret, uri, qrSvg } = enrol.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Alloggio:.*secret=/);
    expect(uri).toContain("algorithm=SHA1&digits=6&period=30");
    expect(qrSvg).toMatch(/^<svg/);
    // Not enabled before the code is confirmed.
    expect((await call(user, "GET", "/api/backoffice/me")).json().totpEnabled).toBe(false);
    const wrong = await call(user, "POST", "/api/backoffice/account/totp/confirm", { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe("invalid_code");
    const confirm = await call(user, "POST", "/api/backoffice/account/totp/confirm", {
      code: totpCodeAt(secret, clock),
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await database.db
      .select()
      .from(staffRecoveryCode)
      .where(eq(staffRecoveryCode.userId, user.userId));
    expect(stored).toHaveLength(10);
    expect(stored.some((r) => recoveryCodes.includes(r.codeHash))).toBe(false);
    expect((await call(user, "GET", "/api/backoffice/me")).json().totpEnabled).toBe(true);
    expect((await call(user, "POST", "/api/backoffice/account/totp", {})).statusCode).toBe(409);
    // Signing in now needs the second factor; a recovery code works once.
    const pending = await app.inject({
      method: "POST",
      url: "/api/backoffice/sign-in",
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(pending.json()).toEqual({ state: "totp_required" });
    const viaRecovery = await app.inject({
      method: "POST",
      url: "/api/backoffice/sign-in/totp",
      payload: { recoveryCode: recoveryCodes[0] },
      headers: { cookie: `${STAFF_COOKIE}=${cookieOf(pending)}` },
      remoteAddress: nextAddress(),
    });
    expect(viaRecovery.statusCode).toBe(200);
    expect((await auditOf(user.userId)).map((e) => e.action)).toEqual(
      expect.arrayContaining(["staff_user.enable_totp", "staff_user.use_recovery_code"]),
    );
  });

  it("turns off only with the password, audited; confirm without enrolment is 409", async () => {
    const user = await aSignedInUser();
    expect(
      (await call(user, "POST", "/api/backoffice/account/totp/confirm", { code: "123456" })).statusCode,
    ).toBe(409);
    const { secret } = (await call(user, "POST", "/api/backoffice/account/totp", {})).json();
    clock = new Date(clock.getTime() + 60_000);
    await call(user, "POST", "/api/backoffice/account/totp/confirm", { code: totpCodeAt(secret, clock) });
    const wrong = await call(user, "POST", "/api/backoffice/account/totp/disable", {
      password: "Wrong-Horse-1",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe("wrong_password");
    const noCsrf = await call(
      user,
      "POST",
      "/api/backoffice/account/totp/disable",
      { password: PASSWORD },
      {
        csrf: false,
      },
    );
    expect(noCsrf.statusCode).toBe(403);
    const off = await call(user, "POST", "/api/backoffice/account/totp/disable", { password: PASSWORD });
    expect(off.statusCode).toBe(204);
    expect((await call(user, "GET", "/api/backoffice/me")).json().totpEnabled).toBe(false);
    const stored = await database.db
      .select()
      .from(staffRecoveryCode)
      .where(eq(staffRecoveryCode.userId, user.userId));
    expect(stored).toHaveLength(0);
    const entry = (await auditOf(user.userId)).find((e) => e.action === "staff_user.disable_totp");
    expect(entry).toMatchObject({ before: { totpEnabled: true }, after: { totpEnabled: false } });
    expect((await call(null, "POST", "/api/backoffice/account/totp", {})).statusCode).toBe(401);
  });
});

describe("the first owner's set-up link", () => {
  it("creates an owner without a password; the link sets the password once and signs in", async () => {
    const created = await createOwner(
      database,
      { email: "First.Owner@Example.com", groupId: 1, name: "Anna" },
      clock,
    );
    if (!created.ok) throw new Error(created.message);
    const info = await call(null, "GET", `/api/backoffice/setup/${created.token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email: "first.owner@example.com", name: "Anna", purpose: "setup" });
    // Nobody can sign in before the password is set.
    const before = await app.inject({
      method: "POST",
      url: "/api/backoffice/sign-in",
      payload: { email: "first.owner@example.com", password: "Anything-1!" },
      remoteAddress: nextAddress(),
    });
    expect(before.statusCode).toBe(401);
    const weak = await call(null, "POST", `/api/backoffice/setup/${created.token}`, {
      password: "weak",
      confirmation: "weak",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe("password_policy");
    const set = await call(null, "POST", `/api/backoffice/setup/${created.token}`, {
      password: "Owner-Secret-9",
      confirmation: "Owner-Secret-9",
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      state: "signed_in",
      me: { role: "owner", email: "first.owner@example.com" },
    });
    const again = await call(null, "POST", `/api/backoffice/setup/${created.token}`, {
      password: "Owner-Secret-8",
      confirmation: "Owner-Secret-8",
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe("token_invalid");
    expect((await call(null, "GET", `/api/backoffice/setup/${created.token}`)).statusCode).toBe(404);
    await signInAs("first.owner@example.com", "Owner-Secret-9", created.userId);
    const actions = (
      await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(created.userId)))
    ).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["staff_user.create_owner", "staff_user.set_password"]));
    // The owner has a password now: the script refuses the e-mail.
    expect((await createOwner(database, { email: "first.owner@example.com", groupId: 1 }, clock)).ok).toBe(
      false,
    );
  });

  it("refuses an expired link, and an earlier link once a new one is issued", async () => {
    const created = await createOwner(database, { email: "late@example.com", groupId: 1 }, clock);
    if (!created.ok) throw new Error(created.message);
    clock = new Date(clock.getTime() + STAFF_TOKEN_TTL_MS + 1000);
    const late = await call(null, "POST", `/api/backoffice/setup/${created.token}`, {
      password: "Owner-Secret-9",
      confirmation: "Owner-Secret-9",
    });
    expect(late.statusCode).toBe(404);
    expect(late.json().error.code).toBe("token_invalid");
    const first = await database.db.transaction((tx) =>
      issueStaffToken(tx, created.userId, "setup", undefined, clock),
    );
    const second = await createOwner(database, { email: "late@example.com", groupId: 1 }, clock);
    if (!second.ok) throw new Error(second.message);
    expect((await call(null, "GET", `/api/backoffice/setup/${first}`)).statusCode).toBe(404);
    expect((await call(null, "GET", `/api/backoffice/setup/${second.token}`)).statusCode).toBe(200);
    expect((await createOwner(database, { email: "x@example.com", groupId: 999 }, clock)).ok).toBe(false);
  });
});
