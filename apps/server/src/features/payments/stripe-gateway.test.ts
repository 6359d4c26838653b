import { type StripeFake, startStripeFake } from "@alloggio/test-kit/stripe-fake";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentGateway } from "./gateway";
import {
  createStripeGateway,
  type StripeGateway,
  type StripeGatewayEvent,
  stripeLocaleOf,
} from "./stripe-gateway";

const KEY = "sk_test_alloggio_gateway";
const NO_METHODS_KEY = "sk_test_alloggio_cards_only";
const WEBHOOK_SECRET = "whsec_alloggio_gateway";
const RETURN = "/booking/ABC123/voucher?email=guest%40example.com&step=3ds";

let fake: StripeFake;
let gateway: StripeGateway;

beforeAll(async () => {
  fake = await startStripeFake({
    delivery: "hold",
    accounts: [
      {
        secretKey: KEY,
        displayName: "Hotel Bellavista",
        country: "IT",
        capabilities: { paypal_payments: "active", satispay_payments: "inactive" },
      },
      { secretKey: NO_METHODS_KEY, displayName: "Cards only" },
    ],
  });
  gateway = createStripeGateway({
    secretKey: KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiBase: fake.url,
    siteOrigin: "https://hotel.example",
  });
});

afterAll(async () => {
  await fake.close();
});

let payments = 0;
const pay = (amountMinor: number, capture = true, reference = "ABC123") =>
  gateway.authorise({
    amountMinor,
    currency: "EUR",
    reference,
    capture,
    returnUrl: RETURN,
    language: 4,
    idempotencyKey: `${reference}:test:${++payments}`,
  });

const session = (ref: string) => fake.get<Stripe.Checkout.Session>(ref) as Stripe.Checkout.Session;

/** The event of a type about an object, signed as Stripe posts it. */
function signed(type: string, about: (object: Record<string, unknown>) => boolean, opts = {}) {
  const event = fake
    .events(type)
    .reverse()
    .find((e) => about(e.data.object as unknown as Record<string, unknown>));
  if (!event) throw new Error(`no ${type} event`);
  const request = fake.signedRequest(event.id, { secret: WEBHOOK_SECRET, ...opts });
  return { event, ...request };
}

