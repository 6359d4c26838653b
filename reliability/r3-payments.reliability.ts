// R3 payments: a gateway event delivered five times, out of order, changes the state once; the 3-D
// Secure return alone never confirms; on each gateway (on Stripe: its signed webhooks, a forged one refused).
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../apps/server/src/db/client";
import { cardToken, type Product, startProduct } from "./clients";
import { report } from "./harness";
import { day, lastRoomsProperty } from "./property";

type Property = Awaited<ReturnType<typeof lastRoomsProperty>>;

import { GATEWAYS, type StripeSide, sessionOfUrl, stripeForHotel } from "./stripe";

const closers: (() => Promise<unknown>)[] = [];
// Each gateway's run stops its servers and closes its database before the next starts.
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const shuffle = <T>(items: T[]) =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.item);

/** Where a booking stands: its status, how often it became confirmed, the mails queued for it. */
async function standing(database: Database, code: string) {
  const [row] = await database.query<{ status: string; changes: number; mails: number }>(sql`
    select r.status,
      (select count(*)::int from reservation_history h where h.reservation_id = r.id and h.to_status = 'confirmed') as changes,
      (select count(*)::int from mail_outbox m where m.reservation_id = r.id) as mails
    from reservation r where r.code = ${code}`);
  return row!;
}

type Figures = { events: number; fiveXX: number; confirmedEarly: boolean; forgedAccepted: number };

/**
 * One booking paid on the sandbox: its events and the return page before the 3-D Secure challenge is passed, then
 * the gateway's events five times each, in random order, at once.
 */
