import { buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "./config/env";
import type { Database } from "./db/client";
import { hotelPaymentSettings } from "./db/schema";
import { createKeyCipher } from "./features/payments";
import { checkPaymentKeys } from "./server";

// A start and the hotels' stored gateway keys (ADR 0073): production refuses to run when PAYMENT_KEYS_SECRET is
// missing or is not the secret the keys were sealed with, naming the variable; elsewhere it warns.

const SECRET = Buffer.alloc(32, 3).toString("base64");
const OTHER = Buffer.alloc(32, 4).toString("base64");
const PRODUCTION = {
  NODE_ENV: "production",
  OVERRIDE_SECRET: "a-secret-of-this-group",
  API_KEYS: "key-of-this-group",
  PAYMENT_GATEWAY: "sandbox",
};
const property = buildProperty({ hotel: { name: "Hotel Chiave" } });

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const check = async (source: Record<string, string>) => {
  const warnings: string[] = [];
  await checkPaymentKeys(loadEnv(source), database, (m) => warnings.push(m));
  return warnings;
};

describe("a start with payment keys stored", () => {
  it("starts without a secret while no hotel has keys", async () => {
    expect(await check(PRODUCTION)).toEqual([]);
  });

  it("refuses a production start without PAYMENT_KEYS_SECRET or with another secret, naming the variable and the hotel", async () => {
    await seedProperty(database, property);
    const cipher = createKeyCipher(SECRET);
    const hotelId = property.hotel.id;
    await database.db.insert(hotelPaymentSettings).values({
      hotelId,
      gateway: "stripe",
      secretKeySealed: cipher.seal("sk_live_51AbCdEfGhIjKl1234", { hotelId, field: "secretKey" }),
      secretKeyLast4: "1234",
      secretKeyKind: "secret",
      mode: "live",
      publishableKey: "pk_live_51AbCdEfGhIjKl",
      webhookSecretSealed: cipher.seal("whsec_AbCdEfGhIjKl", { hotelId, field: "webhookSecret" }),
      updatedAt: new Date(),
    });
    await expect(check(PRODUCTION)).rejects.toThrow(/PAYMENT_KEYS_SECRET is not set.*Hotel Chiave/);
    await expect(check({ ...PRODUCTION, PAYMENT_KEYS_SECRET: OTHER })).rejects.toThrow(
      /PAYMENT_KEYS_SECRET cannot decrypt the payment gateway keys stored for Hotel Chiave/,
    );
    expect(await check({ ...PRODUCTION, PAYMENT_KEYS_SECRET: SECRET })).toEqual([]);
  });

  it("only warns outside production", async () => {
    const warnings = await check({ NODE_ENV: "development" });
    expect(warnings).toEqual([expect.stringMatching(/PAYMENT_KEYS_SECRET is not set/)]);
  });
});
