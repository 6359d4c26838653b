import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../../../packages/test-kit/src/app";
import { aHotel, buildProperty, seedProperty } from "../../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../../packages/test-kit/src/database";
import { aStaffSession, type StaffSession } from "../../../../../../packages/test-kit/src/staff";
import type { Database } from "../../../db/client";
import {
  auditLog,
  hotelGroup,
  mailOutbox,
  staffRecoveryCode,
  staffSession,
  staffToken,
  staffUser,
  staffUserHotel,
} from "../../../db/schema";
import { findStaffToken } from "../../../features/backoffice/auth/tokens";
import { sha256 } from "../../../features/credentials";
import type { App } from "../../app";

let database: Database;
let app: App;
const clock = new Date("2030-01-10T10:00:00Z");
let hotelA: number;
let hotelB: number;
let owner: StaffSession;
let manager: StaffSession;
let reception: StaffSession;

let nextEmail = 1;
const anEmail = () => `invitee${nextEmail++}@example.test`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelA = (await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Alpha" }) }))).hotelId;
  hotelB = (await seedProperty(database, buildProperty({ hotel: aHotel({ name: "Beta" }) }))).hotelId;
  await database.db.insert(hotelGroup).values({ id: 2, name: "Other Group" }).onConflictDoNothing();
  owner = await aStaffSession(database, { role: "owner", now: clock });
  manager = await aStaffSession(database, { role: "manager", now: clock });
  reception = await aStaffSession(database, { role: "reception", hotels: [hotelA], now: clock });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Headers = Record<string, string>;
const invite = (headers: Headers, body: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/backoffice/users", headers, payload: body });
const patch = (headers: Headers, id: number, body: Record<string, unknown>) =>
  app.inject({ method: "PATCH", url: `/api/backoffice/users/${id}`, headers, payload: body });
const act = (headers: Headers, id: number, action: "disable" | "enable" | "resend-invitation") =>
  app.inject({ method: "POST", url: `/api/backoffice/users/${id}/${action}`, headers });
const remove = (headers: Headers, id: number) =>
  app.inject({ method: "DELETE", url: `/api/backoffice/users/${id}`, headers });

const aReception = (overrides: Record<string, unknown> = {}) => ({
  email: anEmail(),
  name: "Rita Reception",
  role: "reception",
  allHotels: false,
  hotels: [hotelA],
  language: "it",
  ...overrides,
});

async function invited(overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await invite(owner.headers, aReception(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const lastAudit = async (entityId: number) => {
  const [row] = await database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "staff_user"), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

describe("who may use the users routes", () => {
  it("lets the owner list the group's users with their status and hotels", async () => {
    const res = await app.inject({ method: "GET", url: "/api/backoffice/users", headers: owner.cookieOnly });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.hotels.map((h: { name: string }) => h.name)).toEqual(["Alpha", "Beta"]);
    const rita = body.users.find((u: { id: number }) => u.id === reception.userId);
    expect(rita).toMatchObject({
      role: "reception",
      allHotels: false,
      hotels: [{ id: hotelA, name: "Alpha" }],
    });
    expect(rita.lastActiveAt).toBe(clock.toISOString());
    // "Last activity" is written in hotel time: the zone of the group's first hotel.
    expect(body.timeZone).toBe("Europe/Rome");
  });

  it.each([
    ["manager", () => manager],
    ["reception", () => reception],
  ])("refuses a %s every users route with 403", async (_role, who) => {
    const { headers } = who();
    const target = owner.userId;
    const answers = await Promise.all([
      app.inject({ method: "GET", url: "/api/backoffice/users", headers }),
      invite(headers, aReception()),
      patch(headers, target, { role: "manager" }),
      act(headers, target, "disable"),
      act(headers, target, "enable"),
      act(headers, target, "resend-invitation"),
      remove(headers, target),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("staff_forbidden");
    }
  });

  it("answers 401 without a session and 403 for a change without the CSRF token", async () => {
    expect((await app.inject({ method: "GET", url: "/api/backoffice/users" })).statusCode).toBe(401);
    expect((await invite({}, aReception())).statusCode).toBe(401);
    const target = reception.userId;
    const noCsrf = [
      await invite(owner.cookieOnly, aReception()),
      await patch(owner.cookieOnly, target, { role: "manager" }),
      await act(owner.cookieOnly, target, "disable"),
      await act(owner.cookieOnly, target, "enable"),
      await act(owner.cookieOnly, target, "resend-invitation"),
      await remove(owner.cookieOnly, target),
    ];
    for (const res of noCsrf) expect(res.json().error.code).toBe("csrf_failed");
  });

  it("answers 404 for a user of another group, like a missing one (IDOR)", async () => {
    const otherOwner = await aStaffSession(database, { role: "owner", groupId: 2, now: clock });
    const list = await app.inject({
      method: "GET",
      url: "/api/backoffice/users",
      headers: otherOwner.headers,
    });
    expect(list.json().users.map((u: { id: number }) => u.id)).toEqual([otherOwner.userId]);
    expect(list.json().hotels).toEqual([]);
    const target = reception.userId;
    for (const res of [
      await patch(otherOwner.headers, target, { role: "manager" }),
      await act(otherOwner.headers, target, "disable"),
      await act(otherOwner.headers, target, "enable"),
      await act(otherOwner.headers, target, "resend-invitation"),
      await remove(otherOwner.headers, target),
      await patch(owner.headers, 2_000_000, { role: "manager" }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.details[0].field).toBe("userId");
    }
    const [still] = await database.db.select().from(staffUser).where(eq(staffUser.id, target));
    expect(still).toMatchObject({ role: "reception", disabledAt: null });
    // Nor can an owner of another group give a user one of this group's hotels.
    const foreign = await invite(otherOwner.headers, aReception({ hotels: [hotelA] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details[0].field).toBe("hotels");
  });
});

describe("inviting a user", () => {
  it("creates them without a password and queues the mail in their language with a 72-hour link", async () => {
    const email = anEmail();
    const res = await invite(
      owner.headers,
      aReception({ email: `  ${email.toUpperCase()} `, name: "Rita Rossi" }),
    );
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      email,
      name: "Rita Rossi",
      role: "reception",
      status: "invited",
      allHotels: false,
      hotels: [{ id: hotelA, name: "Alpha" }],
      language: "it",
      totpEnabled: false,
      lastActiveAt: null,
    });
    const [row] = await database.db.select().from(staffUser).where(eq(staffUser.id, user.id));
    expect(row?.passwordHash).toBeNull();

    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail?.subject).toBe("Il tuo invito al back office di Test Group");
    expect(mail?.html).toContain('lang="it"');
    const link = /http:\/\/localhost\/admin\/setup\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "");
    expect(link, mail?.text).not.toBeNull();
    expect(mail?.html).toContain(link?.[0]);
    const [token] = await database.db
      .select()
      .from(staffToken)
      .where(eq(staffToken.tokenHash, sha256(link?.[1] ?? "")));
    expect(token).toMatchObject({
      userId: user.id,
      purpose: "invitation",
      usedAt: null,
      expiresAt: new Date(clock.getTime() + 72 * 3_600_000),
    });
    // The link is one the set-up page accepts: a live invitation of this user.
    expect(await findStaffToken(database.db, link?.[1] ?? "", clock)).toEqual({
      userId: user.id,
      purpose: "invitation",
      expiresAt: new Date(clock.getTime() + 72 * 3_600_000),
    });

    const entry = await lastAudit(user.id);
    expect(entry).toMatchObject({
      hotelId: null,
      userId: owner.userId,
      actor: owner.email,
      action: "user.invite",
      before: null,
      after: { email, role: "reception", allHotels: false, hotels: [hotelA], status: "invited" },
    });
  });

  it("writes the mail in each of the eight languages", async () => {
    const subjects = new Set<string>();
    for (const language of ["en", "it", "de", "fr", "es", "pt", "zh", "ja"]) {
      const email = anEmail();
      await invited({ email, language });
      const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(mail?.html).toContain(`lang="${language}"`);
      subjects.add(mail?.subject ?? "");
    }
    expect(subjects.size).toBe(8);
  });

  it("gives an all-hotels user every hotel of the group", async () => {
    const res = await invite(owner.headers, aReception({ role: "manager", allHotels: true, hotels: [] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().hotels.map((h: { id: number }) => h.id)).toEqual([hotelA, hotelB]);
  });

  it("refuses bad input with 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [aReception({ email: "not-an-email" }), "email"],
      [aReception({ name: "" }), "name"],
      [aReception({ role: "janitor" }), "role"],
      [aReception({ hotels: [] }), "hotels"],
      [aReception({ hotels: [hotelA, 999_999] }), "hotels"],
      [aReception({ language: "ru" }), "language"],
      [aReception({ password: "x" }), "password"],
    ];
    for (const [body, field] of cases) {
      const res = await invite(owner.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details[0].field).toBe(field);
    }
  });

  it("refuses an e-mail that is taken, whatever its case, with 409", async () => {
    const email = anEmail();
    await invited({ email });
    const again = await invite(owner.headers, aReception({ email: email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: "email_taken", details: [{ field: "email" }] });
  });

  it("resends the invitation: a new link, the old one no longer works", async () => {
    const email = anEmail();
    const id = await invited({ email, language: "de" });
    const res = await act(owner.headers, id, "resend-invitation");
    expect(res.statusCode).toBe(200);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toContain("Einladung");
    const tokens = await database.db.select().from(staffToken).where(eq(staffToken.userId, id));
    expect(tokens.filter((t) => t.usedAt === null)).toHaveLength(1);
    expect((await lastAudit(id))?.action).toBe("user.resend_invitation");
  });

  it("refuses to resend an invitation to a user who has a password (409)", async () => {
    const id = await invited();
    await database.db.update(staffUser).set({ passwordHash: "argon2-hash" }).where(eq(staffUser.id, id));
    const res = await act(owner.headers, id, "resend-invitation");
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: "not_invited", details: [{ field: "status" }] });
  });
});

describe("changing a user", () => {
  it("changes role and hotels, audited with before and after", async () => {
    const id = await invited();
    const res = await patch(owner.headers, id, { role: "manager", hotels: [hotelA, hotelB] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: "manager", allHotels: false });
    expect(res.json().hotels.map((h: { id: number }) => h.id)).toEqual([hotelA, hotelB]);
    expect(await lastAudit(id)).toMatchObject({
      action: "user.update",
      hotelId: null,
      before: { role: "reception", hotels: [hotelA] },
      after: { role: "manager", hotels: [hotelA, hotelB].sort((a, b) => a - b) },
    });
    const toAll = await patch(owner.headers, id, { allHotels: true });
    expect(toAll.json().allHotels).toBe(true);
    const links = await database.db.select().from(staffUserHotel).where(eq(staffUserHotel.userId, id));
    expect(links).toEqual([]);
  });

  it("refuses bad changes with 400 naming the field", async () => {
    const id = await invited();
    for (const [body, field] of [
      [{ role: "boss" }, "role"],
      [{ allHotels: false, hotels: [] }, "hotels"],
      [{ hotels: [424_242] }, "hotels"],
      [{ name: " " }, "name"],
      [{ email: "x@y.z" }, "email"],
    ] as [Record<string, unknown>, string][]) {
      const res = await patch(owner.headers, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details[0].field).toBe(field);
    }
    const bad = await app.inject({
      method: "PATCH",
      url: "/api/backoffice/users/abc",
      headers: owner.headers,
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe("userId");
  });

  it("disables a user: their sessions end at once; enabling undoes it, audited both ways", async () => {
    const worker = await aStaffSession(database, { role: "reception", hotels: [hotelB], now: clock });
    const me = () => app.inject({ method: "GET", url: "/api/backoffice/me", headers: worker.cookieOnly });
    expect((await me()).statusCode).toBe(200);
    const off = await act(owner.headers, worker.userId, "disable");
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe("disabled");
    expect((await me()).statusCode).toBe(401);
    expect(await lastAudit(worker.userId)).toMatchObject({
      action: "user.disable",
      before: { status: "invited" },
      after: { status: "disabled" },
    });
    const on = await act(owner.headers, worker.userId, "enable");
    expect(on.statusCode).toBe(200);
    expect(on.json().status).not.toBe("disabled");
    expect((await lastAudit(worker.userId))?.action).toBe("user.enable");
  });

  it("disabling an invited user ends their invitation link", async () => {
    const id = await invited();
    await act(owner.headers, id, "disable");
    const tokens = await database.db.select().from(staffToken).where(eq(staffToken.userId, id));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((t) => t.usedAt !== null)).toBe(true);
  });

  it("removes a user for good, audited with what they were", async () => {
    const email = anEmail();
    const id = await invited({ email });
    const res = await remove(owner.headers, id);
    expect(res.statusCode).toBe(204);
    expect(await database.db.select().from(staffUser).where(eq(staffUser.id, id))).toEqual([]);
    expect(await lastAudit(id)).toMatchObject({ action: "user.remove", before: { email }, after: null });
    expect((await remove(owner.headers, id)).statusCode).toBe(404);
  });
});

describe("the owners of the group", () => {
  it("an owner cannot demote, disable or remove themself (409 naming the field)", async () => {
    for (const [res, field] of [
      [await patch(owner.headers, owner.userId, { role: "manager" }), "role"],
      [await act(owner.headers, owner.userId, "disable"), "status"],
      [await remove(owner.headers, owner.userId), "userId"],
    ] as const) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("own_account");
      expect(res.json().error.details[0].field).toBe(field);
    }
    // Their own name and language they may change.
    const renamed = await patch(owner.headers, owner.userId, { name: "Olga Owner", language: "de" });
    expect(renamed.statusCode).toBe(200);
  });

  it("keeps at least one active owner: the last one cannot be demoted, disabled or removed (409)", async () => {
    // Group 2: one owner who can sign in (password set) and one who has not set a password yet.
    const active = await aStaffSession(database, { role: "owner", groupId: 2, now: clock });
    await database.db
      .update(staffUser)
      .set({ passwordHash: "argon2-hash" })
      .where(eq(staffUser.id, active.userId));
    const pending = await aStaffSession(database, { role: "owner", groupId: 2, now: clock });
    for (const [res, field] of [
      [await patch(pending.headers, active.userId, { role: "manager" }), "role"],
      [await act(pending.headers, active.userId, "disable"), "status"],
      [await remove(pending.headers, active.userId), "userId"],
    ] as const) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: "last_owner", details: [{ field }] });
    }
    // With a second active owner, the first may be demoted.
    await database.db
      .update(staffUser)
      .set({ passwordHash: "argon2-hash" })
      .where(eq(staffUser.id, pending.userId));
    const demoted = await patch(pending.headers, active.userId, { role: "manager" });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().role).toBe("manager");
  });

  it("are in the API docs under the back office's tag, with the audit log", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const [path, method] of [
      ["/api/backoffice/users", "get"],
      ["/api/backoffice/users", "post"],
      ["/api/backoffice/users/{userId}", "patch"],
      ["/api/backoffice/users/{userId}", "delete"],
      ["/api/backoffice/users/{userId}/disable", "post"],
      ["/api/backoffice/users/{userId}/enable", "post"],
      ["/api/backoffice/users/{userId}/resend-invitation", "post"],
      ["/api/backoffice/hotels/{hotelId}/audit", "get"],
    ] as const)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(["back office"]);
  });
});

