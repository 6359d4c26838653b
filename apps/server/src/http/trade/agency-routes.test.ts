import { TRADE_COOKIE } from "@alloggio/domain/contract/trade/login";
import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  aDirectChannel,
  aPriceRange,
  aRatePlan,
  aRoomType,
  aTradeChannel,
  aTradeCustomer,
  buildProperty,
  DIRECT_CHANNEL_ID,
  seedProperty,
  TRADE_CHANNEL_ID,
} from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aTradeSession, aTradeUser, enableTradeCustomer } from "@alloggio/test-kit/trade";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { tradeCsrfToken } from "../../features/trade/session";
import { renderPendingMails } from "../../features/voucher-pdf";
import { readPdf } from "../../features/voucher-pdf/pdf-test-kit";
import type { App } from "../app";

// The agency area's calls (ADR 0032): agency A sees and changes its own reservations only.
const clock = fixedClock("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const room = aRoomType({ name: { en: "Garden double" }, maxOccupancy: 3, maxAdults: 3 });
// On both channels: the agencies book on the trade channel, and one guest books on the direct one.
const channelIds = [DIRECT_CHANNEL_ID, TRADE_CHANNEL_ID];
const commissionable = aRatePlan({ name: { en: "Agency flexible" }, commissionPercent: 10, channelIds });
const net = aRatePlan({ name: { en: "Net rate" }, isNet: true, channelIds });
const resellable = aRatePlan({ name: { en: "Resellable" }, resellable: true, refundable: false, channelIds });
const prepaidTransfer = aRatePlan({
  name: { en: "Prepaid transfer" },
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
  channelIds,
});
const agencyA = aTradeCustomer({ name: "Viaggi Alfa Srl" });
const agencyB = aTradeCustomer({ name: "Beta Travel" });
const property = buildProperty({
  hotel: { name: "Hotel Agenzia" },
  roomTypes: [room],
  ratePlans: [commissionable, net, resellable, prepaidTransfer],
  prices: [commissionable, net, resellable, prepaidTransfer].map((rate) =>
    aPriceRange(room, rate, { perAdults: { "1": 100, "2": 120, "3": 150 } }),
  ),
  // No trade option by the channel: the bookings at the hotel are confirmed; the test makes its options itself.
  channels: [aDirectChannel(), aTradeChannel({ tradeConfHour: 0 })],
  tradeCustomers: [agencyA, agencyB],
});

type Session = { token: string };
let a: Session;
let b: Session;
const codes: Record<string, string> = {};

let bookings = 0;
/** The agency data a trade booking carries (ADR 0031). */
const AGENCY = {
  fullname: "Viaggi Alfa Srl",
  address: "Via Roma 1",
  cap: "37100",
  city: "Verona",
  country: "IT",
  mail: "booking@alfa.test",
  vatNumber: "12345678903",
  type: 1,
};

/**
 * A 3-night stay from 20 January, each booking a week after the last (one room of each kind is on sale), booked
 * through guestdata.do: by an agency's logged user on the trade channel, or by a guest on the direct one (null).
 */
async function book(rateId: number, adults: number, by: Session | null, guest: string): Promise<string> {
  const from = new Date(Date.UTC(2030, 0, 20 + 7 * bookings++));
  const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
  const arrival = ymd(from);
  const departure = ymd(new Date(from.getTime() + 3 * 86_400_000));
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: {
      "idempotency-key": anIdempotencyKey(),
      ...(by ? { cookie: `${TRADE_COOKIE}=${by.token}` } : {}),
    },
    payload: aBookingRequest(
      { hotel: property.hotel.id, roomId: room.id, rateId, arrival, departure },
      {
        ...(by ? { channel: TRADE_CHANNEL_ID, agency: AGENCY } : { channel: DIRECT_CHANNEL_ID }),
        booker: {
          fullname: guest,
          email: "guest@example.test",
          emailConfirm: "guest@example.test",
          phone: { dialCode: "+39", number: "3331234567" },
          country: "IT",
        },
      },
      { adults },
    ),
  });
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().reservation.code;
}

const asOption = (code: string, expiresAt: string) =>
  database.query(
    sql`update reservation set status = 'pending_confirmation', option_expires_at = ${expiresAt}::timestamptz
      where code = ${code}`,
  );

