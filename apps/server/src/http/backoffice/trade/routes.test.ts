import { passwordProblems } from "@alloggio/domain/auth/password-policy";
import { TRADE_COOKIE } from "@alloggio/domain/contract/trade/login";
import { createTestApp } from "@alloggio/test-kit/app";
import {
  aHotel,
  aTradeCustomer,
  buildProperty,
  DIRECT_CHANNEL_ID,
  seedProperty,
  TRADE_CHANNEL_ID,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession, type StaffSession } from "@alloggio/test-kit/staff";
import {
  aTradeSession,
  aTradeUser,
  enableTradeCustomer,
  TRADE_TEST_PASSWORD,
} from "@alloggio/test-kit/trade";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import {
  auditLog,
  channel,
  hotelGroup,
  mailOutbox,
  tradeCustomer,
  tradeCustomerHotel,
  tradeSession,
  tradeUser,
} from "../../../db/schema";
import { temporaryPassword } from "../../../features/backoffice/trade/service";
import { verifyPassword } from "../../../features/credentials";
import type { App } from "../../app";

let database: Database;
let app: App;
const clock = new Date("2030-01-10T10:00:00Z");

const pending = aTradeCustomer({ name: "Agence Soleil" });
const approvedA = aTradeCustomer({ name: "Alpha Travel" });
const approvedB = aTradeCustomer({ name: "Beta Voyages" });
const toRefuse = aTradeCustomer({ name: "Refusable Tours" });
const propertyA = buildProperty({
  hotel: aHotel({ name: "Alpha Hotel" }),
  tradeCustomers: [pending, approvedA, approvedB, toRefuse],
});
const propertyB = buildProperty({ hotel: aHotel({ name: "Beta Hotel" }) });
const A = propertyA.hotel.id;
const B = propertyB.hotel.id;
const OTHER_CHANNEL = 902;
const OTHER_ACCOUNT = 99_001;

let owner: StaffSession;
let manager: StaffSession;
let reception: StaffSession;
let managerA: StaffSession;
let managerB: StaffSession;
let otherOwner: StaffSession;
let pendingUser: { id: number; username: string };
let agentA: { id: number; username: string };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  await seedProperty(database, propertyA);
  await seedProperty(database, propertyB);
  const set = (id: number, values: Partial<typeof tradeCustomer.$inferInsert>) =>
    database.db.update(tradeCustomer).set(values).where(eq(tradeCustomer.id, id));
  await set(pending.id, {
    status: "pending",
    country: "FR",
    email: "contact@soleil.example",
    referentName: "Marie Dupont",
    vatNumber: "FR12345678901",
    iataCode: "20212345",
  });
  await set(toRefuse.id, { status: "pending", country: "IT", email: "info@refusable.example" });
  await set(approvedA.id, { status: "approved", country: "IT", email: "alpha@travel.example" });
  await set(approvedB.id, { status: "approved", country: "DE", email: "beta@voyages.example" });
  await enableTradeCustomer(database, approvedA.id, [{ hotel: A, channel: TRADE_CHANNEL_ID }]);
  await enableTradeCustomer(database, approvedB.id, [{ hotel: B, channel: TRADE_CHANNEL_ID }]);
  pendingUser = await aTradeUser(database, { customerId: pending.id, email: "marie@soleil.example" });
  agentA = await aTradeUser(database, { customerId: approvedA.id });
  // Another group, with a trade channel and an account of its own.
  await database.db.insert(hotelGroup).values({ id: 2, name: "Other Group" }).onConflictDoNothing();
  await database.db.insert(channel).values({
    id: OTHER_CHANNEL,
    groupId: 2,
    name: "Other trade",
    kind: "trade",
    colors: { primary: "#000000", secondary: "#ffffff" },
  });
  await database.db
    .insert(tradeCustomer)
    .values({ id: OTHER_ACCOUNT, channelId: OTHER_CHANNEL, name: "Elsewhere Agency", agencyType: 1 });
  owner = await aStaffSession(database, { role: "owner", now: clock });
  manager = await aStaffSession(database, { role: "manager", now: clock });
  reception = await aStaffSession(database, { role: "reception", now: clock });
  managerA = await aStaffSession(database, { role: "manager", hotels: [A], now: clock });
  managerB = await aStaffSession(database, { role: "manager", hotels: [B], now: clock });
  otherOwner = await aStaffSession(database, { role: "owner", groupId: 2, now: clock });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Headers = Record<string, string>;
