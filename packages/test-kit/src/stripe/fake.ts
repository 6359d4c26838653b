import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type Stripe from "stripe";
import { type FormObject, type FormValue, list, metadata, object, parseForm, text } from "./forms";
import { hostedPage, type PageModel } from "./page";
import {
  ACCOUNT,
  CHARGE,
  CHECKOUT_SESSION,
  CUSTOMER,
  DISPUTE,
  PAYMENT_INTENT,
  PAYMENT_METHOD,
  REFUND,
  SETUP_INTENT,
} from "./templates";

/**
 * A local fake of the part of Stripe's API that Alloggio's gateway calls, for the real `stripe` SDK pointed at it
 * (`new Stripe(key, { host: "127.0.0.1", port, protocol: "http" })`): Checkout Sessions with a hosted page,
 * PaymentIntents, SetupIntents, refunds, the account, Stripe's errors and idempotency, and signed webhooks with
 * the controls a test needs to lose, repeat, reorder or spoil them.
 */

/** Stripe's test cards the hosted page takes, by what they do. */
export const STRIPE_TEST_CARDS = {
  "4242424242424242": { brand: "visa", behaviour: "success" },
  "5555555555554444": { brand: "mastercard", behaviour: "success" },
  "4000000000000002": { brand: "visa", behaviour: "declined" },
  "4000000000009995": { brand: "visa", behaviour: "insufficient_funds" },
  // 3-D Secure on every payment, including off-session ones: the bank asks the holder each time.
  "4000002760003184": { brand: "visa", behaviour: "challenge" },
  // Saved without trouble; every later charge is declined.
  "4000000000000341": { brand: "visa", behaviour: "charge_fails" },
} as const;
type TestCard = keyof typeof STRIPE_TEST_CARDS;

/**
 * Stripe's test PaymentMethods a server-side test attaches to a customer (`POST /v1/payment_methods/:id/attach`),
 * as the cards they stand for: each attach makes a new `pm_…` on the customer, as Stripe does. A card that is
 * declined outright (`pm_card_chargeDeclined`) is refused at the attach; one saved that fails later is
 * `pm_card_chargeCustomerFail`.
 */
export const STRIPE_TEST_PAYMENT_METHODS: Record<string, TestCard> = {
  pm_card_visa: "4242424242424242",
  pm_card_mastercard: "5555555555554444",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_authenticationRequired: "4000002760003184",
  pm_card_chargeCustomerFail: "4000000000000341",
};
type CardBehaviour = (typeof STRIPE_TEST_CARDS)[TestCard]["behaviour"];

/** How `complete` settles a session, as a guest would on the hosted page. */
export type CompleteOutcome =
  | "success"
  | "declined"
  | "insufficient_funds"
  | "challenge"
  | "challenge-approved"
  | "challenge-failed"
  | "charge-fails-later";

const OUTCOME_CARDS: Record<CompleteOutcome, TestCard> = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficient_funds: "4000000000009995",
  challenge: "4000002760003184",
  "challenge-approved": "4000002760003184",
  "challenge-failed": "4000002760003184",
  "charge-fails-later": "4000000000000341",
};

export type StripeFakeAccount = {
  secretKey: string;
  id?: string;
  displayName?: string;
  country?: string;
  defaultCurrency?: string;
  chargesEnabled?: boolean;
  /** Stripe's capability names (card_payments, paypal_payments, klarna_payments, …); card_payments by default. */
  capabilities?: Record<string, "active" | "inactive" | "pending">;
  /** Where this account's events go, each signed with its own secret. */
  webhookEndpoints?: { url: string; secret: string }[];
};

export type StripeFakeOptions = {
  accounts: StripeFakeAccount[];
  /** The fake's clock (Stripe's `created`, `expires_at`, signature timestamps). */
  now?: () => Date;
  /** "hold" keeps events undelivered until a test delivers them (a lost or late webhook). */
  delivery?: "deliver" | "hold";
  /** A fixed port (an e2e run's app is configured with it); a free one by default. */
  port?: number;
};

export type WebhookDelivery = {
  eventId: string;
  type: string;
  url: string;
  /** The endpoint's HTTP status, or null when it could not be reached. */
  status: number | null;
  signature: string;
  payload: string;
};

export type DeliverOptions = {
  /**
   * The signature's timestamp (unix seconds). By default the machine's time, not the fake's clock: the receiver
   * checks it against its own clock, as with Stripe. A stale one is refused by the SDK.
   */
  timestamp?: number;
  /** Signs with this secret rather than the endpoint's (a wrong signature). */
  secret?: string;
};

type AnyObject =
  | Stripe.Checkout.Session
  | Stripe.PaymentIntent
  | Stripe.SetupIntent
  | Stripe.Charge
  | Stripe.Refund
  | Stripe.PaymentMethod
  | Stripe.Customer
  | Stripe.Dispute
  | Stripe.Event;

type Stored = { account: string; object: AnyObject };

type AccountState = StripeFakeAccount & { id: string; endpoints: { url: string; secret: string }[] };

/** An error answered as Stripe answers it: `{ error: { type, code, message, … } }` with its HTTP status. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    /** Stripe keeps no idempotent result for a request refused before it ran (bad parameters, a conflict). */
    readonly saved = true,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new StripeApiError(
    400,
    { type: "invalid_request_error", message, ...(param && { param }), ...(code && { code }) },
    false,
  );

const missing = (kind: string, id: string, param = "id") =>
  new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param,
    message: `No such ${kind}: '${id}'`,
    doc_url: "https://stripe.com/docs/error-codes/resource-missing",
  });

const unexpectedState = (message: string) =>
  new StripeApiError(400, {
    type: "invalid_request_error",
    code: "payment_intent_unexpected_state",
    message,
    doc_url: "https://stripe.com/docs/error-codes/payment-intent-unexpected-state",
  });

