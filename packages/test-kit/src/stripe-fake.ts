/**
 * A local fake of Stripe's API for the real `stripe` SDK (`stripe/fake.ts`). In a test:
 *
 *   const fake = await startStripeFake({ accounts: [{ secretKey: "sk_test_x", webhookEndpoints: [{ url, secret }] }] });
 *   const gateway = createStripeGateway({ secretKey: "sk_test_x", webhookSecret: secret, apiBase: fake.url });
 *   fake.complete(sessionId, "challenge-approved"); // or a browser on the session's url
 *   fake.setDelivery("hold"); …; await fake.deliverHeld("newest-first"); await fake.settled();
 *
 * In e2e, the Playwright runner starts it on a fixed port (`port`) and the workers drive it with
 * `stripeFakeControls(url)`; the app under test takes `url` as its Stripe API base.
 */

export { type StripeFakeControls, stripeFakeControls } from "./stripe/controls";
export {
  type CompleteOutcome,
  type DeliverOptions,
  STRIPE_TEST_CARDS,
  STRIPE_TEST_PAYMENT_METHODS,
  type StripeFake,
  type StripeFakeAccount,
  type StripeFakeOptions,
  startStripeFake,
  type WebhookDelivery,
} from "./stripe/fake";
