import { TRADE_COOKIE } from "@alloggio/domain/contract/trade/login";
import { TRADE_RESET_TOKEN_TTL_MS } from "@alloggio/domain/trade/agency-rules";
import { createTestApp } from "@alloggio/test-kit/app";
import {
  aTradeCustomer,
  buildProperty,
  DIRECT_CHANNEL_ID,
  seedProperty,
  TRADE_CHANNEL_ID,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from "@alloggio/test-kit/mail";
import { aStaffSession } from "@alloggio/test-kit/staff";
import {
  aTradeSession,
  aTradeUser,
  enableTradeCustomer,
  TRADE_TEST_PASSWORD,
} from "@alloggio/test-kit/trade";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import {
  hotel,
  mailOutbox,
  tradeCustomer,
  tradePasswordToken,
  tradeSession,
  tradeUser,
} from "../../db/schema";
import type { App } from "../../http/app";
import { ACCOUNT_MAX_FAILURES } from "../credentials";
import { createSmtpTransport, type MailTransport } from "../mail/transport";
import { deliverDueMail } from "../voucher-pdf";
import { RETRIEVE_PER_ADDRESS, RETRIEVE_PER_LOGIN, SIGN_UP_PER_ADDRESS } from "./account";

let database: Database;
let app: App;
let smtp: TestSmtpServer;
let transport: MailTransport;
let clock = new Date("2030-01-05T10:00:00Z");
const now = () => clock;
const agency = aTradeCustomer({ agencyType: 1, name: "Recovery Travel Srl" });
const property = buildProperty({ tradeCustomers: [agency] });
const NEW_PASSWORD = "Recovered-Pass-7";
let seq = 0;
const nextAddress = () => `10.9.${Math.floor(++seq / 250)}.${seq % 250}`;

const post = (url: string, payload: Record<string, unknown>, address = nextAddress()) =>
  app.inject({ method: "POST", url, payload, remoteAddress: address });
const retrieve = (login: string, extra: Record<string, unknown> = {}, address?: string) =>
  post("/api/agency/retrievePwd", { login, channel: TRADE_CHANNEL_ID, ...extra }, address);
const reset = (token: string, password = NEW_PASSWORD, confirmation = password) =>
  post("/api/agency/resetPwd", { token, password, confirmation });
const login = (username: string, password: string) =>
  post("/api/login.do", { method: "login", username, password, channel: TRADE_CHANNEL_ID });

/** Delivers the outbox over SMTP and answers the mails received since `from`. */
async function delivered(from: number): Promise<ReceivedMail[]> {
  await deliverDueMail(database, transport, clock, 100);
  return smtp.received.slice(from);
}
const tokenOf = (mail: ReceivedMail): string => {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no token in ${mail.text}`);
  return match[1];
};
const outboxCount = async () => (await database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;

async function anAgent(options: { email?: string; mustChangePassword?: boolean } = {}) {
  return aTradeUser(database, {
    customerId: agency.id,
    passwordChangedAt: clock,
    ...(options.email ? { email: options.email } : {}),
    ...(options.mustChangePassword ? { mustChangePassword: true } : {}),
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, property);
  await database.db
    .update(tradeCustomer)
    .set({ status: "approved", country: "IT", email: "info@recovery.example", vatNumber: "IT01234567890" })
    .where(eq(tradeCustomer.id, agency.id));
  await enableTradeCustomer(database, agency.id, [{ hotel: property.hotel.id, channel: TRADE_CHANNEL_ID }]);
  app = await createTestApp(database, now);
  smtp = await startTestSmtpServer();
  transport = createSmtpTransport(smtp.url);
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

describe("POST /api/agency/retrievePwd and /api/agency/resetPwd (SPEC §7, §8; ADR 0033)", () => {
  it("mails a link in the account's language; the link sets a new password once, ends every session, and logs in", async () => {
    const agent = await anAgent({ mustChangePassword: true });
    const session = await aTradeSession(database, {
      userId: agent.id,
      channel: TRADE_CHANNEL_ID,
      now: clock,
    });
    const before = smtp.received.length;
    const res = await retrieve(agent.username);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: true, validMinutes: 30 });
    const [mail, ...more] = await delivered(before);
    expect(more).toHaveLength(0);
    expect(mail?.to).toContain(`${agent.username}@agency.test`);
    // Italian: the account's country is IT (the back office's language rule).
    expect(mail?.subject).toMatch(/Scegli una nuova password/);
    expect(mail?.text).toContain(`/channel/${TRADE_CHANNEL_ID}/language/2/agency/password#token=`);
    const token = tokenOf(mail as ReceivedMail);
    const [stored] = await database.db
      .select()
      .from(tradePasswordToken)
      .where(eq(tradePasswordToken.tradeUserId, agent.id));
    // Only the hash is stored, and it lasts 30 minutes.
    expect(stored?.tokenHash).not.toBe(token);
    expect(stored?.tokenHash).toHaveLength(64);
    expect(stored?.expiresAt.getTime()).toBe(clock.getTime() + TRADE_RESET_TOKEN_TTL_MS);

    const done = await reset(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ username: agent.username, channel: TRADE_CHANNEL_ID });
    const sessions = await database.db
      .select()
      .from(tradeSession)
      .where(eq(tradeSession.tradeUserId, agent.id));
    expect(sessions).toHaveLength(0);
    const [row] = await database.db.select().from(tradeUser).where(eq(tradeUser.id, agent.id));
    expect(row?.mustChangePassword).toBe(false);
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/login.do",
          payload: { method: "loggedUser" },
          cookies: { [TRADE_COOKIE]: session.token },
        })
      ).json(),
    ).toEqual({ user: { id: 0 } });
    expect((await login(agent.username, TRADE_TEST_PASSWORD)).statusCode).toBe(401);
    const again = await login(agent.username, NEW_PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.mustChangePassword).toBe(false);

    // Single use.
    const twice = await reset(token, "Another-Pass-8");
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.code).toBe("token_invalid");
  });

  it("finds the account by its e-mail too, whatever its case", async () => {
    const agent = await anAgent({ email: "Mixed.Case@Agency.test" });
    const before = smtp.received.length;
    expect((await retrieve("  mixed.case@agency.TEST ")).statusCode).toBe(200);
    const mails = await delivered(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(agent.username);
  });

  it("finds the users of an account by the account's e-mail, and mails them at their own address", async () => {
    const agent = await anAgent({ email: "own-address@agency.test" });
    const before = smtp.received.length;
    expect((await retrieve("INFO@recovery.example")).statusCode).toBe(200);
    const mails = await delivered(before);
    expect(
      mails.some((m) => m.to.includes("own-address@agency.test") && m.text.includes(agent.username)),
    ).toBe(true);
    expect(mails.some((m) => m.to.includes("info@recovery.example"))).toBe(false);
  });

  it("answers the same for an unknown username and sends nothing; an unknown e-mail hears so in its own mailbox only", async () => {
    const agent = await anAgent();
    const known = await retrieve(agent.username);
    const before = smtp.received.length;
    const countBefore = await outboxCount();
    const unknown = await retrieve("nobody-here");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await outboxCount()).toBe(countBefore);
    // SPEC §8 "e-mail not found": told to that address, by mail, in the page's language (ADR 0033).
    const unknownMail = await retrieve("stranger@nowhere.example", { language: 3 });
    expect(unknownMail.json()).toEqual(known.json());
    const mails = (await delivered(before)).filter((m) => m.to.includes("stranger@nowhere.example"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/Passwort-Wiederherstellung/);
    expect(mails[0]?.text).not.toMatch(/#token=/);
  });

  it("sends nothing for a disabled user or on a direct channel, with the same answer", async () => {
    const agent = await anAgent();
    await database.db.update(tradeUser).set({ disabledAt: clock }).where(eq(tradeUser.id, agent.id));
    const countBefore = await outboxCount();
    const disabled = await retrieve(agent.username);
    const direct = await retrieve((await anAgent()).username, { channel: DIRECT_CHANNEL_ID });
    expect([disabled.statusCode, direct.statusCode]).toEqual([200, 200]);
    expect(disabled.json()).toEqual({ accepted: true, validMinutes: 30 });
    expect(direct.json()).toEqual(disabled.json());
    expect(await outboxCount()).toBe(countBefore);
  });

  it("a link expires after 30 minutes, and a newer link replaces an older one", async () => {
    const agent = await anAgent();
    const before = smtp.received.length;
    await retrieve(agent.username);
    await retrieve(agent.username);
    const [first, second] = await delivered(before);
    expect((await reset(tokenOf(first as ReceivedMail))).json().error.code).toBe("token_invalid");
    const start = clock;
    clock = new Date(start.getTime() + TRADE_RESET_TOKEN_TTL_MS);
    try {
      const late = await reset(tokenOf(second as ReceivedMail));
      expect(late.statusCode).toBe(400);
      expect(late.json().error.details).toEqual([{ field: "token", message: "unknown, used or expired" }]);
    } finally {
      clock = start;
    }
    expect((await login(agent.username, TRADE_TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("lifts the lockout of the username: the lock mails the link, and the owner signs in at once with the new password", async () => {
    const agent = await anAgent();
    const before = smtp.received.length;
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) await login(agent.username, "Wrong-Pass-1");
    expect((await login(agent.username, TRADE_TEST_PASSWORD)).json().error.code).toBe("too_many_attempts");
    // The failure that locked the account mailed its user the reset link (the only one: no other mail).
    const mails = await delivered(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect((await reset(tokenOf(mail as ReceivedMail))).statusCode).toBe(200);
    const after = await login(agent.username, NEW_PASSWORD);
    expect(after.statusCode, after.body).toBe(200);
  });

  it("applies the policy to the new password (each broken rule, the confirmation, not the current one)", async () => {
    const agent = await anAgent();
    const before = smtp.received.length;
    await retrieve(agent.username);
    const [mail] = await delivered(before);
    const token = tokenOf(mail as ReceivedMail);
    const weak = await reset(token, "weak");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe("password_policy");
    expect(weak.json().error.details).toEqual(
      expect.arrayContaining([
        { field: "password", message: "too_short" },
        { field: "password", message: "no_upper" },
      ]),
    );
    const mismatch = await reset(token, NEW_PASSWORD, "Other-Pass-9");
    expect(mismatch.json().error.details).toEqual([
      { field: "confirmation", message: "confirmation_mismatch" },
    ]);
    const same = await reset(token, TRADE_TEST_PASSWORD);
    expect(same.json().error.details).toEqual([{ field: "password", message: "same_as_old" }]);
    // The refusals did not use the link.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it(`limits one address to ${RETRIEVE_PER_ADDRESS} requests (429), and one login to ${RETRIEVE_PER_LOGIN} mails (silently)`, async () => {
    const address = nextAddress();
    const answers = [];
    for (let i = 0; i <= RETRIEVE_PER_ADDRESS; i++)
      answers.push((await retrieve(`someone-${i}`, {}, address)).statusCode);
    expect(answers).toEqual([...Array(RETRIEVE_PER_ADDRESS).fill(200), 429]);
    const agent = await anAgent();
    const countBefore = await outboxCount();
    for (let i = 0; i < RETRIEVE_PER_LOGIN + 2; i++)
      expect((await retrieve(agent.username)).statusCode).toBe(200);
    expect((await outboxCount()) - countBefore).toBe(RETRIEVE_PER_LOGIN);
  });

  it("names the field of a malformed body (400)", async () => {
    const res = await post("/api/agency/retrievePwd", { channel: TRADE_CHANNEL_ID });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/login/);
    expect(
      (await post("/api/agency/resetPwd", { token: "short", password: "x", confirmation: "x" })).statusCode,
    ).toBe(400);
  });
});

const signUp = (extra: Record<string, unknown> = {}) => ({
  channel: TRADE_CHANNEL_ID,
  type: 1,
  name: "Viaggi Nuovi Srl",
  address: "Via Roma 1",
  zip: "37121",
  city: "Verona",
  country: "IT",
  email: `info${++seq}@viagginuovi.example`,
  phone: "+39 045 000 0000",
  referentName: "Anna Neri",
  referentEmail: `anna${seq}@viagginuovi.example`,
  vatNumber: "IT 01234567890",
  iataCode: "",
  username: `nuovi${seq}`,
  password: "Nuovi-Viaggi-1",
  confirmation: "Nuovi-Viaggi-1",
  ...extra,
});

describe("POST /api/agency/askApproval (SPEC §3, §5, §8; ADR 0033)", () => {
  it("creates a pending account and user, tells the hotel by mail, and lists it in the back office's pending accounts", async () => {
    const body = signUp();
    const before = smtp.received.length;
    const res = await post("/api/agency/askApproval", body);
    expect(res.statusCode, res.body).toBe(201);
    const { id, status } = res.json();
    expect(status).toBe("pending");
    const [customer] = await database.db.select().from(tradeCustomer).where(eq(tradeCustomer.id, id));
    expect(customer).toMatchObject({
      status: "pending",
      channelId: TRADE_CHANNEL_ID,
      name: "Viaggi Nuovi Srl",
      vatNumber: "IT01234567890",
      iataCode: null,
      referentName: "Anna Neri",
    });
    const [user] = await database.db.select().from(tradeUser).where(eq(tradeUser.tradeCustomerId, id));
    expect(user).toMatchObject({
      username: body.username,
      email: body.referentEmail,
      mustChangePassword: false,
    });
    // Pending: the chosen password does not log in until the property approves the account, and says so.
    const waiting = await login(body.username as string, body.password as string);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json().error.code).toBe("trade_awaiting_approval");
    const mails = (await delivered(before)).filter((m) => m.to.includes(property.hotel.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("Viaggi Nuovi Srl");
    expect(mails[0]?.text).toContain(`/admin/trade/${id}`);
    const owner = await aStaffSession(database, { role: "owner", now: clock });
    const pending = await app.inject({
      method: "GET",
      url: "/api/backoffice/trade/accounts?status=pending",
      headers: owner.cookieOnly,
    });
    expect(pending.json().accounts.map((a: { id: number }) => a.id)).toContain(id);
  });

  it("tells the hotel in the hotel's mail language, not the one of its country", async () => {
    await database.db
      .update(hotel)
      .set({ settings: sql`settings || '{"mailLanguage":"de"}'::jsonb` })
      .where(eq(hotel.id, property.hotel.id));
    try {
      const before = smtp.received.length;
      const res = await post("/api/agency/askApproval", signUp());
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = (await delivered(before)).filter((m) => m.to.includes(property.hotel.email));
      expect(mail?.subject).toBe("Neue Anfrage für ein Trade-Konto: Viaggi Nuovi Srl");
    } finally {
      await database.db
        .update(hotel)
        .set({ settings: sql`settings - 'mailLanguage'` })
        .where(eq(hotel.id, property.hotel.id));
    }
  });

  it("accepts an IATA code instead of a VAT number, and refuses neither (SPEC §5)", async () => {
    const iata = await post("/api/agency/askApproval", signUp({ vatNumber: null, iataCode: "38212345" }));
    expect(iata.statusCode, iata.body).toBe(201);
    const neither = await post("/api/agency/askApproval", signUp({ vatNumber: "", iataCode: " " }));
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error).toMatchObject({
      code: "invalid_sign_up",
      details: [{ field: "vatNumber", message: "vat_or_iata_required" }],
    });
  });

  it("refuses a password that breaks the policy, and names each missing field", async () => {
    const weak = await post("/api/agency/askApproval", signUp({ password: "weak", confirmation: "weak" }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe("password_policy");
    const missing = await post("/api/agency/askApproval", signUp({ name: "", referentEmail: "nope" }));
    expect(missing.json().error.details).toEqual([
      { field: "name", message: "required" },
      { field: "referentEmail", message: "invalid_email" },
    ]);
    const bad = await post("/api/agency/askApproval", { ...signUp(), type: 3 });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 409 email_taken for an e-mail an account or user already has (SPEC §8), and 409 username_taken", async () => {
    const first = signUp();
    expect((await post("/api/agency/askApproval", first)).statusCode).toBe(201);
    for (const clash of [
      { email: String(first.email).toUpperCase() },
      { referentEmail: first.referentEmail },
      { email: "info@recovery.example" },
    ]) {
      const res = await post("/api/agency/askApproval", signUp(clash));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: "email_taken", details: [{ field: "email" }] });
    }
    const name = await post(
      "/api/agency/askApproval",
      signUp({ username: String(first.username).toUpperCase() }),
    );
    expect(name.statusCode).toBe(409);
    expect(name.json().error.code).toBe("username_taken");
  });

  it("refuses a direct channel (400 naming channel)", async () => {
    const res = await post("/api/agency/askApproval", signUp({ channel: DIRECT_CHANNEL_ID }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: "channel", message: "not a trade channel" }]);
  });

  it(`limits one address to ${SIGN_UP_PER_ADDRESS} sign-ups an hour (429)`, async () => {
    const address = nextAddress();
    const codes = [];
    for (let i = 0; i <= SIGN_UP_PER_ADDRESS; i++)
      codes.push((await post("/api/agency/askApproval", signUp({ name: "" }), address)).statusCode);
    expect(codes).toEqual([...Array(SIGN_UP_PER_ADDRESS).fill(400), 429]);
  });
});

describe("the trade login's progressive delay", () => {
  it("waits 0.25 s more for each failure already counted on the account, none on the first try", async () => {
    const waits: number[] = [];
    const delayed = await createTestApp(database, now, {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    try {
      const agent = await anAgent();
      for (let i = 0; i < 4; i++)
        await delayed.inject({
          method: "POST",
          url: "/api/login.do",
          payload: {
            method: "login",
            username: agent.username,
            password: "Wrong-Pass-1",
            channel: TRADE_CHANNEL_ID,
          },
          remoteAddress: nextAddress(),
        });
      expect(waits).toEqual([250, 500, 750]);
    } finally {
      await delayed.close();
    }
  });
});

describe("the account calls in /api/docs", () => {
  it("are documented under the trade tag", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, { post?: { tags?: string[] } }>;
    };
    for (const path of ["/api/agency/retrievePwd", "/api/agency/resetPwd", "/api/agency/askApproval"])
      expect(doc.paths[path]?.post?.tags).toEqual(["trade"]);
  });
});