const DECLINES = {
  declined: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  charge_fails: {
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  },
  insufficient_funds: {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  authentication_required: {
    code: "authentication_required",
    decline_code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
  },
  challenge_failed: {
    code: "payment_intent_authentication_failure",
    message:
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  },
} as const;
type Decline = keyof typeof DECLINES;

const clone = <T>(value: T): T => structuredClone(value);
const newId = (prefix: string, size = 12) =>
  `${prefix}_${randomBytes(size).toString("base64url").replace(/[-_]/g, "x")}`;
const amountOf = (value: FormValue | undefined, param: string): number => {
  const raw = text(value);
  if (raw === undefined || !/^\d+$/.test(raw)) throw invalid(`Invalid integer: ${raw ?? ""}`, param);
  return Number(raw);
};

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;

export async function startStripeFake(options: StripeFakeOptions) {
  const now = options.now ?? (() => new Date());
  const unix = () => Math.floor(now().getTime() / 1000);
  const wallClock = () => Math.floor(Date.now() / 1000);
  let delivery = options.delivery ?? "deliver";

  const accounts = new Map<string, AccountState>();
  for (const account of options.accounts) {
    const id = account.id ?? newId("acct", 8);
    accounts.set(account.secretKey, { ...account, id, endpoints: [...(account.webhookEndpoints ?? [])] });
  }
  const objects = new Map<string, Stored>();
  /** What a saved card does when charged later, by PaymentMethod id. */
  const savedBehaviour = new Map<string, CardBehaviour>();
  /** The card waiting on its 3-D Secure page, by session id. */
  const pendingChallenge = new Map<string, { card: TestCard; method: string }>();
  const idempotency = new Map<string, { fingerprint: string; response?: { status: number; body: string } }>();
  const events: { account: string; event: Stripe.Event; delivered: number }[] = [];
  const deliveries: WebhookDelivery[] = [];
  /** Every API request, in order: what a test checks the caller sent (an Idempotency-Key on each write). */
  const requestLog: { method: string; path: string; idempotencyKey: string | null }[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let gate: Promise<void> | null = null;
  let waiting = 0;
  let chain: Promise<unknown> = Promise.resolve();
  let baseUrl = "";

  // ---- the store ----------------------------------------------------------------------------------------------

  function put<T extends AnyObject>(account: string, value: T): T {
    objects.set(value.id, { account, object: value });
    return value;
  }

  function find<T extends AnyObject>(
    account: string,
    id: string,
    prefix: string,
    kind: string,
    param = "id",
  ): T {
    const stored = objects.get(id);
    if (!stored || stored.account !== account || !id.startsWith(prefix)) throw missing(kind, id, param);
    return stored.object as T;
  }

  function accountOf(id: string): string {
    const stored = objects.get(id);
    if (!stored) throw missing("object", id);
    return stored.account;
  }

  /** Replaces ids by their objects along each `expand` path (`payment_intent.latest_charge`). */
  function expand(account: string, value: AnyObject, paths: string[]): AnyObject {
    const out = clone(value) as unknown as Record<string, unknown>;
    for (const path of paths) {
      const [head, ...rest] = path.split(".");
      if (!head) continue;
      let field = out[head];
      if (typeof field === "string" && objects.get(field)?.account === account)
        field = clone((objects.get(field) as Stored).object);
      if (field && typeof field === "object" && rest.length > 0)
        field = expand(account, field as AnyObject, [rest.join(".")]);
      out[head] = field;
    }
    return out as unknown as AnyObject;
  }

  // ---- events and webhooks ------------------------------------------------------------------------------------

  function emit(account: string, type: string, value: AnyObject, request?: { idempotencyKey?: string }) {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: "2026-11-18.endive",
      created: unix(),
      data: { object: clone(value) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request ? newId("req", 8) : null, idempotency_key: request?.idempotencyKey ?? null },
      type,
    } as unknown as Stripe.Event;
    put(account, event);
    const entry = { account, event, delivered: 0 };
    events.push(entry);
    // Posted one after another, in the order they happened: another order is a test's explicit choice.
    if (delivery === "deliver") {
      chain = chain.then(() => deliver(event.id)).catch(() => {});
      track(chain);
    }
    return event;
  }

  function track(promise: Promise<unknown>) {
    inFlight.add(promise);
    promise.finally(() => inFlight.delete(promise)).catch(() => {});
  }

  function sign(payload: string, secret: string, timestamp: number) {
    const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
    return `t=${timestamp},v1=${v1}`;
  }

  function eventEntry(eventId: string) {
    const entry = events.find((e) => e.event.id === eventId);
    if (!entry) throw new Error(`stripe fake: no event ${eventId}`);
    return entry;
  }

  /** Posts an event to its account's endpoints, signed as Stripe signs: `t=<unix>,v1=<HMAC-SHA256 of "t.payload">`. */
  async function deliver(eventId: string, opts: DeliverOptions = {}): Promise<WebhookDelivery[]> {
    const entry = eventEntry(eventId);
    const account = [...accounts.values()].find((a) => a.id === entry.account);
    const payload = JSON.stringify(entry.event, null, 2);
    const made: WebhookDelivery[] = [];
    for (const endpoint of account?.endpoints ?? []) {
      const signature = sign(payload, opts.secret ?? endpoint.secret, opts.timestamp ?? wallClock());
      let status: number | null = null;
      try {
        const response = await fetch(endpoint.url, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "stripe-signature": signature,
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
          body: payload,
        });
        status = response.status;
        await response.arrayBuffer();
      } catch {
        status = null;
      }
      const record = { eventId, type: entry.event.type, url: endpoint.url, status, signature, payload };
      deliveries.push(record);
      made.push(record);
    }
    entry.delivered += 1;
    return made;
  }

  // ---- objects ------------------------------------------------------------------------------------------------

  function accountObject(account: AccountState): Stripe.Account {
    const value = clone(ACCOUNT);
    value.id = account.id;
    value.country = account.country ?? "IT";
    value.default_currency = account.defaultCurrency ?? "eur";
    value.charges_enabled = account.chargesEnabled ?? true;
    value.details_submitted = true;
    value.email = null;
    value.capabilities = {
      card_payments: "active",
      ...(account.capabilities ?? {}),
    } as Stripe.Account.Capabilities;
    if (value.settings)
      value.settings.dashboard = { display_name: account.displayName ?? null, timezone: "Europe/Rome" };
    if (value.business_profile) value.business_profile.name = account.displayName ?? null;
    value.external_accounts = {
      object: "list",
      data: [],
      has_more: false,
      url: `/v1/accounts/${account.id}/external_accounts`,
    };
    return value;
  }

  function customerFor(account: string, email: string | null): Stripe.Customer {
    const value = clone(CUSTOMER);
    Object.assign(value, { id: newId("cus", 7), created: unix(), currency: null, discount: null, email });
    value.invoice_settings = { ...value.invoice_settings, default_payment_method: null };
    return put(account, value);
  }

  function paymentMethodFor(account: string, card: TestCard, customer: string | null, type = "card") {
    const value = clone(PAYMENT_METHOD);
    const info = STRIPE_TEST_CARDS[card];
    Object.assign(value, { id: newId("pm"), created: unix(), customer, metadata: {}, type });
    value.billing_details = { ...value.billing_details, address: null, email: null, phone: null };
    if (type === "card" && value.card) {
      Object.assign(value.card, {
        brand: info.brand,
        display_brand: info.brand,
        last4: card.slice(-4),
        fingerprint: randomBytes(8).toString("hex"),
        wallet: null,
        networks: { available: [info.brand], preferred: null },
        generated_from: null,
      });
    } else {
      value.card = undefined;
    }
    savedBehaviour.set(value.id, info.behaviour);
    return put(account, value);
  }

  function chargeFor(
    account: string,
    intent: Stripe.PaymentIntent,
    method: Stripe.PaymentMethod,
    outcome: { captured: boolean } | { decline: Decline },
  ): Stripe.Charge {
    const value = clone(CHARGE);
    const paid = "captured" in outcome;
    const decline = "decline" in outcome ? DECLINES[outcome.decline] : null;
    Object.assign(value, {
      id: newId("ch"),
      amount: intent.amount,
      amount_captured: paid && outcome.captured ? intent.amount : 0,
      amount_refunded: 0,
      captured: paid && outcome.captured,
      created: unix(),
      currency: intent.currency,
      customer: intent.customer,
      metadata: {},
      paid,
      status: paid ? "succeeded" : "failed",
      failure_code: decline ? decline.code : null,
      failure_message: decline ? decline.message : null,
      payment_intent: intent.id,
      payment_method: method.id,
      refunded: false,
      disputed: false,
      receipt_url: null,
      refunds: { object: "list", data: [], has_more: false, url: "/v1/charges/refunds" },
      outcome: {
        ...value.outcome,
        network_status: paid ? "approved_by_network" : "declined_by_network",
        reason: decline && "decline_code" in decline ? decline.decline_code : null,
        seller_message: paid
          ? "Payment complete."
          : "The bank did not return any further details with this decline.",
        type: paid ? "authorized" : "issuer_declined",
      },
    });
    if (value.payment_method_details?.card && method.card) {
      Object.assign(value.payment_method_details.card, {
        brand: method.card.brand,
        last4: method.card.last4,
        amount_authorized: paid ? intent.amount : null,
      });
    }
    if (value.payment_method_details && method.type !== "card")
      value.payment_method_details = { type: method.type } as Stripe.Charge.PaymentMethodDetails;
    return put(account, value);
  }

  function newPaymentIntent(
    account: string,
    fields: {
      amount: number;
      currency: string;
      capture: "automatic" | "manual";
      metadata: Record<string, string>;
      customer: string | null;
      methodTypes: string[];
      description?: string | null;
    },
  ): Stripe.PaymentIntent {
    const value = clone(PAYMENT_INTENT);
    const id = newId("pi");
    Object.assign(value, {
      id,
      amount: fields.amount,
      amount_capturable: 0,
      amount_received: 0,
      capture_method: fields.capture,
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      created: unix(),
      currency: fields.currency,
      customer: fields.customer,
      description: fields.description ?? null,
      metadata: fields.metadata,
      payment_method_types: fields.methodTypes,
      status: "requires_payment_method",
      latest_charge: null,
      payment_method: null,
    });
    return put(account, value);
  }

  /** A PaymentIntent tried with a payment method: succeeded, held for capture, or declined. */
  function confirmIntent(
    account: string,
    intent: Stripe.PaymentIntent,
    method: Stripe.PaymentMethod,
    decline: Decline | null,
  ): Stripe.Charge | null {
    intent.payment_method = method.id;
    if (decline) {
      const charge = decline === "challenge_failed" ? null : chargeFor(account, intent, method, { decline });
      intent.status = "requires_payment_method";
      intent.latest_charge = charge?.id ?? intent.latest_charge;
      intent.last_payment_error = {
        ...DECLINES[decline],
        type: "card_error",
        ...(charge && { charge: charge.id }),
        doc_url: `https://stripe.com/docs/error-codes/${DECLINES[decline].code.replaceAll("_", "-")}`,
        payment_method: clone(method),
      } as Stripe.PaymentIntent.LastPaymentError;
      emit(account, "payment_intent.payment_failed", intent);
      return charge;
    }
    const manual = intent.capture_method === "manual";
    const charge = chargeFor(account, intent, method, { captured: !manual });
    intent.last_payment_error = null;
    intent.latest_charge = charge.id;
    intent.status = manual ? "requires_capture" : "succeeded";
    intent.amount_capturable = manual ? intent.amount : 0;
    intent.amount_received = manual ? 0 : intent.amount;
    emit(account, manual ? "payment_intent.amount_capturable_updated" : "payment_intent.succeeded", intent);
    return charge;
  }

  // ---- Checkout ---------------------------------------------------------------------------------------------

  const enabled = (account: AccountState, type: string) =>
    type === "card" || account.capabilities?.[`${type}_payments`] === "active";

  /**
   * The methods a session offers: `payment_method_types` (older API versions) is an explicit list, each of which
   * must be enabled; `allowed_payment_method_types` filters what the account enables; neither: all it enables.
   */
  function methodTypesOf(account: AccountState, mode: string, params: FormObject): string[] {
    const explicit = list(params.payment_method_types).map(String);
    for (const type of explicit)
      if (!enabled(account, type))
        throw invalid(
          `The payment method type "${type}" is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use.`,
          "payment_method_types",
        );
    if (explicit.length > 0) return explicit;
    const eligible = [
      "card",
      ...Object.entries(account.capabilities ?? {})
        .filter(
          ([name, state]) => state === "active" && name.endsWith("_payments") && name !== "card_payments",
        )
        .map(([name]) => name.slice(0, -"_payments".length)),
    ].filter((type) => mode === "payment" || type === "card" || type === "sepa_debit");
    if (params.allowed_payment_method_types === undefined) return eligible;
    const allowed = list(params.allowed_payment_method_types).map(String);
    const offered = eligible.filter((type) => allowed.includes(type));
    if (offered.length === 0)
      throw invalid(
        `None of the payment method types in allowed_payment_method_types (${allowed.join(", ")}) are enabled for this account and Checkout Session. Activate them in your dashboard (https://dashboard.stripe.com/account/payments/settings).`,
        "allowed_payment_method_types",
      );
    return offered;
  }

  function createSession(account: AccountState, params: FormObject): Stripe.Checkout.Session {
    const mode = text(params.mode);
    if (mode !== "payment" && mode !== "setup")
      throw invalid(
        mode
          ? `Invalid mode: must be one of payment, setup or subscription`
          : "Missing required param: mode.",
        "mode",
      );
    const successUrl = text(params.success_url);
    if (!successUrl) throw invalid("Missing required param: success_url.", "success_url");
    const methodTypes = methodTypesOf(account, mode, params);
    const created = unix();
    const expiresAt =
      params.expires_at === undefined ? created + 24 * 3600 : amountOf(params.expires_at, "expires_at");
    if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600)
      throw invalid(
        "The `expires_at` timestamp must be at least 30 minutes and less than 24 hours from Checkout Session creation.",
        "expires_at",
      );
    let amount = 0;
    let currency = text(params.currency)?.toLowerCase() ?? null;
    list(params.line_items).forEach((raw, index) => {
      const item = object(raw);
      const price = object(item.price_data);
      const quantity =
        item.quantity === undefined ? 1 : amountOf(item.quantity, `line_items[${index}][quantity]`);
      amount += amountOf(price.unit_amount, `line_items[${index}][price_data][unit_amount]`) * quantity;
      const itemCurrency = text(price.currency)?.toLowerCase();
      if (!itemCurrency)
        throw invalid(
          "Missing required param: line_items[0][price_data][currency].",
          `line_items[${index}][price_data][currency]`,
        );
      currency = itemCurrency;
      if (!text(object(price.product_data).name) && !text(price.product))
        throw invalid(
          "Missing required param: line_items[0][price_data][product_data].",
          `line_items[${index}][price_data][product_data]`,
        );
    });
    if (mode === "payment" && list(params.line_items).length === 0)
      throw invalid("Missing required param: line_items.", "line_items");
    const customer = text(params.customer) ?? null;
    if (customer && params.customer_creation !== undefined)
      throw invalid(
        "You may only specify one of these parameters: customer, customer_creation.",
        "customer_creation",
      );
    if (customer) find<Stripe.Customer>(account.id, customer, "cus_", "customer", "customer");
    const capture = text(object(params.payment_intent_data).capture_method) ?? "automatic";
    if (capture !== "automatic" && capture !== "manual" && capture !== "automatic_async")
      throw invalid(
        `Invalid payment_intent_data[capture_method]: ${capture}`,
        "payment_intent_data[capture_method]",
      );

    const value = clone(CHECKOUT_SESSION);
    const id = `cs_test_${randomBytes(30).toString("base64url").replace(/[-_]/g, "a")}`;
    Object.assign(value, {
      id,
      amount_subtotal: mode === "payment" ? amount : null,
      amount_total: mode === "payment" ? amount : null,
      cancel_url: text(params.cancel_url) ?? null,
      client_reference_id: text(params.client_reference_id) ?? null,
      created,
      currency,
      customer,
      customer_creation: text(params.customer_creation) ?? (customer ? null : "if_required"),
      customer_email: text(params.customer_email) ?? null,
      expires_at: expiresAt,
      locale: text(params.locale) ?? null,
      metadata: metadata(params.metadata),
      mode,
      payment_intent: null,
      payment_method_types: methodTypes,
      allowed_payment_method_types:
        params.allowed_payment_method_types === undefined
          ? null
          : list(params.allowed_payment_method_types).map(String),
      payment_status: mode === "setup" ? "no_payment_required" : "unpaid",
      setup_intent: null,
      status: "open",
      success_url: successUrl,
      url: `${baseUrl}/c/pay/${id}`,
    });
    put(account.id, value);
    // The capture choice and the PaymentIntent's metadata wait for the guest's payment, as on Stripe.
    sessionIntentData.set(id, {
      capture: capture === "manual" ? "manual" : "automatic",
      metadata: metadata(object(params.payment_intent_data).metadata),
      setupMetadata: metadata(object(params.setup_intent_data).metadata),
      description: text(object(params.payment_intent_data).description) ?? null,
    });
    return value;
  }
  const sessionIntentData = new Map<
    string,
    {
      capture: "automatic" | "manual";
      metadata: Record<string, string>;
      setupMetadata: Record<string, string>;
      description: string | null;
    }
  >();

  function expireSession(account: string, session: Stripe.Checkout.Session) {
    if (session.status !== "open")
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired.`,
        undefined,
        "checkout_session_not_open" as string,
      );
    session.status = "expired";
    session.url = null;
    pendingChallenge.delete(session.id);
    const intentId = typeof session.payment_intent === "string" ? session.payment_intent : null;
    if (intentId) {
      const intent = find<Stripe.PaymentIntent>(account, intentId, "pi_", "payment_intent");
      intent.status = "canceled";
      intent.canceled_at = unix();
      intent.cancellation_reason = "abandoned";
      emit(account, "payment_intent.canceled", intent);
    }
    emit(account, "checkout.session.expired", session);
    return session;
  }

  type Attempt = { card: TestCard; method?: string; challenge?: "approve" | "fail" };
  type AttemptResult = { redirect: string } | { challenge: true } | { error: string };

  /** The guest pays (or saves a card) on the hosted page: what Stripe does with the card, step by step. */
  function attempt(sessionId: string, input: Attempt): AttemptResult {
    const account = accountOf(sessionId);
    const session = find<Stripe.Checkout.Session>(account, sessionId, "cs_", "checkout.session");
    if (session.status !== "open") return { error: "This Checkout Session is no longer active." };
    const info = STRIPE_TEST_CARDS[input.card];
    const methodType = input.method ?? "card";
    if (info.behaviour === "challenge" && !input.challenge) {
      pendingChallenge.set(sessionId, { card: input.card, method: methodType });
      return { challenge: true };
    }
    pendingChallenge.delete(sessionId);
    const decline: Decline | null =
      input.challenge === "fail"
        ? "challenge_failed"
        : info.behaviour === "declined" || info.behaviour === "insufficient_funds"
          ? info.behaviour
          : null;
    const data = sessionIntentData.get(sessionId);
    const wantsCustomer = session.customer !== null || session.customer_creation === "always";
    const customer =
      typeof session.customer === "string"
        ? session.customer
        : wantsCustomer && !decline
          ? customerFor(account, session.customer_email).id
          : null;
    const method = paymentMethodFor(account, input.card, decline ? null : customer, methodType);

    if (session.mode === "setup") {
      let intent =
        typeof session.setup_intent === "string"
          ? find<Stripe.SetupIntent>(account, session.setup_intent, "seti_", "setup_intent")
          : null;
      if (!intent) {
        intent = clone(SETUP_INTENT);
        const id = newId("seti");
        Object.assign(intent, {
          id,
          client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
          created: unix(),
          metadata: data?.setupMetadata ?? {},
          payment_method_types: session.payment_method_types,
          usage: "off_session",
        });
        put(account, intent);
        session.setup_intent = intent.id;
      }
      intent.payment_method = method.id;
      if (decline) {
        intent.status = "requires_payment_method";
        intent.last_setup_error = {
          ...DECLINES[decline],
          type: "card_error",
        } as Stripe.SetupIntent.LastSetupError;
        emit(account, "setup_intent.setup_failed", intent);
        return { error: DECLINES[decline].message };
      }
      Object.assign(intent, { status: "succeeded", customer, last_setup_error: null });
      Object.assign(session, { status: "complete", customer, url: null });
      emit(account, "setup_intent.succeeded", intent);
      emit(account, "checkout.session.completed", session);
      return { redirect: successRedirect(session) };
    }

    let intent =
      typeof session.payment_intent === "string"
        ? find<Stripe.PaymentIntent>(account, session.payment_intent, "pi_", "payment_intent")
        : null;
    if (!intent) {
      intent = newPaymentIntent(account, {
        amount: session.amount_total ?? 0,
        currency: session.currency ?? "eur",
        capture: data?.capture ?? "automatic",
        metadata: data?.metadata ?? {},
        customer: null,
        methodTypes: session.payment_method_types,
        description: data?.description ?? null,
      });
      session.payment_intent = intent.id;
    }
    if (!decline) intent.customer = customer;
    confirmIntent(account, intent, method, decline);
    if (decline) return { error: DECLINES[decline].message };
    Object.assign(session, {
      status: "complete",
      customer,
      url: null,
      payment_status: intent.status === "succeeded" ? "paid" : "unpaid",
    });
    emit(account, "checkout.session.completed", session);
    return { redirect: successRedirect(session) };
  }

  const successRedirect = (session: Stripe.Checkout.Session) =>
    (session.success_url ?? "").replaceAll("{CHECKOUT_SESSION_ID}", session.id);

  // ---- PaymentIntents, refunds ----------------------------------------------------------------------------------

  function createPaymentIntent(
    account: string,
    params: FormObject,
    idempotencyKey?: string,
  ): Stripe.PaymentIntent {
    const amount = amountOf(params.amount, "amount");
    const currency = text(params.currency)?.toLowerCase();
    if (!currency) throw invalid("Missing required param: currency.", "currency");
    const customer = text(params.customer) ?? null;
    if (customer) find<Stripe.Customer>(account, customer, "cus_", "customer", "customer");
    const methodId = text(params.payment_method);
    const method = methodId
      ? find<Stripe.PaymentMethod>(account, methodId, "pm_", "PaymentMethod", "payment_method")
      : null;
    if (method && method.customer !== customer)
      throw invalid(
        `The provided PaymentMethod ${methodId} was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.`,
        "payment_method",
      );
    const redirects = text(object(params.automatic_payment_methods).allow_redirects);
    if (text(params.confirm) === "true" && !text(params.return_url) && redirects !== "never")
      throw invalid(
        "This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
        "return_url",
      );
    const capture = text(params.capture_method) === "manual" ? "manual" : "automatic";
    const intent = newPaymentIntent(account, {
      amount,
      currency,
      capture,
      metadata: metadata(params.metadata),
      customer,
      methodTypes:
        list(params.payment_method_types).map(String).length > 0
          ? list(params.payment_method_types).map(String)
          : ["card"],
      description: text(params.description) ?? null,
    });
    if (text(params.confirm) !== "true" || !method) {
      if (method) Object.assign(intent, { payment_method: method.id, status: "requires_confirmation" });
      return intent;
    }
    const behaviour = savedBehaviour.get(method.id) ?? "success";
    const offSession = text(params.off_session) === "true";
    const decline: Decline | null =
      behaviour === "challenge" && offSession
        ? "authentication_required"
        : behaviour === "charge_fails" || behaviour === "declined"
          ? "charge_fails"
          : behaviour === "insufficient_funds"
            ? "insufficient_funds"
            : null;
    const charge = confirmIntent(account, intent, method, decline);
    if (decline) {
      const error = DECLINES[decline];
      throw new StripeApiError(402, {
        type: "card_error",
        ...error,
        ...(charge && { charge: charge.id }),
        doc_url: `https://stripe.com/docs/error-codes/${error.code.replaceAll("_", "-")}`,
        payment_intent: clone(intent),
        payment_method: clone(method),
        request_log_url: `https://dashboard.stripe.com/test/logs/${idempotencyKey ?? "req"}`,
      });
    }
    return intent;
  }

  /** A test PaymentMethod (`pm_card_visa`, …) or one of the account's, attached to a customer. */
  function attachPaymentMethod(account: string, id: string, params: FormObject): Stripe.PaymentMethod {
    const customer = text(params.customer);
    if (!customer) throw invalid("Missing required param: customer.", "customer");
    find<Stripe.Customer>(account, customer, "cus_", "customer", "customer");
    const card = STRIPE_TEST_PAYMENT_METHODS[id];
    if (!card) {
      const method = find<Stripe.PaymentMethod>(account, id, "pm_", "PaymentMethod", "payment_method");
      method.customer = customer;
      return clone(method);
    }
    const behaviour = STRIPE_TEST_CARDS[card].behaviour;
    // Stripe checks the card as it is attached: one declined outright cannot be saved.
    if (behaviour === "declined" || behaviour === "insufficient_funds") {
      const error = DECLINES[behaviour];
      throw new StripeApiError(
        402,
        {
          type: "card_error",
          ...error,
          param: "",
          doc_url: `https://stripe.com/docs/error-codes/${error.code.replaceAll("_", "-")}`,
        },
        false,
      );
    }
    return clone(paymentMethodFor(account, card, customer));
  }

  function capturePaymentIntent(account: string, intent: Stripe.PaymentIntent, params: FormObject) {
    if (intent.status !== "requires_capture")
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    const amount =
      params.amount_to_capture === undefined
        ? intent.amount_capturable
        : amountOf(params.amount_to_capture, "amount_to_capture");
    if (amount > intent.amount_capturable || amount <= 0)
      throw invalid(
        `The amount to capture must be a positive integer no greater than the amount capturable (${intent.amount_capturable}).`,
        "amount_to_capture",
        "amount_too_large",
      );
    const charge = find<Stripe.Charge>(account, String(intent.latest_charge), "ch_", "charge");
    Object.assign(charge, { captured: true, amount_captured: amount });
    Object.assign(intent, { status: "succeeded", amount_received: amount, amount_capturable: 0 });
    emit(account, "payment_intent.succeeded", intent);
    return intent;
  }

  function cancelPaymentIntent(account: string, intent: Stripe.PaymentIntent, params: FormObject) {
    const session = [...objects.values()].find(
      (s) =>
        s.object.object === "checkout.session" &&
        (s.object as Stripe.Checkout.Session).payment_intent === intent.id,
    )?.object as Stripe.Checkout.Session | undefined;
    if (session?.status === "open")
      throw unexpectedState(
        "You cannot cancel this PaymentIntent because it was created by Checkout. Expire the Checkout Session instead.",
      );
    if (intent.status === "succeeded" || intent.status === "canceled")
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      );
    Object.assign(intent, {
      status: "canceled",
      canceled_at: unix(),
      cancellation_reason: text(params.cancellation_reason) ?? null,
      amount_capturable: 0,
    });
    emit(account, "payment_intent.canceled", intent);
    return intent;
  }

  function createRefund(account: string, params: FormObject, idempotencyKey?: string): Stripe.Refund {
    const intentId = text(params.payment_intent);
    const chargeId = text(params.charge);
    if (!intentId && !chargeId)
      throw invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
      );
    const intent = intentId
      ? find<Stripe.PaymentIntent>(account, intentId, "pi_", "payment_intent", "payment_intent")
      : null;
    if (intent && intent.status !== "succeeded")
      throw unexpectedState(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
    const charge = find<Stripe.Charge>(
      account,
      chargeId ?? String(intent?.latest_charge),
      "ch_",
      "charge",
      "charge",
    );
    const refundable = charge.amount_captured - charge.amount_refunded;
    if (refundable <= 0)
      throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, "charge_already_refunded");
    const amount = params.amount === undefined ? refundable : amountOf(params.amount, "amount");
    if (amount <= 0) throw invalid("Invalid positive integer", "amount");
    if (amount > refundable)
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${refundable})`,
        "amount",
        "amount_too_large",
      );
    const value = clone(REFUND);
    Object.assign(value, {
      id: newId("re"),
      amount,
      charge: charge.id,
      created: unix(),
      currency: charge.currency,
      metadata: metadata(params.metadata),
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      reason: text(params.reason) ?? null,
      status: "succeeded",
    });
    put(account, value);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount_captured;
    emit(account, "charge.refunded", charge, { ...(idempotencyKey && { idempotencyKey }) });
    return value;
  }

  /** Lists refunds newest first, as Stripe does, of one `payment_intent` or `charge` (or all), with pages. */
  function listRefunds(account: string, params: FormObject) {
    const intent = text(params.payment_intent);
    const charge = text(params.charge);
    const limit = params.limit === undefined ? 10 : amountOf(params.limit, "limit");
    if (intent) find<Stripe.PaymentIntent>(account, intent, "pi_", "payment_intent", "payment_intent");
    let all = [...objects.values()]
      .filter((s) => s.account === account && s.object.object === "refund")
      .map((s) => s.object as Stripe.Refund)
      .filter((r) => (!intent || r.payment_intent === intent) && (!charge || r.charge === charge))
      .reverse();
    const after = text(params.starting_after);
    if (after) all = all.slice(all.findIndex((r) => r.id === after) + 1);
    return { object: "list", data: all.slice(0, limit), has_more: all.length > limit, url: "/v1/refunds" };
  }

  /** Lists newest first, as Stripe does: `status`, `payment_intent`, `customer`, `created[gt|gte|lt|lte]`, pages. */
  function listSessions(account: string, params: FormObject) {
    const status = text(params.status);
    const intent = text(params.payment_intent);
    const customer = text(params.customer);
    const created = object(params.created);
    const bound = (key: string) =>
      created[key] === undefined ? undefined : amountOf(created[key], `created[${key}]`);
    const [gt, gte, lt, lte] = ["gt", "gte", "lt", "lte"].map(bound);
    const exact = typeof params.created === "string" ? amountOf(params.created, "created") : undefined;
    const limit = params.limit === undefined ? 10 : amountOf(params.limit, "limit");
    let all = [...objects.values()]
      .filter((s) => s.account === account && s.object.object === "checkout.session")
      .map((s) => s.object as Stripe.Checkout.Session)
      .filter(
        (s) =>
          (!status || s.status === status) &&
          (!intent || s.payment_intent === intent) &&
          (!customer || s.customer === customer) &&
          (exact === undefined || s.created === exact) &&
          (gt === undefined || s.created > gt) &&
          (gte === undefined || s.created >= gte) &&
          (lt === undefined || s.created < lt) &&
          (lte === undefined || s.created <= lte),
      )
      .reverse();
    const after = text(params.starting_after);
    if (after) all = all.slice(all.findIndex((s) => s.id === after) + 1);
    return {
      object: "list",
      data: all.slice(0, limit),
      has_more: all.length > limit,
      url: "/v1/checkout/sessions",
    };
  }

  // ---- HTTP: the API ------------------------------------------------------------------------------------------

  type Route = {
    method: string;
    pattern: RegExp;
    run: (ctx: { account: AccountState; params: FormObject; match: string[]; key?: string }) => unknown;
  };

  const expandOf = (params: FormObject) => list(params.expand).map(String);
  const retrieveRoute = (pattern: RegExp, prefix: string, kind: string): Route => ({
    method: "GET",
    pattern,
    run: ({ account, params, match }) =>
      expand(account.id, find(account.id, match[1] ?? "", prefix, kind), expandOf(params)),
  });

  const routes: Route[] = [
    { method: "GET", pattern: /^\/v1\/account$/, run: ({ account }) => accountObject(account) },
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions$/,
      run: ({ account, params }) => expand(account.id, createSession(account, params), expandOf(params)),
    },
    {
      method: "GET",
      pattern: /^\/v1\/checkout\/sessions$/,
      run: ({ account, params }) => listSessions(account.id, params),
    },
    retrieveRoute(/^\/v1\/checkout\/sessions\/([^/]+)$/, "cs_", "checkout.session"),
    {
      method: "POST",
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      run: ({ account, params, match }) =>
        expand(
          account.id,
          expireSession(account.id, find(account.id, match[1] ?? "", "cs_", "checkout.session")),
          expandOf(params),
        ),
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents$/,
      run: ({ account, params, key }) =>
        expand(account.id, createPaymentIntent(account.id, params, key), expandOf(params)),
    },
    retrieveRoute(/^\/v1\/payment_intents\/([^/]+)$/, "pi_", "payment_intent"),
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents\/([^/]+)\/capture$/,
      run: ({ account, params, match }) =>
        expand(
          account.id,
          capturePaymentIntent(account.id, find(account.id, match[1] ?? "", "pi_", "payment_intent"), params),
          expandOf(params),
        ),
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      run: ({ account, params, match }) =>
        expand(
          account.id,
          cancelPaymentIntent(account.id, find(account.id, match[1] ?? "", "pi_", "payment_intent"), params),
          expandOf(params),
        ),
    },
    retrieveRoute(/^\/v1\/setup_intents\/([^/]+)$/, "seti_", "setup_intent"),
    retrieveRoute(/^\/v1\/charges\/([^/]+)$/, "ch_", "charge"),
    retrieveRoute(/^\/v1\/payment_methods\/([^/]+)$/, "pm_", "payment_method"),
    retrieveRoute(/^\/v1\/customers\/([^/]+)$/, "cus_", "customer"),
    retrieveRoute(/^\/v1\/refunds\/([^/]+)$/, "re_", "refund"),
    retrieveRoute(/^\/v1\/disputes\/([^/]+)$/, "dp_", "dispute"),
    retrieveRoute(/^\/v1\/events\/([^/]+)$/, "evt_", "event"),
    {
      method: "GET",
      pattern: /^\/v1\/refunds$/,
      run: ({ account, params }) => listRefunds(account.id, params),
    },
    {
      method: "POST",
      pattern: /^\/v1\/customers$/,
      run: ({ account, params }) => customerFor(account.id, text(params.email) ?? null),
    },
    {
      method: "POST",
      pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      run: ({ account, params, match }) => attachPaymentMethod(account.id, match[1] ?? "", params),
    },
    {
      method: "POST",
      pattern: /^\/v1\/refunds$/,
      run: ({ account, params, key }) =>
        expand(account.id, createRefund(account.id, params, key), expandOf(params)),
    },
  ];

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  function send(
    response: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, {
      "content-type": "application/json",
      "request-id": newId("req", 8),
      "stripe-version": "2026-11-18.endive",
      ...(status >= 400 && status !== 409 && { "stripe-should-retry": "false" }),
      ...headers,
    });
    response.end(body);
  }
  const errorBody = (error: StripeApiError) =>
    JSON.stringify(
      {
        error: {
          ...error.body,
          request_log_url: `https://dashboard.stripe.com/test/logs/${newId("req", 8)}`,
        },
      },
      null,
      2,
    );

  async function api(request: IncomingMessage, response: ServerResponse, url: URL) {
    const auth = request.headers.authorization ?? "";
    const key = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    const account = accounts.get(key);
    if (!account) {
      const shown =
        key.length > 4
          ? `${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
          : key;
      const message = key
        ? `Invalid API Key provided: ${shown}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      return send(
        response,
        401,
        JSON.stringify({ error: { message, type: "invalid_request_error" } }, null, 2),
        {
          "www-authenticate": 'Bearer realm="Stripe"',
        },
      );
    }
    const body = await readBody(request);
    const params = request.method === "GET" ? parseForm(url.search.slice(1)) : parseForm(body);
    const route = routes.find((r) => r.method === request.method && r.pattern.test(url.pathname));
    if (!route)
      return send(
        response,
        404,
        errorBody(
          new StripeApiError(404, {
            type: "invalid_request_error",
            message: `Unrecognized request URL (${request.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          }),
        ),
      );
    const idempotencyKey =
      request.method === "POST" ? (request.headers["idempotency-key"] as string | undefined) : undefined;
    requestLog.push({
      method: request.method ?? "GET",
      path: url.pathname,
      idempotencyKey: idempotencyKey ?? null,
    });
    const store = idempotencyKey ? `${account.id}:${idempotencyKey}` : null;
    const fingerprint = `${request.method} ${url.pathname} ${JSON.stringify(params)}`;
    if (store) {
      const known = idempotency.get(store);
      if (known && !known.response)
        return send(
          response,
          409,
          errorBody(
            new StripeApiError(409, {
              type: "idempotency_error",
              code: "idempotency_key_in_use",
              message:
                "There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): " +
                `${idempotencyKey}. Please try again later.`,
            }),
          ),
        );
      if (known && known.fingerprint !== fingerprint)
        return send(
          response,
          400,
          errorBody(
            new StripeApiError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            }),
          ),
        );
      if (known?.response)
        return send(response, known.response.status, known.response.body, {
          "idempotent-replayed": "true",
          "original-request": "req_replayed",
        });
      idempotency.set(store, { fingerprint });
    }
    if (gate && request.method === "POST") {
      waiting += 1;
      await gate;
      waiting -= 1;
    }
    let status = 200;
    let out: string;
    let saved = true;
    try {
      const match = url.pathname.match(route.pattern) ?? [];
      out = JSON.stringify(
        route.run({ account, params, match: [...match], ...(idempotencyKey && { key: idempotencyKey }) }),
        null,
        2,
      );
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      saved = error.saved;
      out = errorBody(error);
    }
    if (store) {
      if (saved) idempotency.set(store, { fingerprint, response: { status, body: out } });
      else idempotency.delete(store);
    }
    send(response, status, out, idempotencyKey ? { "idempotency-key": idempotencyKey } : {});
  }

  // ---- HTTP: the hosted page ----------------------------------------------------------------------------------

  function pageModel(session: Stripe.Checkout.Session, extra: Partial<PageModel> = {}): PageModel {
    const account = [...accounts.values()].find((a) => a.id === objects.get(session.id)?.account);
    return {
      session,
      merchant: account?.displayName ?? "Test merchant",
      actionBase: `/c/pay/${session.id}`,
      ...extra,
    };
  }

  function html(response: ServerResponse, status: number, body: string) {
    response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    response.end(body);
  }

  function redirect(response: ServerResponse, location: string) {
    response.writeHead(303, { location });
    response.end();
  }

  async function page(request: IncomingMessage, response: ServerResponse, url: URL) {
    const match = url.pathname.match(/^\/c\/pay\/([^/]+)(\/challenge|\/redirect)?$/);
    const stored = match ? objects.get(match[1] ?? "") : undefined;
    if (!match || stored?.object.object !== "checkout.session")
      return html(response, 404, "<!doctype html><title>Not found</title><p>Not found</p>");
    const session = stored.object as Stripe.Checkout.Session;
    if (session.status === "open" && session.expires_at <= unix()) expireSession(stored.account, session);
    const step = match[2];
    const form = request.method === "POST" ? parseForm(await readBody(request)) : {};
    if (session.status !== "open")
      return html(response, 410, hostedPage(pageModel(session, { view: "closed" })));

    if (step === "/challenge" || step === "/redirect") {
      const pending = pendingChallenge.get(session.id);
      if (!pending) return redirect(response, `/c/pay/${session.id}`);
      if (request.method !== "POST")
        return html(
          response,
          200,
          hostedPage(
            pageModel(session, {
              view: step === "/challenge" ? "challenge" : "redirect",
              method: pending.method,
            }),
          ),
        );
      const decision = text(form.decision) === "approve" ? "approve" : "fail";
      const result = attempt(session.id, { card: pending.card, method: pending.method, challenge: decision });
      if ("redirect" in result) return redirect(response, result.redirect);
      return html(
        response,
        402,
        hostedPage(pageModel(session, { view: "pay", error: "error" in result ? result.error : "" })),
      );
    }

    if (request.method !== "POST")
      return html(response, 200, hostedPage(pageModel(session, { view: "pay" })));
    const method = text(form.method);
    if (method && method !== "card") {
      if (!session.payment_method_types.includes(method))
        return html(
          response,
          400,
          hostedPage(pageModel(session, { view: "pay", error: "This payment method is not available." })),
        );
      // Redirect methods end on their provider's test page, which approves or fails the payment.
      pendingChallenge.set(session.id, { card: "4000002760003184", method });
      return redirect(response, `/c/pay/${session.id}/redirect`);
    }
    const number = (text(form.card) ?? "").replace(/\D/g, "");
    if (!(number in STRIPE_TEST_CARDS))
      return html(
        response,
        400,
        hostedPage(pageModel(session, { view: "pay", error: "Your card number is invalid." })),
      );
    const result = attempt(session.id, { card: number as TestCard });
    if ("redirect" in result) return redirect(response, result.redirect);
    if ("challenge" in result) return redirect(response, `/c/pay/${session.id}/challenge`);
    return html(response, 402, hostedPage(pageModel(session, { view: "pay", error: result.error })));
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const handler = url.pathname.startsWith("/v1/")
      ? api
      : url.pathname.startsWith("/_fake/")
        ? controls
        : page;
    handler(request, response, url).catch((error: unknown) => {
      if (!response.headersSent)
        send(response, 500, JSON.stringify({ error: { type: "api_error", message: String(error) } }));
      else response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  function accountByKeyOrId(which?: string): AccountState {
    const found = which
      ? (accounts.get(which) ?? [...accounts.values()].find((a) => a.id === which))
      : [...accounts.values()][0];
    if (!found) throw new Error(`stripe fake: no account ${which ?? ""}`);
    return found;
  }

  function intentOf(ref: string): { account: string; intent: Stripe.PaymentIntent } {
    const account = accountOf(ref);
    const stored = objects.get(ref)?.object;
    const intentId =
      stored?.object === "checkout.session" ? (stored as Stripe.Checkout.Session).payment_intent : ref;
    if (typeof intentId !== "string") throw new Error(`stripe fake: ${ref} has no PaymentIntent`);
    return { account, intent: find<Stripe.PaymentIntent>(account, intentId, "pi_", "payment_intent") };
  }

  const fake = {
    /** `http://127.0.0.1:<port>`: the API and the hosted pages. */
    url: baseUrl,
    host: "127.0.0.1",
    port,
    /** The options the SDK takes to talk to this fake. */
    sdkOptions: { host: "127.0.0.1", port, protocol: "http" as const },

    /** The account a key (or an account id) belongs to, as `GET /v1/account` answers it. */
    account: (keyOrId?: string) => accountObject(accountByKeyOrId(keyOrId)),
    /** Accepts another key (a hotel whose keys a test enters); answers its account. */
    addAccount(account: StripeFakeAccount): Stripe.Account {
      const id = account.id ?? newId("acct", 8);
      const state = { ...account, id, endpoints: [...(account.webhookEndpoints ?? [])] };
      accounts.set(account.secretKey, state);
      return accountObject(state);
    },
    /** Adds a webhook endpoint to an account (the first one by default). */
    addWebhookEndpoint(endpoint: { url: string; secret: string }, keyOrId?: string) {
      accountByKeyOrId(keyOrId).endpoints.push(endpoint);
    },
    /** Any object the fake holds, by id (a copy). */
    get: <T extends AnyObject = AnyObject>(id: string): T | undefined => {
      const stored = objects.get(id);
      return stored ? (clone(stored.object) as T) : undefined;
    },

    /** Settles an open session as a guest would on the hosted page; answers where the browser would go next. */
    complete(sessionId: string, outcome: CompleteOutcome = "success", method?: string): AttemptResult {
      const card = OUTCOME_CARDS[outcome];
      if (outcome === "challenge") return attempt(sessionId, { card, ...(method && { method }) });
      const challenge =
        outcome === "challenge-approved" ? "approve" : outcome === "challenge-failed" ? "fail" : undefined;
      return attempt(sessionId, { card, ...(method && { method }), ...(challenge && { challenge }) });
    },
    /** Expires an open session now (Stripe's own expiry, or the guest never came back). */
    expire(sessionId: string) {
      const account = accountOf(sessionId);
      return clone(
        expireSession(account, find<Stripe.Checkout.Session>(account, sessionId, "cs_", "checkout.session")),
      );
    },
    /** Expires every open session whose `expires_at` has passed on the fake's clock; answers their ids. */
    expireDue(): string[] {
      const due = [...objects.values()].filter(
        (s) =>
          s.object.object === "checkout.session" &&
          (s.object as Stripe.Checkout.Session).status === "open" &&
          (s.object as Stripe.Checkout.Session).expires_at <= unix(),
      );
      for (const s of due) expireSession(s.account, s.object as Stripe.Checkout.Session);
      return due.map((s) => s.object.id);
    },
    /** Opens a dispute on the charge of a PaymentIntent (or of a session's PaymentIntent). */
    dispute(ref: string, reason = "fraudulent"): Stripe.Dispute {
      const { account, intent } = intentOf(ref);
      const charge = find<Stripe.Charge>(account, String(intent.latest_charge), "ch_", "charge");
      const value = clone(DISPUTE);
      Object.assign(value, {
        id: newId("dp"),
        amount: charge.amount_captured - charge.amount_refunded,
        charge: charge.id,
        created: unix(),
        currency: charge.currency,
        payment_intent: intent.id,
        reason,
        status: "needs_response",
        enhanced_eligibility_types: [],
      });
      value.evidence_details = { ...value.evidence_details, due_by: unix() + 14 * 86400 };
      charge.disputed = true;
      put(account, value);
      emit(account, "charge.dispute.created", value);
      return clone(value);
    },

    /**
     * A refund the merchant makes in Stripe's dashboard, not through the API's caller (no metadata, no key): all
     * that is left of the payment's charge, or `amount`. Posts `charge.refunded` like any refund.
     */
    refundInDashboard(ref: string, amount?: number): Stripe.Refund {
      const { account, intent } = intentOf(ref);
      return clone(
        createRefund(account, {
          payment_intent: intent.id,
          ...(amount !== undefined && { amount: String(amount) }),
        }),
      );
    },
    /** Closes a dispute as the card network decided (`won` or `lost`), posting `charge.dispute.closed`. */
    closeDispute(disputeId: string, outcome: "won" | "lost"): Stripe.Dispute {
      const account = accountOf(disputeId);
      const value = find<Stripe.Dispute>(account, disputeId, "dp_", "dispute");
      value.status = outcome;
      value.evidence_details = { ...value.evidence_details, submission_count: 1, has_evidence: true };
      emit(account, "charge.dispute.closed", value);
      return clone(value);
    },

    /** "deliver" posts each event as it happens; "hold" keeps new events back (a lost or late webhook). */
    setDelivery(mode: "deliver" | "hold") {
      delivery = mode;
    },
    /** Every event so far, oldest first (copies), optionally of one type. */
    events: (type?: string): Stripe.Event[] =>
      events.filter((e) => !type || e.event.type === type).map((e) => clone(e.event)),
    /** Events not delivered yet (held), oldest first. */
    held: (): Stripe.Event[] => events.filter((e) => e.delivered === 0).map((e) => clone(e.event)),
    /** Delivers an event (again, for a duplicate), optionally with a stale timestamp or a wrong secret. */
    deliver,
    /** Delivers the held events, in their order or reversed. */
    async deliverHeld(order: "oldest-first" | "newest-first" = "oldest-first") {
      const held = events.filter((e) => e.delivered === 0).map((e) => e.event.id);
      if (order === "newest-first") held.reverse();
      const made: WebhookDelivery[] = [];
      for (const id of held) made.push(...(await deliver(id)));
      return made;
    },
    /** The API requests the fake answered, in order, with the Idempotency-Key each carried (null: none). */
    requests: () => requestLog.map((r) => ({ ...r })),
    /** What was posted to the endpoints, in order. */
    deliveries: (): WebhookDelivery[] => deliveries.map((d) => ({ ...d })),
    /** An event's body and headers as Stripe would post them, for a test that injects the request itself. */
    signedRequest(eventId: string, opts: DeliverOptions = {}) {
      const entry = eventEntry(eventId);
      const account = [...accounts.values()].find((a) => a.id === entry.account);
      const secret = opts.secret ?? account?.endpoints[0]?.secret;
      if (!secret) throw new Error("stripe fake: no endpoint secret to sign with");
      const payload = JSON.stringify(entry.event, null, 2);
      return {
        payload,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": sign(payload, secret, opts.timestamp ?? wallClock()),
        },
      };
    },
    /** Waits for the deliveries under way. */
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    /**
     * Holds API POST requests (after their idempotency key is taken) until the answer is called: a request still
     * running, so that another with its key is refused with `idempotency_key_in_use`.
     */
    /** How many POST requests `holdRequests` is holding. */
    heldRequests: () => waiting,
    holdRequests(): () => void {
      let release: () => void = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },

    async close() {
      await fake.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };

  /**
   * The test controls over HTTP (`/_fake/…`, JSON), for a process other than the one that started the fake: the
   * e2e's workers drive the fake the Playwright runner started. `stripeFakeControls` is their client.
   */
  async function controls(request: IncomingMessage, response: ServerResponse, url: URL) {
    const body = request.method === "POST" ? await readBody(request) : "";
    const input = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
    const str = (value: unknown) => (typeof value === "string" ? value : undefined);
    const routes: [string, RegExp, (id: string) => unknown][] = [
      [
        "POST",
        /^\/sessions\/([^/]+)\/complete$/,
        (id) => fake.complete(id, (str(input.outcome) ?? "success") as CompleteOutcome, str(input.method)),
      ],
      ["POST", /^\/sessions\/([^/]+)\/expire$/, (id) => fake.expire(id)],
      ["POST", /^\/expire-due$/, () => fake.expireDue()],
      ["POST", /^\/disputes$/, () => fake.dispute(str(input.ref) ?? "", str(input.reason))],
      [
        "POST",
        /^\/refunds$/,
        () =>
          fake.refundInDashboard(
            str(input.ref) ?? "",
            typeof input.amount === "number" ? input.amount : undefined,
          ),
      ],
      [
        "POST",
        /^\/disputes\/([^/]+)\/close$/,
        (id) => fake.closeDispute(id, input.outcome === "won" ? "won" : "lost"),
      ],
      ["POST", /^\/delivery$/, () => fake.setDelivery(input.mode === "hold" ? "hold" : "deliver")],
      ["GET", /^\/events$/, () => fake.events(url.searchParams.get("type") ?? undefined)],
      ["GET", /^\/held$/, () => fake.held()],
      ["POST", /^\/events\/([^/]+)\/deliver$/, (id) => fake.deliver(id, input as DeliverOptions)],
      [
        "POST",
        /^\/deliver-held$/,
        () => fake.deliverHeld(input.order === "newest-first" ? "newest-first" : "oldest-first"),
      ],
      ["GET", /^\/deliveries$/, () => fake.deliveries()],
      [
        "POST",
        /^\/webhook-endpoints$/,
        () =>
          fake.addWebhookEndpoint(
            { url: str(input.url) ?? "", secret: str(input.secret) ?? "" },
            str(input.account),
          ),
      ],
      ["POST", /^\/accounts$/, () => fake.addAccount(input as StripeFakeAccount)],
      ["GET", /^\/objects\/([^/]+)$/, (id) => fake.get(id)],
    ];
    const path = url.pathname.slice("/_fake".length);
    const route = routes.find(([method, pattern]) => method === request.method && pattern.test(path));
    if (!route) return send(response, 404, JSON.stringify({ error: `no control ${request.method} ${path}` }));
    try {
      const value = await route[2](path.match(route[1])?.[1] ?? "");
      return send(response, 200, JSON.stringify(value ?? null));
    } catch (error) {
      return send(
        response,
        400,
        JSON.stringify({ error: error instanceof Error ? error.message : String(error) }),
      );
    }
  }

  return fake;
}
