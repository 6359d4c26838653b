import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type StripeFake, startStripeFake, stripeFakeControls } from "../stripe-fake";

const KEY = "sk_test_fake_hotel_one";
const OTHER_KEY = "sk_test_fake_hotel_two";
const WEBHOOK_SECRET = "whsec_test_hotel_one";

type Received = { body: string; signature: string };

let fake: StripeFake;
let stripe: Stripe;
let received: Received[];
let receiver: ReturnType<typeof createServer>;
// Far from the machine's time: objects carry the fake's clock, signatures the machine's (the receiver checks them).
let clock = new Date("2026-06-01T09:00:00Z");

beforeAll(async () => {
  received = [];
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      received.push({
        body: Buffer.concat(chunks).toString("utf8"),
        signature: String(request.headers["stripe-signature"]),
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  fake = await startStripeFake({
    now: () => clock,
    accounts: [
      {
        secretKey: KEY,
        displayName: "Hotel Bellavista",
        country: "IT",
        capabilities: { paypal_payments: "active", klarna_payments: "inactive" },
        webhookEndpoints: [
          {
            url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
            secret: WEBHOOK_SECRET,
          },
        ],
      },
      { secretKey: OTHER_KEY, displayName: "Albergo Due" },
    ],
  });
  stripe = new Stripe(KEY, { ...fake.sdkOptions, maxNetworkRetries: 0 });
});

afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(() => {
  clock = new Date(clock.getTime() + 60_000);
  fake.setDelivery("deliver");
});

afterEach(async () => {
  await fake.settled();
});

const paymentSession = (
  capture: "automatic" | "manual" = "automatic",
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
) =>
  stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: { currency: "eur", unit_amount: 24_000, product_data: { name: "Two nights" } },
      },
    ],
    payment_intent_data: { capture_method: capture, metadata: { reference: "BK-1" } },
    success_url: "http://hotel.test/return?session={CHECKOUT_SESSION_ID}",
    cancel_url: "http://hotel.test/cancel",
    client_reference_id: "BK-1",
    locale: "it",
    metadata: { reference: "BK-1" },
    ...extra,
  });

const setupSession = () =>
  stripe.checkout.sessions.create({
    mode: "setup",
    currency: "eur",
    customer_creation: "always",
    allowed_payment_method_types: ["card"],
    success_url: "http://hotel.test/return?session={CHECKOUT_SESSION_ID}",
    cancel_url: "http://hotel.test/cancel",
  });