const headersOf = (s: Session | null, csrf = true) =>
  s
    ? { cookie: `${TRADE_COOKIE}=${s.token}`, ...(csrf ? { "x-csrf-token": tradeCsrfToken(s.token) } : {}) }
    : {};

const list = (s: Session | null, body: Record<string, unknown> = {}) =>
  app.inject({ method: "POST", url: "/api/agency/list-reservations", payload: body, headers: headersOf(s) });
const confirm = (s: Session | null, code: string, body: Record<string, unknown>, csrf = true) =>
  app.inject({
    method: "POST",
    url: `/api/agency/confirm-reservation/${code}`,
    payload: body,
    headers: headersOf(s, csrf),
  });
const cancel = (s: Session | null, code: string, csrf = true) =>
  app.inject({ method: "DELETE", url: `/api/agency/reservations/${code}`, headers: headersOf(s, csrf) });
const print = (s: Session | null, code: string, version: string) =>
  app.inject({
    method: "GET",
    url: `/api/agency/print/${code}/${version}?language=1`,
    headers: headersOf(s),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, property);
  for (const agency of [agencyA, agencyB])
    await enableTradeCustomer(database, agency.id, [{ hotel: property.hotel.id, channel: TRADE_CHANNEL_ID }]);
  app = await createTestApp(database, clock.now);
  const userA = await aTradeUser(database, { customerId: agencyA.id, passwordChangedAt: clock.now() });
  const userB = await aTradeUser(database, { customerId: agencyB.id, passwordChangedAt: clock.now() });
  a = await aTradeSession(database, { userId: userA.id, channel: TRADE_CHANNEL_ID, now: clock.now() });
  b = await aTradeSession(database, { userId: userB.id, channel: TRADE_CHANNEL_ID, now: clock.now() });
  // Created in this order: the list answers the newest first.
  codes.confirmed = await book(commissionable.id, 2, a, "Anna Conti");
  codes.option = await book(commissionable.id, 1, a, "Bruno Option");
  await asOption(codes.option, "2030-01-06T10:00:00Z");
  codes.expired = await book(net.id, 3, a, "Carla Expired");
  await asOption(codes.expired, "2030-01-05T09:00:00Z");
  codes.resellable = await book(resellable.id, 2, a, "Dario Resell");
  codes.other = await book(commissionable.id, 2, b, "Elena Beta");
  codes.direct = await book(commissionable.id, 2, null, "Franco Direct");
  // Distinct creation instants, in booking order.
  let n = 0;
  for (const code of Object.values(codes))
    await database.query(
      sql`update reservation set created_at = ${new Date(Date.UTC(2030, 0, 1, 0, n++)).toISOString()}::timestamptz
        where code = ${code}`,
    );
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("session and CSRF", () => {
  it("answers 401 trade_login_required to every call without a live trade session", async () => {
    for (const res of [
      await list(null),
      await app.inject({ method: "GET", url: "/api/agency/associated-hotels" }),
      await confirm(null, codes.option as string, { paymentMethod: "pay_at_hotel" }),
      await cancel(null, codes.confirmed as string),
      await print(null, codes.confirmed as string, "agency"),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.code).toBe("trade_login_required");
    }
  });

  it("refuses a change without the session's CSRF token (403) and changes nothing", async () => {
    const c = await confirm(a, codes.option as string, { paymentMethod: "pay_at_hotel" }, false);
    expect(c.statusCode).toBe(403);
    expect(c.json().error.code).toBe("csrf_failed");
    const d = await cancel(a, codes.confirmed as string, false);
    expect(d.statusCode).toBe(403);
    const [row] = await database.query<{ status: string }>(
      sql`select status from reservation where code = ${codes.option}`,
    );
    expect(row?.status).toBe("pending_confirmation");
  });
});

describe("forced password change", () => {
  it("answers 403 password_change_required until a reset or expired password is changed", async () => {
    const user = await aTradeUser(database, {
      customerId: agencyA.id,
      passwordChangedAt: clock.now(),
      mustChangePassword: true,
    });
    const session = await aTradeSession(database, {
      userId: user.id,
      channel: TRADE_CHANNEL_ID,
      now: clock.now(),
    });
    const res = await list(session);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("password_change_required");
  });
});

describe("POST /api/agency/list-reservations", () => {
  it("lists the agency's reservations only, newest first, with hotel, guest, rooms, adults, total and commission", async () => {
    const res = await list(a);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.rows.map((r: { guest: string }) => r.guest)).toEqual([
      "Dario Resell",
      "Carla Expired",
      "Bruno Option",
      "Anna Conti",
    ]);
    const anna = body.rows[3];
    expect(anna).toMatchObject({
      code: codes.confirmed,
      // With its zone: the option's deadline is written in hotel time.
      hotel: { id: property.hotel.id, name: "Hotel Agenzia", timeZone: "Europe/Rome" },
      arrival: "2030-01-20",
      departure: "2030-01-23",
      rooms: 1,
      adults: 2,
      currency: "EUR",
      status: "confirmed",
      agencyStatus: "active",
      optionExpiresAt: null,
      confirmMethods: [],
    });
    // The guest's e-mail opens the voucher; no reference was given on this booking.
    expect(anna).toMatchObject({ email: "guest@example.test", reference: null });
    // 10 % of the room's 3 × 120.
    expect(anna.commission).toBe(36);
    expect(anna.total).toBeGreaterThanOrEqual(360);
    expect(body.rows[1].commission).toBeNull(); // the net rate pays none
    expect(body.rows[2]).toMatchObject({
      status: "pending_confirmation",
      agencyStatus: "waiting",
      optionExpiresAt: "2030-01-06T10:00:00.000Z",
      confirmMethods: ["pay_at_hotel"],
    });
    expect(body.rows[1].confirmMethods).toEqual([]); // expired
    const other = (await list(b)).json();
    expect(other.rows.map((r: { code: string }) => r.code)).toEqual([codes.other]);
  });

  it("filters by status, hotel, price range, adults and rooms", async () => {
    const guests = async (body: Record<string, unknown>) =>
      (await list(a, body)).json().rows.map((r: { guest: string }) => r.guest);
    expect(await guests({ status: "active" })).toEqual(["Dario Resell", "Anna Conti"]);
    expect(await guests({ status: "waiting" })).toEqual(["Carla Expired", "Bruno Option"]);
    expect(await guests({ status: "canceled" })).toEqual([]);
    expect(await guests({ hotel: property.hotel.id, adults: 1 })).toEqual(["Bruno Option"]);
    expect(await guests({ hotel: 999_999 })).toEqual([]);
    expect(await guests({ adults: 3 })).toEqual(["Carla Expired"]);
    expect(await guests({ rooms: 2 })).toEqual([]);
    expect(await guests({ rooms: 1, priceMin: 301, priceMax: 400 })).toEqual(["Dario Resell", "Anna Conti"]);
    expect(await guests({ priceMax: 300 })).toEqual(["Bruno Option"]);
    expect(await guests({ priceMin: 400 })).toEqual(["Carla Expired"]);
  });

  it("pages with a total count, at most 50 a page", async () => {
    const first = (await list(a, { page: 1, pageSize: 3 })).json();
    expect(first).toMatchObject({ page: 1, pageSize: 3, total: 4 });
    expect(first.rows).toHaveLength(3);
    const second = (await list(a, { page: 2, pageSize: 3 })).json();
    expect(second.rows.map((r: { guest: string }) => r.guest)).toEqual(["Anna Conti"]);
    const past = (await list(a, { page: 9, pageSize: 3 })).json();
    expect(past).toMatchObject({ rows: [], total: 4 });
    const tooBig = await list(a, { pageSize: 51 });
    expect(tooBig.statusCode).toBe(400);
    expect(JSON.stringify(tooBig.json().error)).toContain("pageSize");
  });

  it("answers 400 naming the field for a bad filter", async () => {
    const bad = await list(a, { status: "open" });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain("status");
    const range = await list(a, { priceMin: 500, priceMax: 100 });
    expect(range.statusCode).toBe(400);
    expect(JSON.stringify(range.json().error)).toContain("priceMax");
  });
});

