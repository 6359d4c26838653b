import { findLanguage } from "@alloggio/domain/i18n/languages";
import Stripe from "stripe";
import type {
  AuthoriseResult,
  GatewayDispute,
  GatewayEvent,
  GatewayRefund,
  PaymentGateway,
  RedirectMethod,
} from "./gateway";

/**
 * What Stripe Checkout offers for each method a hotel can enable (SPEC §9), as `allowed_payment_method_types`:
 * a filter on what the hotel's Stripe account has switched on in its country, so a method the account lacks is
 * simply not shown. An empty list is a method Stripe does not offer at all (asking for it is an error).
 * Apple Pay and Google Pay are not types of their own in Checkout: they ride on `card`, beside the card form.
 */
export const STRIPE_METHOD_TYPES: Record<
  RedirectMethod,
  readonly Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[]
> = {
  // Bank payments the guest approves in the bank's own app or page, by country.
  instant_bank: ["pay_by_bank", "ideal", "bancontact", "eps", "p24", "blik"],
  wallet: ["paypal", "amazon_pay", "revolut_pay", "link"],
  mobile: ["satispay", "mobilepay", "twint", "swish", "bizum", "mb_way"],
  // A link the property sends: every method the account enables, cards included.
  pay_by_link: [
    "card",
    "paypal",
    "klarna",
    "link",
    "pay_by_bank",
    "ideal",
    "bancontact",
    "satispay",
    "revolut_pay",
  ],
};

/**
 * The SPEC methods a Stripe account can take, given Stripe's names of the methods it has switched on (card,
 * paypal, …): each whose Checkout types include one of them. What a hotel on Stripe may offer.
 */
export const redirectMethodsOf = (accountMethods: readonly string[]): RedirectMethod[] =>
  (Object.keys(STRIPE_METHOD_TYPES) as RedirectMethod[]).filter((method) =>
    STRIPE_METHOD_TYPES[method].some((type) => accountMethods.includes(type)),
  );

/** How long a Checkout Session stays open when nothing else is asked (Stripe's default and longest: a day). */
export const STRIPE_SESSION_LIFETIME_MS = 24 * 3_600_000;

/** Checkout's locale for a SPEC §3 language (its `lang`), "auto" (the guest's browser) when none is given. */
const STRIPE_LOCALES: Record<string, Stripe.Checkout.SessionCreateParams.Locale> = {
  "en-GB": "en-GB",
  it: "it",
  de: "de",
  fr: "fr",
  es: "es",
  "zh-CN": "zh",
  ru: "ru",
  pt: "pt",
  ja: "ja",
};
export const stripeLocaleOf = (language: number | undefined): Stripe.Checkout.SessionCreateParams.Locale =>
  language === undefined ? "auto" : (STRIPE_LOCALES[findLanguage(language).lang] ?? "auto");

export type StripeGatewayOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin than Stripe's, e.g. `http://127.0.0.1:PORT` for the local fake. */
  apiBase?: string;
  /** The site's origin, to make the return URLs Stripe sends the guest back to absolute. */
  siteOrigin?: string;
};

/** A verified Stripe event; `paymentIntent` and `reference` help find a payment whose event has no Checkout ref. */
export type StripeGatewayEvent = GatewayEvent & { paymentIntent: string | null; reference: string | null };

type Decline = NonNullable<AuthoriseResult["declineReason"]>;

/** A card saved on a Stripe customer, charged without the guest. */
export type OffSessionCharge = {
  customer: string;
  paymentMethod: string;
  amountMinor: number;
  currency: string;
  reference: string;
  /** The saved card's own payment (its setup session): the intent's metadata names it. */
  guarantee: string;
  idempotencyKey: string;
  returnUrl: string;
};

