import { TEST_API_KEY, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession } from "@alloggio/test-kit/staff";
import { type StripeFake, startStripeFake } from "@alloggio/test-kit/stripe-fake";
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { type App, buildApp } from "../../http/app";
import { retryPendingRefunds } from "../manage";
import {
  createHotelGatewayLookup,
  createPaymentGateways,
  createSandboxGateway,
  createStripeGateway,
  paymentKeysCipher,
  STRIPE_SESSION_LIFETIME_MS,
} from "../payments";
import { reconcileLaterPayments, releaseAbandonedHolds } from "./service";

// A hotel switched to Stripe (ADR 0072), against the local fake of Stripe's API with the real SDK: the guest pays
// on Stripe's page, the booking waits, and only Stripe's word (the return's check, a webhook) confirms it.

const now = new Date("2030-01-05T10:00:00Z");
const SECRET_KEY = "sk_test_51HotelStripeAccountKey0001";
const WEBHOOK_SECRET = "whsec_HotelStripeSigningSecret0001";
const MAIL = "maria@example.test";
const KEYS_SECRET = Buffer.alloc(32, 7).toString("base64");

const room = aRoomType();
const prepaid = aRatePlan({
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
const preauth = aRatePlan({ payment: "pre_authorisation" });
const guarantee = aRatePlan({ payment: "card_guarantee" });
const hotel = buildProperty({
  hotel: {
    settings: {
      bankTransfer: { owner: "Hotel on Stripe", iban: "IT60X0542811101000000123456", dueDays: 3 },
      paymentMethods: ["pay_by_link", "wallet"],
    },
  },
  roomTypes: [room],
  ratePlans: [prepaid, preauth, guarantee],
  // Each journey books a stay of its own, three days apart from February on.
  prices: [prepaid, preauth, guarantee].map((rate) =>
    aPriceRange(room, rate, { perAdults: { "2": 110 }, to: "2030-06-30" }),
  ),
  inventory: [anInventoryRange(room, { allotment: 30, to: "2030-06-30" })],
});

let database: Database;
let app: App;
let fake: StripeFake;
let owner: Awaited<ReturnType<typeof aStaffSession>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  fake = await startStripeFake({
    accounts: [
      {
        secretKey: SECRET_KEY,
        displayName: "Hotel on Stripe",
        country: "IT",
        webhookEndpoints: [{ url: "http://127.0.0.1:9/unused", secret: WEBHOOK_SECRET }],
      },
    ],
    delivery: "hold",
  });
  app = await buildApp({
    database,
    now: () => now,
    sleep: async () => {},
    apiKeys: [TEST_API_KEY],
    overrideSecret: TEST_OVERRIDE_SECRET,
    logLevel: "silent",
    publicUrl: "https://book.example.test",
    paymentKeysSecret: KEYS_SECRET,
    stripeApiBase: fake.url,
  });
  owner = await aStaffSession(database, { role: "owner", hotels: [hotel.hotel.id], now });
  const base = `/api/backoffice/hotels/${hotel.hotel.id}/payments`;
  const keys = await app.inject({
    method: "PUT",
    url: `${base}/stripe-keys`,
    headers: owner.headers,
    payload: {
      secretKey: SECRET_KEY,
      publishableKey: "pk_test_51HotelStripeAccountKey0001",
      webhookSecret: WEBHOOK_SECRET,
    },
  });
  expect(keys.statusCode, keys.body).toBe(200);
  const chosen = await app.inject({
    method: "PUT",
    url: `${base}/gateway`,
    headers: owner.headers,
    payload: { gateway: "stripe" },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
  await database?.close();
});

let stays = 0;
/** Books a 2-night stay of its own with a card method and no token: Stripe's page takes the card. */
async function book(rateId: number, method: string) {
  const first = new Date(Date.UTC(2030, 1, 1 + 3 * stays++));
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      {
        hotel: hotel.hotel.id,
        roomId: room.id,
        rateId,
        arrival: ymd(first),
        departure: ymd(new Date(first.getTime() + 2 * 86_400_000)),
      },
      { payment: { method } },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as {
    reservation: { code: string; status: string };
    next: string;
    redirectUrl: string;
  };
  return { ...answer, session: sessionOf(answer.redirectUrl) };
}

/** The Checkout Session a redirect to Stripe's page names. */
const sessionOf = (url: string | undefined) =>
  url ? (new URL(url).pathname.split("/").find((part) => part.startsWith("cs_")) ?? "") : "";

const confirm = async (code: string) =>
  (
    await app.inject({
      method: "POST",
      url: "/api/confirmPayment.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: { reservation: code, gateway: "stripe" },
    })
  ).json() as { status: string; paid: boolean };

async function facts(code: string) {
  const [row] = await database.query<{ status: string; payments: string[]; sold: number }>(sql`
    select r.status,
      (select array_agg(t.gateway || ':' || t.kind || ':' || t.status || ':' || t.amount_minor order by t.id)
         from payment_transaction t where t.reservation_id = r.id) as payments,
      (select coalesce(sum(i.sold), 0)::int from inventory i where i.room_type_id = ${room.id}) as sold
    from reservation r where r.code = ${code}`);
  return row!;
}

/** Posts a held event as Stripe would (signed with the hotel's secret unless `options` spoil it). */
function postEvent(eventId: string, options: { secret?: string; timestamp?: number } = {}) {
  const { payload, headers } = fake.signedRequest(eventId, options);
  return app.inject({ method: "POST", url: "/api/payments/stripe/webhook", headers, payload });
}

const eventOf = (type: string, objectId: string): Stripe.Event => {
  const found = fake
    .events(type)
    .find((e) => (e.data.object as { id: string; payment_intent?: string }).id === objectId);
  if (!found) throw new Error(`no ${type} event for ${objectId}`);
  return found;
};

/** The site's gateways as a timed job builds them. */
const siteGateways = () =>
  createPaymentGateways(
    createSandboxGateway(database),
    createHotelGatewayLookup(database, paymentKeysCipher(KEYS_SECRET), {
      apiBase: fake.url,
      siteOrigin: "https://book.example.test",
    }),
  );

describe("a hotel on Stripe", () => {
  it("sends the guest to Stripe's page without a card token, and confirms only once Stripe says it was paid", async () => {
    const booked = await book(prepaid.id, "card_payment");
    expect(booked.next).toBe("3ds");
    expect(booked.redirectUrl.startsWith(fake.url)).toBe(true);
    expect(booked.reservation.status).toBe("payment_required");
    // The guest is back but has paid nothing: the return alone confirms nothing.
    expect(await confirm(booked.reservation.code)).toEqual({ status: "payment_required", paid: false });
    fake.complete(booked.session, "success");
    expect(await confirm(booked.reservation.code)).toEqual({ status: "confirmed", paid: true });
    expect(await confirm(booked.reservation.code)).toEqual({ status: "confirmed", paid: true });
    expect((await facts(booked.reservation.code)).payments).toEqual(["stripe:capture:captured:22000"]);
    const session = fake.get<Stripe.Checkout.Session>(booked.session)!;
    expect([session.amount_total, session.currency, session.metadata?.reference]).toEqual([
      22000,
      "eur",
      booked.reservation.code,
    ]);
  });

  it("is confirmed by Stripe's webhook alone, once, whatever is posted again, late or forged", async () => {
    const booked = await book(prepaid.id, "card_payment");
    fake.complete(booked.session, "success");
    const completed = eventOf("checkout.session.completed", booked.session);
    const forged = await postEvent(completed.id, { secret: "whsec_not_the_hotels" });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.details).toEqual([{ field: "signature", message: "invalid" }]);
    const stale = await postEvent(completed.id, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(400);
    expect((await facts(booked.reservation.code)).status).toBe("payment_required");

    const first = await postEvent(completed.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, status: "confirmed", duplicate: false });
    expect((await postEvent(completed.id)).json()).toEqual({ received: true, status: null, duplicate: true });
    // The intent's own event names no session: the server asks Stripe which payment it is, and changes nothing.
    const intent = fake.get<Stripe.Checkout.Session>(booked.session)!.payment_intent as string;
    const succeeded = await postEvent(eventOf("payment_intent.succeeded", intent).id);
    expect(succeeded.json()).toEqual({ received: true, status: "confirmed", duplicate: false });
    const after = await facts(booked.reservation.code);
    expect(after.status).toBe("confirmed");
    expect(after.payments).toEqual(["stripe:capture:captured:22000"]);
    const history = await database.query<{
      n: number;
    }>(sql`select count(*)::int as n from reservation_history h
      join reservation r on r.id = h.reservation_id where r.code = ${booked.reservation.code}
      and h.action = 'payment_succeeded'`);
    expect(history).toEqual([{ n: 1 }]);
  });

  it("keeps the booking waiting after a declined card (the guest may try another), and gives the rooms back once the page expires", async () => {
    const booked = await book(prepaid.id, "card_payment");
    const soldWhileWaiting = (await facts(booked.reservation.code)).sold;
    fake.complete(booked.session, "declined");
    expect(await confirm(booked.reservation.code)).toEqual({ status: "payment_required", paid: false });
    fake.expire(booked.session);
    expect(await confirm(booked.reservation.code)).toEqual({ status: "cancelled", paid: false });
    expect((await facts(booked.reservation.code)).sold).toBe(soldWhileWaiting - 2);
  });

  it("pre-authorises on Stripe's page (nothing captured) and saves a card for a guarantee", async () => {
    const held = await book(preauth.id, "pre_authorisation");
    expect(held.reservation.status).toBe("preauth_required");
    fake.complete(held.session, "success");
    expect(await confirm(held.reservation.code)).toEqual({ status: "confirmed", paid: true });
    const session = fake.get<Stripe.Checkout.Session>(held.session)!;
    const intent = fake.get<Stripe.PaymentIntent>(session.payment_intent as string)!;
    expect([intent.status, intent.amount_capturable]).toEqual(["requires_capture", 22000]);

    const guaranteed = await book(guarantee.id, "card_guarantee");
    fake.complete(guaranteed.session, "success");
    expect(await confirm(guaranteed.reservation.code)).toEqual({ status: "confirmed", paid: true });
    expect(fake.get<Stripe.Checkout.Session>(guaranteed.session)!.mode).toBe("setup");
  });

  it("refunds a free cancellation to the card on Stripe", async () => {
    const booked = await book(prepaid.id, "card_payment");
    fake.complete(booked.session, "success");
    await confirm(booked.reservation.code);
    const res = await app.inject({
      method: "POST",
      url: "/api/delete.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: { channel: 1, mail: MAIL, reservation: booked.reservation.code },
    });
    expect(res.statusCode, res.body).toBe(200);
    const refunds = await database.query<{ gateway: string; status: string; amount_minor: number }>(sql`
      select t.gateway, t.status, t.amount_minor from payment_transaction t
      join reservation r on r.id = t.reservation_id where r.code = ${booked.reservation.code} and t.kind = 'refund'`);
    expect(refunds).toEqual([{ gateway: "stripe", status: "refunded", amount_minor: 22000 }]);
    const intent = fake.get<Stripe.Checkout.Session>(booked.session)!.payment_intent as string;
    const charge = fake.get<Stripe.PaymentIntent>(intent)!.latest_charge as string;
    expect(fake.get<Stripe.Charge>(charge)!.amount_refunded).toBe(22000);
  });

  it("has the sweep repair a lost webhook, and close Stripe's page before it gives abandoned rooms back", async () => {
    const paid = await book(prepaid.id, "card_payment");
    fake.complete(paid.session, "success");
    const abandoned = await book(prepaid.id, "card_payment");
    const later = new Date(now.getTime() + 31 * 60_000);
    await releaseAbandonedHolds(
      { database, gateways: siteGateways(), now: () => later, overrideSecret: TEST_OVERRIDE_SECRET },
      "https://book.example.test",
    );
    // Paid on Stripe's page, though neither the guest nor the webhook came back: confirmed.
    expect((await facts(paid.reservation.code)).status).toBe("confirmed");
    // Never paid: Stripe's page is closed first, so the guest cannot pay for rooms that went back on sale.
    expect((await facts(abandoned.reservation.code)).status).toBe("cancelled");
    expect(fake.get<Stripe.Checkout.Session>(abandoned.session)!.status).toBe("expired");
  });

  it("takes the voucher's Pay now on Stripe's page, and settles what was due once Stripe says it was paid", async () => {
    const booked = await book(prepaid.id, "bank_transfer");
    expect(booked.reservation.status).toBe("confirmed");
    const pay = await app.inject({
      method: "POST",
      url: `/api/bol/reservation/${booked.reservation.code}/pay`,
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: { mail: MAIL, method: "card_payment" },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json()).toMatchObject({ next: "3ds", status: "confirmed", amount: 220 });
    const session = sessionOf(pay.json().redirectUrl);
    expect(await confirm(booked.reservation.code)).toEqual({ status: "confirmed", paid: false });
    fake.complete(session, "success");
    expect(await confirm(booked.reservation.code)).toEqual({ status: "confirmed", paid: true });
    const dues = await database.query<{ status: string }>(sql`select d.status from payment_due d
      join reservation r on r.id = d.reservation_id where r.code = ${booked.reservation.code}`);
    expect(dues).toEqual([{ status: "paid" }]);
  });

  it("settles a page paid on Stripe whose webhook comes after another payment started: the event's payment, not the latest", async () => {
    const booked = await book(prepaid.id, "bank_transfer");
    const code = booked.reservation.code;
    const pay = await app.inject({
      method: "POST",
      url: `/api/bol/reservation/${code}/pay`,
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: { mail: MAIL, method: "card_payment" },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const page = sessionOf(pay.json().redirectUrl);
    fake.complete(page, "success");
    // Before Stripe's word arrives, another payment of the reservation starts at the gateway (a page for something
    // else due, a charge the hotel makes) and becomes its latest.
    await database.query(sql`insert into payment_transaction
      (reservation_id, gateway, gateway_ref, kind, amount_minor, status)
      select id, 'stripe', 'cs_test_another_page', 'link', 1000, 'requires_action' from reservation
      where code = ${code}`);
    const event = await postEvent(eventOf("checkout.session.completed", page).id);
    expect(event.statusCode, event.body).toBe(200);
    const dues = await database.query<{ status: string }>(sql`select d.status from payment_due d
      join reservation r on r.id = d.reservation_id where r.code = ${code}`);
    expect(dues).toEqual([{ status: "paid" }]);
    expect((await facts(code)).payments).toContain("stripe:pay_now:captured:22000");
  });

  it("lets the guest pay now again after leaving Stripe's page unpaid", async () => {
    const booked = await book(prepaid.id, "bank_transfer");
    const payNow = () =>
      app.inject({
        method: "POST",
        url: `/api/bol/reservation/${booked.reservation.code}/pay`,
        headers: { "idempotency-key": anIdempotencyKey() },
        payload: { mail: MAIL, method: "card_payment" },
      });
    const first = await payNow();
    expect(first.statusCode, first.body).toBe(200);
    fake.expire(sessionOf(first.json().redirectUrl));
    const second = await payNow();
    expect(second.statusCode, second.body).toBe(200);
    fake.complete(sessionOf(second.json().redirectUrl), "success");
    expect(await confirm(booked.reservation.code)).toEqual({ status: "confirmed", paid: true });
  });

  it("mails a payment link to Stripe's page, and settles the booking's schedule once it is paid there", async () => {
    const booked = await book(prepaid.id, "pay_by_link");
    expect([booked.reservation.status, booked.next]).toEqual(["confirmed", "voucher"]);
    const [link] = await database.query<{ redirect_url: string; status: string }>(sql`
      select t.redirect_url, t.status from payment_transaction t join reservation r on r.id = t.reservation_id
      where r.code = ${booked.reservation.code} and t.kind = 'link'`);
    expect(link!.status).toBe("requires_action");
    expect(link!.redirect_url.startsWith(fake.url)).toBe(true);
    fake.complete(sessionOf(link!.redirect_url), "success");
    expect(await confirm(booked.reservation.code)).toEqual({ status: "confirmed", paid: true });
    const dues = await database.query<{ status: string }>(sql`select d.status from payment_due d
      join reservation r on r.id = d.reservation_id where r.code = ${booked.reservation.code}`);
    expect(dues.map((d) => d.status)).toEqual(["paid"]);
  });

  it("makes Stripe's page again when the mail's link is followed after it expired, and pays through the new one", async () => {
    const booked = await book(prepaid.id, "pay_by_link");
    const code = booked.reservation.code;
    const link = `/api/bol/reservation/${code}/payment-link?mail=${encodeURIComponent(MAIL)}`;
    const follow = async () => {
      const res = await app.inject({ method: "GET", url: link });
      expect(res.statusCode, res.body).toBe(303);
      return String(res.headers.location);
    };
    const first = await follow();
    expect(first.startsWith(fake.url)).toBe(true);
    expect(await follow()).toBe(first);
    fake.expire(sessionOf(first));
    const second = await follow();
    expect(second.startsWith(fake.url)).toBe(true);
    expect(sessionOf(second)).not.toBe(sessionOf(first));
    fake.complete(sessionOf(second), "success");
    expect(await follow()).toContain(`/voucher/code/${code}/`);
    const dues = await database.query<{
      status: string;
      payment_ref: string;
    }>(sql`select d.status, d.payment_ref
      from payment_due d join reservation r on r.id = d.reservation_id where r.code = ${code}`);
    expect(dues).toEqual([{ status: "paid", payment_ref: sessionOf(second) }]);
    expect(await confirm(code)).toEqual({ status: "confirmed", paid: true });
  });

  it("closes the pages still open for what is due before Pay now opens another, so nothing is paid twice", async () => {
    const booked = await book(prepaid.id, "pay_by_link");
    const code = booked.reservation.code;
    const link = `/api/bol/reservation/${code}/payment-link?mail=${encodeURIComponent(MAIL)}`;
    const linkPage = sessionOf(String((await app.inject({ method: "GET", url: link })).headers.location));
    const payNow = () =>
      app.inject({
        method: "POST",
        url: `/api/bol/reservation/${code}/pay`,
        headers: { "idempotency-key": anIdempotencyKey() },
        payload: { mail: MAIL, method: "card_payment" },
      });
    const first = await payNow();
    expect(first.statusCode, first.body).toBe(200);
    expect(fake.get<Stripe.Checkout.Session>(linkPage)?.status).toBe("expired");
    const firstPage = sessionOf(first.json().redirectUrl);
    const second = await payNow();
    expect(second.statusCode, second.body).toBe(200);
    expect(fake.get<Stripe.Checkout.Session>(firstPage)?.status).toBe("expired");
    // The mail's link now shows the voucher: what is due is being paid on the newest page.
    expect((await app.inject({ method: "GET", url: link })).headers.location).toContain(
      `/voucher/code/${code}/`,
    );
    fake.complete(sessionOf(second.json().redirectUrl), "success");
    expect(await confirm(code)).toEqual({ status: "confirmed", paid: true });
    // Paid: nothing is due any more.
    const third = await payNow();
    expect(third.statusCode).toBe(409);
  });
});

/** The reservation's refund rows: gateway, status, amount, and the kind of payment each returns money to. */
async function refundsOf(code: string) {
  return database.query<{ row: string }>(sql`
    select t.gateway || ':' || t.status || ':' || t.amount_minor || ':' || coalesce(s.kind, '-') as row
    from payment_transaction t join reservation r on r.id = t.reservation_id
    left join payment_transaction s on s.id = t.source_id
    where r.code = ${code} and t.kind = 'refund' order by t.id`);
}

async function historyOf(code: string, action: string) {
  return database.query<{ details: Record<string, unknown> }>(sql`select h.details from reservation_history h
    join reservation r on r.id = h.reservation_id where r.code = ${code} and h.action = ${action} order by h.id`);
}

describe("Stripe's word on money after the booking", () => {
  it("records a refund made in Stripe's dashboard against the payment it returns, once, in any order, and never counts one of ours again", async () => {
    const booked = await book(prepaid.id, "card_payment");
    fake.complete(booked.session, "success");
    await confirm(booked.reservation.code);
    const code = booked.reservation.code;
    // The hotel gives 50 back in Stripe's dashboard; Alloggio refunds 70 of its own (a pending refund it sends).
    fake.refundInDashboard(booked.session, 5000);
    const dashboardEvent = fake.events("charge.refunded").at(-1)!;
    const [payment] = await database.query<{ id: number; reservation_id: number }>(sql`
      select t.id, t.reservation_id from payment_transaction t join reservation r on r.id = t.reservation_id
      where r.code = ${code} and t.kind = 'capture'`);
    await database.query(sql`insert into payment_transaction
      (reservation_id, gateway, gateway_ref, kind, amount_minor, status, source_id, next_attempt_at)
      values (${payment!.reservation_id}, 'pending', 'refund_ours_dashboard_0001', 'refund', 7000, 'pending',
        ${payment!.id}, ${now.toISOString()})`);
    const sent = await retryPendingRefunds({ database, gateways: siteGateways(), now: () => now });
    expect(sent.refunded).toBe(1);
    const ours = await refundsOf(code);
    expect(ours.map((r) => r.row)).toEqual(["stripe:refunded:7000:capture"]);
    const ourEvent = fake.events("charge.refunded").at(-1)!;
    expect(ourEvent.id).not.toBe(dashboardEvent.id);

    // Ours first (nothing new), then the dashboard's (recorded), then both again (nothing).
    for (const id of [ourEvent.id, dashboardEvent.id, dashboardEvent.id, ourEvent.id]) {
      const res = await postEvent(id);
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = await refundsOf(code);
    expect(after.map((r) => r.row)).toEqual([...ours.map((r) => r.row), "stripe:refunded:5000:capture"]);
    expect(await historyOf(code, "refund_at_gateway")).toHaveLength(1);
    // A replay of the same event changes nothing more.
    const replay = await postEvent(dashboardEvent.id);
    expect(replay.json()).toMatchObject({ duplicate: true });
    expect((await refundsOf(code)).length).toBe(after.length);
  });

  it("refunds a free cancellation after a dashboard refund only what Stripe still holds", async () => {
    const booked = await book(prepaid.id, "card_payment");
    fake.complete(booked.session, "success");
    await confirm(booked.reservation.code);
    fake.refundInDashboard(booked.session, 5000);
    expect((await postEvent(fake.events("charge.refunded").at(-1)!.id)).statusCode).toBe(200);
    const cancelled = await app.inject({
      method: "POST",
      url: "/api/delete.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: { channel: 1, mail: MAIL, reservation: booked.reservation.code },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await refundsOf(booked.reservation.code)).map((r) => r.row)).toEqual([
      "stripe:refunded:5000:capture",
      "stripe:refunded:17000:capture",
    ]);
  });

  it("knows its own refund by its key even when Stripe's event comes before Alloggio stored the refund's id", async () => {
    const booked = await book(prepaid.id, "card_payment");
    fake.complete(booked.session, "success");
    await confirm(booked.reservation.code);
    const [payment] = await database.query<{ id: number; reservation_id: number }>(sql`
      select t.id, t.reservation_id from payment_transaction t join reservation r on r.id = t.reservation_id
      where r.code = ${booked.reservation.code} and t.kind = 'capture'`);
    // Alloggio's refund row still waits with its key (the process stopped after Stripe refunded).
    await database.query(sql`insert into payment_transaction
      (reservation_id, gateway, gateway_ref, kind, amount_minor, status, source_id)
      values (${payment!.reservation_id}, 'pending', 'refund_key_of_ours_0001', 'refund', 3000, 'pending', ${payment!.id})`);
    const stripe = createStripeGateway({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    });
    await stripe.refund(booked.session, 3000, "refund_key_of_ours_0001");
    const res = await postEvent(fake.events("charge.refunded").at(-1)!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await refundsOf(booked.reservation.code)).map((r) => r.row)).toEqual([
      "pending:pending:3000:capture",
    ]);
  });

  it("keeps a dispute on the reservation as Stripe tells it now, whatever order its events come in, and shows it to the hotel", async () => {
    const booked = await book(prepaid.id, "card_payment");
    fake.complete(booked.session, "success");
    await confirm(booked.reservation.code);
    const code = booked.reservation.code;
    const dispute = fake.dispute(booked.session, "product_not_received");
    const created = eventOf("charge.dispute.created", dispute.id);
    fake.closeDispute(dispute.id, "lost");
    const closed = eventOf("charge.dispute.closed", dispute.id);
    // The close arrives first, then the opening, then both again.
    for (const id of [closed.id, created.id, created.id, closed.id]) {
      const res = await postEvent(id);
      expect(res.statusCode, res.body).toBe(200);
    }
    const rows = await database.query<{ row: string }>(sql`
      select d.gateway || ':' || d.status || ':' || d.reason || ':' || d.amount_minor || ':' || d.currency || ':' ||
        p.kind as row
      from payment_dispute d join reservation r on r.id = d.reservation_id
      join payment_transaction p on p.id = d.payment_id where r.code = ${code}`);
    expect(rows.map((r) => r.row)).toEqual(["stripe:lost:product_not_received:22000:EUR:capture"]);
    expect((await historyOf(code, "dispute_opened")).length).toBe(1);
    expect((await historyOf(code, "dispute_lost")).length).toBe(1);
    // The hotel's owner is mailed once, in their language, with the way to the reservation.
    const mails = await database.query<{ to: string; subject: string; text: string }>(sql`
      select o."to", o.subject, o.text from mail_outbox o join reservation r on r.id = o.reservation_id
      where r.code = ${code} and o.subject like 'Payment disputed%'`);
    const [ownerRow] = await database.query<{ email: string }>(sql`select u.email from staff_user u
      where u.role = 'owner' order by u.id limit 1`);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [ownerRow!.email, expect.stringContaining(`on reservation ${code}`)],
    ]);
    expect(mails[0]!.text).toContain(`/admin/hotel/${hotel.hotel.id}/reservations/`);
    expect(mails[0]!.text).toContain("Answer with your evidence");

    const [reservation] = await database.query<{ id: number }>(
      sql`select id from reservation where code = ${code}`,
    );
    const detail = await app.inject({
      method: "GET",
      url: `/api/backoffice/hotels/${hotel.hotel.id}/reservations/${reservation!.id}`,
      headers: owner.headers,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().disputes).toEqual([
      {
        id: expect.any(Number),
        amountMinor: 22000,
        currency: "EUR",
        reason: "product_not_received",
        status: "lost",
        evidenceDueBy: new Date((dispute.evidence_details.due_by ?? 0) * 1000).toISOString(),
        openedAt: new Date(dispute.created * 1000).toISOString(),
      },
    ]);
  });

  it("records a dispute opened and still open, once, and the hotel's list finds disputed bookings", async () => {
    const booked = await book(prepaid.id, "card_payment");
    fake.complete(booked.session, "success");
    await confirm(booked.reservation.code);
    const dispute = fake.dispute(booked.session);
    const created = eventOf("charge.dispute.created", dispute.id);
    const wrong = await postEvent(created.id, { secret: "whsec_not_the_hotels" });
    expect(wrong.statusCode).toBe(400);
    expect((await historyOf(booked.reservation.code, "dispute_opened")).length).toBe(0);
    expect((await postEvent(created.id)).statusCode).toBe(200);
    expect((await postEvent(created.id)).json()).toMatchObject({ duplicate: true });
    const opened = await historyOf(booked.reservation.code, "dispute_opened");
    expect(opened.map((h) => h.details)).toEqual([
      { disputeRef: dispute.id, amountMinor: 22000, reason: "fraudulent", status: "needs_response" },
    ]);
    const other = await book(prepaid.id, "bank_transfer");
    const list = await app.inject({
      method: "GET",
      url: `/api/backoffice/hotels/${hotel.hotel.id}/reservations?disputed=true`,
      headers: owner.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const codes = (list.json().rows as { code: string }[]).map((r) => r.code);
    expect(codes).toContain(booked.reservation.code);
    expect(codes).not.toContain(other.reservation.code);
  });

  it("acts on payment_intent.payment_failed only as Stripe tells the payment now: the guest may try again, a late one undoes nothing", async () => {
    const booked = await book(prepaid.id, "card_payment");
    const code = booked.reservation.code;
    fake.complete(booked.session, "declined");
    const intent = fake.get<Stripe.Checkout.Session>(booked.session)!.payment_intent as string;
    const failed = eventOf("payment_intent.payment_failed", intent);
    // Forged or stale: refused, nothing stored, nothing changed.
    expect((await postEvent(failed.id, { secret: "whsec_not_the_hotels" })).statusCode).toBe(400);
    const stale = await postEvent(failed.id, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(400);
    const before = await facts(code);
    expect(before.status).toBe("payment_required");
    // Delivered: the session is still open on Stripe's page, so the booking keeps waiting.
    expect((await postEvent(failed.id)).json()).toEqual({
      received: true,
      status: "payment_required",
      duplicate: false,
    });
    expect(await facts(code)).toEqual(before);
    // The guest pays with another card; the completion comes, then the failure again (late, duplicated).
    fake.complete(booked.session, "success");
    const completed = eventOf("checkout.session.completed", booked.session);
    expect((await postEvent(completed.id)).json()).toMatchObject({ status: "confirmed" });
    expect((await postEvent(failed.id)).json()).toMatchObject({ duplicate: true });
    const after = await facts(code);
    expect(after.status).toBe("confirmed");
    expect(after.payments).toEqual(["stripe:capture:captured:22000"]);
    expect(await historyOf(code, "payment_failed")).toEqual([]);
  });

  it("cancels for payment_intent.canceled only when Stripe says the page closed unpaid, once, in any order", async () => {
    const booked = await book(prepaid.id, "card_payment");
    const code = booked.reservation.code;
    fake.complete(booked.session, "declined");
    fake.expire(booked.session);
    const intent = fake.get<Stripe.Checkout.Session>(booked.session)!.payment_intent as string;
    const canceled = eventOf("payment_intent.canceled", intent);
    const expired = eventOf("checkout.session.expired", booked.session);
    const before = await facts(code);
    expect((await postEvent(canceled.id, { secret: "whsec_not_the_hotels" })).statusCode).toBe(400);
    const stale = await postEvent(canceled.id, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(400);
    expect(await facts(code)).toEqual(before);
    // The session's expiry first, then the intent's cancellation, then both again.
    expect((await postEvent(expired.id)).json()).toMatchObject({ status: "cancelled", duplicate: false });
    expect((await postEvent(canceled.id)).json()).toMatchObject({ status: "cancelled", duplicate: false });
    expect((await postEvent(canceled.id)).json()).toMatchObject({ duplicate: true });
    expect((await postEvent(expired.id)).json()).toMatchObject({ duplicate: true });
    const after = await facts(code);
    expect(after.status).toBe("cancelled");
    expect(after.sold).toBe(before.sold - 2);
    expect(await historyOf(code, "payment_failed")).toHaveLength(1);
  });

  it("never cancels a confirmed booking for payment_intent.canceled: a pre-authorisation the hotel released", async () => {
    const held = await book(preauth.id, "pre_authorisation");
    const code = held.reservation.code;
    fake.complete(held.session, "success");
    // The guest is back: the return's check confirms the pre-authorisation; the hotel later releases it.
    expect(await confirm(code)).toEqual({ status: "confirmed", paid: true });
    const stripe = createStripeGateway({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    });
    await stripe.release!(held.session);
    const intent = fake.get<Stripe.Checkout.Session>(held.session)!.payment_intent as string;
    const canceled = eventOf("payment_intent.canceled", intent);
    const completed = eventOf("checkout.session.completed", held.session);
    // The release's event comes before the completion's, then both again.
    for (const id of [canceled.id, completed.id, canceled.id, completed.id])
      expect((await postEvent(id)).statusCode).toBe(200);
    expect(await historyOf(code, "payment_failed")).toEqual([]);
    const after = await facts(code);
    expect(after.status).toBe("confirmed");
  });

  it("gets the same Stripe page back for a Pay now retried after its answer was lost, never a second charge", async () => {
    const booked = await book(prepaid.id, "bank_transfer");
    const code = booked.reservation.code;
    const payNow = () =>
      app.inject({
        method: "POST",
        url: `/api/bol/reservation/${code}/pay`,
        headers: { "idempotency-key": anIdempotencyKey() },
        payload: { mail: MAIL, method: "card_payment" },
      });
    const first = await payNow();
    expect(first.statusCode, first.body).toBe(200);
    // The process stopped after Stripe made the page and before the payment was written: the guest tries again.
    await database.query(sql`delete from payment_transaction t using reservation r
      where r.id = t.reservation_id and r.code = ${code} and t.kind = 'pay_now'`);
    const second = await payNow();
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().redirectUrl).toBe(first.json().redirectUrl);
    const sessions = fake.requests().filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    const keys = sessions.map((r) => r.idempotencyKey).filter((k) => k?.startsWith(`${code}:pay_now:`));
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    fake.complete(sessionOf(second.json().redirectUrl), "success");
    expect(await confirm(code)).toEqual({ status: "confirmed", paid: true });
    expect((await facts(code)).payments).toEqual(["stripe:pay_now:captured:22000"]);
  });

  it("has the sweep ask Stripe about payments after the booking left open past their expiry: a lost completion is settled, an unpaid link closed", async () => {
    const paid = await book(prepaid.id, "bank_transfer");
    const pay = await app.inject({
      method: "POST",
      url: `/api/bol/reservation/${paid.reservation.code}/pay`,
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: { mail: MAIL, method: "card_payment" },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    // Paid on Stripe's page; neither the guest nor the webhook came back.
    fake.complete(sessionOf(pay.json().redirectUrl), "success");
    const linked = await book(prepaid.id, "pay_by_link");
    const [link] = await database.query<{ redirect_url: string }>(sql`select t.redirect_url
      from payment_transaction t join reservation r on r.id = t.reservation_id
      where r.code = ${linked.reservation.code} and t.kind = 'link'`);
    const dayLater = new Date(now.getTime() + 25 * 3_600_000);
    const swept = await reconcileLaterPayments(
      { database, gateways: siteGateways(), now: () => dayLater, overrideSecret: TEST_OVERRIDE_SECRET },
      "https://book.example.test",
      { gateway: "stripe", pageLifetimeMs: STRIPE_SESSION_LIFETIME_MS },
    );
    expect(swept.settled).toBeGreaterThanOrEqual(1);
    const dues = async (code: string) =>
      (
        await database.query<{ status: string }>(sql`select d.status from payment_due d
          join reservation r on r.id = d.reservation_id where r.code = ${code} order by d.id`)
      ).map((d) => d.status);
    expect(await dues(paid.reservation.code)).toEqual(["paid"]);
    expect((await facts(paid.reservation.code)).payments).toEqual(["stripe:pay_now:captured:22000"]);
    expect(await historyOf(paid.reservation.code, "payment_succeeded")).toHaveLength(1);
    // The link nobody used: Stripe's page closed, the payment recorded as over, what it was for still due.
    expect(fake.get<Stripe.Checkout.Session>(sessionOf(link!.redirect_url))!.status).toBe("expired");
    expect((await facts(linked.reservation.code)).payments).toEqual(["stripe:link:declined:22000"]);
    expect(await dues(linked.reservation.code)).toEqual(["due"]);
    // Swept again: nothing more to ask, nothing changes.
    const again = await reconcileLaterPayments(
      { database, gateways: siteGateways(), now: () => dayLater, overrideSecret: TEST_OVERRIDE_SECRET },
      "https://book.example.test",
      { gateway: "stripe", pageLifetimeMs: STRIPE_SESSION_LIFETIME_MS },
    );
    expect(again.settled).toBe(0);
    expect(await historyOf(paid.reservation.code, "payment_succeeded")).toHaveLength(1);
  });

  // Last: it switches a method on in the hotel's Stripe account.
  it("offers only the methods the hotel's Stripe account takes, as Test the connection learnt them, and refuses the others", async () => {
    const [first] = [new Date(Date.UTC(2030, 1, 1 + 3 * stays++))];
    const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
    const stay = {
      hotel: hotel.hotel.id,
      roomId: room.id,
      rateId: prepaid.id,
      arrival: ymd(first!),
      departure: ymd(new Date(first!.getTime() + 2 * 86_400_000)),
    };
    const guestdata = (overrides: Record<string, unknown>) =>
      app.inject({
        method: "POST",
        url: "/api/guestdata.do",
        headers: { "idempotency-key": anIdempotencyKey() },
        payload: aBookingRequest(stay, overrides),
      });
    const offered = async () => {
      const res = await guestdata({ checkPrepaid: 1 });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().paymentMethods as string[];
    };
    // The hotel enables a wallet and links; its account takes cards only (learnt when the keys were saved).
    expect(await offered()).toEqual(["card_payment", "pay_by_link", "bank_transfer"]);
    const refused = await guestdata({ payment: { method: "wallet" } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.details).toEqual([
      { field: "payment.method", message: "payment_method_not_available" },
    ]);
    // Nor does the voucher's Pay now take it.
    const transfer = await book(prepaid.id, "bank_transfer");
    const payByWallet = () =>
      app.inject({
        method: "POST",
        url: `/api/bol/reservation/${transfer.reservation.code}/pay`,
        headers: { "idempotency-key": anIdempotencyKey() },
        payload: { mail: MAIL, method: "wallet" },
      });
    const payMethods = async () => {
      const res = await app.inject({
        method: "POST",
        url: "/api/retrieve.do",
        payload: { channel: 1, code: transfer.reservation.code, mail: MAIL },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().payMethods as string[] | null;
    };
    // The voucher is told which to offer.
    expect(await payMethods()).toEqual(["pay_by_link"]);
    const walletRefused = await payByWallet();
    expect(walletRefused.statusCode, walletRefused.body).toBe(400);
    expect(walletRefused.json().error.details).toEqual([
      { field: "method", message: "payment_method_not_available" },
    ]);
    // PayPal switched on in Stripe's dashboard: offered once the connection is tested again.
    const account = fake.account(SECRET_KEY);
    fake.addAccount({
      secretKey: SECRET_KEY,
      id: account.id,
      displayName: "Hotel on Stripe",
      country: "IT",
      capabilities: { paypal_payments: "active" },
      webhookEndpoints: [{ url: "http://127.0.0.1:9/unused", secret: WEBHOOK_SECRET }],
    });
    expect(await offered()).not.toContain("wallet");
    const tested = await app.inject({
      method: "POST",
      url: `/api/backoffice/hotels/${hotel.hotel.id}/payments/test-connection`,
      headers: owner.headers,
    });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().methods).toEqual(["card", "paypal"]);
    expect(await offered()).toEqual(["card_payment", "wallet", "pay_by_link", "bank_transfer"]);
    const wallet = await guestdata({ payment: { method: "wallet" } });
    expect(wallet.statusCode, wallet.body).toBe(200);
    const session = fake.get<Stripe.Checkout.Session>(sessionOf(wallet.json().redirectUrl))!;
    expect(session.payment_method_types).toEqual(["paypal"]);
    expect(await payMethods()).toEqual(["wallet", "pay_by_link"]);
    expect((await payByWallet()).statusCode).toBe(200);
  });
});
