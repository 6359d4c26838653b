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
import { aStaffSession, type StaffSession } from "@alloggio/test-kit/staff";
import { type StripeFake, startStripeFake } from "@alloggio/test-kit/stripe-fake";
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { type App, buildApp } from "../../http/app";
import { runTimedChanges } from "../../jobs/timed-changes";
import {
  createHotelGatewayLookup,
  createPaymentGateways,
  createSandboxGateway,
  paymentKeysCipher,
} from "../payments";
import { renderPendingMails } from "../voucher-pdf";

// The hotel's card actions (ADR 0074) for a hotel on Stripe (ADR 0072), against the local fake of Stripe's API
// with the real SDK: capture (part of) a pre-authorisation, release it, the timed release, and a guarantee charged
// off-session, declined, or sent to the guest when the bank asks for authentication. App set up as in
// `features/booking/stripe-booking.test.ts`.

const now = new Date("2030-01-05T10:00:00Z");
const SECRET_KEY = "sk_test_51HotelStripeAccountKey0002";
const WEBHOOK_SECRET = "whsec_HotelStripeSigningSecret0002";
const KEYS_SECRET = Buffer.alloc(32, 9).toString("base64");
const SITE = "https://book.example.test";

const room = aRoomType();
const preauth = aRatePlan({ payment: "pre_authorisation", refundable: true, freeCancellationDays: 3 });
const guarantee = aRatePlan({ payment: "card_guarantee", refundable: true, freeCancellationDays: 3 });
const hotel = buildProperty({
  roomTypes: [room],
  ratePlans: [preauth, guarantee],
  prices: [preauth, guarantee].map((rate) => aPriceRange(room, rate, { perAdults: { "2": 110 } })),
  inventory: [anInventoryRange(room, { allotment: 30 })],
});
const H = hotel.hotel.id;

