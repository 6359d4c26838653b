import { TEST_API_KEY, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import { buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession, type StaffSession } from "@alloggio/test-kit/staff";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { auditLog, hotelPaymentSettings } from "../../../db/schema";
import {
  createKeyCipher,
  type DescribeAccount,
  gatewaySettingsOf,
  PaymentAccountError,
} from "../../../features/payments";
import { type App, buildApp } from "../../app";

// A hotel's payment settings in the back office (ADR 0073): owner only; the secret key and the webhook signing
// secret are sealed at rest and never answered (last 4 only); every change audited; "Test the connection".

const clock = new Date("2030-01-05T10:00:00Z");
const SECRET = Buffer.alloc(32, 9).toString("base64");
const SECRET_KEY = "sk_test_51AbCdEfGhIjKlMnOpQrStUv4242";
const PUBLISHABLE_KEY = "pk_test_51AbCdEfGhIjKlMnOpQrStUvWxYz";
const WEBHOOK_SECRET = "whsec_AbCdEfGhIjKlMnOpQrStUvWxYz012345";

const propertyA = buildProperty({ hotel: { name: "Hotel Cassa" } });
const propertyB = buildProperty({ hotel: { name: "Hotel Beta" } });
const hotelA = propertyA.hotel.id;
const hotelB = propertyB.hotel.id;

let database: Database;
let app: App;
let owner: StaffSession;
let ownerOfB: StaffSession;
/** What the test's account look-up was asked, and how it answers next. */
const asked: string[] = [];
let accountAnswer: () => ReturnType<DescribeAccount> = async () => ({
  name: "Hotel Cassa Srl",
  country: "IT",
  live: false,
  methods: ["card", "paypal"],
});
const describeAccount: DescribeAccount = (secretKey) => {
  asked.push(secretKey);
  return accountAnswer();
};

function appWith(options: { secret?: string; liveSite?: boolean } = {}) {
  return buildApp({
    database,
    now: () => clock,
    sleep: async () => {},
    apiKeys: [TEST_API_KEY],
    overrideSecret: TEST_OVERRIDE_SECRET,
    logLevel: "silent",
    publicUrl: "https://book.example.test/",
    describeAccount,
    ...(options.secret ? { paymentKeysSecret: options.secret } : {}),
    ...(options.liveSite ? { liveSite: true } : {}),
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, propertyA);
  await seedProperty(database, propertyB);
  app = await appWith({ secret: SECRET });
  owner = await aStaffSession(database, { role: "owner", hotels: [hotelA], now: clock });
  ownerOfB = await aStaffSession(database, { role: "owner", hotels: [hotelB], now: clock });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const url = (hotel: number, path = "") => `/api/backoffice/hotels/${hotel}/payments${path}`;
const saveKeys = (payload: Record<string, string>, headers = owner.headers, hotel = hotelA, on = app) =>
  on.inject({ method: "PUT", url: url(hotel, "/stripe-keys"), headers, payload });
const chooseGateway = (gateway: string, headers = owner.headers, hotel = hotelA) =>
  app.inject({ method: "PUT", url: url(hotel, "/gateway"), headers, payload: { gateway } });
const removeKeys = (headers = owner.headers, hotel = hotelA) =>
  app.inject({ method: "DELETE", url: url(hotel, "/stripe-keys"), headers });
const read = (headers = owner.headers, hotel = hotelA, on = app) =>
  on.inject({ method: "GET", url: url(hotel), headers });
const testConnection = (headers = owner.headers, hotel = hotelA) =>
  app.inject({ method: "POST", url: url(hotel, "/test-connection"), headers });

const auditOf = (action: string) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.hotelId, hotelA)));

const fullKeys = { secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET };

