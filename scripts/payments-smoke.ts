// `npm run payments:smoke`: Alloggio's Stripe adapter (features/payments, the server's own code) against Stripe's
// test mode, scenario by scenario, one line each. Without STRIPE_TEST_SECRET_KEY nothing is checked and it says so.
// STRIPE_API_BASE points it at the local fake instead (its test controls then pay the hosted pages; against real
// Stripe those need a browser and are listed as skipped, never as passed).
import { pathToFileURL } from "node:url";
import Stripe from "stripe";
import { type AuthoriseResult, createStripeGateway } from "../apps/server/src/features/payments";

export type SmokeOutcome = "PASS" | "FAIL" | "SKIPPED";
export type SmokeLine = { scenario: string; outcome: SmokeOutcome; detail: string };

export type SmokeOptions = {
  secretKey: string;
  /** Another API origin (the local fake); Stripe's own when absent. */
  apiBase?: string | undefined;
  /** Pays a Checkout Session's hosted page as a guest would; absent against real Stripe (a browser would). */
  payPage?: ((sessionId: string) => Promise<void>) | undefined;
};

const RETURN_URL = "https://example.com/alloggio-smoke/return";
const NEEDS_BROWSER = "needs a browser: skipped";

class Failed extends Error {}

function expectThat(condition: boolean, what: string, got: unknown): void {
  if (!condition) throw new Failed(`${what}; got ${JSON.stringify(got)}`);
}

const shortOf = (r: AuthoriseResult) =>
  `${r.ref} ${r.status}${r.declineReason ? ` (${r.declineReason})` : ""}`;