let database: Database;
let app: App;
let fake: StripeFake;
let owner: StaffSession;

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
    publicUrl: SITE,
    paymentKeysSecret: KEYS_SECRET,
    stripeApiBase: fake.url,
  });
  owner = await aStaffSession(database, { role: "owner", hotels: [H], now });
  const base = `/api/backoffice/hotels/${H}/payments`;
  const keys = await app.inject({
    method: "PUT",
    url: `${base}/stripe-keys`,
    headers: owner.headers,
    payload: {
      secretKey: SECRET_KEY,
      publishableKey: "pk_test_51HotelStripeAccountKey0002",
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
/** Books a 2-night stay (220,00 €) and completes Stripe's page with `card` (a fake's outcome). */
async function book(rateId: number, method: string, card = "success") {
  const first = new Date(Date.UTC(2030, 1, 1 + 3 * stays++));
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      {
        hotel: H,
        roomId: room.id,
        rateId,
        arrival: ymd(first),
        departure: ymd(new Date(first.getTime() + 2 * 86_400_000)),
      },
      { payment: { method } },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  const code: string = res.json().reservation.code;
  const session = new URL(res.json().redirectUrl).pathname.split("/").find((p) => p.startsWith("cs_"))!;
  fake.complete(session, card as Parameters<StripeFake["complete"]>[1]);
  expect(await confirm(code)).toMatchObject({ status: "confirmed", paid: true });
  const [row] = await database.query<{ id: number }>(sql`select id from reservation where code = ${code}`);
  return { id: row!.id, code, session };
}

const confirm = async (code: string) =>
  (
    await app.inject({
      method: "POST",
      url: "/api/confirmPayment.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: { reservation: code, gateway: "stripe" },
    })
  ).json() as { status: string; paid: boolean };

const url = (id: number, action: string) => `/api/backoffice/hotels/${H}/reservations/${id}/${action}`;
const post = (path: string, payload: object = {}) =>
  app.inject({
    method: "POST",
    url: path,
    headers: { ...owner.headers, "idempotency-key": anIdempotencyKey() },
    payload,
  });
const intentOf = (session: string) =>
  fake.get<Stripe.PaymentIntent>(String(fake.get<Stripe.Checkout.Session>(session)?.payment_intent))!;

async function money(id: number) {
  const [row] = await database.query<{ dues: string[] | null; txs: string[]; paid: number }>(sql`select
      (select array_agg(d.status || ':' || d.kind || ':' || d.amount_minor order by d.id)
         from payment_due d where d.reservation_id = ${id}) as dues,
      (select array_agg(t.kind || ':' || t.status || ':' || t.amount_minor order by t.id)
         from payment_transaction t where t.reservation_id = ${id}) as txs,
      (select coalesce(sum(amount_minor), 0)::int from payment_due
         where reservation_id = ${id} and status = 'paid') as paid`);
  return row!;
}

describe("a pre-authorisation on Stripe", () => {
  it("captures part of it: Stripe takes that much and releases the rest; a cancellation refunds what was taken", async () => {
    const r = await book(preauth.id, "pre_authorisation");
    expect(intentOf(r.session)).toMatchObject({ status: "requires_capture", amount_capturable: 22000 });
    const res = await post(url(r.id, "capture"), { amountMinor: 15000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ capturedMinor: 15000, releasedMinor: 7000 });
    expect(intentOf(r.session)).toMatchObject({
      status: "succeeded",
      amount_received: 15000,
      amount_capturable: 0,
    });
    expect(await money(r.id)).toMatchObject({ txs: ["authorise:captured:15000"], paid: 15000 });
    // Stripe's own word on the payment afterwards changes nothing.
    await confirm(r.code);
    expect((await money(r.id)).txs).toEqual(["authorise:captured:15000"]);

    const cancelled = await post(url(r.id, "cancel"), { preview: false });
    expect(cancelled.json()).toMatchObject({ free: true, refundMinor: 15000 });
    expect((await money(r.id)).txs).toEqual(["authorise:captured:15000", "refund:refunded:15000"]);
    const refunds = fake.events("charge.refunded");
    expect(refunds.length).toBeGreaterThan(0);
  });

  it("releases it: Stripe cancels the intent, nothing is taken", async () => {
    const r = await book(preauth.id, "pre_authorisation");
    const res = await post(url(r.id, "release"));
    expect(res.statusCode, res.body).toBe(200);
    expect(intentOf(r.session).status).toBe("canceled");
    expect(await money(r.id)).toMatchObject({ txs: ["authorise:released:22000"], paid: 0 });
    await confirm(r.code);
    expect((await money(r.id)).txs).toEqual(["authorise:released:22000"]);
  });

  it("is released by the timed job 12 hours before Stripe's 7 days end", async () => {
    const r = await book(preauth.id, "pre_authorisation");
    await database.query(sql`update payment_transaction set created_at = ${now.toISOString()}::timestamptz
      where reservation_id = ${r.id}`);
    const gateways = createPaymentGateways(
      createSandboxGateway(database),
      createHotelGatewayLookup(database, paymentKeysCipher(KEYS_SECRET), {
        apiBase: fake.url,
        siteOrigin: SITE,
      }),
    );
    const run = (iso: string) =>
      runTimedChanges({ database, gateways, now: () => new Date(iso), baseUrl: SITE });
    await run("2030-01-11T21:00:00Z");
    expect(intentOf(r.session).status).toBe("requires_capture");
    await run("2030-01-11T23:00:00Z");
    expect(intentOf(r.session).status).toBe("canceled");
    expect((await money(r.id)).txs).toEqual(["authorise:released:22000"]);
  });
});

describe("a card guarantee on Stripe", () => {
  it("charges a no-show off-session on the saved card", async () => {
    const r = await book(guarantee.id, "card_guarantee");
    const res = await post(url(r.id, "charge-guarantee"), { reason: "no_show", amountMinor: 11000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: "charged", amountMinor: 11000 });
    const [charge] = await database.query<{
      gateway_ref: string;
    }>(sql`select gateway_ref from payment_transaction
      where reservation_id = ${r.id} and kind = 'penalty'`);
    expect(fake.get<Stripe.PaymentIntent>(charge!.gateway_ref)).toMatchObject({
      status: "succeeded",
      amount_received: 11000,
      metadata: { reference: r.code },
    });
    expect(await money(r.id)).toMatchObject({ dues: ["paid:penalty:11000"], paid: 11000 });
  });

  it("says a decline and records nothing paid", async () => {
    const r = await book(guarantee.id, "card_guarantee", "charge-fails-later");
    const res = await post(url(r.id, "charge-guarantee"), { reason: "no_show", amountMinor: 11000 });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: "card_declined", details: [{ field: "payment" }] });
    expect(await money(r.id)).toMatchObject({ dues: null, paid: 0 });
  });

  it("mails the guest Stripe's page when the bank asks for authentication; completed there, it is paid", async () => {
    const r = await book(guarantee.id, "card_guarantee", "challenge-approved");
    const res = await post(url(r.id, "charge-guarantee"), { reason: "no_show", amountMinor: 11000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: "link_sent", amountMinor: 11000 });
    const [link] = await database.query<{ gateway_ref: string; redirect_url: string }>(sql`select gateway_ref,
      redirect_url from payment_transaction where reservation_id = ${r.id} and kind = 'penalty'`);
    expect(link!.redirect_url).toBe(`${fake.url}/c/pay/${link!.gateway_ref}`);
    await renderPendingMails(database);
    const [mail] = await database.query<{ text: string }>(sql`select text from mail_outbox
      where reservation_id = ${r.id} and subject like 'Payment requested%'`);
    // Alloggio's link in the mail opens Stripe's page.
    const ours = /https?:\/\/[^/\s]+(\/api\/bol\/reservation\/[^/]+\/payment-link\?mail=\S+)/.exec(
      mail!.text,
    );
    const followed = await app.inject({ method: "GET", url: ours![1]! });
    expect([followed.statusCode, followed.headers.location]).toEqual([303, link!.redirect_url]);
    expect(await money(r.id)).toMatchObject({ dues: ["due:penalty:11000"], paid: 0 });

    fake.complete(link!.gateway_ref, "challenge-approved");
    expect(await confirm(r.code)).toEqual({ status: "confirmed", paid: true });
    expect(await money(r.id)).toMatchObject({ dues: ["paid:penalty:11000"], paid: 11000 });
  });
});
