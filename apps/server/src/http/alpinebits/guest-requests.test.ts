import { MANAGE_PATHS } from "@alloggio/domain/contract/booking/manage";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AlpineBitsPost,
  guestRequestsReadRequest,
  notifReportRequest,
  postAlpineBits,
} from "../../../../../packages/test-kit/src/alpinebits";
import { createTestApp } from "../../../../../packages/test-kit/src/app";
import { aBookingRequest, anIdempotencyKey } from "../../../../../packages/test-kit/src/booking";
import {
  aHotel,
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  aService,
  aServiceCategory,
  aTradeCustomer,
  buildProperty,
  seedProperty,
  TRADE_CHANNEL_ID,
} from "../../../../../packages/test-kit/src/builders";
import { createTestDatabase } from "../../../../../packages/test-kit/src/database";
import { aStaffSession } from "../../../../../packages/test-kit/src/staff";
import { aTradeSession, aTradeUser, enableTradeCustomer } from "../../../../../packages/test-kit/src/trade";
import type { Database } from "../../db/client";
import { createAlpineBitsClient, setAlpineBitsCodes } from "../../features/alpinebits";
import { attr, child, children, parseDocument, type XmlNode } from "../../features/alpinebits/xml";
import type { App } from "../app";

let database: Database;
let app: App;
const clock = new Date("2029-12-20T10:00:00Z");

