import { type StripeFake, startStripeFake } from "@alloggio/test-kit/stripe-fake";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeAccountLookup } from "./hotel-gateways";
import { PaymentAccountError } from "./settings";

// "Test the connection" (ADR 0073) asks Stripe, here its local fake, for the account behind a secret key.
let fake: StripeFake;

beforeAll(async () => {
  fake = await startStripeFake({
    accounts: [
      {
        secretKey: "sk_test_connection_ok",
        displayName: "Hotel Bellavista",
        country: "IT",
        capabilities: { card_payments: "active", paypal_payments: "active" },
      },
    ],
  });
});
afterAll(async () => {
  await fake?.close();
});

describe("Test the connection against Stripe", () => {
  it("answers the account's name, country, mode and methods", async () => {
    const lookup = stripeAccountLookup({ apiBase: fake.url, siteOrigin: "https://hotel.example" });
    expect(await lookup("sk_test_connection_ok")).toEqual({
      name: "Hotel Bellavista",
      country: "IT",
      live: false,
      methods: expect.arrayContaining(["card", "paypal"]),
    });
  });

  it("says the key was refused when Stripe does not know it, and unreachable when Stripe cannot be reached", async () => {
    const lookup = stripeAccountLookup({ apiBase: fake.url, siteOrigin: "https://hotel.example" });
    const refused = await lookup("sk_test_not_a_key").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentAccountError);
    expect((refused as PaymentAccountError).reason).toBe("key_refused");
    const nowhere = stripeAccountLookup({
      apiBase: "http://127.0.0.1:9",
      siteOrigin: "https://hotel.example",
    });
    const unreachable = await nowhere("sk_test_connection_ok").catch((error: unknown) => error);
    expect((unreachable as PaymentAccountError).reason).toBe("unreachable");
  });
});
