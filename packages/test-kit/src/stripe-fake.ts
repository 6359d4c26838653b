/** A local fake of Stripe's API for the real `stripe` SDK: see `stripe/fake.ts`. */

export { type StripeFakeControls, stripeFakeControls } from "./stripe/controls";
export {
  type CompleteOutcome,
  type DeliverOptions,
  STRIPE_TEST_CARDS,
  type StripeFake,
  type StripeFakeAccount,
  type StripeFakeOptions,
  startStripeFake,
  type WebhookDelivery,
} from "./stripe/fake";
