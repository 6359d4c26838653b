import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey, aSandboxCardToken } from "@alloggio/test-kit/booking";
import {
  aHotel,
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aStaffSession, type StaffSession } from "@alloggio/test-kit/staff";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { runTimedChanges } from "../../jobs/timed-changes";
import { createPaymentGateways, createSandboxGateway } from "../payments";
import { renderPendingMails } from "../voucher-pdf";

// The hotel's card actions on the sandbox gateway (ADR 0074). Booked at 10:00 UTC on 5 January 2030 (Rome);
// the timed release runs at later instants of its own.
const now = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const room = aRoomType();
/** Free to cancel until 3 days before arrival, held on the card for the whole stay. */
const preauth = aRatePlan({ payment: "pre_authorisation", refundable: true, freeCancellationDays: 3 });
/** Held on the card for half the stay now: the capture settles the held due first. */
const preauthHalf = aRatePlan({
  payment: "pre_authorisation",
  prepayment: [{ timing: "immediate", days: 0, percent: 50 }],
});
const guarantee = aRatePlan({ payment: "card_guarantee", refundable: true, freeCancellationDays: 3 });
const guaranteeNonRefundable = aRatePlan({
  payment: "card_guarantee",
  refundable: false,
  freeCancellationDays: undefined,
});
const rates = [preauth, preauthHalf, guarantee, guaranteeNonRefundable];
const property = buildProperty({
  hotel: aHotel({ name: "Alpha" }),
  roomTypes: [room],
  ratePlans: rates,
  prices: rates.map((rate) => aPriceRange(room, rate, { perAdults: { "2": 100 } })),
  inventory: [anInventoryRange(room, { allotment: 40 })],
});
const other = buildProperty({ hotel: aHotel({ name: "Beta" }) });
const A = property.hotel.id;

let owner: StaffSession;
let receptionB: StaffSession;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, property);
  await seedProperty(database, other);
  app = await createTestApp(database, () => now);
  owner = await aStaffSession(database, { role: "owner", now });
  receptionB = await aStaffSession(database, { role: "reception", hotels: [other.hotel.id], now });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let stays = 0;
type Booked = { id: number; code: string; redirectUrl?: string };
/** Books a two-night stay of its own (200,00 €), paying with the sandbox card `number`. */
async function book(rateId: number, method: string, number = "4242424242424242"): Promise<Booked> {
  const first = new Date(Date.UTC(2030, 2, 1 + 3 * stays++));
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  const { token, last4 } = await aSandboxCardToken(app, number);
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      {
        hotel: A,
        roomId: room.id,
        rateId,
        arrival: ymd(first),
        departure: ymd(new Date(first.getTime() + 2 * 86_400_000)),
      },
      { payment: { method, cardToken: token, cardLast4: last4 } },
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  const code: string = res.json().reservation.code;
  const [row] = await database.query<{ id: number }>(sql`select id from reservation where code = ${code}`);
  return { id: row!.id, code, redirectUrl: res.json().redirectUrl };
}

const url = (id: number, action: string, hotel = A) =>
  `/api/backoffice/hotels/${hotel}/reservations/${id}/${action}`;
const post = (path: string, payload: object = {}, who = owner, key = anIdempotencyKey()) =>
  app.inject({ method: "POST", url: path, headers: { ...who.headers, "idempotency-key": key }, payload });
const detail = async (id: number) =>
  (await app.inject({ method: "GET", url: url(id, "").slice(0, -1), headers: owner.cookieOnly })).json();
const approve = (page: string) =>
  app.inject({
    method: "POST",
    url: page,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "outcome=approve",
  });

/** The voucher's return from the gateway's page: the server asks the gateway. */
const confirmPayment = (code: string) =>
  app.inject({
    method: "POST",
    url: "/api/confirmPayment.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: { reservation: code, gateway: "sandbox" },
  });

