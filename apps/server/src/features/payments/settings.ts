// A hotel's payment settings (ADR 0073): which gateway takes its card payments, and its Stripe keys, sealed at
// rest. The back office reads them without a secret; the server's own gateway resolver reads the keys opened.
import {
  type BoPaymentSettings,
  type PaymentConnection,
  type PaymentGatewayChoice,
  type SavePaymentKeysRequest,
  STRIPE_WEBHOOK_EVENTS,
  type StripeMode,
  secretKeyMode,
  stripeKeyProblems,
} from "@alloggio/domain/contract/backoffice/payments";
import type { Database, Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { hitRateLimit, tooManyAttempts } from "../rate-limits";
import type { KeyCipher } from "./key-cipher";
import {
  findPaymentSettings,
  findSealedPaymentKeys,
  lockPaymentSettings,
  type PaymentSettingsInsert,
  type PaymentSettingsRow,
  storeAccountMethods,
  writePaymentSettings,
} from "./settings-repository";
import { redirectMethodsOf } from "./stripe-gateway";

/** What the Stripe account behind a secret key says of itself ("Test the connection"). */
export type AccountDescription = { name: string; country: string; live: boolean; methods: string[] };

/** The port "Test the connection" asks: the account of a secret key. Throws `PaymentAccountError` when refused. */
export type DescribeAccount = (secretKey: string) => Promise<AccountDescription>;

/** How a `DescribeAccount` fails: the gateway refused the key, or could not be reached (anything else thrown). */
export class PaymentAccountError extends Error {
  constructor(
    readonly reason: "key_refused" | "unreachable",
    message: string,
  ) {
    super(message);
    this.name = "PaymentAccountError";
  }
}

/** What the payment settings need of the server's configuration. */
export type PaymentSettingsConfig = {
  /** PAYMENT_KEYS_SECRET's cipher; null when it is not set (keys are then never stored). */
  cipher: KeyCipher | null;
  /** A production server: its payments are real, so a test-mode key is flagged. */
  liveSite: boolean;
  /** The site's public address (PUBLIC_URL): the webhook address starts with it. */
  publicUrl: string;
  describeAccount: DescribeAccount;
};

export type PaymentSettingsDeps = { database: Database; now: () => Date; payments: PaymentSettingsConfig };

/** Who makes a change, and how it is written to the audit log (in the change's transaction). */
export type SettingsChange = {
  userId: number;
  audit: (
    tx: Db,
    entry: {
      hotelId: number;
      action: string;
      entity: string;
      entityId: number;
      before: unknown;
      after: unknown;
    },
  ) => Promise<void>;
};

export const STRIPE_WEBHOOK_PATH = "/api/payments/stripe/webhook";

const hasKeys = (
  row: PaymentSettingsRow | undefined,
): row is PaymentSettingsRow & { secretKeySealed: string } =>
  Boolean(row?.secretKeySealed && row.publishableKey && row.mode);

const keysMissing = (field: string) =>
  new AppError(
    "payment_keys_missing",
    409,
    `${field}: save the Stripe keys and webhook signing secret first`,
    [{ field, message: "needs the Stripe keys and the webhook signing secret" }],
  );

const secretMissing = () =>
  new AppError(
    "payment_keys_secret_missing",
    503,
    "The server has no PAYMENT_KEYS_SECRET, so payment keys cannot be stored encrypted; whoever runs the server sets it (docs/deploying.md)",
  );

const keysUnreadable = () =>
  new AppError(
    "payment_keys_unreadable",
    503,
    "PAYMENT_KEYS_SECRET cannot decrypt this hotel's stored keys: it is not the secret they were saved with",
  );

/** What the audit log keeps of the settings: names and the last 4, never a secret. */
function audited(row: PaymentSettingsRow | undefined) {
  return {
    gateway: row?.gateway ?? "sandbox",
    mode: row?.mode ?? null,
    secretKeyLast4: row?.secretKeyLast4 ?? null,
    publishableKey: row?.publishableKey ?? null,
    webhookSecretSet: Boolean(row?.webhookSecretSealed),
  };
}

const webhookUrlOf = (publicUrl: string) => `${publicUrl.replace(/\/+$/, "")}${STRIPE_WEBHOOK_PATH}`;

/** The hotel's payment settings as the back office shows them: the last 4 of the secret key, no secret. */
export async function readPaymentSettings(
  deps: PaymentSettingsDeps,
  hotelId: number,
): Promise<BoPaymentSettings> {
  const found = await findPaymentSettings(deps.database.db, hotelId);
  const row = found?.row;
  return {
    gateway: (row?.gateway ?? "sandbox") as PaymentGatewayChoice,
    stripe: hasKeys(row)
      ? {
          mode: row.mode as StripeMode,
          keyKind: row.secretKeyKind === "restricted" ? "restricted" : "secret",
          secretKeyLast4: row.secretKeyLast4 ?? "",
          publishableKey: row.publishableKey ?? "",
          webhookSecretSet: row.webhookSecretSealed !== null,
          updatedAt: row.updatedAt.toISOString(),
          updatedBy: found?.updatedBy ?? null,
        }
      : null,
    webhookUrl: webhookUrlOf(deps.payments.publicUrl),
    webhookEvents: [...STRIPE_WEBHOOK_EVENTS],
    canStoreKeys: deps.payments.cipher !== null,
    liveSite: deps.payments.liveSite,
  };
}

/** A form's blank field means "keep the stored one". */
const given = (value: string | undefined) => (value === undefined || value === "" ? undefined : value);

type SettingsWrite = Omit<PaymentSettingsInsert, "hotelId" | "updatedAt" | "updatedBy">;

/**
 * One change of a hotel's settings: its row locked, `decide` says what to write (null: nothing changes), the row
 * written with who and when, and its audit entry in the same transaction. Answers the settings as they now read.
 */
async function changeSettings(
  deps: PaymentSettingsDeps,
  change: SettingsChange,
  hotelId: number,
  action: string,
  decide: (before: PaymentSettingsRow | undefined) => SettingsWrite | null,
): Promise<BoPaymentSettings> {
  await deps.database.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const before = await lockPaymentSettings(tx, hotelId);
    const changes = decide(before);
    if (!changes) return;
    const after = await writePaymentSettings(tx, before !== undefined, {
      hotelId,
      ...changes,
      updatedAt: deps.now(),
      updatedBy: change.userId,
    });
    await change.audit(tx, {
      hotelId,
      action,
      entity: "payment_settings",
      entityId: hotelId,
      before: audited(before),
      after: audited(after),
    });
  });
  return readPaymentSettings(deps, hotelId);
}