const base = "/api/backoffice/trade/accounts";
const list = (headers: Headers, query = "") => app.inject({ method: "GET", url: `${base}${query}`, headers });
const detail = (headers: Headers, id: number) => app.inject({ method: "GET", url: `${base}/${id}`, headers });
const post = (headers: Headers, id: number, action: string, body: Record<string, unknown> = {}) =>
  app.inject({ method: "POST", url: `${base}/${id}/${action}`, headers, payload: body });
const put = (headers: Headers, id: number, what: "hotels" | "pricing", body: Record<string, unknown>) =>
  app.inject({ method: "PUT", url: `${base}/${id}/${what}`, headers, payload: body });
const reset = (headers: Headers, id: number, userId: number) =>
  app.inject({ method: "POST", url: `${base}/${id}/users/${userId}/reset-password`, headers });

/** Every route once, for the role and session checks (on an account that exists). */
const everyRoute = (headers: Headers, id: number, userId: number) => [
  () => list(headers),
  () => detail(headers, id),
  () => post(headers, id, "approve"),
  () => post(headers, id, "refuse", { reason: "No" }),
  () => put(headers, id, "hotels", { enabled: [] }),
  () => put(headers, id, "pricing", { extraDiscountPercent: 1, commissionPercent: 1 }),
  () => post(headers, id, "disable"),
  () => post(headers, id, "enable"),
  () => reset(headers, id, userId),
];

const lastAudit = async (entity: string, entityId: number) => {
  const [row] = await database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};
const mailsTo = (to: string) =>
  database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
let address = 0;
const tradeLogin = (username: string, password: string) =>
  app.inject({
    method: "POST",
    url: "/api/login.do",
    payload: { method: "login", username, password, channel: TRADE_CHANNEL_ID },
    remoteAddress: `10.9.0.${++address}`,
  });
const statusOf = async (id: number) =>
  (await database.db.select().from(tradeCustomer).where(eq(tradeCustomer.id, id)))[0]?.status;

describe("who may use the trade accounts routes", () => {
  it("refuses reception every route with 403", async () => {
    for (const call of everyRoute(reception.headers, approvedA.id, agentA.id)) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe("staff_forbidden");
    }
  });

  it("answers 401 without a session and 403 for a change without the CSRF token", async () => {
    for (const call of everyRoute({}, approvedA.id, agentA.id)) {
      const res = await call();
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("staff_sign_in_required");
    }
    const changes = everyRoute(owner.cookieOnly, approvedA.id, agentA.id).slice(2);
    for (const call of changes) {
      const res = await call();
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("csrf_failed");
    }
    expect(await statusOf(approvedA.id)).toBe("approved");
  });

  it("lets an owner and a manager list the group's accounts, pending sign-ups first, with counts", async () => {
    for (const who of [owner, manager]) {
      const res = await list(who.cookieOnly);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const names = body.accounts.map((a: { name: string }) => a.name);
      expect(names.slice(0, 2)).toEqual(["Agence Soleil", "Refusable Tours"]);
      expect(names).toContain("Alpha Travel");
      expect(names).not.toContain("Elsewhere Agency");
      expect(body.counts.pending).toBe(2);
      expect(body.accounts[0]).toMatchObject({ status: "pending", vatNumber: "FR12345678901", hotels: [] });
    }
  });

  it("filters by status and by name, e-mail, VAT or IATA, and pages", async () => {
    const byStatus = (await list(owner.cookieOnly, "?status=approved")).json();
    expect(byStatus.accounts.every((a: { status: string }) => a.status === "approved")).toBe(true);
    expect(byStatus.total).toBe(byStatus.counts.approved);
    for (const q of ["soleil", "FR123456", "20212345", "CONTACT@SOLEIL"]) {
      const found = (await list(owner.cookieOnly, `?q=${encodeURIComponent(q)}`)).json();
      expect(found.accounts.map((a: { id: number }) => a.id)).toEqual([pending.id]);
    }
    const page = (await list(owner.cookieOnly, "?pageSize=20&page=2")).json();
    expect(page.accounts).toEqual([]);
    expect(page.page).toBe(2);
  });

  it("answers 400 naming the field for a bad query", async () => {
    for (const [query, field] of [
      ["?status=gone", "status"],
      ["?pageSize=7", "pageSize"],
      ["?page=0", "page"],
    ] as const) {
      const res = await list(owner.cookieOnly, query);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain(field);
    }
  });
});