describe("GET /api/agency/associated-hotels", () => {
  it("answers the hotels and channels the account is enabled for", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/agency/associated-hotels",
      headers: headersOf(a),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hotels).toEqual([
      expect.objectContaining({ hotel: property.hotel.id, name: "Hotel Agenzia", channel: TRADE_CHANNEL_ID }),
    ]);
  });
});

describe("IDOR: agency B cannot reach agency A's reservations", () => {
  it("answers 404 to print, confirm and cancel of another agency's code, and changes nothing", async () => {
    for (const res of [
      await print(b, codes.confirmed as string, "agency"),
      await print(b, codes.confirmed as string, "guest"),
      await confirm(b, codes.option as string, { paymentMethod: "pay_at_hotel" }),
      await cancel(b, codes.confirmed as string),
      await print(a, codes.direct as string, "guest"),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
    const rows = await database.query<{ status: string }>(
      sql`select status from reservation where code in (${codes.confirmed}, ${codes.option}) order by id`,
    );
    expect(rows.map((r) => r.status)).toEqual(["confirmed", "pending_confirmation"]);
  });
});

describe("GET /api/agency/print/:code/:version", () => {
  it("prints the agency version with the sale price, commission and net", async () => {
    const res = await print(a, codes.confirmed as string, "agency");
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-disposition"]).toMatch(/^inline; filename="Hotel-Agenzia-.*-agency\.pdf"$/);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.text).toContain(codes.confirmed);
    expect(pdf.text).toContain("Anna Conti");
    expect(pdf.text).toContain("Viaggi Alfa Srl");
    expect(pdf.text).toContain("Commission");
    expect(pdf.text).toContain("36,00 EUR");
    expect(pdf.text).toContain("Net to the hotel 324,00 EUR");
    // The commission's basis, with its percent.
    expect(pdf.text).toContain("Commission: 10 % of the room price (extras and city tax earn none)");
  });

  it("prints the guest version without the agency's commission or net", async () => {
    const res = await print(a, codes.confirmed as string, "guest");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.text).toContain(codes.confirmed);
    expect(pdf.text).toContain("Anna Conti");
    expect(pdf.text).not.toContain("Commission");
    expect(pdf.text).not.toContain("Net to the hotel 324,00 EUR");
    expect(pdf.text).not.toContain("Viaggi Alfa");
    expect(pdf.text).not.toContain("36,00 EUR");
  });

  it("prints in another language and refuses an unknown version (400)", async () => {
    const it = await app.inject({
      method: "GET",
      url: `/api/agency/print/${codes.confirmed}/agency?language=2`,
      headers: headersOf(a),
    });
    expect(it.statusCode).toBe(200);
    expect((await readPdf(it.rawPayload)).text).toContain("Commissione");
    const bad = await print(a, codes.confirmed as string, "hotel");
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain("version");
  });
});

describe("POST /api/agency/confirm-reservation/:code", () => {
  it("offers and accepts only the booked rate's own methods: a prepaid transfer rate is never confirmed at the hotel", async () => {
    const code = await book(commissionable.id, 2, a, "Gino Prepaid");
    await asOption(code, "2030-01-06T10:00:00Z");
    await database.query(sql`update reservation_room set rate_plan_id = ${prepaidTransfer.id}
      where reservation_id = (select id from reservation where code = ${code})`);
    const listed = (await list(a)).json().rows.find((r: { code: string }) => r.code === code);
    // The hotel takes no transfers here, so the option has no method the agency may use on its own.
    expect(listed.confirmMethods).toEqual([]);
    const atHotel = await confirm(a, code, { paymentMethod: "pay_at_hotel" });
    expect(atHotel.statusCode, atHotel.body).toBe(400);
    expect(atHotel.json().error.code).toBe("payment_method_not_allowed");
    const [row] = await database.query<{ status: string; payment_method: string }>(
      sql`select status, payment_method from reservation where code = ${code}`,
    );
    expect(row).toMatchObject({ status: "pending_confirmation" });
    // Gone with its mails, so the later tests' mail renders find no reservation missing.
    await database.query(sql`delete from mail_outbox
      where reservation_id = (select id from reservation where code = ${code})`);
    await database.query(sql`delete from reservation where code = ${code}`);
  });

  it("refuses a method the hotel does not take (400), a non-option and an expired option (409)", async () => {
    const transfer = await confirm(a, codes.option as string, { paymentMethod: "bank_transfer" });
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json().error.code).toBe("payment_method_not_allowed");
    const card = await confirm(a, codes.option as string, { paymentMethod: "card_payment" });
    expect(card.statusCode).toBe(400);
    expect(JSON.stringify(card.json().error)).toContain("paymentMethod");
    const notOption = await confirm(a, codes.confirmed as string, { paymentMethod: "pay_at_hotel" });
    expect(notOption.statusCode).toBe(409);
    expect(notOption.json().error.code).toBe("not_an_option");
    const expired = await confirm(a, codes.expired as string, { paymentMethod: "pay_at_hotel" });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.code).toBe("option_expired");
  });

  it("confirms the agency's option with its history (actor agency) and the confirmation mails", async () => {
    const [before] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox o join reservation r on r.id = o.reservation_id
        where r.code = ${codes.option}`,
    );
    const res = await confirm(a, codes.option as string, { paymentMethod: "pay_at_hotel" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reservation).toMatchObject({
      code: codes.option,
      status: "confirmed",
      agencyStatus: "active",
      confirmMethods: [],
    });
    const history = await database.query<{ actor: string; action: string; to_status: string }>(
      sql`select h.actor, h.action, h.to_status from reservation_history h join reservation r on r.id = h.reservation_id
        where r.code = ${codes.option} order by h.id desc limit 1`,
    );
    expect(history[0]).toEqual({ actor: "agency", action: "option_confirmed", to_status: "confirmed" });
    const [after] = await database.query<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox o join reservation r on r.id = o.reservation_id
        where r.code = ${codes.option}`,
    );
    expect(after?.n).toBeGreaterThan(before?.n ?? 0);
  });
});