// Hotel A ("ALPHA"): a double (DBL) with its rate (FLEX) mapped, a suite and its rate without codes; two PMS clients
// of hotel A. Hotel B ("BETA") is not theirs. A trade customer books hotel A on the trade channel.
const dbl = aRoomType();
const suite = aRoomType();
const flex = aRatePlan({ channelIds: [1, TRADE_CHANNEL_ID], commissionPercent: 10 });
const plain = aRatePlan();
// 30 % by bank transfer on booking, the rest 14 days before arrival; a paid extra; a city tax.
const deposit = aRatePlan({
  payment: "bank_transfer",
  prepayment: [
    { timing: "immediate", days: 0, percent: 30 },
    { timing: "days_before_arrival", days: 14, percent: 70 },
  ],
});
const extras = aServiceCategory();
const bikes = aService(extras, { price: 15, name: { en: "E-bike rental", it: "Noleggio e-bike" } });
const roomB = aRoomType();
const agency = aTradeCustomer({ name: "Viaggi Test Srl" });
let hotelA: number;
let hotelB: number;
const USER = "pms-alpha";
const OTHER = "pms-second";
const PASSWORD = "Pms-Password-123";
let tradeCookie: { cookie: string };
let owner: Awaited<ReturnType<typeof aStaffSession>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, () => clock);
  hotelA = (
    await seedProperty(
      database,
      buildProperty({
        hotel: aHotel({
          name: "Alpha",
          cityTax: 2,
          settings: {
            bankTransfer: {
              owner: "Alpha srl",
              iban: "IT60X0542811101000000123456",
              bic: "BPMOIT22XXX",
              dueDays: 5,
            },
          },
        }),
        roomTypes: [dbl, suite],
        ratePlans: [flex, plain, deposit],
        prices: [aPriceRange(dbl, flex), aPriceRange(suite, plain), aPriceRange(dbl, deposit)],
        serviceCategories: [extras],
        services: [bikes],
        inventory: [anInventoryRange(dbl, { allotment: 50 }), anInventoryRange(suite, { allotment: 50 })],
        tradeCustomers: [agency],
      }),
    )
  ).hotelId;
  hotelB = (
    await seedProperty(
      database,
      buildProperty({
        hotel: aHotel({ name: "Beta" }),
        roomTypes: [roomB],
        inventory: [anInventoryRange(roomB)],
      }),
    )
  ).hotelId;
  for (const username of [USER, OTHER])
    await createAlpineBitsClient(database.db, { username, password: PASSWORD, hotelIds: [hotelA] });
  await setAlpineBitsCodes(database.db, hotelA, {
    hotelCode: "ALPHA",
    roomTypes: [{ roomTypeId: dbl.id, code: "DBL" }],
    ratePlans: [{ ratePlanId: flex.id, code: "FLEX" }],
  });
  await setAlpineBitsCodes(database.db, hotelB, {
    hotelCode: "BETA",
    roomTypes: [{ roomTypeId: roomB.id, code: "DBL" }],
  });
  await enableTradeCustomer(database, agency.id, [{ hotel: hotelA, channel: TRADE_CHANNEL_ID }]);
  const agent = await aTradeUser(database, { customerId: agency.id, passwordChangedAt: clock });
  tradeCookie = (await aTradeSession(database, { userId: agent.id, channel: TRADE_CHANNEL_ID, now: clock }))
    .headers;
  owner = await aStaffSession(database, { role: "owner", now: clock });
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from rate_limit where key like 'alpinebits:%'`);
  // Every test starts with nothing due to either client.
  for (const username of [USER, OTHER]) await ack(await read(undefined, username), username);
});

/** Posts as a client; the response's document is validated against the official schema. */
async function post(p: AlpineBitsPost, username = USER) {
  const res = await postAlpineBits(app, { username, password: PASSWORD, ...p });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

type Delivered = { id: string; type: string; status: string; node: XmlNode };

/** OTA_Read:GuestRequests: the HotelReservation elements answered. */
async function read(start?: string, username = USER, hotelCode = "ALPHA"): Promise<Delivered[]> {
  const body = await post(
    { action: "OTA_Read:GuestRequests", request: guestRequestsReadRequest(hotelCode, start) },
    username,
  );
  const parsed = parseDocument(body);
  if ("error" in parsed) throw new Error(parsed.error);
  expect(child(parsed.node, "Errors"), body).toBeUndefined();
  return children(child(parsed.node, "ReservationsList"), "HotelReservation").map((node) => ({
    id: attr(child(node, "UniqueID"), "ID") as string,
    type: attr(child(node, "UniqueID"), "Type") as string,
    status: attr(node, "ResStatus") as string,
    node,
  }));
}

async function ack(delivered: { id: string; type?: string }[], username = USER) {
  return post(
    {
      action: "OTA_NotifReport:GuestRequests",
      request: notifReportRequest(delivered.map((d) => ({ id: d.id, type: d.type === "15" ? "15" : "14" }))),
    },
    username,
  );
}

async function book(
  arrival = "20300115",
  departure = "20300118",
  options: {
    roomId?: number;
    rateId?: number;
    trade?: boolean;
    overrides?: Record<string, unknown>;
  } = {},
): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey(), ...(options.trade ? tradeCookie : {}) },
    payload: aBookingRequest(
      {
        hotel: hotelA,
        roomId: options.roomId ?? dbl.id,
        rateId: options.rateId ?? flex.id,
        arrival,
        departure,
      },
      options.trade
        ? {
            channel: TRADE_CHANNEL_ID,
            agency: {
              fullname: "Viaggi Test Srl",
              address: "Via Roma 1",
              cap: "37100",
              city: "Verona",
              country: "IT",
              mail: "booking@viaggi.test",
              vatNumber: "12345678903",
              type: 1,
            },
          }
        : (options.overrides ?? {}),
    ),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { reservation: { code: string } }).reservation.code;
}

const idOf = async (code: string) =>
  (await database.query<{ id: number }>(sql`select id from reservation where code = ${code}`))[0]
    ?.id as number;

describe("OTA_Read:GuestRequests and OTA_NotifReport:GuestRequests (chapter 4.2)", () => {
  it("delivers a booking with its guest, room, rate codes, nightly rates and total until it is acknowledged", async () => {
    const code = await book();
    const first = await read();
    expect(first.map((d) => [d.id, d.type, d.status])).toEqual([[code, "14", "Reserved"]]);
    const node = first[0]?.node as XmlNode;
    expect(attr(node, "CreateDateTime")).toBeTruthy();
    expect(attr(node, "LastModifyDateTime")).toBeTruthy();
    const stay = child(child(node, "RoomStays"), "RoomStay");
    expect(attr(child(child(stay, "RoomTypes"), "RoomType"), "RoomTypeCode")).toBe("DBL");
    expect(attr(child(child(stay, "RatePlans"), "RatePlan"), "RatePlanCode")).toBe("FLEX");
    expect(attr(child(stay, "TimeSpan"), "Start")).toBe("2030-01-15");
    expect(attr(child(stay, "TimeSpan"), "End")).toBe("2030-01-18");
    expect(
      children(child(stay, "GuestCounts"), "GuestCount").map((g) => [attr(g, "Count"), attr(g, "Age")]),
    ).toEqual([["2", undefined]]);
    const stored = (
      await database.query<{ total: number; nightly: number[] }>(sql`
        select rr.total_minor as total, rr.nightly_minor as nightly from reservation_room rr
        join reservation r on r.id = rr.reservation_id where r.code = ${code}`)
    )[0];
    // Minor units as the XML's decimal amounts, from the read model.
    expect(attr(child(stay, "Total"), "AmountAfterTax")).toBe(((stored?.total ?? 0) / 100).toFixed(2));
    const rates = children(child(child(child(stay, "RoomRates"), "RoomRate"), "Rates"), "Rate");
    const nights = rates.reduce((n, r) => n + Number(attr(r, "UnitMultiplier")), 0);
    expect(nights).toBe(3);
    expect(attr(child(rates[0], "Base"), "AmountAfterTax")).toBe(
      ((stored?.nightly[0] ?? 0) / 100).toFixed(2),
    );
    const customer = child(
      child(child(child(child(node, "ResGuests"), "ResGuest"), "Profiles"), "ProfileInfo"),
      "Profile",
    );
    expect(child(child(customer, "Customer"), "PersonName")).toBeDefined();
    expect(attr(child(child(node, "ResGlobalInfo"), "BasicPropertyInfo"), "HotelCode")).toBe("ALPHA");

    // Read again without acknowledging (a PMS that crashed): it is still there.
    expect((await read()).map((d) => d.id)).toEqual([code]);
    const acked = await ack(first);
    expect(acked).toContain("<Success/>");
    expect(acked).not.toContain("<Warning");
    expect(await read()).toEqual([]);
  });

  it("delivers a modification and then a cancellation after the acknowledgment again, with their status", async () => {
    const code = await book("20300201", "20300203");
    await ack(await read());
    const res = await app.inject({
      method: "PUT",
      url: `/api/backoffice/hotels/${hotelA}/reservations/${await idOf(code)}/property-note`,
      headers: owner.headers,
      payload: { note: "Late arrival noted" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const modified = await read();
    expect(modified.map((d) => [d.id, d.type, d.status])).toEqual([[code, "14", "Modify"]]);
    await ack(modified);
    expect(await read()).toEqual([]);

    const cancel = await app.inject({
      method: "POST",
      url: "/api/delete.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: { channel: 1, mail: "maria@example.test", reservation: code },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await read();
    expect(cancelled.map((d) => [d.id, d.type, d.status])).toEqual([[code, "15", "Cancelled"]]);
    await ack(cancelled);
    expect(await read()).toEqual([]);
  });

  it("a modification between the read and the acknowledgment is not lost", async () => {
    const code = await book("20300205", "20300206");
    const first = await read();
    await app.inject({
      method: "PUT",
      url: `/api/backoffice/hotels/${hotelA}/reservations/${await idOf(code)}/property-note`,
      headers: owner.headers,
      payload: { note: "Changed while the PMS was reading" },
    });
    await ack(first);
    expect((await read()).map((d) => [d.id, d.status])).toEqual([[code, "Modify"]]);
  });

  it("SelectionCriteria Start returns every request changed since, acknowledged or not", async () => {
    const code = await book("20300210", "20300212");
    await ack(await read());
    expect(await read()).toEqual([]);
    const since = await read("2000-01-01T00:00:00Z");
    expect(since.map((d) => d.id)).toContain(code);
    expect(since.find((d) => d.id === code)?.status).toBe("Reserved");
    // A Start after every change: nothing.
    expect(await read("2999-01-01T00:00:00Z")).toEqual([]);
  });

  it("each client gets and acknowledges its own: another client's acknowledgment hides nothing", async () => {
    const code = await book("20300215", "20300216");
    await ack(await read());
    expect(await read()).toEqual([]);
    expect((await read(undefined, OTHER)).map((d) => d.id)).toEqual([code]);
  });

  it("answers another hotel's HotelCode as unknown, with the standard's error", async () => {
    const body = await post({ action: "OTA_Read:GuestRequests", request: guestRequestsReadRequest("BETA") });
    expect(body).toContain('<Error Type="13">HotelCode BETA is unknown to this client</Error>');
    expect(body).not.toContain("<Success/>");
  });

  it("a room type and rate without the PMS's codes are still delivered, named in the additional info", async () => {
    const code = await book("20300220", "20300221", { roomId: suite.id, rateId: plain.id });
    const [delivered] = await read();
    expect(delivered?.id).toBe(code);
    const stay = child(child(delivered?.node, "RoomStays"), "RoomStay");
    expect(child(stay, "RoomTypes")).toBeUndefined();
    expect(attr(child(child(stay, "RatePlans"), "RatePlan"), "RatePlanCode")).toBeUndefined();
    expect(child(stay, "RoomRates")).toBeUndefined();
    const comments = children(child(child(delivered?.node, "ResGlobalInfo"), "Comments"), "Comment");
    expect(comments.map((c) => attr(c, "Name"))).toContain("additional info");
  });

  it("a trade booking (an option, holding its rooms) carries the agency as the travel agent profile and its commission", async () => {
    const code = await book("20300225", "20300227", { trade: true });
    const [delivered] = await read();
    expect(delivered?.id).toBe(code);
    const profile = child(
      child(child(child(delivered?.node, "ResGlobalInfo"), "Profiles"), "ProfileInfo"),
      "Profile",
    );
    expect(attr(profile, "ProfileType")).toBe("4");
    const company = child(profile, "CompanyInfo");
    expect(child(company, "CompanyName")?.["#text"]).toBe("Viaggi Test Srl");
    expect(child(company, "Email")?.["#text"]).toBe("booking@viaggi.test");
    const ratePlan = child(
      child(child(child(delivered?.node, "RoomStays"), "RoomStay"), "RatePlans"),
      "RatePlan",
    );
    expect(attr(child(ratePlan, "Commission"), "Percent")).toBe("10");
    const info = children(child(child(delivered?.node, "ResGlobalInfo"), "Comments"), "Comment").find(
      (c) => attr(c, "Name") === "additional info",
    );
    expect(child(info, "Text")?.["#text"]).toMatch(
      /Option until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(hotel time\)/,
    );
  });

  it("carries the extras as services of their room, the city tax and the payments due", async () => {
    const code = await book("20300310", "20300312", {
      rateId: deposit.id,
      overrides: {
        services: [{ serviceId: bikes.id, slot: 0, quantity: 2 }],
        payment: { method: "bank_transfer" },
      },
    });
    const [delivered] = await read();
    expect(delivered?.id).toBe(code);
    const services = children(child(delivered?.node, "Services"), "Service");
    const bike = services.find((s) => attr(s, "ID") === String(bikes.id));
    expect(attr(bike, "Quantity")).toBe("2");
    expect(child(child(child(bike, "ServiceDetails"), "ServiceDescription"), "Text")?.["#text"]).toBe(
      "E-bike rental",
    );
    const stay = child(child(delivered?.node, "RoomStays"), "RoomStay");
    expect(attr(child(child(stay, "ServiceRPHs"), "ServiceRPH"), "RPH")).toBe(attr(bike, "ServiceRPH"));
    expect(services.map((s) => attr(s, "ServiceCategoryCode"))).toContain("TOURISTTAX");
    const stored = (
      await database.query<{ amount: number }>(sql`
        select pd.amount_minor as amount from payment_due pd join reservation r on r.id = pd.reservation_id
        where r.code = ${code} order by pd.due_date, pd.id`)
    ).map((p) => (p.amount / 100).toFixed(2));
    const payments = children(
      child(child(delivered?.node, "ResGlobalInfo"), "DepositPayments"),
      "GuaranteePayment",
    );
    expect(payments.map((p) => attr(child(p, "AmountPercent"), "Amount"))).toEqual(stored);
    expect(stored.length).toBe(2);
  });

  it("delivers a guest's quote request as Requested", async () => {
    const email = "quote-guest@example.test";
    const res = await app.inject({
      method: "POST",
      url: MANAGE_PATHS.quote,
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: {
        channel: 1,
        hotel: hotelA,
        language: 2,
        arrival: "20300120",
        departure: "20300122",
        rooms: [{ adults: 2, ages: [], roomId: dbl.id, rateId: flex.id }],
        fullName: "Giulia Bianchi",
        email,
        emailConfirm: email,
        phone: "+39 333 7654321",
        message: "Possiamo arrivare tardi?",
        privacy: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const delivered = await read();
    expect(delivered.map((d) => [d.type, d.status])).toEqual([["14", "Requested"]]);
    expect(delivered[0]?.id).toMatch(/^Q\d+$/);
    const stay = child(child(delivered[0]?.node, "RoomStays"), "RoomStay");
    expect(attr(child(child(stay, "RoomTypes"), "RoomType"), "RoomTypeCode")).toBe("DBL");
    await ack(delivered);
    expect(await read()).toEqual([]);
  });

  it("answers an acknowledgment of an id never sent with the standard's warning, and acknowledges the rest", async () => {
    const code = await book("20300301", "20300302");
    const delivered = await read();
    const body = await ack([...delivered, { id: "NOSUCHRESERVATION" }]);
    expect(body).toContain("<Success/>");
    expect(body).toMatch(/<Warning Type="11" RecordID="NOSUCHRESERVATION">/);
    expect(await read()).toEqual([]);
    // Another client's delivery is not this client's: its ack of the code warns too until it was sent.
    const other = await ack([{ id: code }], OTHER);
    expect(other).toMatch(new RegExp(`<Warning Type="11" RecordID="${code}">`));
  });

  it("a request the PMS refuses (its Warning) is not sent again, and the refusal is in the audit entry", async () => {
    const code = await book("20300315", "20300316");
    expect((await read()).map((d) => d.id)).toEqual([code]);
    const body = await post({
      action: "OTA_NotifReport:GuestRequests",
      request: notifReportRequest([], [{ id: code, text: "Unable to process reservation" }]),
    });
    expect(body).toContain("<Success/>");
    expect(await read()).toEqual([]);
    const [entry] = await database.query<{ after: { refused: { id: string }[] } }>(sql`
      select after from audit_log where action = 'reservations.alpinebits_acknowledged'
        and entity_id = ${code}`);
    expect(entry?.after.refused).toEqual([{ id: code, text: "Unable to process reservation" }]);
  });

  it("writes an audit entry of the acknowledgment, actor alpinebits:<username>", async () => {
    const code = await book("20300305", "20300306");
    await ack(await read());
    const rows = await database.query<{ actor: string; action: string }>(sql`
      select actor, action from audit_log where action = 'reservations.alpinebits_acknowledged'
        and entity_id like ${`%${code}%`}`);
    expect(rows).toEqual([{ actor: `alpinebits:${USER}`, action: "reservations.alpinebits_acknowledged" }]);
  });
});