describe("the Stripe gateway against the Stripe fake", () => {
  it("says what it is: a redirect to Stripe's page, nothing framed", () => {
    const port: PaymentGateway = gateway;
    expect(port).toMatchObject({ name: "stripe", cardEntry: "redirect", pageOrigins: [] });
    expect(() => gateway.hostedCardUrl({ returnUrl: RETURN })).toThrow(/Checkout page/);
  });

  it("sends the guest to a Checkout Session in the checkout's language, back to the return page, and confirms only on Stripe's word", async () => {
    const started = await pay(24_000);
    expect(started.status).toBe("requires_action");
    expect(started.ref).toMatch(/^cs_test_/);
    expect(started.challengeUrl).toBe(`${fake.url}/c/pay/${started.ref}`);
    expect(session(started.ref)).toMatchObject({
      mode: "payment",
      locale: "fr",
      amount_total: 24_000,
      currency: "eur",
      client_reference_id: "ABC123",
      payment_method_types: ["card"],
    });
    expect(await gateway.retrieve(started.ref)).toEqual({
      ref: started.ref,
      status: "requires_action",
      challengeUrl: started.challengeUrl,
    });
    const next = fake.complete(started.ref, "success");
    expect(next).toEqual({
      redirect: `https://hotel.example/booking/ABC123/voucher?email=guest%40example.com&step=3ds&session_id=${started.ref}`,
    });
    expect(await gateway.retrieve(started.ref)).toEqual({
      ref: started.ref,
      status: "captured",
      cardLast4: "4242",
    });
  });

  it("maps the SPEC languages to Checkout's locales", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(stripeLocaleOf)).toEqual([
      "en-GB",
      "it",
      "de",
      "fr",
      "es",
      "zh",
      "ru",
      "pt",
      "ja",
    ]);
    expect(stripeLocaleOf(undefined)).toBe("auto");
    expect(stripeLocaleOf(99)).toBe("en-GB");
  });

  it("answers null for a payment Stripe does not know", async () => {
    expect(await gateway.retrieve("cs_test_unknown")).toBeNull();
    expect(await gateway.retrieve("pi_unknown")).toBeNull();
  });

  it("pre-authorises with manual capture, captures part of it once (same key, same answer), and releases another", async () => {
    const held = await pay(30_000, false);
    expect(fake.complete(held.ref, "success")).toHaveProperty("redirect");
    expect(await gateway.retrieve(held.ref)).toEqual({
      ref: held.ref,
      status: "authorised",
      cardLast4: "4242",
    });
    const captured = await gateway.capture?.(held.ref, 25_000, "capture-1");
    expect(captured).toEqual({ ref: held.ref, status: "captured", cardLast4: "4242" });
    expect(await gateway.capture?.(held.ref, 25_000, "capture-1")).toEqual(captured);
    const intent = fake.get<Stripe.PaymentIntent>(String(session(held.ref).payment_intent));
    expect(intent?.amount_received).toBe(25_000);

    const other = await pay(30_000, false);
    fake.complete(other.ref, "success");
    expect(await gateway.release?.(other.ref)).toEqual({
      ref: other.ref,
      status: "declined",
      cardLast4: "4242",
    });
    expect(fake.get<Stripe.PaymentIntent>(String(session(other.ref).payment_intent))?.status).toBe(
      "canceled",
    );
    // A captured payment is not released.
    expect((await gateway.release?.(held.ref))?.status).toBe("captured");
  });

  it("sends an Idempotency-Key of its own on every write: the same key answers the same session, other params are refused", async () => {
    const from = fake.requests().length;
    const input = {
      amountMinor: 18_000,
      currency: "EUR",
      reference: "KEY123",
      capture: true,
      returnUrl: RETURN,
      idempotencyKey: "KEY123:booking:card_payment:18000",
    };
    const first = await gateway.authorise(input);
    // The answer was lost and the call is made again: the same session, not a second one.
    const again = await gateway.authorise(input);
    expect(again).toEqual(first);
    const sessions = (await fake.requests())
      .slice(from)
      .filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    expect(sessions.map((r) => r.idempotencyKey)).toEqual([input.idempotencyKey, input.idempotencyKey]);
    const made = fake.events().length;
    // The same key for another payment is Stripe's idempotency error, never a second session.
    await expect(gateway.authorise({ ...input, amountMinor: 19_000 })).rejects.toThrow(/same parameters/);
    const redirect = {
      method: "wallet" as const,
      amountMinor: 5_000,
      currency: "EUR",
      reference: "KEY123",
      returnUrl: RETURN,
      idempotencyKey: "KEY123:pay_now:wallet:5000:2",
    };
    expect(await gateway.startRedirect(redirect)).toEqual(await gateway.startRedirect(redirect));
    expect(fake.events().length).toBe(made);

    // Every write carries a key Alloggio chose (none of the SDK's own retry keys): expire, refund, capture,
    // release, an off-session charge.
    expect(await gateway.cancel(first.ref)).toBe(true);
    expect(await gateway.cancel(first.ref)).toBe(false);
    const paid = await pay(9_000);
    fake.complete(paid.ref, "success");
    await gateway.refund(paid.ref, 1_000, "refund_key_1");
    const held = await pay(9_000, false);
    fake.complete(held.ref, "success");
    await gateway.capture?.(held.ref, 9_000, "capture_key_1");
    const other = await pay(9_000, false);
    fake.complete(other.ref, "success");
    await gateway.release?.(other.ref);
    const writes = fake
      .requests()
      .slice(from)
      .filter((r) => r.method === "POST");
    expect(writes.length).toBeGreaterThan(8);
    for (const write of writes) {
      expect(write.idempotencyKey, `${write.path} without a key`).not.toBeNull();
      expect(write.idempotencyKey, write.path).not.toMatch(/^stripe-node-retry/);
    }
  });

  it("keeps a declined card's session open with the reason, and once cancelled it reads declined", async () => {
    const started = await pay(10_000);
    fake.complete(started.ref, "insufficient_funds");
    expect(await gateway.retrieve(started.ref)).toEqual({
      ref: started.ref,
      status: "requires_action",
      challengeUrl: started.challengeUrl,
      declineReason: "insufficient_funds",
    });
    expect(await gateway.cancel(started.ref)).toBe(true);
    expect(await gateway.retrieve(started.ref)).toEqual({
      ref: started.ref,
      status: "declined",
      declineReason: "insufficient_funds",
    });
    expect(await gateway.cancel(started.ref)).toBe(false);

    const declined = await pay(10_000);
    fake.complete(declined.ref, "declined");
    expect((await gateway.retrieve(declined.ref))?.declineReason).toBe("declined");
  });

  it("follows 3-D Secure on Stripe's page: waiting, approved, or failed", async () => {
    const approved = await pay(10_000);
    expect(fake.complete(approved.ref, "challenge")).toEqual({ challenge: true });
    expect((await gateway.retrieve(approved.ref))?.status).toBe("requires_action");
    fake.complete(approved.ref, "challenge-approved");
    expect(await gateway.retrieve(approved.ref)).toEqual({
      ref: approved.ref,
      status: "captured",
      cardLast4: "3184",
    });

    const failed = await pay(10_000);
    fake.complete(failed.ref, "challenge-failed");
    expect((await gateway.retrieve(failed.ref))?.declineReason).toBe("challenge_failed");
  });

  it("reads a session the guest abandoned until it expired as declined, expired; a paid one cannot be cancelled", async () => {
    const abandoned = await pay(10_000);
    fake.expire(abandoned.ref);
    expect(await gateway.retrieve(abandoned.ref)).toEqual({
      ref: abandoned.ref,
      status: "declined",
      declineReason: "expired",
    });
    const paid = await pay(10_000);
    fake.complete(paid.ref, "success");
    expect(await gateway.cancel(paid.ref)).toBe(false);
    expect(await gateway.cancel("pi_not_a_session")).toBe(false);
  });

  it("saves a card for a guarantee (amount 0) and charges a no-show off-session, then refunds that charge", async () => {
    const guarantee = await pay(0, false);
    expect(session(guarantee.ref)).toMatchObject({
      mode: "setup",
      customer_creation: "always",
      locale: "fr",
    });
    fake.complete(guarantee.ref, "success");
    expect(await gateway.retrieve(guarantee.ref)).toEqual({
      ref: guarantee.ref,
      status: "authorised",
      cardLast4: "4242",
    });
    const penalty = await gateway.chargeSaved?.({
      ref: guarantee.ref,
      amountMinor: 12_000,
      currency: "EUR",
      reference: "ABC123",
      idempotencyKey: "no-show-ABC123",
      returnUrl: RETURN,
    });
    expect(penalty).toMatchObject({ status: "captured", cardLast4: "4242" });
    expect(penalty?.ref).toMatch(/^pi_/);
    const again = await gateway.chargeSaved?.({
      ref: guarantee.ref,
      amountMinor: 12_000,
      currency: "EUR",
      reference: "ABC123",
      idempotencyKey: "no-show-ABC123",
      returnUrl: RETURN,
    });
    expect(again?.ref).toBe(penalty?.ref);
    expect(await gateway.retrieve(String(penalty?.ref))).toEqual(penalty);
    expect(await gateway.refund(String(penalty?.ref), 12_000, "refund-no-show")).toMatchObject({
      status: "refunded",
    });
    expect((await gateway.retrieve(String(penalty?.ref)))?.status).toBe("refunded");
  });

  it("sends the guest a Checkout link when the bank asks for authentication off-session", async () => {
    const guarantee = await pay(0, false);
    fake.complete(guarantee.ref, "challenge-approved");
    const penalty = await gateway.chargeSaved?.({
      ref: guarantee.ref,
      amountMinor: 12_000,
      currency: "EUR",
      reference: "ABC123",
      idempotencyKey: "late-cancel-ABC123",
      returnUrl: RETURN,
    });
    expect(penalty).toMatchObject({ status: "requires_action", declineReason: "authentication_required" });
    expect(penalty?.challengeUrl).toBe(`${fake.url}/c/pay/${penalty?.ref}`);
    const link = session(String(penalty?.ref));
    expect(link).toMatchObject({
      mode: "payment",
      amount_total: 12_000,
      customer: session(guarantee.ref).customer,
    });
    fake.complete(String(penalty?.ref), "challenge-approved");
    expect((await gateway.retrieve(String(penalty?.ref)))?.status).toBe("captured");
  });

  it("declines an off-session charge the bank refuses, and one on a ref that saved no card", async () => {
    const guarantee = await pay(0, false);
    fake.complete(guarantee.ref, "charge-fails-later");
    const charge = (ref: string, key: string) =>
      gateway.chargeSaved?.({
        ref,
        amountMinor: 5_000,
        currency: "EUR",
        reference: "ABC123",
        idempotencyKey: key,
        returnUrl: RETURN,
      });
    const refused = await charge(guarantee.ref, "fails-1");
    expect(refused).toMatchObject({ status: "declined", declineReason: "declined" });
    expect(refused?.ref).toMatch(/^pi_/);
    expect(await gateway.retrieve(String(refused?.ref))).toEqual({
      ref: refused?.ref,
      status: "declined",
      declineReason: "declined",
      cardLast4: "0341",
    });
    const paid = await pay(5_000);
    fake.complete(paid.ref, "success");
    expect(await charge(paid.ref, "fails-2")).toEqual({
      ref: paid.ref,
      status: "declined",
      declineReason: "invalid_token",
    });
    expect(await charge("cs_test_unknown", "fails-3")).toMatchObject({ declineReason: "invalid_token" });
  });

  it("refunds in parts across a booking's two payments, idempotently, never more than was taken", async () => {
    const deposit = await pay(6_000, true, "SPLIT1");
    const balance = await pay(14_000, true, "SPLIT1");
    fake.complete(deposit.ref, "success");
    fake.complete(balance.ref, "success");
    const first = await gateway.refund(deposit.ref, 6_000, "SPLIT1-refund-1");
    expect(first).toMatchObject({ status: "refunded" });
    expect(first.ref).toMatch(/^re_/);
    expect(await gateway.refund(deposit.ref, 6_000, "SPLIT1-refund-1")).toEqual(first);
    const second = await gateway.refund(balance.ref, 4_000, "SPLIT1-refund-2");
    expect(second.ref).not.toBe(first.ref);
    expect(await gateway.refund(balance.ref, 10_001, "SPLIT1-refund-3")).toEqual({
      ref: balance.ref,
      status: "declined",
      declineReason: "declined",
    });
    expect((await gateway.retrieve(deposit.ref))?.status).toBe("refunded");
    expect((await gateway.retrieve(balance.ref))?.status).toBe("captured");
    expect(await gateway.refund(balance.ref, 10_000, "SPLIT1-refund-4")).toMatchObject({
      status: "refunded",
    });
    expect((await gateway.retrieve(balance.ref))?.status).toBe("refunded");
    const open = await pay(1_000);
    expect(await gateway.refund(open.ref, 1_000, "nothing-yet")).toEqual({
      ref: open.ref,
      status: "declined",
      declineReason: "invalid_token",
    });
  });

  it("starts a redirect method with Stripe's types for it; the account's methods decide what shows", async () => {
    const wallet = await gateway.startRedirect({
      method: "wallet",
      amountMinor: 8_000,
      currency: "EUR",
      reference: "ABC123",
      returnUrl: RETURN,
      language: 2,
    });
    expect(wallet.status).toBe("requires_action");
    expect(session(wallet.ref)).toMatchObject({ payment_method_types: ["paypal"], locale: "it" });
    fake.complete(wallet.ref, "challenge-approved", "paypal");
    expect((await gateway.retrieve(wallet.ref))?.status).toBe("captured");

    await expect(
      gateway.startRedirect({
        method: "mobile",
        amountMinor: 8_000,
        currency: "EUR",
        reference: "ABC123",
        returnUrl: RETURN,
      }),
    ).rejects.toThrow(/none of the methods for "mobile" enabled/);
    const link = await gateway.startRedirect({
      method: "pay_by_link",
      amountMinor: 8_000,
      currency: "EUR",
      reference: "ABC123",
      returnUrl: RETURN,
    });
    expect(session(link.ref).payment_method_types).toEqual(["card", "paypal"]);
    expect(await gateway.cancel(link.ref)).toBe(true);
  });

  it("verifies Stripe's events and names the payment each is about", async () => {
    const started = await pay(9_000, true, "EVT1");
    fake.complete(started.ref, "success");
    const completed = signed("checkout.session.completed", (o) => o.id === started.ref);
    expect(gateway.verifyEvent?.(completed.payload, completed.headers)).toMatchObject({
      id: completed.event.id,
      type: "checkout.session.completed",
      ref: started.ref,
      created: new Date(completed.event.created * 1000),
      reference: "EVT1",
    });
    const intent = String(session(started.ref).payment_intent);
    const succeeded = signed("payment_intent.succeeded", (o) => o.id === intent);
    const read = gateway.verifyEvent?.(succeeded.payload, succeeded.headers);
    expect(read).toMatchObject({
      type: "payment_intent.succeeded",
      ref: null,
      paymentIntent: intent,
      reference: "EVT1",
    });
    expect(await gateway.refOfPaymentIntent(intent)).toBe(started.ref);
    expect(await gateway.refOfEvent(read as StripeGatewayEvent)).toBe(started.ref);

    await gateway.refund(started.ref, 1_000, "EVT1-refund");
    const refunded = signed("charge.refunded", (o) => o.payment_intent === intent);
    const refundEvent = gateway.verifyEvent(refunded.payload, refunded.headers);
    expect(refundEvent).toMatchObject({ type: "charge.refunded", paymentIntent: intent });
    expect(await gateway.refOfEvent(refundEvent)).toBe(started.ref);
    fake.dispute(started.ref);
    const disputed = signed("charge.dispute.created", (o) => o.payment_intent === intent);
    expect(gateway.verifyEvent?.(disputed.payload, disputed.headers)).toMatchObject({
      type: "charge.dispute.created",
      paymentIntent: intent,
    });

    const abandoned = await pay(9_000, true, "EVT2");
    fake.expire(abandoned.ref);
    const expired = signed("checkout.session.expired", (o) => o.id === abandoned.ref);
    expect(gateway.verifyEvent?.(expired.payload, expired.headers)).toMatchObject({ ref: abandoned.ref });
  });

  it("names an off-session charge's events by the charge itself", async () => {
    const guarantee = await pay(0, false);
    fake.complete(guarantee.ref, "success");
    const penalty = await gateway.chargeSaved?.({
      ref: guarantee.ref,
      amountMinor: 3_000,
      currency: "EUR",
      reference: "EVT3",
      idempotencyKey: "EVT3-no-show",
      returnUrl: RETURN,
    });
    const succeeded = signed("payment_intent.succeeded", (o) => o.id === penalty?.ref);
    expect(gateway.verifyEvent?.(succeeded.payload, succeeded.headers)).toMatchObject({ ref: penalty?.ref });
    expect(await gateway.refOfPaymentIntent(String(penalty?.ref))).toBe(penalty?.ref);
  });

  it("refuses an event signed with another secret, a stale one, an edited one, or one with no signature", async () => {
    const started = await pay(9_000);
    fake.complete(started.ref, "success");
    const about = (o: Record<string, unknown>) => o.id === started.ref;
    const wrong = signed("checkout.session.completed", about, { secret: "whsec_someone_else" });
    expect(() => gateway.verifyEvent?.(wrong.payload, wrong.headers)).toThrow(/signature/i);
    const stale = signed("checkout.session.completed", about, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(() => gateway.verifyEvent?.(stale.payload, stale.headers)).toThrow(/tolerance/);
    const good = signed("checkout.session.completed", about);
    expect(() => gateway.verifyEvent?.(good.payload.replace("complete", "expired"), good.headers)).toThrow(
      /signature/i,
    );
    expect(() => gateway.verifyEvent?.(good.payload, {})).toThrow();
  });

  it("tests the connection: the account's name, country, mode and methods; a wrong key is refused", async () => {
    expect(await gateway.describeAccount()).toMatchObject({
      name: "Hotel Bellavista",
      country: "IT",
      live: false,
      chargesEnabled: true,
      methods: ["card", "paypal"],
      redirectMethods: ["wallet", "pay_by_link"],
    });
    const wrong = createStripeGateway({
      secretKey: "sk_test_wrong",
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    });
    await expect(wrong.describeAccount()).rejects.toThrow(/Invalid API Key/);
    await expect(
      wrong.authorise({
        amountMinor: 100,
        currency: "EUR",
        reference: "X",
        capture: true,
        returnUrl: "https://hotel.example/r",
      }),
    ).rejects.toThrow(/Invalid API Key/);
    const cardsOnly = createStripeGateway({
      secretKey: NO_METHODS_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    });
    expect(await cardsOnly.describeAccount()).toMatchObject({
      methods: ["card"],
      redirectMethods: ["pay_by_link"],
    });
    await expect(
      cardsOnly.authorise({
        amountMinor: 100,
        currency: "EUR",
        reference: "X",
        capture: true,
        returnUrl: "/relative",
      }),
    ).rejects.toThrow(/absolute return URL/);
  });
});