/** Runs every scenario in order; a scenario that throws is a FAIL, the next ones still run. */
export async function runPaymentsSmoke(options: SmokeOptions): Promise<SmokeLine[]> {
  const gateway = createStripeGateway({
    secretKey: options.secretKey,
    webhookSecret: "whsec_unused_by_the_smoke_test",
    apiBase: options.apiBase,
  });
  // Only for what a guest's browser or an earlier step of Stripe's would have made: a customer with a saved card.
  const api = options.apiBase ? new URL(options.apiBase) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    ...(api && {
      host: api.hostname,
      port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
      protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
    }),
  });
  const run = `SMOKE-${Date.now().toString(36).toUpperCase()}`;
  let step = 0;
  const key = (name: string) => `${run}:${name}`;
  const reference = () => `${run}-${++step}`;
  const lines: SmokeLine[] = [];

  async function scenario(name: string, body: () => Promise<string>, browser = false): Promise<void> {
    if (browser && !options.payPage) {
      lines.push({ scenario: name, outcome: "SKIPPED", detail: NEEDS_BROWSER });
      return;
    }
    try {
      lines.push({ scenario: name, outcome: "PASS", detail: await body() });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      lines.push({ scenario: name, outcome: "FAIL", detail });
    }
  }

  const open = (amountMinor: number, capture: boolean) =>
    gateway.authorise({
      amountMinor,
      currency: "EUR",
      reference: reference(),
      capture,
      returnUrl: RETURN_URL,
    });
  const opened = (r: AuthoriseResult) => {
    expectThat(
      r.status === "requires_action" && r.ref.startsWith("cs_") && Boolean(r.challengeUrl),
      "an open Checkout Session with its page",
      r,
    );
    return r;
  };
  /** A customer with one of Stripe's test PaymentMethods saved (what a setup page leaves behind). */
  async function savedCard(testMethod: string) {
    const customer = await stripe.customers.create({ email: `${run.toLowerCase()}@example.com` });
    const method = await stripe.paymentMethods.attach(testMethod, { customer: customer.id });
    return { customer: customer.id, paymentMethod: method.id };
  }
  const offSession = async (testMethod: string, amountMinor: number) =>
    gateway.chargeOffSession({
      ...(await savedCard(testMethod)),
      amountMinor,
      currency: "EUR",
      reference: reference(),
      guarantee: `${run}-guarantee`,
      idempotencyKey: key(`off-session-${testMethod}`),
      returnUrl: RETURN_URL,
    });
  /** An authorisation held on a saved card, as a pre-authorising page leaves it. */
  async function heldAuthorisation(amountMinor: number): Promise<string> {
    const card = await savedCard("pm_card_visa");
    const intent = await stripe.paymentIntents.create({
      amount: amountMinor,
      currency: "eur",
      customer: card.customer,
      payment_method: card.paymentMethod,
      capture_method: "manual",
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      metadata: { reference: reference() },
    });
    expectThat(intent.status === "requires_capture", "an authorisation held", intent.status);
    return intent.id;
  }

  await scenario("describeAccount: the account, its mode and methods", async () => {
    const account = await gateway.describeAccount();
    expectThat(account.id.startsWith("acct_"), "an account id", account.id);
    expectThat(!account.live, "a test-mode key (never live)", account);
    return `${account.id} ${account.name ?? "(no name)"} ${account.country ?? "?"} methods=${account.methods.join(",") || "none"}`;
  });

  let paymentPage: AuthoriseResult | null = null;
  await scenario("Checkout Session, payment mode (capture now)", async () => {
    paymentPage = opened(await open(1250, true));
    const again = await gateway.retrieve(paymentPage.ref);
    expectThat(again?.status === "requires_action", "still waiting for the guest", again);
    return shortOf(paymentPage);
  });
  await scenario(
    "hosted page paid: captured, then refunded in part",
    async () => {
      const page = opened(await open(1250, true));
      await options.payPage!(page.ref);
      const paid = await gateway.retrieve(page.ref);
      expectThat(paid?.status === "captured", "captured", paid);
      const refund = await gateway.refund(page.ref, 250, key("page-refund"));
      expectThat(refund.status === "refunded", "refunded", refund);
      return `${shortOf(paid!)}; refund ${refund.ref}`;
    },
    true,
  );

  await scenario("Checkout Session, payment mode with manual capture (pre-authorisation)", async () =>
    shortOf(opened(await open(4000, false))),
  );
  await scenario(
    "hosted page pre-authorised: authorised, captured in part",
    async () => {
      const page = opened(await open(4000, false));
      await options.payPage!(page.ref);
      const held = await gateway.retrieve(page.ref);
      expectThat(held?.status === "authorised", "authorised", held);
      const captured = await gateway.capture!(page.ref, 3000, key("page-capture"));
      expectThat(captured.status === "captured", "captured", captured);
      return shortOf(captured);
    },
    true,
  );

  await scenario("Checkout Session, setup mode (card guarantee)", async () =>
    shortOf(opened(await open(0, true))),
  );
  await scenario(
    "hosted page saves the card: charged off-session through chargeSaved",
    async () => {
      const page = opened(await open(0, true));
      await options.payPage!(page.ref);
      const saved = await gateway.retrieve(page.ref);
      expectThat(saved?.status === "authorised", "a card saved", saved);
      const charged = await gateway.chargeSaved!({
        ref: page.ref,
        amountMinor: 3000,
        currency: "EUR",
        reference: reference(),
        idempotencyKey: key("no-show"),
        returnUrl: RETURN_URL,
      });
      expectThat(
        charged.status === "captured" && charged.ref.startsWith("pi_"),
        "captured off-session",
        charged,
      );
      return shortOf(charged);
    },
    true,
  );

  await scenario("Checkout Session for a payment link (every method the account takes)", async () => {
    const link = await gateway.startRedirect({
      method: "pay_by_link",
      amountMinor: 5000,
      currency: "EUR",
      reference: reference(),
      returnUrl: RETURN_URL,
    });
    return shortOf(opened(link));
  });

  await scenario("cancel an open page: expired, nothing can be paid", async () => {
    const page = paymentPage ?? opened(await open(1250, true));
    expectThat((await gateway.cancel(page.ref)) === true, "the page closed", page.ref);
    const after = await gateway.retrieve(page.ref);
    expectThat(after?.status === "declined" && after.declineReason === "expired", "expired", after);
    expectThat((await gateway.cancel(page.ref)) === false, "nothing left to close", page.ref);
    return shortOf(after!);
  });

  let visaCharge: AuthoriseResult | null = null;
  await scenario("off-session charge, pm_card_visa: captured", async () => {
    visaCharge = await offSession("pm_card_visa", 2000);
    expectThat(visaCharge.status === "captured" && visaCharge.ref.startsWith("pi_"), "captured", visaCharge);
    return shortOf(visaCharge);
  });
  await scenario(
    "off-session charge, pm_card_authenticationRequired: a Checkout page for the guest",
    async () => {
      const result = await offSession("pm_card_authenticationRequired", 2000);
      expectThat(
        result.status === "requires_action" &&
          result.declineReason === "authentication_required" &&
          Boolean(result.challengeUrl),
        "authentication required, with a page",
        result,
      );
      return shortOf(result);
    },
  );
  await scenario("off-session charge, pm_card_chargeCustomerFail: declined", async () => {
    // pm_card_chargeDeclined cannot be saved at all (Stripe declines it as it is attached): this one saves, then fails.
    const result = await offSession("pm_card_chargeCustomerFail", 2000);
    expectThat(result.status === "declined" && result.declineReason === "declined", "declined", result);
    return shortOf(result);
  });

  await scenario("capture part of an authorisation, again under the same key", async () => {
    const intent = await heldAuthorisation(3000);
    const captured = await gateway.capture!(intent, 2200, key("capture"));
    expectThat(captured.status === "captured", "captured", captured);
    const again = await gateway.capture!(intent, 2200, key("capture"));
    expectThat(again.status === "captured", "still captured, once", again);
    const taken = await stripe.paymentIntents.retrieve(intent);
    expectThat(taken.amount_received === 2200, "2200 received", taken.amount_received);
    return shortOf(captured);
  });
  await scenario("release an authorisation", async () => {
    const intent = await heldAuthorisation(3000);
    const released = await gateway.release!(intent);
    expectThat(released.status === "declined", "nothing held any more", released);
    return shortOf(released);
  });
  await scenario("refund in part, again under the same key, more than is left refused", async () => {
    const charge = visaCharge ?? (await offSession("pm_card_visa", 2000));
    expectThat(charge.status === "captured", "a captured payment to refund", charge);
    const first = await gateway.refund(charge.ref, 500, key("refund"));
    expectThat(first.status === "refunded" && first.ref.startsWith("re_"), "refunded", first);
    const replay = await gateway.refund(charge.ref, 500, key("refund"));
    expectThat(replay.ref === first.ref, "the same refund under its key", replay);
    const tooMuch = await gateway.refund(charge.ref, 5000, key("refund-too-much"));
    expectThat(tooMuch.status === "declined", "more than is left refused", tooMuch);
    const intent = await stripe.paymentIntents.retrieve(charge.ref, { expand: ["latest_charge"] });
    const refunded = (intent.latest_charge as Stripe.Charge | null)?.amount_refunded;
    expectThat(refunded === 500, "500 refunded once", refunded);
    return `${first.ref} 500 of 2000`;
  });
  return lines;
}

