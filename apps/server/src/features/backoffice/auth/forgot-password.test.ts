import { createTestApp } from "@alloggio/test-kit/app";
import { buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { mailOutbox, staffUser } from "../../../db/schema";
import type { App } from "../../../http/app";
import { hashPassword } from "../../credentials";
import { FORGOT_PER_ADDRESS, FORGOT_PER_EMAIL } from "./forgot-password";

let database: Database;
let app: App;
let clock = new Date("2030-02-10T10:00:00Z");
let seq = 0;
const nextAddress = () => `10.44.${Math.floor(++seq / 250)}.${seq % 250}`;
const NEW_PASSWORD = "Brand-New-Horse-3";

const forgot = (email: string, address = nextAddress()) =>
  app.inject({
    method: "POST",
    url: "/api/backoffice/forgot-password",
    payload: { email },
    remoteAddress: address,
  });
const mailsTo = (email: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const tokenIn = (text: string) => /\/admin\/setup\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";
const setPassword = (token: string) =>
  app.inject({
    method: "POST",
    url: `/api/backoffice/setup/${token}`,
    payload: { password: NEW_PASSWORD, confirmation: NEW_PASSWORD },
    remoteAddress: nextAddress(),
  });

async function aUser(options: { disabled?: boolean; language?: string } = {}) {
  const email = `forgot${++seq}@signin.test`;
  await database.db.insert(staffUser).values({
    groupId: 1,
    email,
    name: "Forgetful",
    role: "manager",
    allHotels: true,
    passwordHash: await hashPassword("Old-Horse-Pass-1"),
    language: options.language ?? "en",
    disabledAt: options.disabled ? clock : null,
  });
  return email;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, buildProperty());
  app = await createTestApp(database, () => clock);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("POST /api/backoffice/forgot-password", () => {
  it("answers the same for a user, an unknown e-mail and a disabled user; only the live user gets the link", async () => {
    const user = await aUser({ language: "it" });
    const disabled = await aUser({ disabled: true });
    const answers = await Promise.all([forgot(user), forgot("nobody@signin.test"), forgot(disabled)]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ accepted: true, validMinutes: 30 });
    }
    const [mail] = await mailsTo(user);
    expect(mail?.subject).toBe("Scegli una nuova password del back office");
    expect(await mailsTo("nobody@signin.test")).toHaveLength(0);
    expect(await mailsTo(disabled)).toHaveLength(0);
  });

  it("mails a single-use link valid 30 minutes that sets a new password and signs in", async () => {
    const user = await aUser();
    await forgot(user);
    const token = tokenIn((await mailsTo(user))[0]?.text ?? "");
    const done = await setPassword(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().state).toBe("signed_in");
    expect((await setPassword(token)).statusCode).toBe(404);
    const signIn = await app.inject({
      method: "POST",
      url: "/api/backoffice/sign-in",
      payload: { email: user, password: NEW_PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(signIn.statusCode).toBe(200);
    // A link older than 30 minutes no longer works.
    const late = await aUser();
    await forgot(late);
    const lateToken = tokenIn((await mailsTo(late))[0]?.text ?? "");
    const start = clock;
    clock = new Date(start.getTime() + 30 * 60_000 + 1000);
    try {
      expect((await setPassword(lateToken)).statusCode).toBe(404);
    } finally {
      clock = start;
    }
  });

  it("sends at most a few mails per e-mail (silently) and refuses an address that asks too often (429)", async () => {
    const user = await aUser();
    for (let i = 0; i < FORGOT_PER_EMAIL + 2; i++) expect((await forgot(user)).statusCode).toBe(200);
    expect(await mailsTo(user)).toHaveLength(FORGOT_PER_EMAIL);
    const address = nextAddress();
    for (let i = 0; i < FORGOT_PER_ADDRESS; i++) await forgot(`spray${i}@signin.test`, address);
    const refused = await forgot("another@signin.test", address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("too_many_attempts");
  });
});