describe("DELETE /api/agency/reservations/:code", () => {
  it("refuses what the cancellation rules refuse (a resellable rate), with their error", async () => {
    const res = await cancel(a, codes.resellable as string);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("resellable");
  });

  it("cancels the agency's reservation under the rules, with its history, and then refuses it again", async () => {
    const res = await cancel(a, codes.confirmed as string);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reservation).toMatchObject({ status: "cancelled", agencyStatus: "canceled" });
    // Nothing is earned on a cancelled booking; what was booked stays readable.
    expect(res.json().reservation).toMatchObject({ commission: null, rooms: 1, adults: 2 });
    const history = await database.query<{ actor: string; action: string }>(
      sql`select h.actor, h.action from reservation_history h join reservation r on r.id = h.reservation_id
        where r.code = ${codes.confirmed} order by h.id desc limit 1`,
    );
    expect(history[0]).toEqual({ actor: "agency", action: "cancel" });
    const again = await cancel(a, codes.confirmed as string);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("already_cancelled");
    const canceled = (await list(a, { status: "canceled" })).json();
    expect(canceled.rows.map((r: { code: string }) => r.code)).toEqual([codes.confirmed]);
  });

  it("shows the fee of a late cancellation before it is made; the hotel's mail says the agency cancelled", async () => {
    const code = await book(commissionable.id, 2, a, "Gino Late");
    // Free until a year before arrival: long past whatever week the stay falls in, the first night is the fee.
    const freeDays = (days: number) =>
      database.query(
        sql`update rate_plan set free_cancellation_days = ${days} where id = ${commissionable.id}`,
      );
    await freeDays(365);
    const quote = (s: Session | null) =>
      app.inject({
        method: "GET",
        url: `/api/agency/reservations/${code}/cancellation`,
        headers: headersOf(s),
      });
    const res = await quote(a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      currency: "EUR",
      decimalDigits: 2,
      cancelsReservation: true,
      free: false,
      penaltyMinor: 12000,
      refundMinor: 0,
      stillOwedMinor: 12000,
    });
    expect((await quote(b)).statusCode).toBe(404);
    expect((await quote(null)).statusCode).toBe(401);
    const done = await cancel(a, code);
    await freeDays(1);
    expect(done.statusCode, done.body).toBe(200);
    await renderPendingMails(database);
    const [mail] = await database.query<{ subject: string; text: string }>(sql`select m.subject, m.text
      from mail_outbox m join reservation r on r.id = m.reservation_id
      where r.code = ${code} and m."to" = ${`hotel${property.hotel.id}@example.test`}
      order by m.id desc limit 1`);
    expect(mail?.subject).toContain("cancelled by the agency");
    expect(mail?.text).toContain("The agency Viaggi Alfa Srl cancelled the reservation");
    expect(mail?.text).not.toContain("from the voucher");
  });
});