async function money(id: number) {
  const [row] = await database.query<{ dues: string[] | null; txs: string[]; history: string[] }>(sql`select
      (select array_agg(d.status || ':' || d.kind || ':' || d.amount_minor order by d.id)
         from payment_due d where d.reservation_id = ${id}) as dues,
      (select array_agg(t.kind || ':' || t.status || ':' || t.amount_minor order by t.id)
         from payment_transaction t where t.reservation_id = ${id}) as txs,
      (select array_agg(h.actor || ':' || h.action order by h.id)
         from reservation_history h where h.reservation_id = ${id}) as history`);
  return row!;
}
async function sandboxOf(id: number) {
  const [row] = await database.query<{
    status: string;
    amount_minor: number;
  }>(sql`select s.status, s.amount_minor
    from sandbox_payment s join payment_transaction t on t.gateway_ref = s.id
    where t.reservation_id = ${id} and t.kind = 'authorise'`);
  return row;
}
async function mailsOf(id: number) {
  await renderPendingMails(database);
  return database.query<{ subject: string; to: string }>(
    sql`select subject, "to" from mail_outbox where reservation_id = ${id} order by id`,
  );
}

describe("capturing and releasing a pre-authorisation", () => {
  it("captures part of it: the rest is released at the gateway, the money reads paid, the guest is mailed", async () => {
    const r = await book(preauth.id, "pre_authorisation");
    expect((await detail(r.id)).cardHold).toEqual({
      kind: "pre_authorisation",
      status: "authorised",
      authorisedMinor: 20000,
      chargeDefaults: { no_show: 10000, late_cancellation: 0 },
    });
    expect((await detail(r.id)).actions).toMatchObject({
      captureAuthorisation: true,
      releaseAuthorisation: true,
      chargeGuarantee: false,
    });
    const mailsBefore = (await mailsOf(r.id)).length;
    const res = await post(url(r.id, "capture"), { amountMinor: 15000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ capturedMinor: 15000, releasedMinor: 5000 });
    expect(await sandboxOf(r.id)).toEqual({ status: "captured", amount_minor: 15000 });
    expect(await money(r.id)).toMatchObject({
      dues: ["paid:prepayment:15000"],
      txs: ["authorise:captured:15000"],
    });
    const d = await detail(r.id);
    expect(d).toMatchObject({ paidMinor: 15000, atHotelMinor: 5000, cardHold: { status: "captured" } });
    expect(d.actions).toMatchObject({ captureAuthorisation: false, releaseAuthorisation: false });
    expect(d.history.at(-1)).toMatchObject({ action: "pre_authorisation_captured", by: owner.email });
    const mails = await mailsOf(r.id);
    expect(mails.slice(mailsBefore).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Payment received/),
      expect.stringMatching(/^Payment received/),
    ]);
    const [audited] = await database.query<{ after: unknown }>(sql`select after from audit_log
      where entity_id = ${String(r.id)} and action = 'reservation.capture_authorisation'`);
    expect(audited?.after).toEqual({ capturedMinor: 15000, releasedMinor: 5000 });

    const again = await post(url(r.id, "capture"));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: "already_captured", details: [{ field: "payment" }] });
  });

  it("captures all by default, the held due first; the same request twice captures once", async () => {
    const r = await book(preauthHalf.id, "pre_authorisation");
    expect((await money(r.id)).dues).toEqual(["authorised:prepayment:10000"]);
    const key = anIdempotencyKey();
    const [first, second] = await Promise.all([
      post(url(r.id, "capture"), {}, owner, key),
      post(url(r.id, "capture"), {}, owner, key),
    ]);
    // The second either waits for the first's answer or is told it is under way (409 request_in_progress).
    const answered = [first, second].filter((res) => res.statusCode === 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const res of [first, second])
      if (res.statusCode !== 200) expect(res.json().error.code).toBe("request_in_progress");
    const again = await post(url(r.id, "capture"), {}, owner, key);
    expect(again.json()).toMatchObject(answered[0]!.json());
    const other = await post(url(r.id, "capture"));
    expect(other.json().error.code).toBe("already_captured");
    expect(await money(r.id)).toMatchObject({
      dues: ["paid:prepayment:10000", "paid:prepayment:10000"],
      txs: ["authorise:captured:20000"],
    });
    expect((await money(r.id)).history.filter((h) => h.endsWith("pre_authorisation_captured"))).toHaveLength(
      1,
    );
  });

  it("refuses a capture above what is authorised, and answers another hotel's reservation 404", async () => {
    const r = await book(preauth.id, "pre_authorisation");
    const tooMuch = await post(url(r.id, "capture"), { amountMinor: 20001 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.details).toEqual([
      { field: "amountMinor", message: "amount_above_authorised" },
    ]);
    const elsewhere = await post(url(r.id, "capture", other.hotel.id), {}, receptionB);
    expect(elsewhere.statusCode).toBe(404);
    const wrongId = await post(url(r.id + 100_000, "capture"));
    expect(wrongId.statusCode).toBe(404);
    expect(wrongId.json().error.details).toEqual([
      { field: "reservationId", message: "No such reservation" },
    ]);
    expect(await sandboxOf(r.id)).toEqual({ status: "authorised", amount_minor: 20000 });
  });

  it("releases it: nothing is taken, the held due is no longer held, a second release is refused", async () => {
    const r = await book(preauthHalf.id, "pre_authorisation");
    const res = await post(url(r.id, "release"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ releasedMinor: 20000 });
    expect(await sandboxOf(r.id)).toEqual({ status: "declined", amount_minor: 20000 });
    expect(await money(r.id)).toMatchObject({
      dues: ["cancelled:prepayment:10000"],
      txs: ["authorise:released:20000"],
    });
    expect(await detail(r.id)).toMatchObject({ paidMinor: 0, atHotelMinor: 20000 });
    // The guest's voucher return asking the gateway again keeps why it reads declined there.
    await confirmPayment(r.code);
    expect((await money(r.id)).txs).toEqual(["authorise:released:20000"]);
    const again = await post(url(r.id, "release"));
    expect(again.json().error.code).toBe("already_released");
    const capture = await post(url(r.id, "capture"));
    expect(capture.json().error.code).toBe("already_released");
  });

  it("refunds a free cancellation after a capture to the captured card, for what was captured", async () => {
    const r = await book(preauth.id, "pre_authorisation");
    await post(url(r.id, "capture"), { amountMinor: 12000 });
    const res = await post(url(r.id, "cancel"), { preview: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ free: true, refundMinor: 12000 });
    expect((await money(r.id)).txs).toEqual(["authorise:captured:12000", "refund:refunded:12000"]);
    const [refunded] = await database.query<{ n: number }>(sql`select count(*)::int as n from sandbox_payment
      where method = 'refund' and amount_minor = 12000 and token = (select gateway_ref from payment_transaction
        where reservation_id = ${r.id} and kind = 'authorise')`);
    expect(refunded?.n).toBe(1);
  });

  it("is refused on a booking that holds no pre-authorisation", async () => {
    const r = await book(guarantee.id, "card_guarantee");
    const res = await post(url(r.id, "capture"));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "not_a_pre_authorisation",
      details: [{ field: "payment" }],
    });
  });
});