/**
 * Saves the hotel's Stripe keys: checked (prefixes, one mode for both keys, `whsec_`), the secret key and the
 * webhook signing secret sealed, a key left out kept. Refused without PAYMENT_KEYS_SECRET: never stored in clear.
 */
export async function savePaymentKeys(
  deps: PaymentSettingsDeps,
  change: SettingsChange,
  hotelId: number,
  body: SavePaymentKeysRequest,
): Promise<BoPaymentSettings> {
  const cipher = deps.payments.cipher;
  if (!cipher) throw secretMissing();
  const keys = {
    secretKey: given(body.secretKey),
    publishableKey: given(body.publishableKey),
    webhookSecret: given(body.webhookSecret),
  };
  const saved = await changeSettings(deps, change, hotelId, "payment_settings.save_keys", (before) => {
    const stored = hasKeys(before)
      ? { mode: before.mode as StripeMode, publishableKey: before.publishableKey as string }
      : null;
    const problems = stripeKeyProblems(keys, stored);
    if (problems.length > 0)
      throw new AppError(
        "invalid_input",
        400,
        problems.map((p) => `${p.field}: ${p.reason}`).join("; "),
        problems.map((p) => ({
          field: p.field,
          message: p.reason.replace(/_/g, " "),
          params: { reason: p.reason },
        })),
      );
    if (!keys.secretKey && !keys.publishableKey && !keys.webhookSecret) return null;
    return {
      gateway: before?.gateway ?? "sandbox",
      ...(keys.secretKey
        ? {
            // Another account's methods are not this one's: learnt again below.
            stripeMethods: null,
            secretKeySealed: cipher.seal(keys.secretKey, { hotelId, field: "secretKey" }),
            secretKeyLast4: keys.secretKey.slice(-4),
            secretKeyKind: keys.secretKey.startsWith("rk_") ? "restricted" : "secret",
            mode: secretKeyMode(keys.secretKey),
          }
        : {}),
      ...(keys.publishableKey ? { publishableKey: keys.publishableKey } : {}),
      ...(keys.webhookSecret
        ? { webhookSecretSealed: cipher.seal(keys.webhookSecret, { hotelId, field: "webhookSecret" }) }
        : {}),
    };
  });
  if (keys.secretKey) {
    // The new account's methods, if Stripe answers now; "Test the connection" learns them otherwise.
    try {
      await learnAccount(deps, hotelId);
    } catch {
      // Saved all the same: the keys are what the owner asked to store.
    }
  }
  return saved;
}

