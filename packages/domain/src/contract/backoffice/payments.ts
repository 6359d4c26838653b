import { z } from "zod";

// A hotel's payment settings in the back office (ADR 0073): which gateway takes its card payments, and its
// Stripe keys. The secret key and the webhook signing secret go in once; only the secret key's last 4 and
// whether a signing secret is set ever come back.

export const PAYMENT_GATEWAY_CHOICES = ["sandbox", "stripe"] as const;
export type PaymentGatewayChoice = (typeof PAYMENT_GATEWAY_CHOICES)[number];

export type StripeMode = "test" | "live";

/** Why a key was refused: the `reason` param of the refusal's detail, which the screen translates. */
export type StripeKeyProblem =
  | "secret_key_format"
  | "publishable_key_format"
  | "webhook_secret_format"
  | "mode_mismatch"
  | "required";

const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,240}$/;
const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9_]{8,240}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=_-]{8,240}$/;

/** A secret (`sk_`) or restricted (`rk_`) key's mode, from its prefix; null for anything else. */
export function secretKeyMode(key: string): StripeMode | null {
  const match = SECRET_KEY.exec(key);
  return match ? (match[2] as StripeMode) : null;
}

/** A publishable key's mode, from its prefix; null for anything else. */
export function publishableKeyMode(key: string): StripeMode | null {
  const match = PUBLISHABLE_KEY.exec(key);
  return match ? (match[1] as StripeMode) : null;
}

export const isWebhookSecret = (value: string) => WEBHOOK_SECRET.test(value);

type KeyField = "secretKey" | "publishableKey" | "webhookSecret";

/**
 * What is wrong with a set of Stripe keys, field by field. A key left out keeps the stored one (`stored`: the
 * stored secret key's mode and publishable key, null when none is stored); the two keys must be of one mode.
 */
export function stripeKeyProblems(
  keys: {
    secretKey?: string | undefined;
    publishableKey?: string | undefined;
    webhookSecret?: string | undefined;
  },
  stored: { mode: StripeMode; publishableKey: string } | null,
): { field: KeyField; reason: StripeKeyProblem }[] {
  const problems: { field: KeyField; reason: StripeKeyProblem }[] = [];
  let secretMode = stored?.mode ?? null;
  if (keys.secretKey !== undefined) {
    secretMode = secretKeyMode(keys.secretKey);
    if (secretMode === null) problems.push({ field: "secretKey", reason: "secret_key_format" });
  } else if (!stored) problems.push({ field: "secretKey", reason: "required" });
  let publishableMode = stored ? publishableKeyMode(stored.publishableKey) : null;
  if (keys.publishableKey !== undefined) {
    publishableMode = publishableKeyMode(keys.publishableKey);
    if (publishableMode === null)
      problems.push({ field: "publishableKey", reason: "publishable_key_format" });
  } else if (!stored) problems.push({ field: "publishableKey", reason: "required" });
  if (secretMode !== null && publishableMode !== null && secretMode !== publishableMode)
    problems.push({
      field:
        keys.publishableKey !== undefined || keys.secretKey === undefined ? "publishableKey" : "secretKey",
      reason: "mode_mismatch",
    });
  if (keys.webhookSecret !== undefined && !isWebhookSecret(keys.webhookSecret))
    problems.push({ field: "webhookSecret", reason: "webhook_secret_format" });
  return problems;
}

/** The events the hotel enables on its Stripe webhook endpoint (the webhook route applies these). */
export const STRIPE_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.canceled",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.closed",
] as const;

/** What the back office reads of a hotel's payment settings: never a secret. */
export const BoPaymentSettingsSchema = z
  .object({
    gateway: z.enum(PAYMENT_GATEWAY_CHOICES),
    stripe: z
      .object({
        mode: z.enum(["test", "live"]),
        /** `secret` (sk_) or `restricted` (rk_). */
        keyKind: z.enum(["secret", "restricted"]),
        secretKeyLast4: z.string(),
        publishableKey: z.string(),
        webhookSecretSet: z.boolean(),
        /** ISO 8601 (UTC). */
        updatedAt: z.string(),
        /** The staff user who last changed them (null once removed). */
        updatedBy: z.string().nullable(),
      })
      .nullable(),
    /** The address to give Stripe for the webhook endpoint. */
    webhookUrl: z.string(),
    webhookEvents: z.array(z.string()),
    /** False when the server has no PAYMENT_KEYS_SECRET: keys cannot be saved. */
    canStoreKeys: z.boolean(),
    /** The site takes real payments (a production server): a test-mode key charges no card there. */
    liveSite: z.boolean(),
  })
  .meta({ id: "BoPaymentSettings" });
export type BoPaymentSettings = z.infer<typeof BoPaymentSettingsSchema>;

const key = z.string().trim().max(255);

export const SavePaymentKeysRequestSchema = z
  .object({
    /** Left out: the stored one is kept. */
    secretKey: key.optional(),
    publishableKey: key.optional(),
    /** Left out: the stored one is kept. */
    webhookSecret: key.optional(),
  })
  .strict()
  .meta({ id: "BoSavePaymentKeysRequest" });
export type SavePaymentKeysRequest = z.infer<typeof SavePaymentKeysRequestSchema>;

export const ChooseGatewayRequestSchema = z
  .object({ gateway: z.enum(PAYMENT_GATEWAY_CHOICES) })
  .strict()
  .meta({ id: "BoChoosePaymentGatewayRequest" });
export type ChooseGatewayRequest = z.infer<typeof ChooseGatewayRequestSchema>;

/** What "Test the connection" found: the Stripe account behind the stored secret key. */
export const PaymentConnectionSchema = z
  .object({
    name: z.string(),
    country: z.string(),
    mode: z.enum(["test", "live"]),
    /** The payment methods the account has enabled (Stripe's names: card, paypal, klarna…). */
    methods: z.array(z.string()),
  })
  .meta({ id: "BoPaymentConnection" });
export type PaymentConnection = z.infer<typeof PaymentConnectionSchema>;
