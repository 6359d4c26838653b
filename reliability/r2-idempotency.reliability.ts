// R2 idempotency: the same Idempotency-Key ten times at once books once and charges once, on each gateway (on
// Stripe: one Checkout Session opened at the fake, which counts what Stripe was asked).

import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { cardToken, type Product, startProduct } from "./clients";
import { report } from "./harness";
import { day, lastRoomsProperty } from "./property";
import { GATEWAYS, stripeForHotel } from "./stripe";

const closers: (() => Promise<unknown>)[] = [];
// Each gateway's run stops its servers and closes its database before the next starts.
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe.each(GATEWAYS)("R2 idempotency (%s)", (gateway) => {
  it("the same key ten times at once: one reservation, one charge; the key with another payload is refused", async () => {
    const p = await lastRoomsProperty();
    closers.push(() => p.database.close());
    const stripe = gateway === "stripe" ? await stripeForHotel(p.database, p.hotelId) : null;
    if (stripe) closers.push(() => stripe.close());
    const product: Product = await startProduct(p.database, 2, {
      ...(stripe && { env: stripe.env, app: stripe.appOptions }),
    });
    closers.push(() => product.close());

    // Fewer rounds on Stripe: each opens a session at the fake, the figures are the same.
    const rounds = stripe ? 3 : 5;
    let reservations = 0;
    let charges = 0;
    let otherAnswers = 0;
    let refusedOtherPayload = 0;
    let fiveXX = 0;
    const codes: string[] = [];
    for (let round = 0; round < rounds; round++) {
      // The sandbox takes the card on our page (a token); Stripe on its own page (no card data here).
      const card = stripe ? {} : await cardToken(product, "4242424242424242");
      const body = {
        ...p.book(p.plenty.id, day(round * 2), day(round * 2 + 1), p.prepaid.id),
        payment: { method: "card_payment", ...card },
      };
      const key = `r2-${round}-${Date.now()}`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => product.post("/api/guestdata.do", body, { "idempotency-key": key })),
      );
      fiveXX += answers.filter((a) => a.status >= 500 || a.status === 0).length;
      const roundCodes = new Set<string>(
        answers.filter((a) => a.status === 200).map((a) => a.body.reservation.code),
      );
      otherAnswers += answers.filter(
        (a) => a.status !== 200 && !(a.status === 409 && a.body?.error?.code === "request_in_progress"),
      ).length;
      expect(roundCodes.size, JSON.stringify(answers.map((a) => a.status))).toBe(1);
      codes.push(...roundCodes);
      const [counts] = await p.database.query<{ reservations: number; charges: number }>(sql`
        select count(distinct r.id)::int as reservations, count(t.id)::int as charges
        from reservation_request q join reservation r on r.id = q.reservation_id
        left join payment_transaction t on t.reservation_id = r.id
        where q.idempotency_key = ${key}`);
      reservations += counts!.reservations;
      charges += counts!.charges;
      const other = await product.post(
        "/api/guestdata.do",
        { ...body, arrival: day(round * 2 + 20), departure: day(round * 2 + 21) },
        { "idempotency-key": key },
      );
      if (other.status === 422) refusedOtherPayload++;
    }
    // What Stripe was asked: one Checkout Session per booking, whatever the retries.
    const sessions = stripe
      ? (await stripe.sessions()).filter((s) => codes.includes(s.metadata?.reference ?? "")).length
      : null;
    report("R2 idempotency", {
      gateway,
      database: product.database,
      processes: product.processes,
      rounds,
      attempts: rounds * 10,
      reservations,
      charges,
      unexpectedAnswers: otherAnswers,
      refusedOtherPayload,
      fiveXX,
      ...(sessions !== null && { sessionsAtStripe: sessions }),
    });
    if (sessions !== null) expect(sessions).toBe(rounds);
    expect(reservations).toBe(rounds);
    expect(charges).toBe(rounds);
    expect(otherAnswers).toBe(0);
    expect(refusedOtherPayload).toBe(rounds);
    expect(fiveXX).toBe(0);
  });
});