/** Chooses the hotel's gateway: Stripe only once its keys and webhook signing secret are saved. */
export function choosePaymentGateway(
  deps: PaymentSettingsDeps,
  change: SettingsChange,
  hotelId: number,
  gateway: PaymentGatewayChoice,
): Promise<BoPaymentSettings> {
  return changeSettings(deps, change, hotelId, "payment_settings.choose_gateway", (before) => {
    if ((before?.gateway ?? "sandbox") === gateway) return null;
    if (gateway === "stripe" && !(hasKeys(before) && before.webhookSecretSealed))
      throw keysMissing("gateway");
    return { gateway };
  });
}

/** Removes the hotel's Stripe keys; its card payments go back to the sandbox. */
export function removePaymentKeys(
  deps: PaymentSettingsDeps,
  change: SettingsChange,
  hotelId: number,
): Promise<BoPaymentSettings> {
  return changeSettings(deps, change, hotelId, "payment_settings.remove_keys", (before) => {
    if (!before || (!before.secretKeySealed && !before.publishableKey && !before.webhookSecretSealed))
      return null;
    return {
      gateway: "sandbox",
      secretKeySealed: null,
      secretKeyLast4: null,
      secretKeyKind: null,
      mode: null,
      publishableKey: null,
      webhookSecretSealed: null,
      stripeMethods: null,
    };
  });
}

/** "Test the connection" asks Stripe at most this often per hotel (each asks Stripe with the hotel's key). */
export const TEST_CONNECTION_LIMIT = { max: 10, windowMs: 10 * 60_000 };

/**
 * "Test the connection": the Stripe account behind the stored secret key, its mode and enabled methods. Counted per
 * hotel in the database (every process shares the count): past the limit, a 429 until the window ends.
 */
export async function testPaymentConnection(
  deps: PaymentSettingsDeps,
  hotelId: number,
): Promise<PaymentConnection> {
  const { count } = await hitRateLimit(
    deps.database.db,
    `payments.test_connection:${hotelId}`,
    TEST_CONNECTION_LIMIT.windowMs,
    deps.now(),
  );
  if (count > TEST_CONNECTION_LIMIT.max) throw tooManyAttempts("in a few minutes");
  return learnAccount(deps, hotelId);
}

/** Asks Stripe for the account of the stored secret key and remembers the methods it takes. */
async function learnAccount(deps: PaymentSettingsDeps, hotelId: number): Promise<PaymentConnection> {
  const found = await findPaymentSettings(deps.database.db, hotelId);
  if (!hasKeys(found?.row)) throw keysMissing("secretKey");
  const cipher = deps.payments.cipher;
  if (!cipher) throw secretMissing();
  const secretKey = cipher.open(found.row.secretKeySealed as string, { hotelId, field: "secretKey" });
  if (secretKey === null) throw keysUnreadable();
  let account: AccountDescription;
  try {
    account = await deps.payments.describeAccount(secretKey);
  } catch (error) {
    if (error instanceof PaymentAccountError && error.reason === "key_refused")
      throw new AppError("payment_key_refused", 422, "Stripe refused the stored secret key", [
        { field: "secretKey", message: "refused by Stripe" },
      ]);
    throw new AppError("payment_gateway_unreachable", 502, "Stripe could not be reached; try again later");
  }
  // What the account takes decides what the checkout offers (ADR 0075).
  await storeAccountMethods(deps.database.db, hotelId, account.methods);
  return {
    name: account.name,
    country: account.country,
    mode: account.live ? "live" : "test",
    methods: account.methods,
  };
}