describe("scope: another group, hotel-scoped users", () => {
  it("answers 404 for an account of another group on every route (IDOR), and lists none of ours", async () => {
    const theirs = (await list(otherOwner.cookieOnly)).json();
    expect(theirs.accounts.map((a: { id: number }) => a.id)).toEqual([OTHER_ACCOUNT]);
    for (const call of everyRoute(owner.headers, OTHER_ACCOUNT, agentA.id).slice(1)) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(404);
    }
    for (const call of everyRoute(otherOwner.headers, approvedA.id, agentA.id).slice(1)) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await statusOf(approvedA.id)).toBe("approved");
  });

  it("shows a hotel-scoped user only the accounts enabled for their hotels, and 404 for the others", async () => {
    const seen = (await list(managerA.cookieOnly)).json();
    expect(seen.accounts.map((a: { id: number }) => a.id)).toEqual([approvedA.id]);
    expect(seen.counts).toEqual({ pending: 0, approved: 1, refused: 0, disabled: 0 });
    expect((await detail(managerA.cookieOnly, approvedB.id)).statusCode).toBe(404);
    expect((await post(managerA.headers, approvedB.id, "disable")).statusCode).toBe(404);
    expect(
      (
        await put(managerA.headers, approvedB.id, "pricing", {
          extraDiscountPercent: 3,
          commissionPercent: 3,
        })
      ).statusCode,
    ).toBe(404);
    expect((await detail(managerB.cookieOnly, approvedA.id)).statusCode).toBe(404);
  });

  it("lets a hotel-scoped user enable only their own hotels, keeping the others' pairs", async () => {
    await enableTradeCustomer(database, approvedB.id, [{ hotel: A, channel: TRADE_CHANNEL_ID }]);
    const mine = await detail(managerA.cookieOnly, approvedB.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().hotels).toEqual([{ id: A, name: "Alpha Hotel" }]);
    expect(mine.json().options.find((o: { hotelId: number }) => o.hotelId === B).mine).toBe(false);
    const foreign = await put(managerA.headers, approvedB.id, "hotels", {
      enabled: [{ hotelId: B, channelId: TRADE_CHANNEL_ID }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details[0].field).toBe("enabled");
    const direct = await put(managerA.headers, approvedB.id, "hotels", {
      enabled: [{ hotelId: A, channelId: DIRECT_CHANNEL_ID }],
    });
    expect(direct.statusCode).toBe(400);
    const cleared = await put(managerA.headers, approvedB.id, "hotels", { enabled: [] });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().enabled).toEqual([{ hotelId: B, channelId: TRADE_CHANNEL_ID }]);
    expect((await detail(managerA.cookieOnly, approvedB.id)).statusCode).toBe(404);
  });
});