describe("the timed release", () => {
  it("releases a hold 12 hours before the gateway's 7 days end, once, and says why in the history", async () => {
    const r = await book(preauth.id, "pre_authorisation");
    // Held at 10:00 UTC on 5 January (the database's own clock is not the test's).
    await database.query(sql`update payment_transaction set created_at = ${now.toISOString()}::timestamptz
      where reservation_id = ${r.id}`);
    const gateways = createPaymentGateways(createSandboxGateway(database));
    const at = (iso: string) => () =>
      runTimedChanges({ database, gateways, now: () => new Date(iso), baseUrl: "http://localhost" });
    await at("2030-01-11T21:59:00Z")();
    expect(await sandboxOf(r.id)).toEqual({ status: "authorised", amount_minor: 20000 });
    const late = at("2030-01-11T22:01:00Z");
    await Promise.all([late(), late()]);
    expect(await sandboxOf(r.id)).toEqual({ status: "declined", amount_minor: 20000 });
    const { history, txs } = await money(r.id);
    expect(txs).toEqual(["authorise:released:20000"]);
    expect(history.filter((h) => h === "system:pre_authorisation_released_window")).toHaveLength(1);
    expect((await late()).authorisation_released).toBe(0);
    expect((await detail(r.id)).history.at(-1)).toMatchObject({
      actor: "system",
      action: "pre_authorisation_released_window",
    });
  });
});

