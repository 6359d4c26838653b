import { formatOverride } from "@alloggio/domain/pricing/overrides";
import { createTestApp, TEST_OVERRIDE_SECRET } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey, aSandboxCardToken } from "@alloggio/test-kit/booking";
import {
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  aService,
  aServiceCategory,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { startTestSmtpServer, type TestSmtpServer } from "@alloggio/test-kit/mail";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { HOLD_MINUTES, releaseAbandonedHolds } from "../booking";
import { createSmtpTransport } from "../mail/transport";
import { createPaymentGateways, createSandboxGateway } from "../payments";
import { signOverrideText } from "../search/overrides";
import { deliverDueMail } from "../voucher-pdf";
import { createHotelApiKey } from "./api-key";

let clock = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;
let smtp: TestSmtpServer;

const double = aRoomType({ name: { en: "Lake double", de: "Doppelzimmer Seeblick" }, maxAdults: 2 });
const suite = aRoomType({ name: { en: "Tower suite" }, maxAdults: 3, maxOccupancy: 4 });
const last = aRoomType({ name: { en: "Attic room" }, maxAdults: 2 });
const atHotel = aRatePlan({ name: { en: "Flexible" } });
const prepaid = aRatePlan({
  name: { en: "Prepaid" },
  refundable: false,
  freeCancellationDays: undefined,
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
const extras = aServiceCategory();
const boat = aService(extras, { name: { en: "Boat tour" }, pricingBasis: "per_unit", price: 15 });
const hotel = buildProperty({
  hotel: { name: "Hotel Conferma", email: "desk@conferma.example.test" },
  roomTypes: [double, suite, last],
  ratePlans: [atHotel, prepaid],
  serviceCategories: [extras],
  services: [boat],
  prices: [double, suite, last].flatMap((room) =>
    [atHotel, prepaid].map((rate) => aPriceRange(room, rate, { adults: 3 })),
  ),
  inventory: [
    anInventoryRange(double, { allotment: 5 }),
    anInventoryRange(suite, { allotment: 5 }),
    anInventoryRange(last, { allotment: 1 }),
  ],
});
const other = buildProperty({});
// A hotel whose bookings need a service of a mandatory category (a final cleaning).
const cleaning = aServiceCategory({ mandatory: true });
const finalCleaning = aService(cleaning, { pricingBasis: "per_stay", price: 40 });
const strictRoom = aRoomType();
const strictRate = aRatePlan();
const strict = buildProperty({
  roomTypes: [strictRoom],
  ratePlans: [strictRate],
  serviceCategories: [cleaning],
  services: [finalCleaning],
});
let key: string;
let strictKey: string;

let addresses = 0;
const anAddress = () => `10.8.${Math.floor(++addresses / 250)}.${addresses % 250}`;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  await seedProperty(database, other);
  await seedProperty(database, strict);
  app = await createTestApp(database, () => clock);
  smtp = await startTestSmtpServer();
  key = (await createHotelApiKey(database.db, hotel.hotel.id, "PMS")).key;
  strictKey = (await createHotelApiKey(database.db, strict.hotel.id, "PMS")).key;
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

let recipients = 0;
function anOffer(overrides: Record<string, unknown> = {}) {
  return {
    hotel: hotel.hotel.id,
    channel: 1,
    recipient: { name: "Anna Weber", email: `anna${++recipients}@example.test`, language: 1 },
    arrival: "20300210",
    departure: "20300214",
    options: [
      {
        title: "Lake view",
        rooms: [{ roomId: double.id, rateId: atHotel.id, adults: 2, ages: [], priceMinor: 48000 }],
        services: [{ serviceId: boat.id, quantity: 2, priceMinor: 0 }],
      },
      {
        title: "Suite",
        rooms: [{ roomId: suite.id, rateId: atHotel.id, adults: 2, ages: [], priceMinor: 72000 }],
      },
    ],
    expiresAt: "2030-01-12T18:00:00+01:00",
    ...overrides,
  };
}

/** A new offer, unlocked: its code, recipient and the access cookie. */
async function anUnlockedOffer(overrides: Record<string, unknown> = {}) {
  const body = anOffer(overrides);
  const created = await app.inject({
    method: "POST",
    url: "/api/v2/offers/create",
    headers: { authorization: `Bearer ${key}`, "idempotency-key": anIdempotencyKey() },
    payload: body,
  });
  expect(created.statusCode, created.body).toBe(200);
  const code = created.json().offerCode as string;
  const unlocked = await app.inject({
    method: "POST",
    url: `/api/v2/offers/${code}/unlock`,
    payload: { email: body.recipient.email },
    remoteAddress: anAddress(),
  });
  expect(unlocked.statusCode, unlocked.body).toBe(200);
  const cookie = unlocked.cookies.find((c) => c.name === "alloggio_offer")!;
  return { code, email: body.recipient.email, cookie: `alloggio_offer=${cookie.value}` };
}

const booker = (email: string) => ({
  fullname: "Anna Weber",
  email,
  emailConfirm: email,
  phone: { dialCode: "+49", number: "1701234567" },
  country: "DE",
});

function confirmBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    option: 1,
    booker: booker(email),
    privacy: { marketing: false, report: false, profile: false, custom: [] },
    terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
    payment: { method: "pay_at_hotel" },
    ...overrides,
  };
}

function confirm(
  code: string,
  body: unknown,
  cookie: string,
  idempotencyKey: string | null = anIdempotencyKey(),
) {
  const headers: Record<string, string> = { cookie };
  if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
  return app.inject({
    method: "POST",
    url: `/api/v2/offers/${code}/confirm`,
    headers,
    payload: body as object,
    remoteAddress: anAddress(),
  });
}

function payment(code: string, position: number, cookie: string) {
  return app.inject({
    method: "GET",
    url: `/api/v2/offers/${code}/options/${position}/payment`,
    headers: { cookie },
    remoteAddress: anAddress(),
  });
}

const cro = (code: string) =>
  app.inject({ method: "GET", url: `/api/v2/cro/${code}`, remoteAddress: anAddress() });

async function offerRow(code: string) {
  const [row] = await database.query<{
    state: string;
    reservationCode: string | null;
    option: number | null;
    history: string[];
  }>(sql`select o.state, r.code as "reservationCode", op.position as option,
      array(select h.action from offer_history h where h.offer_id = o.id order by h.id) as history
    from offer o left join reservation r on r.id = o.reservation_id
    left join offer_option op on op.id = o.confirmed_option_id where o.code = ${code}`);
  return row!;
}

/** Rooms sold of a type over the offer's nights (10–13 February 2030). */
async function sold(roomTypeId: number) {
  const [row] = await database.query<{ n: number }>(sql`select coalesce(sum(sold), 0)::int as n from inventory
    where room_type_id = ${roomTypeId} and day between '2030-02-10' and '2030-02-13'`);
  return row!.n;
}

describe("GET /api/v2/offers/:offerCode/options/:position/payment", () => {
  it("prices the option exactly as guestdata.do checkPrepaid prices the same booking at the held prices", async () => {
    const { code, cookie } = await anUnlockedOffer({
      options: [
        {
          rooms: [{ roomId: double.id, rateId: prepaid.id, adults: 2, ages: [], priceMinor: 48000 }],
          // The catalogue's price (2 × 15.00): the guestdata.do booking below charges the same.
          services: [{ serviceId: boat.id, quantity: 2, priceMinor: 3000 }],
        },
      ],
    });
    const res = await payment(code, 1, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const signed = formatOverride({
      roomId: double.id,
      rateId: prepaid.id,
      arrival: "20300210",
      departure: "20300214",
      total: 480,
    });
    const check = await app.inject({
      method: "POST",
      url: "/api/guestdata.do",
      payload: aBookingRequest(
        {
          hotel: hotel.hotel.id,
          roomId: double.id,
          rateId: prepaid.id,
          arrival: "20300210",
          departure: "20300214",
        },
        {
          checkPrepaid: 1,
          hpcc: `${signed}~${signOverrideText(TEST_OVERRIDE_SECRET, signed)}`,
          services: [{ serviceId: boat.id, quantity: 2 }],
        },
      ),
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(res.json()).toEqual(check.json());
    expect(res.json()).toMatchObject({ roomsTotal: 480, servicesTotal: 30, dueNow: res.json().total });
  });

  it("keeps the held price of a service (a gift: 0) and of each room, whatever the catalogue says", async () => {
    const { code, cookie } = await anUnlockedOffer();
    const res = await payment(code, 1, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ roomsTotal: 480, servicesTotal: 0, dueNow: 0 });
    expect(res.json().paymentMethods).toContain("pay_at_hotel");
    expect((await payment(code, 2, cookie)).json().roomsTotal).toBe(720);
  });

  it("needs the access cookie; an unknown option is a 400 naming it", async () => {
    const { code, cookie } = await anUnlockedOffer();
    const without = await payment(code, 1, "");
    expect(without.statusCode).toBe(401);
    expect(without.json().error.code).toBe("offer_unlock_required");
    const unknown = await payment(code, 3, cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].field).toBe("position");
    expect((await payment(code, 9, cookie)).statusCode).toBe(400);
  });
});

describe("POST /api/v2/offers/:offerCode/confirm", () => {
  it("books the option: reservation, inventory taken, offer confirmed with history, the hotel mailed", async () => {
    const { code, email, cookie } = await anUnlockedOffer();
    const before = await sold(double.id);
    const res = await confirm(code, confirmBody(email), cookie);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      next: "voucher",
      reservation: { status: "confirmed", total: 480, currency: "EUR", email },
    });
    expect(await sold(double.id)).toBe(before + 4);
    const row = await offerRow(code);
    expect(row).toEqual({
      state: "confirmed",
      reservationCode: answer.reservation.code,
      option: 1,
      history: ["created", "unlocked", "confirmed"],
    });
    const [reservation] = await database.query<{ rooms: number; services: number; price: number }>(sql`
      select (select count(*)::int from reservation_room rr where rr.reservation_id = r.id) as rooms,
        (select count(*)::int from reservation_service rs where rs.reservation_id = r.id) as services,
        (select sum(rs.price_minor)::int from reservation_service rs where rs.reservation_id = r.id) as price
      from reservation r where r.code = ${answer.reservation.code}`);
    expect(reservation).toEqual({ rooms: 1, services: 1, price: 0 });
    // The recipient's view carries the reservation (its /cro page), in any browser with the access cookie.
    const view = await app.inject({
      method: "GET",
      url: `/api/v2/offers/${code}`,
      remoteAddress: anAddress(),
      headers: { cookie },
    });
    expect(view.json().offer.reservation).toEqual({ code: answer.reservation.code, option: 1 });

    await deliverDueMail(database, createSmtpTransport(smtp.url), clock, 100);
    const notice = smtp.received.find(
      (m) => m.subject === `Offer ${code} confirmed by Anna Weber: reservation ${answer.reservation.code}`,
    );
    expect(notice, "the hotel's notice").toBeDefined();
    expect(notice!.envelopeTo).toEqual(["desk@conferma.example.test"]);
    expect(notice!.text).toContain("Lake view");
    // The recipient gets the booking's own mails through the workflow.
    expect(smtp.received.some((m) => m.envelopeTo.includes(email))).toBe(true);

    // A second confirmation of the confirmed offer is refused.
    const again = await confirm(code, confirmBody(email, { option: 2 }), cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("offer_closed");
  });

  it("needs the unlock: no cookie 401, another offer's cookie 401, an unknown code 404", async () => {
    const { code, email } = await anUnlockedOffer();
    const otherOffer = await anUnlockedOffer();
    const none = await confirm(code, confirmBody(email), "");
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe("offer_unlock_required");
    expect((await confirm(code, confirmBody(email), otherOffer.cookie)).statusCode).toBe(401);
    const unknown = await confirm("ZZZZZZZZZZZZZZZZ", confirmBody(email), otherOffer.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("offer_not_found");
    expect((await offerRow(code)).state).toBe("unlocked");
  });

  it("refuses a rejected offer (409 offer_closed) and an offer past its expiry by the clock (409 offer_expired)", async () => {
    const rejected = await anUnlockedOffer();
    await app.inject({
      method: "POST",
      url: `/api/v2/offers/${rejected.code}/reject`,
      headers: { cookie: rejected.cookie },
      payload: { reason: "Too far" },
      remoteAddress: anAddress(),
    });
    const closed = await confirm(rejected.code, confirmBody(rejected.email), rejected.cookie);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe("offer_closed");

    const soon = await anUnlockedOffer({ expiresAt: "2030-01-05T10:30:00Z" });
    const before = await sold(double.id);
    clock = new Date("2030-01-05T10:31:00Z");
    try {
      const expired = await confirm(soon.code, confirmBody(soon.email), soon.cookie);
      expect(expired.statusCode).toBe(409);
      expect(expired.json().error.code).toBe("offer_expired");
      expect((await payment(soon.code, 1, soon.cookie)).json().error.code).toBe("offer_expired");
    } finally {
      clock = new Date("2030-01-05T10:00:00Z");
    }
    expect(await sold(double.id)).toBe(before);
    const [{ n }] = (await database.query<{ n: number }>(
      sql`select count(*)::int as n from reservation where email = ${soon.email}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it("validates the body (400 naming the field) and needs an Idempotency-Key", async () => {
    const { code, email, cookie } = await anUnlockedOffer();
    const noKey = await confirm(code, confirmBody(email), cookie, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.code).toBe("idempotency_key_required");
    const badOption = await confirm(code, confirmBody(email, { option: 3 }), cookie);
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json().error.details[0].field).toBe("option");
    const noTerms = await confirm(
      code,
      confirmBody(email, { terms: { cancellationPolicy: false, generalTerms: true, dataProcessing: true } }),
      cookie,
    );
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().error.details[0].field).toBe("terms.cancellationPolicy");
    expect((await offerRow(code)).state).toBe("unlocked");
  });

  it("is idempotent: a replay gets the same answer and books once", async () => {
    const { code, email, cookie } = await anUnlockedOffer();
    const idempotencyKey = anIdempotencyKey();
    const first = await confirm(code, confirmBody(email), cookie, idempotencyKey);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await confirm(code, confirmBody(email), cookie, idempotencyKey);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const [{ n }] = (await database.query<{ n: number }>(
      sql`select count(*)::int as n from reservation where email = ${email}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("THE RACE: two tabs confirm two options at once → one reservation, one 409, inventory taken once", async () => {
    const { code, email, cookie } = await anUnlockedOffer();
    const before = { double: await sold(double.id), suite: await sold(suite.id) };
    const answers = await Promise.all([
      confirm(code, confirmBody(email, { option: 1 }), cookie),
      confirm(code, confirmBody(email, { option: 2 }), cookie),
    ]);
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.json().error.code).toBe("offer_closed");
    const reservations = await database.query<{ code: string; status: string }>(
      sql`select code, status from reservation where email = ${email}`,
    );
    expect(reservations).toEqual([{ code: ok[0]!.json().reservation.code, status: "confirmed" }]);
    const after = { double: await sold(double.id), suite: await sold(suite.id) };
    // Four nights of one room, of the option that won.
    expect(after.double - before.double + after.suite - before.suite).toBe(4);
    const row = await offerRow(code);
    expect(row.state).toBe("confirmed");
    expect(row.reservationCode).toBe(reservations[0]!.code);
    expect(row.history.filter((h) => h === "confirmed")).toHaveLength(1);
  });

  it("rooms gone: 409 offer_unavailable, the offer becomes no longer available, nothing booked", async () => {
    const { code, email, cookie } = await anUnlockedOffer({
      arrival: "20300301",
      departure: "20300303",
      options: [{ rooms: [{ roomId: last.id, rateId: atHotel.id, adults: 2, ages: [], priceMinor: 30000 }] }],
    });
    // Someone else books the last room meanwhile.
    const taken = await app.inject({
      method: "POST",
      url: "/api/guestdata.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: aBookingRequest({
        hotel: hotel.hotel.id,
        roomId: last.id,
        rateId: atHotel.id,
        arrival: "20300301",
        departure: "20300303",
      }),
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const res = await confirm(code, confirmBody(email), cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("offer_unavailable");
    const row = await offerRow(code);
    expect(row).toMatchObject({ state: "unavailable", reservationCode: null });
    expect(row.history.at(-1)).toBe("unavailable");
    const [{ n }] = (await database.query<{ n: number }>(
      sql`select count(*)::int as n from reservation where email = ${email}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
    const view = await app.inject({
      method: "GET",
      url: `/api/v2/offers/${code}`,
      remoteAddress: anAddress(),
    });
    expect(view.json().state).toBe("unavailable");
  });

  it("rooms gone at the last moment (the inventory update fails): offer unavailable, the booking rolled back", async () => {
    const { code, cookie } = await anUnlockedOffer({
      arrival: "20300305",
      departure: "20300306",
      options: [{ rooms: [{ roomId: last.id, rateId: atHotel.id, adults: 2, ages: [], priceMinor: 30000 }] }],
    });
    // Another booking takes the night after this one was priced, before its inventory update: a trigger on this
    // booking's own insert sells the night out in the same transaction (and goes when it rolls back).
    await database.query(
      sql.raw(`
      create or replace function sell_out_for_test() returns trigger language plpgsql as $$
      begin
        if new.email = 'late@example.test' then
          update inventory set sold = allotment where room_type_id = ${last.id} and day = '2030-03-05';
        end if;
        return new;
      end $$`),
    );
    await database.query(
      sql.raw(`create trigger sell_out_for_test after insert on reservation
        for each row execute function sell_out_for_test()`),
    );
    try {
      const res = await confirm(code, confirmBody("late@example.test"), cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("offer_unavailable");
    } finally {
      await database.query(sql.raw("drop trigger sell_out_for_test on reservation"));
    }
    const row = await offerRow(code);
    expect(row).toMatchObject({ state: "unavailable", reservationCode: null });
    expect(row.history).toEqual(["created", "unlocked", "unavailable"]);
    const [{ n, sold: night }] = (await database.query<{ n: number; sold: number }>(sql`
      select (select count(*)::int from reservation where email = 'late@example.test') as n,
        (select sold from inventory where room_type_id = ${last.id} and day = '2030-03-05') as sold`)) as [
      { n: number; sold: number },
    ];
    expect({ n, night }).toEqual({ n: 0, night: 0 });
  });

  it("a declined card cancels the booking, gives the rooms back and opens the offer again; another card books", async () => {
    const { code, email, cookie } = await anUnlockedOffer({
      options: [
        { rooms: [{ roomId: double.id, rateId: prepaid.id, adults: 2, ages: [], priceMinor: 48000 }] },
      ],
    });
    const before = await sold(double.id);
    const declined = await aSandboxCardToken(app, "4000000000000002");
    const res = await confirm(
      code,
      confirmBody(email, {
        payment: { method: "card_payment", cardToken: declined.token, cardLast4: declined.last4 },
      }),
      cookie,
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe("card_declined");
    expect(await sold(double.id)).toBe(before);
    const row = await offerRow(code);
    expect(row).toMatchObject({ state: "unlocked", reservationCode: null, option: null });
    expect(row.history.slice(-2)).toEqual(["confirmed", "payment_failed"]);
    const [cancelled] = await database.query<{ status: string }>(
      sql`select status from reservation where email = ${email}`,
    );
    expect(cancelled!.status).toBe("cancelled");

    const good = await aSandboxCardToken(app);
    const retry = await confirm(
      code,
      confirmBody(email, {
        payment: { method: "card_payment", cardToken: good.token, cardLast4: good.last4 },
      }),
      cookie,
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().reservation.status).toBe("confirmed");
    expect(await sold(double.id)).toBe(before + 4);
    expect((await offerRow(code)).state).toBe("confirmed");
  });

  it("a 3-D Secure challenge leaves it confirmed with a waiting reservation; a failed challenge opens it again", async () => {
    const { code, email, cookie } = await anUnlockedOffer({
      options: [
        { rooms: [{ roomId: double.id, rateId: prepaid.id, adults: 2, ages: [], priceMinor: 48000 }] },
      ],
    });
    const card = await aSandboxCardToken(app, "4000000000003220");
    const res = await confirm(
      code,
      confirmBody(email, {
        payment: { method: "card_payment", cardToken: card.token, cardLast4: card.last4 },
      }),
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { next, redirectUrl, reservation } = res.json();
    expect(next).toBe("3ds");
    expect(await offerRow(code)).toMatchObject({ state: "confirmed", reservationCode: reservation.code });
    expect((await cro(reservation.code)).json().reservation.status).toBe("payment_required");
    await app.inject({
      method: "POST",
      url: redirectUrl,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "outcome=fail",
    });
    const after = await app.inject({
      method: "POST",
      url: "/api/confirmPayment.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: { reservation: reservation.code, gateway: "sandbox" },
    });
    expect(after.json()).toEqual({ status: "cancelled", paid: false });
    expect(await offerRow(code)).toMatchObject({ state: "unlocked", reservationCode: null });
  });
});

describe("a payment abandoned on the gateway's page", () => {
  it("the timed job cancels the waiting reservation and opens the offer again", async () => {
    const { code, email, cookie } = await anUnlockedOffer({
      options: [
        { rooms: [{ roomId: double.id, rateId: prepaid.id, adults: 2, ages: [], priceMinor: 48000 }] },
      ],
    });
    const before = await sold(double.id);
    const card = await aSandboxCardToken(app, "4000000000003220");
    const res = await confirm(
      code,
      confirmBody(email, {
        payment: { method: "card_payment", cardToken: card.token, cardLast4: card.last4 },
      }),
      cookie,
    );
    expect(res.json().next).toBe("3ds");
    expect(await sold(double.id)).toBe(before + 4);
    const later = new Date(clock.getTime() + (HOLD_MINUTES + 1) * 60_000);
    const swept = await releaseAbandonedHolds(
      {
        database,
        now: () => later,
        overrideSecret: TEST_OVERRIDE_SECRET,
        gateways: createPaymentGateways(createSandboxGateway(database)),
      },
      "http://localhost",
    );
    expect(swept.released).toBeGreaterThanOrEqual(1);
    expect(await sold(double.id)).toBe(before);
    const row = await offerRow(code);
    expect(row).toMatchObject({ state: "unlocked", reservationCode: null });
    expect(row.history.at(-1)).toBe("payment_failed");
    const [details] = await database.query<{ reason: string }>(sql`select h.details->>'reason' as reason
      from offer_history h join offer o on o.id = h.offer_id where o.code = ${code} order by h.id desc limit 1`);
    expect(details!.reason).toBe("payment_abandoned");
  });
});

describe("an offer of a hotel with a mandatory service category", () => {
  const create = (services: unknown[]) =>
    app.inject({
      method: "POST",
      url: "/api/v2/offers/create",
      headers: { authorization: `Bearer ${strictKey}`, "idempotency-key": anIdempotencyKey() },
      payload: anOffer({
        hotel: strict.hotel.id,
        options: [
          {
            rooms: [{ roomId: strictRoom.id, rateId: strictRate.id, adults: 2, priceMinor: 30000 }],
            services,
          },
        ],
      }),
    });

  it("is refused without a service of the category (it could never be booked), accepted and priced with one", async () => {
    const without = await create([]);
    expect(without.statusCode).toBe(400);
    expect(without.json().error.details).toEqual([
      {
        field: "options.0.services",
        message: `needs a service of the hotel's mandatory category ${cleaning.id}`,
      },
    ]);
    const withIt = await create([{ serviceId: finalCleaning.id, quantity: 1, priceMinor: 2500 }]);
    expect(withIt.statusCode, withIt.body).toBe(200);
    const code = withIt.json().offerCode as string;
    const email = anOffer().recipient.email;
    await database.query(sql`update offer set email = ${email} where code = ${code}`);
    const unlocked = await app.inject({
      method: "POST",
      url: `/api/v2/offers/${code}/unlock`,
      payload: { email },
      remoteAddress: anAddress(),
    });
    const cookie = `alloggio_offer=${unlocked.cookies.find((c) => c.name === "alloggio_offer")!.value}`;
    const res = await payment(code, 1, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ roomsTotal: 300, servicesTotal: 25 });
  });
});

describe("GET /api/v2/cro/:reservationCode", () => {
  it("shows a reservation made from an offer: status and the option booked, the recipient's name only", async () => {
    const { code, email, cookie } = await anUnlockedOffer();
    const booked = (await confirm(code, confirmBody(email, { option: 2 }), cookie)).json();
    const reservationCode = booked.reservation.code as string;
    const typed = `${reservationCode.slice(0, 8).toLowerCase()}-${reservationCode.slice(8)}`;
    const res = await cro(typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      reservation: {
        code: reservationCode,
        status: "confirmed",
        arrival: "20300210",
        departure: "20300214",
        nights: 4,
        total: 720,
        currency: { code: "EUR", decimalDigits: 2 },
      },
      hotel: { id: hotel.hotel.id, name: "Hotel Conferma" },
      channel: 1,
      language: 1,
      recipient: { name: "Anna Weber" },
      offer: {
        code,
        state: "confirmed",
        option: 2,
        title: "Suite",
        rooms: [{ roomName: "Tower suite", rateName: "Flexible", adults: 2, ages: [], price: 720 }],
        services: [],
      },
    });
    expect(res.body).not.toContain(email);
    expect(res.body).not.toContain("1701234567");
  });

  it("any other code is 404 not_found: a reservation not made from an offer, an unknown and a malformed code", async () => {
    const plain = await app.inject({
      method: "POST",
      url: "/api/guestdata.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: aBookingRequest({
        hotel: hotel.hotel.id,
        roomId: double.id,
        rateId: atHotel.id,
        arrival: "20300220",
        departure: "20300222",
      }),
    });
    expect(plain.statusCode, plain.body).toBe(200);
    for (const code of [plain.json().reservation.code, "ZZZZZZZZZZZZZZZZ", "not-a-code"]) {
      const res = await cro(code);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
  });
});

describe("OpenAPI", () => {
  it("lists the payment, confirm and cro routes under offers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    const paths = res.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    expect(paths["/api/v2/offers/{offerCode}/options/{position}/payment"]?.get?.tags).toEqual(["offers"]);
    expect(paths["/api/v2/offers/{offerCode}/confirm"]?.post?.tags).toEqual(["offers"]);
    expect(paths["/api/v2/cro/{reservationCode}"]?.get?.tags).toEqual(["offers"]);
  });
});
