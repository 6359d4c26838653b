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
import {
  createHotelGatewayLookup,
  createPaymentGateways,
  createSandboxGateway,
  paymentKeysCipher,
} from "../payments";
import { releaseAbandonedHolds } from "./service";

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
  prices: [prepaid, preauth, guarantee].map((rate) => aPriceRange(room, rate, { perAdults: { "2": 110 } })),
  inventory: [anInventoryRange(room, { allotment: 30 })],
});

let database: Database;
let app: App;
let fake: StripeFake;

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
  const owner = await aStaffSession(database, { role: "owner", hotels: [hotel.hotel.id], now });
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
    const gateways = createPaymentGateways(
      createSandboxGateway(database),
      createHotelGatewayLookup(database, paymentKeysCipher(KEYS_SECRET), {
        apiBase: fake.url,
        siteOrigin: "https://book.example.test",
      }),
    );
    await releaseAbandonedHolds(
      { database, gateways, now: () => later, overrideSecret: TEST_OVERRIDE_SECRET },
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
    expect((await app.inject({ method: "GET", url: link })).headers.location).toContain(`/voucher/code/${code}/`);
    fake.complete(sessionOf(second.json().redirectUrl), "success");
    expect(await confirm(code)).toEqual({ status: "confirmed", paid: true });
    // Paid: nothing is due any more.
    const third = await payNow();
    expect(third.statusCode).toBe(409);
  });
});