/** A hotel's gateway with its keys opened, for the server's own use (never for an answer). */
export type HotelGatewaySettings =
  | { gateway: "sandbox" }
  | { gateway: "stripe"; mode: StripeMode; secretKey: string; publishableKey: string; webhookSecret: string };

/** A hotel's Stripe keys, opened. */
export type StripeKeys = {
  mode: StripeMode;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
};

function openStripeKeys(row: PaymentSettingsRow, cipher: KeyCipher | null): StripeKeys | null {
  const { hotelId } = row;
  const open = (sealed: string | null, field: "secretKey" | "webhookSecret") =>
    sealed && cipher ? cipher.open(sealed, { hotelId, field }) : null;
  if (!row.secretKeySealed) return null;
  const secretKey = open(row.secretKeySealed, "secretKey");
  const webhookSecret = open(row.webhookSecretSealed, "webhookSecret");
  if (!secretKey || !webhookSecret || !row.publishableKey)
    throw new Error(`PAYMENT_KEYS_SECRET cannot decrypt the Stripe keys of hotel ${hotelId}`);
  return { mode: row.mode as StripeMode, secretKey, publishableKey: row.publishableKey, webhookSecret };
}

/**
 * The gateway a hotel chose, with its Stripe keys opened; null when it chose none (the server's PAYMENT_GATEWAY).
 * Throws when the keys cannot be opened: a production start refuses that case (`paymentKeysProblem`).
 */
export async function gatewaySettingsOf(
  db: Db,
  hotelId: number,
  cipher: KeyCipher | null,
): Promise<HotelGatewaySettings | null> {
  const found = await findPaymentSettings(db, hotelId);
  if (!found) return null;
  if (found.row.gateway !== "stripe") return { gateway: "sandbox" };
  const keys = openStripeKeys(found.row, cipher);
  if (!keys) throw new Error(`hotel ${hotelId} chose Stripe without keys`);
  return { gateway: "stripe", ...keys };
}

/**
 * A hotel's Stripe keys, whichever gateway it takes new payments with now (its earlier Stripe payments are still
 * refunded through them), with when they last changed; null when it has none.
 */
export async function storedStripeKeysOf(
  db: Db,
  hotelId: number,
  cipher: KeyCipher | null,
): Promise<(StripeKeys & { changedAt: Date }) | null> {
  const found = await findPaymentSettings(db, hotelId);
  const keys = found ? openStripeKeys(found.row, cipher) : null;
  return keys && found ? { ...keys, changedAt: found.row.updatedAt } : null;
}

/**
 * Why the server cannot use the stored keys, naming PAYMENT_KEYS_SECRET; null when it can (or none are stored).
 * A production start refuses to run on this answer.
 */
export async function paymentKeysProblem(db: Db, cipher: KeyCipher | null): Promise<string | null> {
  const sealed = await findSealedPaymentKeys(db);
  if (sealed.length === 0) return null;
  const names = sealed.map((s) => `${s.hotelName} (${s.hotelId})`).join(", ");
  if (!cipher)
    return (
      `PAYMENT_KEYS_SECRET is not set, but payment gateway keys are stored encrypted for ${names}: ` +
      "set the secret they were saved with (docs/deploying.md)"
    );
  const unreadable = sealed.filter(
    (s) =>
      (s.secretKeySealed &&
        cipher.open(s.secretKeySealed, { hotelId: s.hotelId, field: "secretKey" }) === null) ||
      (s.webhookSecretSealed &&
        cipher.open(s.webhookSecretSealed, { hotelId: s.hotelId, field: "webhookSecret" }) === null),
  );
  if (unreadable.length === 0) return null;
  return (
    `PAYMENT_KEYS_SECRET cannot decrypt the payment gateway keys stored for ` +
    `${unreadable.map((s) => `${s.hotelName} (${s.hotelId})`).join(", ")}: it is not the secret they were saved with`
  );
}

/**
 * The redirect methods (SPEC §9) the hotel's gateway can take, when the hotel is on Stripe and its account's methods
 * are known ("Test the connection"); null otherwise (nothing known to hold back).
 */
export async function redirectMethodsTaken(database: Database, hotelId: number): Promise<string[] | null> {
  const found = await findPaymentSettings(database.db, hotelId);
  if (found?.row.gateway !== "stripe" || !found.row.stripeMethods) return null;
  return redirectMethodsOf(found.row.stripeMethods);
}
