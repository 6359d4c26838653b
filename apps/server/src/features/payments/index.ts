/** The payments feature's public face: what the HTTP layer, the jobs and other features may use. */

export type {
  AuthoriseResult,
  GatewayDispute,
  GatewayEvent,
  GatewayRefund,
  PaymentGateway,
} from "./gateway";
export { isRedirectMethod, REDIRECT_METHODS } from "./gateway";
export type { HotelGatewayLookup, PaymentGateways } from "./gateways";
export { createPaymentGateways } from "./gateways";
export type { StripeConnection } from "./hotel-gateways";
export { createHotelGatewayLookup, stripeAccountLookup } from "./hotel-gateways";
export type { KeyCipher } from "./key-cipher";
export { createKeyCipher, paymentKeysCipher, paymentKeysSecretBytes } from "./key-cipher";
export type { SandboxGateway } from "./sandbox-gateway";
export { createSandboxGateway } from "./sandbox-gateway";
export { sandboxTextsFor } from "./sandbox-texts";
export type {
  AccountDescription,
  DescribeAccount,
  HotelGatewaySettings,
  PaymentSettingsConfig,
  PaymentSettingsDeps,
  SettingsChange,
} from "./settings";
export {
  choosePaymentGateway,
  gatewaySettingsOf,
  PaymentAccountError,
  paymentKeysProblem,
  readPaymentSettings,
  redirectMethodsTaken,
  removePaymentKeys,
  STRIPE_WEBHOOK_PATH,
  savePaymentKeys,
  testPaymentConnection,
} from "./settings";
export type {
  OffSessionCharge,
  StripeGateway,
  StripeGatewayEvent,
  StripeGatewayOptions,
} from "./stripe-gateway";
export {
  createStripeGateway,
  redirectMethodsOf,
  STRIPE_METHOD_TYPES,
  STRIPE_SESSION_LIFETIME_MS,
} from "./stripe-gateway";