describe("a hotel's Stripe keys", () => {
  it("reads the sandbox, the webhook address and events to give Stripe before anything is saved", async () => {
    const res = await read();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      gateway: "sandbox",
      stripe: null,
      webhookUrl: "https://book.example.test/api/payments/stripe/webhook",
      webhookEvents: expect.arrayContaining(["checkout.session.completed", "charge.refunded"]),
      canStoreKeys: true,
      liveSite: false,
    });
  });

  it("saves the keys: the answer has the last 4, the mode and the publishable key, never a secret; sealed at rest; audited without one", async () => {
    const res = await saveKeys({ ...fullKeys, secretKey: `  ${SECRET_KEY} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      gateway: "sandbox",
      stripe: {
        mode: "test",
        keyKind: "secret",
        secretKeyLast4: "4242",
        publishableKey: PUBLISHABLE_KEY,
        webhookSecretSet: true,
        updatedAt: clock.toISOString(),
        updatedBy: expect.stringMatching(/^Staff /),
      },
    });
    for (const body of [res.body, (await read()).body]) {
      expect(body).not.toContain(SECRET_KEY);
      expect(body).not.toContain(WEBHOOK_SECRET);
    }
    const [row] = await database.db
      .select()
      .from(hotelPaymentSettings)
      .where(eq(hotelPaymentSettings.hotelId, hotelA));
    expect(JSON.stringify(row)).not.toContain(SECRET_KEY.slice(8));
    expect(JSON.stringify(row)).not.toContain(WEBHOOK_SECRET.slice(6));
    expect(createKeyCipher(SECRET).open(row!.secretKeySealed!, { hotelId: hotelA, field: "secretKey" })).toBe(
      SECRET_KEY,
    );
    const [entry] = await auditOf("payment_settings.save_keys");
    expect(entry?.after).toEqual({
      gateway: "sandbox",
      mode: "test",
      secretKeyLast4: "4242",
      publishableKey: PUBLISHABLE_KEY,
      webhookSecretSet: true,
    });
    expect(JSON.stringify(entry)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(entry)).not.toContain(WEBHOOK_SECRET);
    expect(JSON.stringify(entry)).not.toContain(row!.secretKeySealed!);
  });

  it("refuses wrong keys with a 400 naming the field and the reason, and stores nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ ...fullKeys, secretKey: "pk_test_51AbCdEfGhIjKl" }, "secretKey", "secret_key_format"],
      [{ ...fullKeys, secretKey: "sk_prod_51AbCdEfGhIjKl" }, "secretKey", "secret_key_format"],
      [{ ...fullKeys, publishableKey: "sk_test_51AbCdEfGhIjKl" }, "publishableKey", "publishable_key_format"],
      [{ ...fullKeys, publishableKey: "pk_live_51AbCdEfGhIjKl" }, "publishableKey", "mode_mismatch"],
      [{ ...fullKeys, webhookSecret: "wh_51AbCdEfGhIjKl" }, "webhookSecret", "webhook_secret_format"],
    ];
    const before = (await read()).json();
    for (const [payload, field, reason] of cases) {
      const res = await saveKeys(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe("invalid_input");
      expect(res.json().error.details).toEqual([{ field, message: expect.any(String), params: { reason } }]);
    }
    expect((await read()).json()).toEqual(before);
    const extra = await saveKeys({ ...fullKeys, hotelId: String(hotelB) });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.details[0].field).toBe("hotelId");
  });

  it("keeps a key left out, and refuses a secret key of another mode than the stored publishable key", async () => {
    const res = await saveKeys({ webhookSecret: "whsec_NewNewNewNewNewNew", secretKey: "" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stripe).toMatchObject({ secretKeyLast4: "4242", publishableKey: PUBLISHABLE_KEY });
    const live = await saveKeys({ secretKey: "rk_live_51AbCdEfGhIjKlMnOp9999" });
    expect(live.statusCode).toBe(400);
    expect(live.json().error.details).toEqual([
      { field: "secretKey", message: expect.any(String), params: { reason: "mode_mismatch" } },
    ]);
    const both = await saveKeys({
      secretKey: "rk_live_51AbCdEfGhIjKlMnOp9999",
      publishableKey: "pk_live_51AbCdEfGhIjKlMnOp",
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().stripe).toMatchObject({ mode: "live", keyKind: "restricted", secretKeyLast4: "9999" });
    expect((await saveKeys(fullKeys)).statusCode).toBe(200);
  });

  it("chooses Stripe only once the keys are saved; the server's resolver reads them opened", async () => {
    const refused = await chooseGateway("stripe", ownerOfB.headers, hotelB);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: "payment_keys_missing",
      details: [{ field: "gateway" }],
    });
    expect(await gatewaySettingsOf(database.db, hotelB, createKeyCipher(SECRET))).toBeNull();

    const chosen = await chooseGateway("stripe");
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().gateway).toBe("stripe");
    expect(await gatewaySettingsOf(database.db, hotelA, createKeyCipher(SECRET))).toEqual({
      gateway: "stripe",
      mode: "test",
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
    const [entry] = await auditOf("payment_settings.choose_gateway");
    expect(entry).toMatchObject({ before: { gateway: "sandbox" }, after: { gateway: "stripe" } });
    // Choosing it again changes nothing and writes no second entry.
    expect((await chooseGateway("stripe")).statusCode).toBe(200);
    expect(await auditOf("payment_settings.choose_gateway")).toHaveLength(1);
    expect((await chooseGateway("paypal")).json().error.details[0].field).toBe("gateway");
  });

  it("tests the connection through the port: the account's name, mode and enabled methods", async () => {
    asked.length = 0;
    const res = await testConnection();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: "Hotel Cassa Srl",
      country: "IT",
      mode: "test",
      methods: ["card", "paypal"],
    });
    expect(asked).toEqual([SECRET_KEY]);

    accountAnswer = async () => {
      throw new PaymentAccountError("key_refused", "Invalid API Key provided");
    };
    const refused = await testConnection();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: "payment_key_refused",
      details: [{ field: "secretKey" }],
    });
    accountAnswer = async () => {
      throw new Error("connect ECONNREFUSED");
    };
    const down = await testConnection();
    expect(down.statusCode).toBe(502);
    expect(down.json().error.code).toBe("payment_gateway_unreachable");
    const none = await testConnection(ownerOfB.headers, hotelB);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe("payment_keys_missing");
  });

  it("lets a hotel test the connection ten times in ten minutes, then answers 429 until the window ends; another hotel is not counted", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await testConnection()).statusCode);
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
    // The ones before, in this test and the ones above, are the ten the window allows.
    expect(statuses.slice(0, first).every((s) => s !== 429)).toBe(true);
    const refused = await testConnection();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: "rate_limited",
      details: [{ field: "request", message: expect.stringContaining("too many attempts") }],
    });
    asked.length = 0;
    expect((await testConnection()).statusCode).toBe(429);
    expect(asked).toEqual([]);
    expect((await testConnection(ownerOfB.headers, hotelB)).statusCode).not.toBe(429);
  });

  it("removes the keys: the hotel is back on the sandbox, audited", async () => {
    const res = await removeKeys();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ gateway: "sandbox", stripe: null });
    expect(await gatewaySettingsOf(database.db, hotelA, createKeyCipher(SECRET))).toEqual({
      gateway: "sandbox",
    });
    const [entry] = await auditOf("payment_settings.remove_keys");
    expect(entry).toMatchObject({
      before: { gateway: "stripe", secretKeyLast4: "4242" },
      after: { gateway: "sandbox", secretKeyLast4: null, webhookSecretSet: false },
    });
  });
});

describe("a server without PAYMENT_KEYS_SECRET, and a live site", () => {
  it("refuses to save keys (never stored in clear), saying which variable is missing", async () => {
    const bare = await appWith();
    try {
      expect((await read(ownerOfB.headers, hotelB, bare)).json().canStoreKeys).toBe(false);
      const res = await saveKeys(fullKeys, ownerOfB.headers, hotelB, bare);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe("payment_keys_secret_missing");
      expect(res.json().error.message).toContain("PAYMENT_KEYS_SECRET");
      const rows = await database.db
        .select()
        .from(hotelPaymentSettings)
        .where(eq(hotelPaymentSettings.hotelId, hotelB));
      expect(rows).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it("says the site is live, so the screen can flag a test-mode key", async () => {
    const live = await appWith({ secret: SECRET, liveSite: true });
    try {
      expect((await read(owner.headers, hotelA, live)).json().liveSite).toBe(true);
    } finally {
      await live.close();
    }
  });
});

describe("who may see and change a hotel's payments", () => {
  it("is the owner only: manager and reception get 403 on every call", async () => {
    for (const role of ["manager", "reception"] as const) {
      const staff = await aStaffSession(database, { role, hotels: [hotelA], now: clock });
      const calls = [
        read(staff.headers),
        saveKeys(fullKeys, staff.headers),
        chooseGateway("sandbox", staff.headers),
        removeKeys(staff.headers),
        testConnection(staff.headers),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json().error.code).toBe("staff_forbidden");
      }
    }
  });

  it("answers 404 to another hotel's owner and for a hotel id that is not theirs or does not exist", async () => {
    for (const hotel of [hotelA, 999_999]) {
      const calls = [
        read(ownerOfB.headers, hotel),
        saveKeys(fullKeys, ownerOfB.headers, hotel),
        chooseGateway("sandbox", ownerOfB.headers, hotel),
        removeKeys(ownerOfB.headers, hotel),
        testConnection(ownerOfB.headers, hotel),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, String(hotel)).toBe(404);
        expect(res.json().error.details[0].field).toBe("hotelId");
      }
    }
    const bad = await read(owner.headers, "x" as unknown as number);
    expect(bad.statusCode).toBe(400);
  });

  it("needs a session (401) and the CSRF token for a change (403)", async () => {
    expect((await app.inject({ method: "GET", url: url(hotelA) })).statusCode).toBe(401);
    const noCsrf = await saveKeys(fullKeys, owner.cookieOnly as typeof owner.headers);
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe("csrf_failed");
  });

  it("are in the API docs under the back office's tag", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const [path, method] of [
      ["/api/backoffice/hotels/{hotelId}/payments", "get"],
      ["/api/backoffice/hotels/{hotelId}/payments/stripe-keys", "put"],
      ["/api/backoffice/hotels/{hotelId}/payments/stripe-keys", "delete"],
      ["/api/backoffice/hotels/{hotelId}/payments/gateway", "put"],
      ["/api/backoffice/hotels/{hotelId}/payments/test-connection", "post"],
    ] as const)
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(["back office"]);
  });
});