/** Prints the lines and a summary; answers the exit code (1 when anything failed). */
export function printSmoke(lines: SmokeLine[], against: string, log = console.log): number {
  for (const l of lines) log(`${l.outcome.padEnd(7)} ${l.scenario}: ${l.detail}`);
  const count = (o: SmokeOutcome) => lines.filter((l) => l.outcome === o).length;
  log(
    `payments:smoke against ${against}: ${count("PASS")} passed, ${count("FAIL")} failed, ${count("SKIPPED")} skipped`,
  );
  return count("FAIL") > 0 ? 1 : 0;
}

async function main(): Promise<number> {
  const secretKey = process.env.STRIPE_TEST_SECRET_KEY?.trim();
  if (!secretKey) {
    console.log("payments:smoke SKIPPED: STRIPE_TEST_SECRET_KEY is not set (nothing was checked)");
    return 0;
  }
  if (!/^(sk|rk)_test_/.test(secretKey)) {
    console.error(
      "payments:smoke refuses: STRIPE_TEST_SECRET_KEY must be a test-mode key (sk_test_… or rk_test_…)",
    );
    return 2;
  }
  const apiBase = process.env.STRIPE_API_BASE?.trim() || undefined;
  // The local fake answers its test controls: they pay its hosted pages. Stripe's own pages need a person.
  let payPage: SmokeOptions["payPage"];
  if (apiBase) {
    const { stripeFakeControls } = await import("@alloggio/test-kit/stripe-fake");
    const controls = stripeFakeControls(apiBase);
    const isFake = await controls.events("none").then(
      () => true,
      () => false,
    );
    if (isFake)
      payPage = async (id) => {
        await controls.complete(id, "success");
      };
  }
  const lines = await runPaymentsSmoke({ secretKey, apiBase, payPage });
  return printSmoke(lines, apiBase ? `${apiBase} (not Stripe)` : "Stripe test mode");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error("payments:smoke FAIL:", error);
      process.exit(1);
    },
  );