describe("an owner resets a user's password or second factor", () => {
  /** An active user with a password, a second factor, recovery codes and a live session. */
  async function activeWithTotp() {
    const email = anEmail();
    const [user] = await database.db
      .insert(staffUser)
      .values({
        groupId: 1,
        email,
        name: "Lost Phone",
        role: "manager",
        allHotels: true,
        passwordHash: "x",
        totpSecret: "JBSWY3DPEHPK3PXP",
        totpEnabledAt: clock,
        language: "de",
      })
      .returning({ id: staffUser.id });
    await database.db.insert(staffRecoveryCode).values({ userId: user!.id, codeHash: sha256("code") });
    const session = await aStaffSession(database, { role: "manager", now: clock });
    await database.db
      .update(staffSession)
      .set({ userId: user!.id })
      .where(eq(staffSession.userId, session.userId));
    return { id: user!.id, email, session };
  }
  const reset = (headers: Headers, id: number, what: "reset-password" | "reset-second-factor") =>
    app.inject({ method: "POST", url: `/api/backoffice/users/${id}/${what}`, headers });

  it("turns the second factor off: codes removed, sessions ended, the user told by mail, audited", async () => {
    const user = await activeWithTotp();
    expect((await reset(manager.headers, user.id, "reset-second-factor")).statusCode).toBe(403);
    const res = await reset(owner.headers, user.id, "reset-second-factor");
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await database.db.select().from(staffUser).where(eq(staffUser.id, user.id));
    expect({ secret: row?.totpSecret, enabled: row?.totpEnabledAt }).toEqual({ secret: null, enabled: null });
    expect(
      await database.db.select().from(staffRecoveryCode).where(eq(staffRecoveryCode.userId, user.id)),
    ).toEqual([]);
    expect(await database.db.select().from(staffSession).where(eq(staffSession.userId, user.id))).toEqual([]);
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mail?.subject).toBe("Ihr zweiter Faktor im Backoffice wurde ausgeschaltet");
    expect(await lastAudit(user.id)).toMatchObject({ action: "user.reset_second_factor" });
    expect((await reset(owner.headers, user.id, "reset-second-factor")).statusCode).toBe(409);
  });

  it("resets the password: sessions ended, a 30-minute single-use link mailed, audited", async () => {
    const user = await activeWithTotp();
    const res = await reset(owner.headers, user.id, "reset-password");
    expect(res.statusCode, res.body).toBe(200);
    expect(await database.db.select().from(staffSession).where(eq(staffSession.userId, user.id))).toEqual([]);
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    const token = /\/admin\/setup\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1] ?? "";
    const live = await findStaffToken(database.db, token, clock);
    expect(live).toMatchObject({ userId: user.id, purpose: "reset" });
    expect(live?.expiresAt.getTime()).toBe(clock.getTime() + 30 * 60_000);
    expect(await lastAudit(user.id)).toMatchObject({ action: "user.reset_password" });
    // An invited user has no password to reset: the invitation is the way in.
    expect((await reset(owner.headers, await invited(), "reset-password")).statusCode).toBe(409);
  });
});
