// R3 payments: a gateway event delivered five times, out of order, changes the state once; the 3-D
// Secure return alone never confirms.
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { cardToken, type Product, startProduct } from "./clients";
import { report } from "./harness";
import { day, lastRoomsProperty } from "./property";

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

const shuffle = <T>(items: T[]) =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.item);

describe("R3 payments", () => {
  it("duplicate and out-of-order gateway events settle a 3-D Secure payment once", async () => {
    const p = await lastRoomsProperty();
    closers.push(() => p.database.close());
    const product: Product = await startProduct(p.database);
    closers.push(() => product.close());

    const bookings = 10;
    let confirmedByReturnAlone = 0;
    let stateChanges = 0;
    let mails = 0;
    let events = 0;
    let fiveXX = 0;
    for (let i = 0; i < bookings; i++) {
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
      fiveXX += early.filter((a) => a.status >= 500 || a.status === 0).length;
      const [before] = await p.database.query<{ status: string }>(
        sql`select status from reservation where code = ${code}`,
      );
      if (before!.status === "confirmed") confirmedByReturnAlone++;

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
      events += answers.length;
      fiveXX += answers.filter((a) => a.status >= 500 || a.status === 0).length;
      const [after] = await p.database.query<{ status: string; changes: number; mails: number }>(sql`
        select r.status,
          (select count(*)::int from reservation_history h where h.reservation_id = r.id and h.to_status = 'confirmed') as changes,
          (select count(*)::int from mail_outbox m where m.reservation_id = r.id) as mails
        from reservation r where r.code = ${code}`);
      expect(after!.status).toBe("confirmed");
      stateChanges += after!.changes;
      mails += after!.mails;
    }
    // An event about a payment nobody knows is acknowledged and ignored.
    const unknown = await product.post("/api/payments/sandbox/events", {
      id: "evt_x",
      type: "payment.captured",
      ref: "pay_unknown",
    });
    report("R3 payments", {
      database: product.database,
      processes: product.processes,
      bookings,
      eventsDelivered: events,
      stateChanges,
      mailsQueued: mails,
      confirmedByReturnAlone,
      fiveXX,
    });
    expect(unknown.body).toEqual({ received: true, status: null });
    expect(stateChanges).toBe(bookings);
    expect(mails).toBe(bookings * 2);
    expect(confirmedByReturnAlone).toBe(0);
    expect(fiveXX).toBe(0);
  });
});
