// The Stripe side of the reliability suite's payment scenarios: a local fake of Stripe's API (the ground truth of
// what was charged), the test hotel switched to Stripe through the back office as an owner would, the signed
// webhooks Stripe would post, and the sweep (the reconciliation job) run at a later instant.
import { TEST_API_KEY, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import { aStaffSession } from "@alloggio/test-kit/staff";
import { type StripeFake, startStripeFake } from "@alloggio/test-kit/stripe-fake";
import Stripe from "stripe";
import type { Database } from "../apps/server/src/db/client";
import { releaseAbandonedHolds } from "../apps/server/src/features/booking";
import {
  createHotelGatewayLookup,
  createPaymentGateways,
  createSandboxGateway,
  paymentKeysCipher,
} from "../apps/server/src/features/payments";
import { buildApp } from "../apps/server/src/http/app";

export const GATEWAYS = ["sandbox", "stripe"] as const;
export type GatewayName = (typeof GATEWAYS)[number];

const SECRET_KEY = "sk_test_51ReliabilityHotelStripeKey01";
const WEBHOOK_SECRET = "whsec_ReliabilityHotelSigningSecret01";
/** The same key for the test's own app and the server processes: they must open each other's sealed keys. */
const KEYS_SECRET = Buffer.alloc(32, 31).toString("base64");
const SITE = "http://127.0.0.1";

export type StripeSide = Awaited<ReturnType<typeof stripeForHotel>>;

/** Starts the fake and switches `hotelId` to Stripe with keys the fake accepts, through the back office's routes. */
export async function stripeForHotel(database: Database, hotelId: number) {
  const fake: StripeFake = await startStripeFake({
    accounts: [
      {
        secretKey: SECRET_KEY,
        displayName: "Reliability hotel",
        country: "IT",
        // Events are held: the test posts them (signed) to whichever server process is up.
        webhookEndpoints: [{ url: "http://127.0.0.1:9/unused", secret: WEBHOOK_SECRET }],
      },
    ],
    delivery: "hold",
  });
  const appOptions = { paymentKeysSecret: KEYS_SECRET, stripeApiBase: fake.url, publicUrl: SITE };
  const now = new Date();
  const setup = await buildApp({
    database,
    now: () => now,
    sleep: async () => {},
    apiKeys: [TEST_API_KEY],
    overrideSecret: TEST_OVERRIDE_SECRET,
    logLevel: "silent",
    ...appOptions,
  });
  try {
    const owner = await aStaffSession(database, { role: "owner", hotels: [hotelId], now });
    const base = `/api/backoffice/hotels/${hotelId}/payments`;
    const keys = await setup.inject({
      method: "PUT",
      url: `${base}/stripe-keys`,
      headers: owner.headers,
      payload: {
        secretKey: SECRET_KEY,
        publishableKey: "pk_test_51ReliabilityHotelStripeKey01",
        webhookSecret: WEBHOOK_SECRET,
      },
    });
    if (keys.statusCode !== 200) throw new Error(`stripe keys: ${keys.statusCode} ${keys.body}`);
    const chosen = await setup.inject({
      method: "PUT",
      url: `${base}/gateway`,
      headers: owner.headers,
      payload: { gateway: "stripe" },
    });
    if (chosen.statusCode !== 200) throw new Error(`stripe gateway: ${chosen.statusCode} ${chosen.body}`);
  } finally {
    await setup.close();
  }
  const stripe = new Stripe(SECRET_KEY, { ...fake.sdkOptions, maxNetworkRetries: 0 });
  const gateways = createPaymentGateways(
    createSandboxGateway(database),
    createHotelGatewayLookup(database, paymentKeysCipher(KEYS_SECRET), {
      apiBase: fake.url,
      siteOrigin: SITE,
    }),
  );
  return {
    fake,
    /** For a server process (`startServerProcess`'s env). */
    env: { STRIPE_API_BASE: fake.url, PAYMENT_KEYS_SECRET: KEYS_SECRET, PUBLIC_URL: SITE },
    /** For the app in-process (PGlite). */
    appOptions,
    /** Every Checkout Session the fake holds, newest first: what Stripe was asked to open. */
    sessions: () => stripe.checkout.sessions.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 }),
    /** A session opened at the hotel's account by someone else than Alloggio (an unknown payment to us). */
    openSession: async (reference: string) =>
      (
        await stripe.checkout.sessions.create({
          mode: "payment",
          success_url: `${SITE}/elsewhere`,
          metadata: { reference },
          line_items: [
            {
              quantity: 1,
              price_data: { currency: "eur", unit_amount: 1000, product_data: { name: reference } },
            },
          ],
        })
      ).id,
    /** The events the fake recorded about a reservation's payment since `since` (an index into its events). */
    eventsOf(reference: string, since = 0): Stripe.Event[] {
      const all = fake.events().slice(since);
      const intents = new Set<string>();
      for (const e of all) {
        const o = e.data.object as {
          object: string;
          metadata?: Record<string, string>;
          payment_intent?: unknown;
        };
        if (o.metadata?.reference === reference && typeof o.payment_intent === "string")
          intents.add(o.payment_intent);
      }
      return all.filter((e) => {
        const o = e.data.object as {
          id: string;
          metadata?: Record<string, string>;
          payment_intent?: unknown;
        };
        return (
          o.metadata?.reference === reference ||
          intents.has(o.id) ||
          (typeof o.payment_intent === "string" && intents.has(o.payment_intent))
        );
      });
    },
    /** The webhook request Stripe would post for an event (a wrong secret forges it). */
    webhook: (eventId: string, secret?: string) => fake.signedRequest(eventId, secret ? { secret } : {}),
    /** The abandoned-hold sweep (the reconciliation job) as a server's timer runs it, at instant `at`. */
    sweep: (at: Date) =>
      releaseAbandonedHolds(
        { database, gateways, now: () => at, overrideSecret: TEST_OVERRIDE_SECRET },
        SITE,
        1000,
      ),
    close: () => fake.close(),
  };
}

/** The Checkout Session a redirect to Stripe's page names. */
export const sessionOfUrl = (url: string | undefined): string =>
  url ? (new URL(url).pathname.split("/").find((part) => part.startsWith("cs_")) ?? "") : "";