async function sandboxPayment(product: Product, p: Property, i: number): Promise<Figures & { code: string }> {
  const card = await cardToken(product, "4000000000003220");
  const booked = await product.post(
    "/api/guestdata.do",
    {
      ...p.book(p.plenty.id, day(i), day(i + 1), p.prepaid.id),
      payment: { method: "card_payment", ...card },
    },
    { "idempotency-key": `r3-${i}-${Date.now()}` },
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  const { code } = booked.body.reservation;
  const ref = /\/challenge\/([^/?]+)/.exec(booked.body.redirectUrl)![1]!;
  const event = (type: string) =>
    product.post("/api/payments/sandbox/events", { id: `evt_${type}_${ref}`, type, ref });

  // Before the guest passes the challenge: events and the return page's question confirm nothing.
  const early = await Promise.all([
    event("payment.requires_action"),
    event("payment.captured"),
    product.post(
      "/api/confirmPayment.do",
      { reservation: code, gateway: "sandbox" },
      { "idempotency-key": `r3-early-${i}-${Date.now()}` },
    ),
  ]);
  let fiveXX = early.filter((a) => a.status >= 500 || a.status === 0).length;
  const confirmedEarly = (await standing(p.database, code)).status === "confirmed";

  const passed = await product.form(`/sandbox-gateway/challenge/${ref}`, "outcome=approve");
  expect(passed.status).toBe(303);
  // The gateway delivers its events five times each, in any order, at once.
  const storm = shuffle(
    [
      "payment.captured",
      "payment.requires_action",
      "payment.authorised",
      "payment.captured",
      "payment.updated",
    ].flatMap((type) => Array.from({ length: 5 }, () => type)),
  );
  const answers = await Promise.all(storm.map((type) => event(type)));
  fiveXX += answers.filter((a) => a.status >= 500 || a.status === 0).length;
  // The sandbox's events are not signed (its pages are ours): there is no forgery to refuse.
  return { code, events: answers.length, fiveXX, confirmedEarly, forgedAccepted: 0 };
}

/**
 * One booking paid on Stripe's hosted page (the fake's): a declined try on the page, its webhooks, the return page
 * and a forged webhook confirm nothing; once paid, each of Stripe's events is posted five times, in random order,
 * at once, signed as Stripe signs them; a forged copy of the paying event is refused and changes nothing.
 */
async function stripePayment(
  product: Product,
  p: Property,
  stripe: StripeSide,
  i: number,
): Promise<Figures & { code: string }> {
  const booked = await product.post(
    "/api/guestdata.do",
    { ...p.book(p.plenty.id, day(i), day(i + 1), p.prepaid.id), payment: { method: "card_payment" } },
    { "idempotency-key": `r3-${i}-${Date.now()}` },
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  const { code } = booked.body.reservation;
  const session = sessionOfUrl(booked.body.redirectUrl);
  expect(session, booked.body.redirectUrl).toMatch(/^cs_/);
  const post = (eventId: string, secret?: string) => {
    const { payload, headers } = stripe.webhook(eventId, secret);
    return product.raw("/api/payments/stripe/webhook", payload, headers);
  };
  const forge = "whsec_not_the_hotels_secret";

  // Before the page is paid: a declined card there (the session stays open), its events, the return page.
  let since = stripe.fake.events().length;
  stripe.fake.complete(session, "declined");
  const declinedEvents = stripe.eventsOf(code, since);
  expect(declinedEvents.length).toBeGreaterThan(0);
  const early = await Promise.all([
    ...declinedEvents.map((e) => post(e.id)),
    product.post(
      "/api/confirmPayment.do",
      { reservation: code, gateway: "stripe" },
      { "idempotency-key": `r3-early-${i}-${Date.now()}` },
    ),
  ]);
  let fiveXX = early.filter((a) => a.status >= 500 || a.status === 0).length;
  const confirmedEarly = (await standing(p.database, code)).status === "confirmed";

  since = stripe.fake.events().length;
  stripe.fake.complete(session, "success");
  const paidEvents = stripe.eventsOf(code, since);
  expect(paidEvents.map((e) => e.type)).toContain("checkout.session.completed");
  // A forged "completed" first: refused, and the booking still waits.
  const completed = paidEvents.find((e) => e.type === "checkout.session.completed")!;
  let forgedAccepted = 0;
  const forged = await post(completed.id, forge);
  if (forged.status !== 400) forgedAccepted++;
  if ((await standing(p.database, code)).status === "confirmed") forgedAccepted++;

  const storm = shuffle(paidEvents.flatMap((e) => Array.from({ length: 5 }, () => e.id)));
  const answers = await Promise.all(storm.map((id) => post(id)));
  fiveXX += answers.filter((a) => a.status >= 500 || a.status === 0).length;
  // Forged again once settled: refused, nothing changes (the counts below would show it).
  if ((await post(completed.id, forge)).status !== 400) forgedAccepted++;
  return { code, events: answers.length, fiveXX, confirmedEarly, forgedAccepted };
}

describe.each(GATEWAYS)("R3 payments (%s)", (gateway) => {
  it("duplicate and out-of-order gateway events settle a 3-D Secure payment once", async () => {
    const p = await lastRoomsProperty();
    closers.push(() => p.database.close());
    const stripe = gateway === "stripe" ? await stripeForHotel(p.database, p.hotelId) : null;
    if (stripe) closers.push(() => stripe.close());
    const product: Product = await startProduct(p.database, 2, {
      ...(stripe && { env: stripe.env, app: stripe.appOptions }),
    });
    closers.push(() => product.close());

    // Fewer bookings on Stripe: each walks the fake's page twice, the figures are the same.
    const bookings = stripe ? 5 : 10;
    let confirmedByReturnAlone = 0;
    let stateChanges = 0;
    let mails = 0;
    let events = 0;
    let fiveXX = 0;
    let forgedAccepted = 0;
    for (let i = 0; i < bookings; i++) {
      const one = stripe ? await stripePayment(product, p, stripe, i) : await sandboxPayment(product, p, i);
      events += one.events;
      fiveXX += one.fiveXX;
      forgedAccepted += one.forgedAccepted;
      if (one.confirmedEarly) confirmedByReturnAlone++;
      const after = await standing(p.database, one.code);
      expect(after.status).toBe("confirmed");
      stateChanges += after.changes;
      mails += after.mails;
    }
    // An event about a payment nobody knows is acknowledged and ignored.
    const unknown = stripe
      ? await unknownStripePayment(product, stripe)
      : await unknownSandboxPayment(product);
    report("R3 payments", {
      gateway,
      database: product.database,
      processes: product.processes,
      bookings,
      eventsDelivered: events,
      stateChanges,
      mailsQueued: mails,
      confirmedByReturnAlone,
      forgedAccepted,
      fiveXX,
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ received: true, status: null });
    expect(stateChanges).toBe(bookings);
    expect(mails).toBe(bookings * 2);
    expect(confirmedByReturnAlone).toBe(0);
    expect(forgedAccepted).toBe(0);
    expect(fiveXX).toBe(0);
  });
});

const unknownSandboxPayment = (product: Product) =>
  product.post("/api/payments/sandbox/events", { id: "evt_x", type: "payment.captured", ref: "pay_unknown" });

/** A session paid at the hotel's Stripe account that no booking of ours opened: its webhook is acknowledged, ignored. */
async function unknownStripePayment(product: Product, stripe: StripeSide) {
  const session = await stripe.openSession("NOT-A-BOOKING");
  stripe.fake.complete(session, "success");
  const completed = stripe.fake
    .events("checkout.session.completed")
    .find((e) => (e.data.object as { id: string }).id === session);
  const { payload, headers } = stripe.webhook(completed!.id);
  return product.raw("/api/payments/stripe/webhook", payload, headers);
}