describe("charging a card guarantee", () => {
  it("charges a no-show off-session, by default the rate's penalty: paid, mailed, once", async () => {
    const r = await book(guarantee.id, "card_guarantee");
    expect((await detail(r.id)).actions.chargeGuarantee).toBe(true);
    const res = await post(url(r.id, "charge-guarantee"), { reason: "no_show" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: "charged", amountMinor: 10000 });
    expect(await money(r.id)).toMatchObject({
      dues: ["paid:penalty:10000"],
      txs: ["authorise:authorised:0", "penalty:captured:10000"],
    });
    const d = await detail(r.id);
    expect(d).toMatchObject({ paidMinor: 10000, actions: { chargeGuarantee: false } });
    expect(d.history.at(-1)).toMatchObject({ action: "guarantee_charged", by: owner.email });
    expect((await mailsOf(r.id)).at(-2)?.subject).toMatch(/^Payment received/);
    const again = await post(url(r.id, "charge-guarantee"), { reason: "no_show", amountMinor: 500 });
    expect(again.json().error.code).toBe("already_charged");
  });

  it("refuses an amount above the total, a late cancellation before the cancellation, and says a decline", async () => {
    const r = await book(guarantee.id, "card_guarantee", "4000000000000341");
    const tooMuch = await post(url(r.id, "charge-guarantee"), { reason: "no_show", amountMinor: 20001 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.details).toEqual([{ field: "amountMinor", message: "amount_above_total" }]);
    const early = await post(url(r.id, "charge-guarantee"), { reason: "late_cancellation" });
    expect(early.json().error).toMatchObject({ code: "not_cancelled", details: [{ field: "reason" }] });
    const declined = await post(url(r.id, "charge-guarantee"), { reason: "no_show", amountMinor: 8000 });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({ code: "card_declined", details: [{ field: "payment" }] });
    expect(await money(r.id)).toMatchObject({
      dues: null,
      txs: ["authorise:authorised:0", "penalty:declined:8000"],
    });
    expect((await detail(r.id)).paidMinor).toBe(0);
    expect((await money(r.id)).history.at(-1)).toBe("property:guarantee_charge_declined");
  });

  it("sends the guest a link when the bank asks: approved on the gateway's page, the late cancellation is paid", async () => {
    const r = await book(guaranteeNonRefundable.id, "card_guarantee", "4000002760003184");
    // The card's own check at booking is a 3-D Secure challenge.
    await approve(r.redirectUrl!);
    await confirmPayment(r.code);
    const cancel = await post(url(r.id, "cancel"), { preview: false });
    expect(cancel.json()).toMatchObject({ penaltyMinor: 20000, refundMinor: 0 });
    expect((await detail(r.id)).cardHold.chargeDefaults.late_cancellation).toBe(20000);
    const res = await post(url(r.id, "charge-guarantee"), { reason: "late_cancellation" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: "link_sent", amountMinor: 20000 });
    expect(await money(r.id)).toMatchObject({
      txs: expect.arrayContaining(["penalty:requires_action:20000"]),
    });
    const [link] = await database.query<{
      redirect_url: string;
    }>(sql`select redirect_url from payment_transaction
      where reservation_id = ${r.id} and kind = 'penalty'`);
    // The mail to the guest asks for the payment and carries Alloggio's link, which opens the gateway's page.
    await renderPendingMails(database);
    const [mail] = await database.query<{
      subject: string;
      text: string;
    }>(sql`select subject, text from mail_outbox
      where reservation_id = ${r.id} and subject like 'Payment requested%'`);
    const ours = /http:\/\/localhost(\/api\/bol\/reservation\/[^/]+\/payment-link\?mail=\S+)/.exec(
      mail!.text,
    );
    const followed = await app.inject({ method: "GET", url: ours![1]! });
    expect([followed.statusCode, followed.headers.location]).toEqual([303, link!.redirect_url]);
    expect((await detail(r.id)).actions.chargeGuarantee).toBe(false);

    await approve(link!.redirect_url);
    const confirmed = await confirmPayment(r.code);
    expect(confirmed.json()).toMatchObject({ status: "cancelled", paid: true });
    expect(await money(r.id)).toMatchObject({
      txs: expect.arrayContaining(["penalty:captured:20000"]),
      dues: expect.arrayContaining(["paid:penalty:20000"]),
    });
    expect((await detail(r.id)).paidMinor).toBe(20000);
    // The history says the payment came in on the cancelled booking, which it leaves cancelled.
    const history = await database.query<{ from_status: string; to_status: string }>(sql`
      select from_status, to_status from reservation_history
      where reservation_id = ${r.id} and action = 'payment_succeeded' order by id`);
    expect(history.at(-1)).toEqual({ from_status: "cancelled", to_status: "cancelled" });
  });
});