/** Our reason for Stripe's error code (a card error, or the last error of an intent). */
function declineOf(
  error: { code?: string | undefined; decline_code?: string | undefined } | null | undefined,
): Decline {
  if (error?.decline_code === "insufficient_funds") return "insufficient_funds";
  if (
    error?.code === "payment_intent_authentication_failure" ||
    error?.code === "setup_intent_authentication_failure"
  )
    return "challenge_failed";
  if (error?.code === "authentication_required") return "authentication_required";
  return "declined";
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && error.code === "resource_missing";

/** Stripe's placeholder for the session id, kept literal in the URL: Stripe fills it in on the way back. */
function withSessionId(url: string): string {
  const [path, hash] = url.split("#", 2) as [string, string | undefined];
  const joined = `${path}${path.includes("?") ? "&" : "?"}session_id={CHECKOUT_SESSION_ID}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

function cardLast4Of(intent: Stripe.PaymentIntent | Stripe.SetupIntent | null): string | undefined {
  if (!intent) return undefined;
  if (
    intent.object === "payment_intent" &&
    intent.latest_charge &&
    typeof intent.latest_charge !== "string"
  ) {
    const last4 = intent.latest_charge.payment_method_details?.card?.last4;
    if (last4) return last4;
  }
  const method = intent.payment_method;
  return method && typeof method !== "string" ? (method.card?.last4 ?? undefined) : undefined;
}

/** A PaymentIntent's state in Alloggio's words (`ref` is the payment's, a Checkout Session or the intent itself). */
function fromPaymentIntent(ref: string, intent: Stripe.PaymentIntent): AuthoriseResult {
  const result: AuthoriseResult = { ref, status: "declined" };
  const last4 = cardLast4Of(intent);
  if (last4) result.cardLast4 = last4;
  const charge = typeof intent.latest_charge === "string" ? null : intent.latest_charge;
  switch (intent.status) {
    case "succeeded":
      result.status = charge?.refunded ? "refunded" : "captured";
      break;
    case "requires_capture":
      result.status = "authorised";
      break;
    case "canceled":
      // An authorisation released, or a payment the guest never finished: nothing is held any more.
      result.status = "declined";
      if (intent.cancellation_reason === "abandoned") result.declineReason = "expired";
      break;
    case "requires_payment_method":
      result.status = "declined";
      result.declineReason = declineOf(intent.last_payment_error);
      break;
    default:
      // processing, requires_action, requires_confirmation: not settled yet.
      result.status = "requires_action";
  }
  return result;
}

/** A Checkout Session (its intent expanded) in Alloggio's words. */
function fromSession(session: Stripe.Checkout.Session): AuthoriseResult {
  const intent =
    session.payment_intent && typeof session.payment_intent !== "string" ? session.payment_intent : null;
  const setup =
    session.setup_intent && typeof session.setup_intent !== "string" ? session.setup_intent : null;
  const lastError = intent?.last_payment_error ?? setup?.last_setup_error ?? null;
  const result: AuthoriseResult = { ref: session.id, status: "requires_action" };
  const last4 = cardLast4Of(intent ?? setup);
  if (session.status === "open") {
    // Still on Stripe's page: a declined card there leaves the session open for another try.
    if (session.url) result.challengeUrl = session.url;
    if (lastError) result.declineReason = declineOf(lastError);
    return result;
  }
  if (session.status === "expired") {
    return {
      ref: session.id,
      status: "declined",
      declineReason: lastError ? declineOf(lastError) : "expired",
    };
  }
  if (session.mode === "setup") {
    // A card guarantee: the card is saved, nothing is taken.
    if (setup?.status === "succeeded")
      return { ref: session.id, status: "authorised", ...(last4 && { cardLast4: last4 }) };
    return { ref: session.id, status: "declined", declineReason: declineOf(lastError) };
  }
  if (!intent) return { ref: session.id, status: "requires_action" };
  return fromPaymentIntent(session.id, intent);
}

const SESSION_EXPAND = [
  "payment_intent.latest_charge",
  "payment_intent.payment_method",
  "setup_intent.payment_method",
] as const;

/**
 * Stripe as a payment gateway (PCI DSS SAQ A): the guest types the card on Stripe Checkout's hosted page, never on
 * ours. A payment's ref is its Checkout Session (or, for a saved card charged off-session, its PaymentIntent).
 */
export function createStripeGateway(options: StripeGatewayOptions): Omit<PaymentGateway, "verifyEvent"> & {
  verifyEvent(rawBody: string, headers: Record<string, string | string[] | undefined>): StripeGatewayEvent;
  /** The Checkout Session a PaymentIntent was paid in (for an event that names only the intent). */
  refOfPaymentIntent(paymentIntent: string): Promise<string | null>;
  /** The payment an event is about: its ref, or the one of the intent it names (asked of Stripe). */
  refOfEvent(event: GatewayEvent): Promise<string | null>;
  /** Charges a customer's saved card off-session (what `chargeSaved` does once it found the card). */
  chargeOffSession(input: OffSessionCharge): Promise<AuthoriseResult>;
  /** The account the keys belong to: its name, country, mode and enabled methods ("Test the connection"). */
  describeAccount(): Promise<{
    id: string;
    name: string | null;
    country: string | null;
    live: boolean;
    chargesEnabled: boolean;
    /** Stripe's names of the methods the account takes (card, paypal, klarna, …). */
    methods: string[];
    /** The methods a hotel can enable (SPEC §9) that this account can take: the ones the checkout may offer. */
    redirectMethods: RedirectMethod[];
  }>;
} {
  const api = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    ...(api && {
      host: api.hostname,
      port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
      protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
    }),
  });

  function absolute(url: string): string {
    if (/^https?:\/\//.test(url)) return url;
    if (!options.siteOrigin)
      throw new Error(`Stripe needs an absolute return URL, and no site origin is set for ${url}`);
    return new URL(url, options.siteOrigin)
      .toString()
      .replace(/%7BCHECKOUT_SESSION_ID%7D/g, "{CHECKOUT_SESSION_ID}");
  }

  async function openSession(input: {
    amountMinor: number;
    currency: string;
    reference: string;
    capture: boolean;
    returnUrl: string;
    language?: number | undefined;
    methodTypes: readonly Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[];
    customer?: string;
    idempotencyKey?: string | undefined;
  }): Promise<AuthoriseResult> {
    const back = absolute(withSessionId(input.returnUrl));
    const common = {
      success_url: back,
      cancel_url: back,
      client_reference_id: input.reference,
      locale: stripeLocaleOf(input.language),
      metadata: { reference: input.reference },
      allowed_payment_method_types: [...input.methodTypes],
      ...(input.customer && { customer: input.customer }),
    };
    const session =
      input.amountMinor === 0
        ? await stripe.checkout.sessions.create(
            {
              ...common,
              mode: "setup",
              currency: input.currency.toLowerCase(),
              // The saved card needs a customer to be charged later without the guest (a no-show).
              customer_creation: "always",
              setup_intent_data: { metadata: { reference: input.reference } },
            },
            input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
          )
        : await stripe.checkout.sessions.create(
            {
              ...common,
              mode: "payment",
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency: input.currency.toLowerCase(),
                    unit_amount: input.amountMinor,
                    product_data: { name: input.reference },
                  },
                },
              ],
              payment_intent_data: {
                capture_method: input.capture ? "automatic" : "manual",
                metadata: { reference: input.reference },
              },
            },
            input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
          );
    return { ref: session.id, status: "requires_action", ...(session.url && { challengeUrl: session.url }) };
  }

  async function retrieveSession(ref: string) {
    return stripe.checkout.sessions.retrieve(ref, { expand: [...SESSION_EXPAND] });
  }

  /** The PaymentIntent behind a payment ref, or null when there is none (yet). */
  async function intentOf(ref: string): Promise<string | null> {
    if (ref.startsWith("pi_")) return ref;
    return idOf((await stripe.checkout.sessions.retrieve(ref)).payment_intent);
  }

  async function retrieve(ref: string): Promise<AuthoriseResult | null> {
    try {
      if (ref.startsWith("pi_")) {
        const intent = await stripe.paymentIntents.retrieve(ref, {
          expand: ["latest_charge", "payment_method"],
        });
        return fromPaymentIntent(ref, intent);
      }
      return fromSession(await retrieveSession(ref));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /**
   * Charges a customer's saved card without the guest (a no-show): `pi_…` is the payment. A bank that wants the holder
   * gets a Checkout page of the same amount on the same customer, for the guest to pay.
   */
  async function chargeOffSession(input: OffSessionCharge): Promise<AuthoriseResult> {
    const { customer } = input;
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          customer,
          payment_method: input.paymentMethod,
          off_session: true,
          confirm: true,
          // A saved card charged without the guest: no method that would send anyone anywhere.
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          metadata: { reference: input.reference, guarantee: input.guarantee },
          expand: ["latest_charge", "payment_method"],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return fromPaymentIntent(intent.id, intent);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
      const reason = declineOf(error);
      if (reason !== "authentication_required")
        return {
          ref: error.payment_intent?.id ?? input.guarantee,
          status: "declined",
          declineReason: reason,
        };
      // The bank wants the holder: a Checkout page for the same amount, on the same customer, goes to the guest.
      const link = await openSession({
        amountMinor: input.amountMinor,
        currency: input.currency,
        reference: input.reference,
        capture: true,
        returnUrl: input.returnUrl,
        methodTypes: ["card"],
        customer,
        idempotencyKey: `${input.idempotencyKey}:authentication`,
      });
      return { ...link, declineReason: "authentication_required" };
    }
  }

  return {
    name: "stripe",
    // The guest leaves for Stripe's page: nothing of Stripe's is framed in ours.
    pageOrigins: [],
    cardEntry: "redirect",
    // A card authorisation held with manual capture lapses after 7 days.
    authorisationWindowHours: 7 * 24,
    hostedCardUrl: () => {
      throw new Error("Stripe takes cards on its own Checkout page: authorise answers where the guest goes");
    },

    authorise: (input) => openSession({ ...input, methodTypes: ["card"] }),

    async startRedirect(input) {
      const types = STRIPE_METHOD_TYPES[input.method];
      if (!types || types.length === 0)
        throw new Error(`Stripe does not offer the payment method "${input.method}"`);
      try {
        return await openSession({ ...input, capture: true, methodTypes: types });
      } catch (error) {
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.param === "allowed_payment_method_types"
        )
          throw new Error(
            `The hotel's Stripe account has none of the methods for "${input.method}" enabled (${types.join(", ")})`,
          );
        throw error;
      }
    },

    retrieve,

    async refund(ref, amountMinor, idempotencyKey) {
      const intent = await intentOf(ref);
      if (!intent) return { ref, status: "declined", declineReason: "invalid_token" };
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: intent,
            amount: amountMinor,
            // The key comes back with the refund's event, so Alloggio knows the refund as its own.
            metadata: { payment: ref, ...(idempotencyKey && { alloggio_refund: idempotencyKey }) },
          },
          idempotencyKey ? { idempotencyKey } : undefined,
        );
        return refund.status === "failed" || refund.status === "canceled"
          ? { ref: refund.id, status: "declined", declineReason: "declined" }
          : { ref: refund.id, status: "refunded" };
      } catch (error) {
        // More than is left to refund, or nothing captured: Stripe refuses, as the sandbox does.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return { ref, status: "declined", declineReason: "declined" };
        throw error;
      }
    },

    async cancel(ref) {
      if (!ref.startsWith("cs_")) return false;
      try {
        const session = await stripe.checkout.sessions.retrieve(ref);
        if (session.status !== "open") return false;
        // One expiry per session: a retry is answered what the first one was.
        await stripe.checkout.sessions.expire(ref, {}, { idempotencyKey: `${ref}:expire` });
        return true;
      } catch (error) {
        // Paid or expired in the meantime, or unknown: it was not waiting any more.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },

    async capture(ref, amountMinor, idempotencyKey) {
      const intent = await intentOf(ref);
      if (!intent) return { ref, status: "declined", declineReason: "invalid_token" };
      try {
        await stripe.paymentIntents.capture(intent, { amount_to_capture: amountMinor }, { idempotencyKey });
      } catch (error) {
        // Already captured, released or lapsed: the payment's state says which.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
      return (await retrieve(ref)) ?? { ref, status: "declined", declineReason: "invalid_token" };
    },

    async release(ref) {
      const intent = await intentOf(ref);
      if (intent) {
        try {
          await stripe.paymentIntents.cancel(
            intent,
            { cancellation_reason: "requested_by_customer" },
            { idempotencyKey: `${intent}:release` },
          );
        } catch (error) {
          // Captured or released already: the payment's state says which.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
      }
      return (await retrieve(ref)) ?? { ref, status: "declined", declineReason: "invalid_token" };
    },

    async chargeSaved(input) {
      let saved: Stripe.Checkout.Session;
      try {
        saved = await stripe.checkout.sessions.retrieve(input.ref, { expand: ["setup_intent"] });
      } catch (error) {
        if (isMissing(error)) return { ref: input.ref, status: "declined", declineReason: "invalid_token" };
        throw error;
      }
      const setup = saved.setup_intent && typeof saved.setup_intent !== "string" ? saved.setup_intent : null;
      const customer = idOf(saved.customer);
      const method = idOf(setup?.payment_method);
      if (saved.mode !== "setup" || setup?.status !== "succeeded" || !customer || !method)
        return { ref: input.ref, status: "declined", declineReason: "invalid_token" };
      return chargeOffSession({
        customer,
        paymentMethod: method,
        amountMinor: input.amountMinor,
        currency: input.currency,
        reference: input.reference,
        guarantee: input.ref,
        idempotencyKey: input.idempotencyKey,
        returnUrl: input.returnUrl,
      });
    },

    chargeOffSession,

    verifyEvent(rawBody, headers) {
      const raw = headers["stripe-signature"];
      const signature = Array.isArray(raw) ? (raw[0] ?? "") : (raw ?? "");
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      const object = event.data.object as unknown as Record<string, unknown> & { object: string; id: string };
      let ref: string | null = null;
      let paymentIntent: string | null = null;
      let reference: string | null = null;
      const metadata = (object.metadata ?? {}) as Record<string, string>;
      if (object.object === "checkout.session") {
        ref = object.id;
        paymentIntent = idOf(object.payment_intent as string | null);
        reference = metadata.reference ?? null;
      } else if (object.object === "payment_intent") {
        paymentIntent = object.id;
        reference = metadata.reference ?? null;
        // An intent charged off-session (a saved card) is its own payment; one paid in Checkout is its session's.
        if (metadata.guarantee) ref = object.id;
      } else if (object.object === "charge" || object.object === "dispute") {
        paymentIntent = idOf(object.payment_intent as string | null);
        reference = metadata.reference ?? null;
      }
      return {
        id: event.id,
        type: event.type,
        ref,
        created: new Date(event.created * 1000),
        objectId: object.id,
        paymentIntent,
        reference,
      };
    },

    async refOfPaymentIntent(paymentIntent) {
      const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
      if (sessions.data[0]) return sessions.data[0].id;
      try {
        const intent = await stripe.paymentIntents.retrieve(paymentIntent);
        return intent.metadata.guarantee ? intent.id : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async refOfEvent(event) {
      if (event.ref) return event.ref;
      // Only this gateway's own events (from verifyEvent) name an intent.
      const { paymentIntent } = event as Partial<StripeGatewayEvent>;
      return paymentIntent ? this.refOfPaymentIntent(paymentIntent) : null;
    },

    async refundsOf(ref): Promise<GatewayRefund[]> {
      const intent = await intentOf(ref);
      if (!intent) return [];
      const refunds: GatewayRefund[] = [];
      for await (const refund of stripe.refunds.list({ payment_intent: intent, limit: 100 })) {
        // A failed or cancelled refund gave nothing back.
        if (refund.status === "failed" || refund.status === "canceled") continue;
        refunds.push({
          ref: refund.id,
          amountMinor: refund.amount,
          key: refund.metadata?.alloggio_refund ?? null,
        });
      }
      return refunds;
    },

    async disputeOf(id): Promise<GatewayDispute | null> {
      try {
        const dispute = await stripe.disputes.retrieve(id);
        const due = dispute.evidence_details?.due_by;
        return {
          ref: dispute.id,
          amountMinor: dispute.amount,
          currency: dispute.currency.toUpperCase(),
          reason: dispute.reason,
          status: dispute.status,
          evidenceDueBy: due ? new Date(due * 1000) : null,
          openedAt: new Date(dispute.created * 1000),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async describeAccount() {
      const account = await stripe.accounts.retrieveCurrent();
      const methods = Object.entries(account.capabilities ?? {})
        .filter(([name, state]) => state === "active" && name.endsWith("_payments"))
        .map(([name]) => name.slice(0, -"_payments".length));
      return {
        id: account.id,
        name: account.settings?.dashboard.display_name ?? account.business_profile?.name ?? null,
        country: account.country ?? null,
        live: options.secretKey.startsWith("sk_live_") || options.secretKey.startsWith("rk_live_"),
        chargesEnabled: account.charges_enabled,
        methods,
        redirectMethods: redirectMethodsOf(methods),
      };
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
