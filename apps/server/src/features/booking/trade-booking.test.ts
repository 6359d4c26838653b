import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey, aSandboxCardToken } from "@alloggio/test-kit/booking";
import {
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  aTradeCustomer,
  buildProperty,
  seedProperty,
  TRADE_CHANNEL_ID,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aTradeSession, aTradeUser, enableTradeCustomer } from "@alloggio/test-kit/trade";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { channel, tradeCustomer } from "../../db/schema";
import type { App } from "../../http/app";
import { runTimedChanges } from "../../jobs/timed-changes";

// guestdata.do on the trade channel (ADR 0031). Booked at 10:00 UTC on 5 January 2030.
const BOOKED_AT = new Date("2030-01-05T10:00:00Z");
const clock = BOOKED_AT;
const now = () => clock;
let database: Database;
let app: App;

const room = aRoomType();
const commissionable = aRatePlan({ tradeOnly: true, commissionPercent: 10, channelIds: [TRADE_CHANNEL_ID] });
const net = aRatePlan({ tradeOnly: true, isNet: true, channelIds: [TRADE_CHANNEL_ID] });
const prepaidTrade = aRatePlan({
  tradeOnly: true,
  commissionPercent: 8,
  refundable: false,
  freeCancellationDays: undefined,
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
  channelIds: [TRADE_CHANNEL_ID],
});
const guestRate = aRatePlan({ payment: "pay_at_hotel" });
const agency = aTradeCustomer({ agencyType: 1, name: "Viaggi Test Srl" });
const other = aTradeCustomer({ agencyType: 1, name: "Other Travel" });
const property = buildProperty({
  roomTypes: [room],
  ratePlans: [commissionable, net, prepaidTrade, guestRate],
  prices: [
    aPriceRange(room, commissionable, { perAdults: { "1": 90, "2": 100 } }),
    aPriceRange(room, net, { perAdults: { "1": 70, "2": 80 } }),
    aPriceRange(room, prepaidTrade, { perAdults: { "1": 85, "2": 95 } }),
    aPriceRange(room, guestRate, { perAdults: { "1": 110, "2": 120 } }),
  ],
  inventory: [anInventoryRange(room, { allotment: 50 })],
  tradeCustomers: [agency, other],
});
const H = property.hotel.id;

const AGENCY = {
  fullname: "Viaggi Test Srl",
  address: "Via Roma 1",
  cap: "37100",
  city: "Verona",
  country: "IT",
  mail: "booking@viaggi.test",
  referentName: "Anna Bianchi",
  vatNumber: "12345678903",
  type: 1,
};

let agent: { id: number };
let cookie: { cookie: string };

const stay = (rateId: number) => ({
  hotel: H,
  roomId: room.id,
  rateId,
  arrival: "20300120",
  departure: "20300122",
});
const tradeBody = (rateId: number, overrides: Record<string, unknown> = {}) =>
  aBookingRequest(stay(rateId), { channel: TRADE_CHANNEL_ID, agency: AGENCY, ...overrides });

const book = (body: Record<string, unknown>, headers: Record<string, string> = cookie) =>
  app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { ...headers, "idempotency-key": anIdempotencyKey() },
    payload: body,
  });

