import { type APIRequestContext, expect } from "@playwright/test";
import { stripeFakeControls } from "../packages/test-kit/src/stripe/controls";
import { DEMO_OWNER, DEMO_STAFF_PASSWORD } from "./backoffice";

// The demo hotel the Stripe journeys switch to Stripe, against the fake of Stripe's API that playwright.config.ts
// starts (E2E_STRIPE_PORT). Hotel 4 (Chalet Edelweiss Zermatt, CHF): no other journey books it; the back-office
// hotel journey only prices a stay there, which no gateway changes.

export const STRIPE_HOTEL = 4;

/** The keys the hotel's owner saves, and the fake's account they open (test mode: the fake takes test keys). */
export const E2E_STRIPE_ACCOUNT = {
  account: {
    id: "acct_E2eChaletEdelweiss",
    secretKey: "sk_test_51E2eChaletEdelweissKey04",
    displayName: "Chalet Edelweiss Zermatt",
    country: "CH",
    defaultCurrency: "chf",
    // A Swiss account with PayPal and TWINT switched on: the hotel offers a wallet and a mobile payment (the back
    // office's hotel journey turns the wallet off and on at this hotel); no bank method is offered in Switzerland.
    capabilities: { paypal_payments: "active", twint_payments: "active" },
  },
  publishableKey: "pk_test_51E2eChaletEdelweissKey04",
  webhookSecret: "whsec_E2eChaletEdelweissSigning04",
};

/** The fake's test controls (complete, expire, events, deliveries, objects), from a worker. */
export const stripeFake = () => stripeFakeControls(process.env.E2E_STRIPE_URL ?? "http://127.0.0.1:3926");

/**
 * Switches the hotel to Stripe as its owner does in the back office ("Payments"): saves the keys, then chooses
 * Stripe. Idempotent, so each project's run may do it.
 */
export async function switchHotelToStripe(request: APIRequestContext): Promise<void> {
  const signIn = await request.post("/api/backoffice/sign-in", {
    data: { email: DEMO_OWNER, password: DEMO_STAFF_PASSWORD },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const csrf = ((await signIn.json()) as { me: { csrfToken: string } }).me.csrfToken;
  const base = `/api/backoffice/hotels/${STRIPE_HOTEL}/payments`;
  const keys = await request.put(`${base}/stripe-keys`, {
    headers: { "X-CSRF-Token": csrf },
    data: {
      secretKey: E2E_STRIPE_ACCOUNT.account.secretKey,
      publishableKey: E2E_STRIPE_ACCOUNT.publishableKey,
      webhookSecret: E2E_STRIPE_ACCOUNT.webhookSecret,
    },
  });
  expect(keys.status(), await keys.text()).toBe(200);
  const chosen = await request.put(`${base}/gateway`, {
    headers: { "X-CSRF-Token": csrf },
    data: { gateway: "stripe" },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  expect(((await chosen.json()) as { gateway: string }).gateway).toBe("stripe");
}