describe("the Stripe fake, through the real SDK", () => {
  it("refuses a wrong key with 401 and Stripe's error", async () => {
    const wrong = new Stripe("sk_test_not_a_key_1234", { ...fake.sdkOptions, maxNetworkRetries: 0 });
    const error = await wrong.accounts.retrieveCurrent().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error as Stripe.errors.StripeError).statusCode).toBe(401);
    expect((error as Stripe.errors.StripeError).message).toMatch(
      /Invalid API Key provided: sk_test_\*+1234$/,
    );
  });

  it("answers the key's account with its name, country and capabilities", async () => {
    const account = await stripe.accounts.retrieveCurrent();
    expect(account.settings?.dashboard.display_name).toBe("Hotel Bellavista");
    expect(account.country).toBe("IT");
    expect(account.charges_enabled).toBe(true);
    expect(account.capabilities).toMatchObject({
      card_payments: "active",
      paypal_payments: "active",
      klarna_payments: "inactive",
    });
    const other = await new Stripe(OTHER_KEY, fake.sdkOptions).accounts.retrieveCurrent();
    expect(other.id).not.toBe(account.id);
  });

  it("creates, retrieves and expires a Checkout Session; another account cannot see it", async () => {
    const session = await paymentSession();
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      mode: "payment",
      amount_total: 24_000,
      currency: "eur",
      locale: "it",
      payment_intent: null,
      client_reference_id: "BK-1",
    });
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("open");
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe("expired");
    expect(expired.url).toBeNull();
    const again = await stripe.checkout.sessions.expire(session.id).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const stranger = await new Stripe(OTHER_KEY, {
      ...fake.sdkOptions,
      maxNetworkRetries: 0,
    }).checkout.sessions
      .retrieve(session.id)
      .catch((e: unknown) => e);
    expect((stranger as Stripe.errors.StripeError).code).toBe("resource_missing");
    expect((stranger as Stripe.errors.StripeError).statusCode).toBe(404);
  });

  it("refuses a method the account has not enabled, and an expiry Stripe does not allow", async () => {
    const klarna = await paymentSession("automatic", { allowed_payment_method_types: ["klarna"] }).catch(
      (e: unknown) => e,
    );
    expect((klarna as Stripe.errors.StripeError).param).toBe("allowed_payment_method_types");
    const tooLate = await paymentSession("automatic", {
      expires_at: Math.floor(clock.getTime() / 1000) + 25 * 3600,
    }).catch((e: unknown) => e);
    expect((tooLate as Stripe.errors.StripeError).param).toBe("expires_at");
    const paypal = await paymentSession("automatic", { allowed_payment_method_types: ["paypal", "klarna"] });
    expect(paypal.payment_method_types).toEqual(["paypal"]);
    expect((await paymentSession()).payment_method_types).toEqual(["card", "paypal"]);
  });

  it("completes a paid session: PaymentIntent succeeded, charge with the card's last four, success URL", async () => {
    const session = await paymentSession();
    const next = fake.complete(session.id, "success");
    expect(next).toEqual({ redirect: `http://hotel.test/return?session=${session.id}` });
    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ["payment_intent.latest_charge"],
    });
    expect(done).toMatchObject({ status: "complete", payment_status: "paid" });
    const intent = done.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      status: "succeeded",
      amount_received: 24_000,
      metadata: { reference: "BK-1" },
    });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge.payment_method_details?.card?.last4).toBe("4242");
    expect(charge.amount_captured).toBe(24_000);
  });

  it("keeps a declined session open with the reason, and lets the guest pay after", async () => {
    const session = await paymentSession();
    expect(fake.complete(session.id, "insufficient_funds")).toEqual({
      error: "Your card has insufficient funds.",
    });
    const open = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    expect(open.status).toBe("open");
    const intent = open.payment_intent as Stripe.PaymentIntent;
    expect(intent.status).toBe("requires_payment_method");
    expect(intent.last_payment_error).toMatchObject({
      code: "card_declined",
      decline_code: "insufficient_funds",
    });
    fake.complete(session.id, "success");
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("complete");
  });

  it("walks the 3-D Secure challenge: pending, then approved or failed", async () => {
    const approved = await paymentSession();
    expect(fake.complete(approved.id, "challenge")).toEqual({ challenge: true });
    expect((await stripe.checkout.sessions.retrieve(approved.id)).status).toBe("open");
    fake.complete(approved.id, "challenge-approved");
    expect((await stripe.checkout.sessions.retrieve(approved.id)).status).toBe("complete");

    const failed = await paymentSession();
    fake.complete(failed.id, "challenge-failed");
    const intent = (await stripe.checkout.sessions.retrieve(failed.id, { expand: ["payment_intent"] }))
      .payment_intent as Stripe.PaymentIntent;
    expect(intent.last_payment_error?.code).toBe("payment_intent_authentication_failure");
  });

  it("holds a manual capture, captures less than authorised, and cancels another", async () => {
    const session = await paymentSession("manual");
    fake.complete(session.id, "success");
    const held = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    expect(held.payment_status).toBe("unpaid");
    const intent = held.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: "requires_capture", amount_capturable: 24_000 });
    const tooMuch = await stripe.paymentIntents
      .capture(intent.id, { amount_to_capture: 30_000 })
      .catch((e: unknown) => e);
    expect((tooMuch as Stripe.errors.StripeError).param).toBe("amount_to_capture");
    const captured = await stripe.paymentIntents.capture(
      intent.id,
      { amount_to_capture: 20_000 },
      { idempotencyKey: "cap-1" },
    );
    expect(captured).toMatchObject({ status: "succeeded", amount_received: 20_000 });
    const twice = await stripe.paymentIntents
      .capture(intent.id, { amount_to_capture: 20_000 })
      .catch((e: unknown) => e);
    expect((twice as Stripe.errors.StripeError).code).toBe("payment_intent_unexpected_state");

    const other = await paymentSession("manual");
    fake.complete(other.id, "success");
    const otherIntent = String((await stripe.checkout.sessions.retrieve(other.id)).payment_intent);
    expect((await stripe.paymentIntents.cancel(otherIntent)).status).toBe("canceled");
  });

  it("saves a card in setup mode and charges it off-session; a 3-D Secure card answers authentication_required", async () => {
    const session = await setupSession();
    fake.complete(session.id, "success");
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ["setup_intent"] });
    const setup = done.setup_intent as Stripe.SetupIntent;
    expect(setup).toMatchObject({ status: "succeeded", usage: "off_session" });
    expect(done.customer).toMatch(/^cus_/);
    const charged = await stripe.paymentIntents.create(
      {
        amount: 12_000,
        currency: "eur",
        customer: String(done.customer),
        payment_method: String(setup.payment_method),
        off_session: true,
        confirm: true,
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      },
      { idempotencyKey: "no-show-1" },
    );
    expect(charged).toMatchObject({ status: "succeeded", amount_received: 12_000 });
    const noReturn = await stripe.paymentIntents
      .create({
        amount: 12_000,
        currency: "eur",
        customer: String(done.customer),
        payment_method: String(setup.payment_method),
        off_session: true,
        confirm: true,
      })
      .catch((e: unknown) => e);
    expect((noReturn as Stripe.errors.StripeError).param).toBe("return_url");

    const secure = await setupSession();
    fake.complete(secure.id, "challenge-approved");
    const secureDone = await stripe.checkout.sessions.retrieve(secure.id, { expand: ["setup_intent"] });
    const error = await stripe.paymentIntents
      .create({
        amount: 12_000,
        currency: "eur",
        customer: String(secureDone.customer),
        payment_method: String((secureDone.setup_intent as Stripe.SetupIntent).payment_method),
        off_session: true,
        confirm: true,
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((error as Stripe.errors.StripeCardError).code).toBe("authentication_required");
    expect((error as Stripe.errors.StripeCardError).payment_intent?.status).toBe("requires_payment_method");
  });

  it("refunds in parts, refuses more than is left, replays a refund under its key and refuses the key with other params", async () => {
    const session = await paymentSession();
    fake.complete(session.id, "success");
    const intent = String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent);
    const first = await stripe.refunds.create(
      { payment_intent: intent, amount: 10_000 },
      { idempotencyKey: "rf-1" },
    );
    expect(first).toMatchObject({ status: "succeeded", amount: 10_000 });
    const replay = await stripe.refunds.create(
      { payment_intent: intent, amount: 10_000 },
      { idempotencyKey: "rf-1" },
    );
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers["idempotent-replayed"]).toBe("true");
    const conflict = await stripe.refunds
      .create({ payment_intent: intent, amount: 5_000 }, { idempotencyKey: "rf-1" })
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const over = await stripe.refunds
      .create({ payment_intent: intent, amount: 15_000 })
      .catch((e: unknown) => e);
    expect((over as Stripe.errors.StripeError).param).toBe("amount");
    await stripe.refunds.create({ payment_intent: intent, amount: 14_000 });
    const charge = (await stripe.paymentIntents.retrieve(intent, { expand: ["latest_charge"] }))
      .latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ amount_refunded: 24_000, refunded: true });
    expect((await stripe.refunds.retrieve(first.id)).amount).toBe(10_000);
  });

  it("refuses a second request under a key still in progress with idempotency_key_in_use", async () => {
    const session = await paymentSession();
    fake.complete(session.id, "success");
    const intent = String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent);
    const release = fake.holdRequests();
    const first = stripe.refunds.create(
      { payment_intent: intent, amount: 1_000 },
      { idempotencyKey: "busy" },
    );
    // The first request is held by the fake once it has taken its key.
    while (fake.heldRequests() === 0) await new Promise((resolve) => setImmediate(resolve));
    const second = await stripe.refunds
      .create({ payment_intent: intent, amount: 1_000 }, { idempotencyKey: "busy" })
      .catch((e: unknown) => e);
    release();
    expect((await first).amount).toBe(1_000);
    expect((second as Stripe.errors.StripeError).statusCode).toBe(409);
  });

  it("delivers signed events the SDK verifies, and the SDK refuses a wrong secret or a stale timestamp", async () => {
    received.length = 0;
    const session = await paymentSession();
    fake.complete(session.id, "success");
    await fake.settled();
    const types = received.map((r) => (JSON.parse(r.body) as Stripe.Event).type);
    expect(types).toEqual(["payment_intent.succeeded", "checkout.session.completed"]);
    for (const r of received) {
      const event = stripe.webhooks.constructEvent(r.body, r.signature, WEBHOOK_SECRET);
      expect(event.id).toMatch(/^evt_/);
    }
    const completed = fake.events("checkout.session.completed").at(-1) as Stripe.Event;
    const wrong = fake.signedRequest(completed.id, { secret: "whsec_wrong" });
    expect(() =>
      stripe.webhooks.constructEvent(wrong.payload, wrong.headers["stripe-signature"], WEBHOOK_SECRET),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const stale = fake.signedRequest(completed.id, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() =>
      stripe.webhooks.constructEvent(stale.payload, stale.headers["stripe-signature"], WEBHOOK_SECRET),
    ).toThrow(/Timestamp outside the tolerance zone/);
  });

  it("holds events (a lost webhook), delivers them again and in another order, and logs each delivery", async () => {
    fake.setDelivery("hold");
    const before = fake.deliveries().length;
    const session = await paymentSession();
    fake.complete(session.id, "success");
    expect(fake.held().map((e) => e.type)).toEqual([
      "payment_intent.succeeded",
      "checkout.session.completed",
    ]);
    const made = await fake.deliverHeld("newest-first");
    expect(made.map((d) => d.type)).toEqual(["checkout.session.completed", "payment_intent.succeeded"]);
    await fake.deliver(made[0]?.eventId ?? "");
    const log = fake.deliveries().slice(before);
    expect(log).toHaveLength(3);
    expect(log[2]?.eventId).toBe(log[0]?.eventId);
    expect(log.every((d) => d.status === 200)).toBe(true);
    expect(fake.held()).toEqual([]);
  });

  it("posts expiry, refund and dispute events with the objects they are about", async () => {
    const open = await paymentSession();
    fake.expire(open.id);
    const expired = fake.events("checkout.session.expired").at(-1)?.data.object as Stripe.Checkout.Session;
    expect(expired.id).toBe(open.id);
    const paid = await paymentSession();
    fake.complete(paid.id, "success");
    const intent = String((await stripe.checkout.sessions.retrieve(paid.id)).payment_intent);
    await stripe.refunds.create({ payment_intent: intent, amount: 4_000 });
    const refunded = fake.events("charge.refunded").at(-1)?.data.object as Stripe.Charge;
    expect(refunded).toMatchObject({ payment_intent: intent, amount_refunded: 4_000, refunded: false });
    const dispute = fake.dispute(paid.id);
    const disputed = fake.events("charge.dispute.created").at(-1)?.data.object as Stripe.Dispute;
    expect(disputed).toMatchObject({ id: dispute.id, payment_intent: intent, amount: 20_000 });
    clock = new Date(clock.getTime() + 25 * 3600 * 1000);
    const late = await paymentSession();
    clock = new Date(clock.getTime() + 25 * 3600 * 1000);
    expect(fake.expireDue()).toContain(late.id);
  });

  it("lists a payment's refunds, a dashboard's among them; closes a dispute; and logs each request's key", async () => {
    const from = fake.requests().length;
    const paid = await paymentSession();
    fake.complete(paid.id, "success");
    const intent = String((await stripe.checkout.sessions.retrieve(paid.id)).payment_intent);
    await stripe.refunds.create(
      { payment_intent: intent, amount: 3_000, metadata: { alloggio_refund: "ours" } },
      { idempotencyKey: "refund-ours" },
    );
    const dashboard = fake.refundInDashboard(paid.id, 2_000);
    expect(dashboard.metadata).toEqual({});
    expect(fake.events("charge.refunded").at(-1)?.data.object).toMatchObject({ amount_refunded: 5_000 });
    const listed = await stripe.refunds.list({ payment_intent: intent });
    expect(listed.data.map((r) => [r.amount, r.metadata?.alloggio_refund ?? null])).toEqual([
      [2_000, null],
      [3_000, "ours"],
    ]);
    const dispute = fake.dispute(paid.id, "duplicate");
    expect(fake.closeDispute(dispute.id, "won").status).toBe("won");
    expect(fake.events("charge.dispute.closed").at(-1)?.data.object).toMatchObject({
      id: dispute.id,
      status: "won",
    });
    expect((await stripe.disputes.retrieve(dispute.id)).status).toBe("won");
    const refundPost = fake
      .requests()
      .slice(from)
      .find((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(refundPost?.idempotencyKey).toBe("refund-ours");
  });

  it("serves the hosted page: a labelled card form that pays and returns to the success URL", async () => {
    const session = await paymentSession();
    const page = await fetch(String(session.url));
    const html = await page.text();
    expect(html).toContain('<html lang="it"');
    expect(html).toContain('<label for="card">Card number</label>');
    expect(html).toContain("€240.00");
    const declined = await fetch(String(session.url), {
      method: "POST",
      body: new URLSearchParams({ card: "4000 0000 0000 0002" }),
      redirect: "manual",
    });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('<p role="alert">Your card was declined.</p>');
    const challenge = await fetch(String(session.url), {
      method: "POST",
      body: new URLSearchParams({ card: "4000 0027 6000 3184" }),
      redirect: "manual",
    });
    expect(challenge.headers.get("location")).toBe(`/c/pay/${session.id}/challenge`);
    const approved = await fetch(`${fake.url}/c/pay/${session.id}/challenge`, {
      method: "POST",
      body: new URLSearchParams({ decision: "approve" }),
      redirect: "manual",
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe(`http://hotel.test/return?session=${session.id}`);
    expect((await fetch(String(session.url))).status).toBe(410);
  });

  it("takes the same controls over HTTP from another process: complete, hold and deliver, dispute, another key", async () => {
    const controls = stripeFakeControls(fake.url);
    await controls.setDelivery("hold");
    const session = await paymentSession();
    expect(await controls.complete(session.id, "success")).toEqual({
      redirect: `http://hotel.test/return?session=${session.id}`,
    });
    expect((await controls.held()).map((e) => e.type)).toEqual([
      "payment_intent.succeeded",
      "checkout.session.completed",
    ]);
    const delivered = await controls.deliverHeld();
    expect(delivered.map((d) => d.status)).toEqual([200, 200]);
    const dispute = await controls.dispute(session.id);
    expect((await controls.get<Stripe.Dispute>(dispute.id))?.status).toBe("needs_response");
    const other = await paymentSession();
    expect((await controls.expire(other.id)).status).toBe("expired");
    await expect(controls.expire(other.id)).rejects.toThrow(/can be expired/);
    const added = await controls.addAccount({ secretKey: "sk_test_added_later", displayName: "Added" });
    const account = await new Stripe("sk_test_added_later", fake.sdkOptions).accounts.retrieveCurrent();
    expect(account.id).toBe(added.id);
  });

  it("lists sessions newest first by status and creation time, page by page, as a reconciliation asks", async () => {
    const from = Math.floor(clock.getTime() / 1000);
    const first = await paymentSession();
    clock = new Date(clock.getTime() + 1000);
    const second = await paymentSession();
    clock = new Date(clock.getTime() + 1000);
    const paid = await paymentSession();
    fake.complete(paid.id, "success");
    const open = await stripe.checkout.sessions.list({ status: "open", created: { gte: from }, limit: 1 });
    expect(open.data.map((s) => s.id)).toEqual([second.id]);
    expect(open.has_more).toBe(true);
    const all: string[] = [];
    for await (const s of stripe.checkout.sessions.list({ status: "open", created: { gte: from }, limit: 1 }))
      all.push(s.id);
    expect(all).toEqual([second.id, first.id]);
  });
  it("attaches Stripe's test PaymentMethods to a customer and charges them off-session as their cards behave", async () => {
    const customer = await stripe.customers.create({ email: "guest@example.test" });
    const charge = async (test: string) => {
      const method = await stripe.paymentMethods.attach(test, { customer: customer.id });
      expect([method.id.startsWith("pm_"), method.id === test, method.customer]).toEqual([
        true,
        false,
        customer.id,
      ]);
      return stripe.paymentIntents.create({
        amount: 1500,
        currency: "eur",
        customer: customer.id,
        payment_method: method.id,
        off_session: true,
        confirm: true,
        automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      });
    };
    expect((await charge("pm_card_visa")).status).toBe("succeeded");
    await expect(charge("pm_card_authenticationRequired")).rejects.toMatchObject({
      type: "StripeCardError",
      code: "authentication_required",
    });
    await expect(charge("pm_card_chargeCustomerFail")).rejects.toMatchObject({
      type: "StripeCardError",
      code: "card_declined",
    });
    // Declined outright: Stripe refuses to save it at all.
    await expect(
      stripe.paymentMethods.attach("pm_card_chargeDeclined", { customer: customer.id }),
    ).rejects.toMatchObject({ type: "StripeCardError", code: "card_declined" });
    await expect(
      stripe.paymentMethods.attach("pm_card_visa", { customer: "cus_nobody" }),
    ).rejects.toMatchObject({
      code: "resource_missing",
    });
  });
});