type Row = {
  status: string;
  customer_id: number | null;
  trade_user_id: number | null;
  agency: Record<string, unknown> | null;
  invoice: Record<string, unknown> | null;
  option_expires_at: string | null;
  total_minor: number;
  commission_percent: string | null;
  commission_minor: number;
};
const reservationOf = async (code: string): Promise<Row> => {
  const [row] = await database.query<Row>(sql`
    select r.status, r.customer_id, r.trade_user_id, r.agency, r.invoice, r.option_expires_at::text,
      r.total_minor, rr.commission_percent::text, rr.commission_minor
    from reservation r join reservation_room rr on rr.reservation_id = r.id where r.code = ${code}`);
  return row!;
};
const cardToken = (number: string) => aSandboxCardToken(app, number);
const errorOf = (res: { json: () => { error: Record<string, unknown> } }) => res.json().error;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, property);
  await enableTradeCustomer(database, agency.id, [{ hotel: H, channel: TRADE_CHANNEL_ID }]);
  await enableTradeCustomer(database, other.id, [{ hotel: H, channel: TRADE_CHANNEL_ID }]);
  agent = await aTradeUser(database, { customerId: agency.id, passwordChangedAt: BOOKED_AT });
  app = await createTestApp(database, now);
  cookie = (await aTradeSession(database, { userId: agent.id, channel: TRADE_CHANNEL_ID, now: BOOKED_AT }))
    .headers;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("guestdata.do on a trade channel", () => {
  it("books with the session's customer and user, the agency data and the commission, held as an option for tradeConfHour hours", async () => {
    const res = await book(tradeBody(commissionable.id));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.reservation.status).toBe("pending_confirmation");
    const row = await reservationOf(answer.reservation.code);
    expect(row).toMatchObject({
      status: "pending_confirmation",
      customer_id: agency.id,
      trade_user_id: agent.id,
      agency: AGENCY,
      invoice: null,
      commission_percent: "10.00",
      // 2 nights × 100: 10 % of 200.00
      commission_minor: 2000,
      total_minor: 20000,
    });
    // The demo channel's tradeConfHour is 18: 18 hours from booking.
    expect(new Date(row.option_expires_at!).toISOString()).toBe("2030-01-06T04:00:00.000Z");
    // The history says the agency made it.
    const history = await database.query<{ actor: string }>(sql`
      select h.actor from reservation_history h join reservation r on r.id = h.reservation_id
      where r.code = ${answer.reservation.code} and h.action = 'created'`);
    expect(history).toEqual([{ actor: "agency" }]);
    // The voucher (retrieve.do) shows the agency, never the commission.
    const voucher = await app.inject({
      method: "POST",
      url: "/api/retrieve.do",
      payload: { channel: TRADE_CHANNEL_ID, code: answer.reservation.code, mail: "maria@example.test" },
    });
    expect(voucher.statusCode, voucher.body).toBe(200);
    expect(voucher.json().agency).toMatchObject({
      fullname: "Viaggi Test Srl",
      vatNumber: "12345678903",
      type: 1,
    });
    expect(voucher.body).not.toContain("commission");
  });

  it("stores the booking's tracking references on the reservation, as a guest's booking does", async () => {
    const res = await book(tradeBody(commissionable.id, { tracking: { campaign: " agency-newsletter " } }));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await database.query<{ attribution: unknown }>(
      sql`select attribution from reservation where code = ${res.json().reservation.code}`,
    );
    expect(row!.attribution).toEqual({ campaign: "agency-newsletter" });
  });

  it("stores no commission on a net rate", async () => {
    const res = await book(tradeBody(net.id));
    expect(res.statusCode, res.body).toBe(200);
    const row = await reservationOf(res.json().reservation.code);
    expect(row).toMatchObject({ commission_percent: null, commission_minor: 0, total_minor: 16000 });
  });

  it("copies the agency data into the invoice when asked (SPEC §3)", async () => {
    const res = await book(tradeBody(commissionable.id, { invoiceFromAgency: true }));
    expect(res.statusCode, res.body).toBe(200);
    const row = await reservationOf(res.json().reservation.code);
    expect(row.invoice).toEqual({
      name: "Viaggi Test Srl",
      address: "Via Roma 1",
      zip: "37100",
      city: "Verona",
      country: "IT",
      vat: "12345678903",
    });
  });

  it("shows and stores the account's own commission, when the property set one, instead of the rate's", async () => {
    await database.db
      .update(tradeCustomer)
      .set({ commissionPercent: "12.5" })
      .where(eq(tradeCustomer.id, agency.id));
    try {
      const qs = new URLSearchParams({
        hotel: String(H),
        channel: String(TRADE_CHANNEL_ID),
        language: "1",
        arrival: "20300120",
        departure: "20300122",
        adults: "2",
      });
      const search = await app.inject({ method: "GET", url: `/api/avail.do?${qs}`, headers: cookie });
      expect(search.statusCode, search.body).toBe(200);
      const rates = JSON.stringify(search.json());
      expect(rates).toContain('"commission":12.5');
      expect(rates).not.toContain('"commission":10');
      const res = await book(tradeBody(commissionable.id));
      expect(res.statusCode, res.body).toBe(200);
      const row = await reservationOf(res.json().reservation.code);
      expect(row).toMatchObject({ commission_percent: "12.50", commission_minor: 2500 });
      // A net rate pays none, whatever the account's percent.
      const netRes = await book(tradeBody(net.id));
      expect(await reservationOf(netRes.json().reservation.code)).toMatchObject({
        commission_percent: null,
        commission_minor: 0,
      });
    } finally {
      await database.db
        .update(tradeCustomer)
        .set({ commissionPercent: null })
        .where(eq(tradeCustomer.id, agency.id));
    }
  });

  it("shows and stores an account's own 0 % commission, not the rate's 10 %", async () => {
    await database.db
      .update(tradeCustomer)
      .set({ commissionPercent: "0" })
      .where(eq(tradeCustomer.id, agency.id));
    try {
      const qs = new URLSearchParams({
        hotel: String(H),
        channel: String(TRADE_CHANNEL_ID),
        language: "1",
        arrival: "20300120",
        departure: "20300122",
        adults: "2",
      });
      const search = await app.inject({ method: "GET", url: `/api/avail.do?${qs}`, headers: cookie });
      expect(search.statusCode, search.body).toBe(200);
      const rates = JSON.stringify(search.json());
      expect(rates).toContain('"commission":0');
      expect(rates).not.toContain('"commission":10');
      const res = await book(tradeBody(commissionable.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(await reservationOf(res.json().reservation.code)).toMatchObject({
        commission_percent: "0.00",
        commission_minor: 0,
      });
    } finally {
      await database.db
        .update(tradeCustomer)
        .set({ commissionPercent: null })
        .where(eq(tradeCustomer.id, agency.id));
    }
  });

  it("follows the channel's tradeConfHour, and the timed job releases the option when it runs out", async () => {
    await database.db.update(channel).set({ tradeConfHour: 2 }).where(eq(channel.id, TRADE_CHANNEL_ID));
    try {
      const res = await book(tradeBody(commissionable.id));
      expect(res.statusCode, res.body).toBe(200);
      const code = res.json().reservation.code;
      expect(new Date((await reservationOf(code)).option_expires_at!).toISOString()).toBe(
        "2030-01-05T12:00:00.000Z",
      );
      const sweep = (at: string) =>
        runTimedChanges({ database, now: () => new Date(at), baseUrl: "https://book.example.test" });
      await sweep("2030-01-05T11:59:00Z");
      expect((await reservationOf(code)).status).toBe("pending_confirmation");
      await sweep("2030-01-05T12:00:30Z");
      expect((await reservationOf(code)).status).toBe("cancelled");
    } finally {
      await database.db.update(channel).set({ tradeConfHour: 18 }).where(eq(channel.id, TRADE_CHANNEL_ID));
    }
  });

  it("confirms at once a booking paid now (no option), with the commission", async () => {
    const card = await cardToken("4242424242424242");
    const res = await book(
      tradeBody(prepaidTrade.id, {
        payment: { method: "card_payment", cardToken: card.token, cardLast4: card.last4 },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await reservationOf(res.json().reservation.code);
    expect(row).toMatchObject({
      option_expires_at: null,
      commission_percent: "8.00",
      commission_minor: 1520,
    });
  });

  it("prices the prepaid check with the session's customer (trade rates)", async () => {
    const res = await book(tradeBody(commissionable.id, { checkPrepaid: 1, agency: undefined }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(200);
  });

  it("answers 401 trade_login_required without a trade session, for the check and the booking", async () => {
    for (const body of [tradeBody(commissionable.id, { checkPrepaid: 1 }), tradeBody(commissionable.id)]) {
      const res = await book(body, {});
      expect(res.statusCode, res.body).toBe(401);
      expect(errorOf(res)).toMatchObject({ code: "trade_login_required" });
    }
  });

  it("answers 401 for a session opened on another channel", async () => {
    const direct = await aTradeSession(database, { userId: agent.id, channel: 1, now: BOOKED_AT });
    const res = await book(tradeBody(commissionable.id), direct.headers);
    expect(res.statusCode, res.body).toBe(401);
  });

  it("answers 401 while the user's password must be changed, 403 trade_not_enabled for a hotel not enabled", async () => {
    const forced = await aTradeUser(database, { customerId: agency.id, mustChangePassword: true });
    const forcedSession = await aTradeSession(database, {
      userId: forced.id,
      channel: TRADE_CHANNEL_ID,
      now: BOOKED_AT,
    });
    const res = await book(tradeBody(commissionable.id), forcedSession.headers);
    expect(res.statusCode, res.body).toBe(401);
    expect(errorOf(res)).toMatchObject({ code: "trade_login_required" });

    // An approved account of the channel, enabled for no hotel.
    await database.db
      .insert(tradeCustomer)
      .values({ id: 99_001, channelId: TRADE_CHANNEL_ID, name: "Not Enabled Travel", agencyType: 1 });
    const user = await aTradeUser(database, { customerId: 99_001, passwordChangedAt: BOOKED_AT });
    const session = await aTradeSession(database, {
      userId: user.id,
      channel: TRADE_CHANNEL_ID,
      now: BOOKED_AT,
    });
    const refused = await book(tradeBody(commissionable.id), session.headers);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: "trade_not_enabled" });
  });

  it("refuses 403 a body customer of another account", async () => {
    const res = await book(tradeBody(commissionable.id, { customer: other.id }));
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: "trade_login_required" });
    const same = await book(tradeBody(commissionable.id, { customer: agency.id }));
    expect(same.statusCode, same.body).toBe(200);
  });

  it("answers 400 naming agency.vatNumber when neither VAT number nor IATA code is given", async () => {
    const res = await book(tradeBody(commissionable.id, { agency: { ...AGENCY, vatNumber: " " } }));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).details).toContainEqual({
      field: "agency.vatNumber",
      message: "vat_or_iata_required",
    });
    const iata = await book(
      tradeBody(commissionable.id, { agency: { ...AGENCY, vatNumber: undefined, iataCode: "38212345" } }),
    );
    expect(iata.statusCode, iata.body).toBe(200);
  });

  it("answers 400 naming agency when a trade booking carries no agency data", async () => {
    const res = await book(tradeBody(commissionable.id, { agency: undefined }));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).details).toEqual([{ field: "agency", message: "required" }]);
  });
});

describe("guestdata.do on the direct channel (unchanged)", () => {
  const guestBody = (overrides: Record<string, unknown> = {}) =>
    aBookingRequest(stay(guestRate.id), overrides);

  it("books a guest's stay without any trade data, even with a trade cookie", async () => {
    for (const headers of [{}, cookie]) {
      const res = await book(guestBody(), headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().reservation.status).toBe("confirmed");
      const row = await reservationOf(res.json().reservation.code);
      expect(row).toMatchObject({
        customer_id: null,
        trade_user_id: null,
        agency: null,
        commission_minor: 0,
      });
    }
  });

  it("still refuses a customer (403) and agency data (400)", async () => {
    const customer = await book(guestBody({ customer: agency.id }));
    expect(customer.statusCode, customer.body).toBe(403);
    const withAgency = await book(guestBody({ agency: AGENCY }));
    expect(withAgency.statusCode, withAgency.body).toBe(400);
    expect(errorOf(withAgency).details).toEqual([
      { field: "agency", message: "only a trade booking carries agency data" },
    ]);
  });
});