describe("approve and refuse", () => {
  it("approves a sign-up: status, hotels enabled, a mail in the agency's language, an audit entry", async () => {
    const before = await detail(owner.cookieOnly, pending.id);
    expect(before.json()).toMatchObject({ status: "pending", language: "fr", enabled: [] });
    expect(before.json().users.map((u: { username: string }) => u.username)).toEqual([pendingUser.username]);
    const res = await post(owner.headers, pending.id, "approve", {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("approved");
    expect(res.json().enabled).toEqual([
      { hotelId: A, channelId: TRADE_CHANNEL_ID },
      { hotelId: B, channelId: TRADE_CHANNEL_ID },
    ]);
    const [mail] = await mailsTo("contact@soleil.example");
    expect(mail?.subject).toContain("approuvé");
    expect(mail?.text).toContain(pendingUser.username);
    // The agency area (with its login), in French: language 4 of the web's routes.
    expect(mail?.text).toContain(`/channel/${TRADE_CHANNEL_ID}/language/4/agency`);
    const entry = await lastAudit("trade_customer", pending.id);
    expect(entry).toMatchObject({ action: "trade.approve", userId: owner.userId, hotelId: null });
    expect(entry?.before).toMatchObject({ status: "pending", enabled: [] });
    expect(entry?.after).toMatchObject({ status: "approved" });
    // Once approved, it cannot be approved or refused again.
    const again = await post(owner.headers, pending.id, "approve", {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details[0].field).toBe("status");
    expect((await post(owner.headers, pending.id, "refuse", { reason: "late" })).statusCode).toBe(409);
  });

  it("approves with the hotels chosen, and refuses pairs that are not the group's trade channels (400)", async () => {
    const bad = await post(owner.headers, toRefuse.id, "approve", {
      enabled: [{ hotelId: A, channelId: OTHER_CHANNEL }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe("enabled");
    const shape = await post(owner.headers, toRefuse.id, "approve", { enabled: [{ hotel: A }] });
    expect(shape.statusCode).toBe(400);
    expect(JSON.stringify(shape.json().error)).toContain("enabled");
    expect(await statusOf(toRefuse.id)).toBe("pending");
  });

  it("refuses a sign-up with a reason, mailed in the agency's language and audited", async () => {
    const empty = await post(owner.headers, toRefuse.id, "refuse", { reason: "  " });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().error)).toContain("reason");
    const res = await post(manager.headers, toRefuse.id, "refuse", { reason: "Partita IVA non valida" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("refused");
    const [mail] = await mailsTo("info@refusable.example");
    expect(mail?.subject).toContain("richiesta");
    expect(mail?.text).toContain("Partita IVA non valida");
    const entry = await lastAudit("trade_customer", toRefuse.id);
    expect(entry).toMatchObject({ action: "trade.refuse", userId: manager.userId });
    expect(entry?.after).toMatchObject({ status: "refused", reason: "Partita IVA non valida" });
  });
});

describe("terms, disabling and passwords", () => {
  it("sets the extra discount and the commission (0–100, two decimals) and audits the change", async () => {
    const res = await put(owner.headers, approvedA.id, "pricing", {
      extraDiscountPercent: 5,
      commissionPercent: 12.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ extraDiscountPercent: 5, commissionPercent: 12.5 });
    const entry = await lastAudit("trade_customer", approvedA.id);
    expect(entry).toMatchObject({ action: "trade.pricing" });
    expect(entry?.before).toMatchObject({ extraDiscountPercent: 0, commissionPercent: null });
    expect(entry?.after).toMatchObject({ extraDiscountPercent: 5, commissionPercent: 12.5 });
    for (const [body, field] of [
      [{ extraDiscountPercent: 101, commissionPercent: 0 }, "extraDiscountPercent"],
      [{ extraDiscountPercent: 0, commissionPercent: -1 }, "commissionPercent"],
      [{ extraDiscountPercent: 1.234, commissionPercent: 0 }, "extraDiscountPercent"],
      [{ extraDiscountPercent: 1 }, "commissionPercent"],
    ] as const) {
      const bad = await put(owner.headers, approvedA.id, "pricing", body);
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json().error)).toContain(field);
    }
  });

  it("lets a hotel-scoped manager change the terms of an account of their hotel", async () => {
    const res = await put(managerA.headers, approvedA.id, "pricing", {
      extraDiscountPercent: 5,
      commissionPercent: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lastAudit("trade_customer", approvedA.id))?.userId).toBe(managerA.userId);
  });

  it("disables an account (its users logged out) and enables it again, each audited", async () => {
    const session = await aTradeSession(database, {
      userId: agentA.id,
      channel: TRADE_CHANNEL_ID,
      now: clock,
    });
    expect((await tradeLogin(agentA.username, TRADE_TEST_PASSWORD)).statusCode).toBe(200);
    const off = await post(owner.headers, approvedA.id, "disable");
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe("disabled");
    expect(
      await database.db.select().from(tradeSession).where(eq(tradeSession.tradeUserId, agentA.id)),
    ).toEqual([]);
    expect(session.headers.cookie).toContain(TRADE_COOKIE);
    expect(await lastAudit("trade_customer", approvedA.id)).toMatchObject({
      action: "trade.disable",
      before: expect.objectContaining({ status: "approved" }),
      after: expect.objectContaining({ status: "disabled" }),
    });
    const refused = await tradeLogin(agentA.username, TRADE_TEST_PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe("invalid_credentials");
    const on = await post(owner.headers, approvedA.id, "enable");
    expect(on.statusCode).toBe(200);
    expect((await tradeLogin(agentA.username, TRADE_TEST_PASSWORD)).statusCode).toBe(200);
    expect(on.json().status).toBe("approved");
    expect((await lastAudit("trade_customer", approvedA.id))?.action).toBe("trade.enable");
    // A pending or refused account is not disabled or enabled: it is approved or refused.
    expect((await post(owner.headers, toRefuse.id, "disable")).statusCode).toBe(409);
    expect((await post(owner.headers, toRefuse.id, "enable")).statusCode).toBe(409);
  });

  it("resets a user's password: a temporary one mailed, must_change_password set, sessions ended, audited", async () => {
    await aTradeSession(database, { userId: agentA.id, channel: TRADE_CHANNEL_ID, now: clock });
    const res = await reset(owner.headers, approvedA.id, agentA.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mailedTo: `${agentA.username}@agency.test` });
    const [user] = await database.db.select().from(tradeUser).where(eq(tradeUser.id, agentA.id));
    expect(user?.mustChangePassword).toBe(true);
    const [mail] = await mailsTo(`${agentA.username}@agency.test`);
    const temporary = /([A-Za-z0-9_-]{16}-[A-Z][a-z][0-9])/.exec(mail?.text ?? "")?.[1];
    expect(temporary).toBeDefined();
    expect(await verifyPassword(user?.passwordHash ?? "", temporary ?? "")).toBe(true);
    expect(
      await database.db.select().from(tradeSession).where(eq(tradeSession.tradeUserId, agentA.id)),
    ).toEqual([]);
    // The temporary password logs in, and the login asks for a new one.
    const login = await tradeLogin(agentA.username, temporary ?? "");
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.mustChangePassword).toBe(true);
    const entry = await lastAudit("trade_user", agentA.id);
    expect(entry).toMatchObject({ action: "trade.password_reset" });
    expect(JSON.stringify(entry)).not.toContain(temporary);
    // The user must belong to the account in the path.
    expect((await reset(owner.headers, approvedB.id, agentA.id)).statusCode).toBe(404);
    expect((await reset(owner.headers, approvedA.id, 2_000_000)).statusCode).toBe(404);
    const badId = await reset(owner.headers, approvedA.id, 0);
    expect(badId.statusCode).toBe(400);
    expect(JSON.stringify(badId.json().error)).toContain("userId");
  });

  it("makes temporary passwords that meet the policy", () => {
    const seen = new Set(Array.from({ length: 20 }, temporaryPassword));
    expect(seen.size).toBe(20);
    for (const password of seen) expect(passwordProblems({ password })).toEqual([]);
  });

  it("keeps the enabled pairs consistent in the table", async () => {
    const rows = await database.db
      .select()
      .from(tradeCustomerHotel)
      .where(eq(tradeCustomerHotel.tradeCustomerId, pending.id));
    expect(rows).toHaveLength(2);
  });
});

describe("API docs", () => {
  it("lists every trade route under the back office's tag", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const at = "/api/backoffice/trade/accounts";
    for (const [path, method] of [
      [at, "get"],
      [`${at}/{accountId}`, "get"],
      [`${at}/{accountId}/approve`, "post"],
      [`${at}/{accountId}/refuse`, "post"],
      [`${at}/{accountId}/hotels`, "put"],
      [`${at}/{accountId}/pricing`, "put"],
      [`${at}/{accountId}/disable`, "post"],
      [`${at}/{accountId}/enable`, "post"],
      [`${at}/{accountId}/users/{userId}/reset-password`, "post"],
    ] as const)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(["back office"]);
  });
});
