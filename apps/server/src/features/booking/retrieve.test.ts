import { ReservationSchema } from "@alloggio/domain/contract/booking/retrieve";
import { createTestApp } from "@alloggio/test-kit/app";
import { aSandboxCardToken } from "@alloggio/test-kit/booking";
import {
  aPriceRange,
  aRatePlan,
  aRoomType,
  aService,
  aServiceCategory,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { RETRIEVE_PER_ADDRESS_PER_MINUTE } from "../../http/booking/routes";

// 10:00 UTC on 5 January 2030 (11:00 in Rome): the booking day is 20300105; stays from 10 to 12 January.
const clock = fixedClock("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const family = aRoomType({ maxOccupancy: 3, maxAdults: 2, maxChildren: 1 });
const flexible = aRatePlan({ freeCancellationDays: 3, mealPlan: "breakfast" });
const prepaid = aRatePlan({
  refundable: false,
  freeCancellationDays: undefined,
  payment: "prepaid",
  prepayment: [
    { timing: "immediate", days: 0, percent: 30 },
    { timing: "days_before_arrival", days: 2, percent: 70 },
  ],
});
const dining = aServiceCategory({ name: { en: "Dining", it: "Ristorazione" } });
const dinner = aService(dining, {
  name: { en: "Dinner", it: "Cena" },
  pricingBasis: "per_person",
  price: 30,
  needsDate: true,
  timeSlots: ["19:30", "21:00"],
});
const transfers = aServiceCategory({ name: { en: "Transfers", it: "Trasferimenti" } });
const airport = aService(transfers, {
  name: { en: "Airport transfer", it: "Transfer aeroporto" },
  pricingBasis: "per_unit",
  price: 80,
  needsDate: true,
  isTransfer: true,
});
const hotel = buildProperty({
  hotel: {
    phone: "+39 0464 123456",
    paymentGatewayKey: "sandbox",
    settings: {
      bankTransfer: { owner: "Hotel Aurora srl", iban: "IT60X0542811101000000123456", dueDays: 3 },
    },
    cityTax: 2,
  },
  roomTypes: [family],
  ratePlans: [flexible, prepaid],
  prices: [
    aPriceRange(family, flexible, { perAdults: { "1": 80, "2": 100, "3": 120 } }),
    aPriceRange(family, prepaid, { perAdults: { "1": 70, "2": 90, "3": 110 } }),
  ],
  serviceCategories: [dining, transfers],
  services: [dinner, airport],
});

type Body = Record<string, unknown>;
let keys = 0;
let addresses = 0;
/** Each request from its own client address unless told, so the per-address limit stays out of the way. */
const nextAddress = () => `10.1.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

function booking(overrides: Body = {}, room: Body = {}): Body {
  return {
    method: "confirm",
    hotel: hotel.hotel.id,
    channel: 1,
    language: 1,
    arrival: "20300110",
    departure: "20300112",
    rooms: [
      {
        slot: 0,
        roomId: family.id,
        rateId: flexible.id,
        adults: 2,
        ages: [],
        refundProtection: false,
        ...room,
      },
    ],
    booker: {
      fullname: "Maria Rossi",
      email: "Maria.Rossi@Example.test",
      emailConfirm: "Maria.Rossi@Example.test",
      phone: { dialCode: "+39", number: "3331234567" },
      country: "IT",
    },
    privacy: { marketing: false, report: false, profile: false, custom: [] },
    terms: { cancellationPolicy: true, generalTerms: true, dataProcessing: true },
    services: [],
    payment: { method: "pay_at_hotel" },
    ...overrides,
  };
}

async function book(body: Body): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    payload: body,
    headers: { "idempotency-key": `retrieve-test-${++keys}` },
  });
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().reservation.code;
}

async function retrieve(body: Body, remoteAddress = nextAddress()) {
  const res = await app.inject({ method: "POST", url: "/api/retrieve.do", payload: body, remoteAddress });
  return { status: res.statusCode, json: () => res.json(), body: res.body, headers: res.headers };
}

const cardToken = (number: string) => aSandboxCardToken(app, number);

const withoutRequestId = (body: { error: Record<string, unknown> }) => {
  const { requestId, ...rest } = body.error;
  expect(requestId).toEqual(expect.any(String));
  return rest;
};

let familyCode: string;
let italianCode: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  app = await createTestApp(database, clock.now);
  familyCode = await book(
    booking(
      {
        booker: {
          ...(booking().booker as Body),
          alternativeEmail: "luca@example.test",
          address: "Via Verdi 3",
          city: "Trento",
          cap: "38122",
          cf: "RSSMRA80A41L378X",
          note: "Late arrival, please keep the room",
          arrivalTime: "22:00",
        },
        invoice: { name: "Rossi srl", address: "Via Verdi 3", zip: "38122", city: "Trento", country: "IT" },
        services: [
          { serviceId: dinner.id, slot: 0, quantity: 2, date: "20300111", timeSlot: "21:00" },
          {
            serviceId: airport.id,
            quantity: 1,
            date: "20300110",
            transfer: { time: "14:05", placeCode: "VRN", transportNumber: "AZ 1234" },
          },
        ],
      },
      {
        ages: [6],
        guests: [
          { firstName: "Maria", lastName: "Rossi", type: "adult", sex: "female" },
          { firstName: "Luca", lastName: "Rossi", type: "adult", birthDate: "02/03/1979", sex: "male" },
          { firstName: "Sofia", lastName: "Rossi", type: "child", birthDate: "15/06/2023" },
        ],
      },
    ),
  );
  italianCode = await book(
    booking({ language: 2, services: [{ serviceId: dinner.id, slot: 0, quantity: 1, date: "20300110" }] }),
  );
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("retrieve.do", () => {
  it("answers the reservation as the voucher shows it, every field, in one statement (and the limits' two)", async () => {
    const before = database.statements.count;
    const res = await retrieve({
      channel: 1,
      code: familyCode.toLowerCase(),
      mail: " MARIA.rossi@example.TEST ",
    });
    expect(res.status, res.body).toBe(200);
    // The reservation in one; the per-address hit and the per-code read on the rate_limit table (ADR 0015).
    expect(database.statements.count - before).toBe(3);
    const reservation = res.json();
    expect(ReservationSchema.parse(reservation)).toEqual(reservation);
    for (const key of Object.keys(ReservationSchema.shape)) expect(reservation).toHaveProperty(key);
    expect(reservation).toMatchObject({
      code: familyCode,
      status: "confirmed",
      language: 1,
      hotel: {
        id: hotel.hotel.id,
        name: hotel.hotel.name,
        city: "Riva del Garda",
        country: "IT",
        address: "Via Roma 1",
        phone: "+39 0464 123456",
        email: hotel.hotel.email,
      },
      arrival: "20300110",
      departure: "20300112",
      nights: 2,
      booker: {
        fullname: "Maria Rossi",
        email: "Maria.Rossi@Example.test",
        alternativeEmail: "luca@example.test",
        phone: "+39 3331234567",
        address: "Via Verdi 3",
        city: "Trento",
        cap: "38122",
        country: "IT",
        cf: "RSSMRA80A41L378X",
        note: "Late arrival, please keep the room",
        arrivalTime: "22:00",
      },
      invoice: {
        name: "Rossi srl",
        address: "Via Verdi 3",
        zip: "38122",
        city: "Trento",
        country: "IT",
        vat: null,
        sdi: null,
      },
      extra: [
        {
          serviceId: airport.id,
          name: "Airport transfer",
          price: 80,
          quantity: 1,
          date: "20300110",
          timeSlot: null,
          transfer: { time: "14:05", placeCode: "VRN", transportNumber: "AZ 1234", note: null },
        },
      ],
      servicesTotal: 80 + 2 * 30,
      cityTax: 2 * 2 * 2,
      refundProtection: 0,
      currency: "EUR",
      prepayments: [],
      policy: { refundable: true, freeUntil: "20300107" },
      paymentMethod: "pay_at_hotel",
      bankTransfer: null,
      cardLast4: null,
      notes: { guest: "Late arrival, please keep the room", property: null },
      customerMail: "maria.rossi@example.test",
      gateway: null,
      promoCode: null,
      optionExpiresAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const [room] = reservation.rooms;
    expect(reservation.rooms).toHaveLength(1);
    expect(room).toMatchObject({
      id: family.id,
      name: `Double room ${family.id}`,
      status: "A",
      adults: 2,
      children: [6],
      rateId: flexible.id,
      rateName: `Flexible rate ${flexible.id}`,
      mealPlan: "breakfast",
      refundProtection: false,
      extra: [
        {
          serviceId: dinner.id,
          name: "Dinner",
          price: 60,
          quantity: 2,
          date: "20300111",
          timeSlot: "21:00",
          transfer: null,
        },
      ],
      guests: [
        { firstName: "Maria", lastName: "Rossi", type: "adult", birthDate: null, sex: "female" },
        { firstName: "Luca", lastName: "Rossi", type: "adult", birthDate: "02/03/1979", sex: "male" },
        { firstName: "Sofia", lastName: "Rossi", type: "child", birthDate: "15/06/2023", sex: null },
      ],
    });
    // Without age groups the child is the room's third guest: the price for three.
    expect(room.nightly).toEqual([
      { date: "20300110", price: 120 },
      { date: "20300111", price: 120 },
    ]);
    expect(room.roomTotal).toBe(240);
    expect(reservation.roomTotal).toBe(240);
    // City tax is paid at the hotel, outside the total.
    expect(reservation.total).toBe(240 + 140);
  });

  it("names rooms, rates and services in the reservation's language, or in the language asked", async () => {
    const italian = await retrieve({ channel: 1, code: italianCode, mail: "maria.rossi@example.test" });
    expect(italian.status, italian.body).toBe(200);
    expect(italian.json()).toMatchObject({
      language: 2,
      rooms: [
        {
          name: `Camera doppia ${family.id}`,
          rateName: `Tariffa flessibile ${flexible.id}`,
          extra: [{ name: "Cena", date: "20300110", timeSlot: null, quantity: 1, price: 30 }],
        },
      ],
    });
    const english = await retrieve({
      channel: 1,
      code: italianCode,
      mail: "maria.rossi@example.test",
      language: 1,
    });
    expect(english.json().rooms[0]).toMatchObject({
      name: `Double room ${family.id}`,
      rateName: `Flexible rate ${flexible.id}`,
      extra: [{ name: "Dinner" }],
    });
    // German has no names here: English is the fallback.
    const german = await retrieve({
      channel: 1,
      code: familyCode,
      mail: "maria.rossi@example.test",
      language: 3,
    });
    expect(german.json().rooms[0].name).toBe(`Double room ${family.id}`);
  });

  it("shows a bank transfer's owner, IBAN and due date, and the prepayment schedule", async () => {
    const code = await book(
      booking(
        { payment: { method: "bank_transfer" }, arrival: "20300120", departure: "20300122" },
        { rateId: prepaid.id },
      ),
    );
    const res = await retrieve({ channel: 1, code, mail: "maria.rossi@example.test" });
    expect(res.status, res.body).toBe(200);
    const reservation = res.json();
    // Fixed when booking, by the app's clock: booked on 5 January in Rome, three days to pay.
    expect(reservation).toMatchObject({
      paymentMethod: "bank_transfer",
      bankTransfer: {
        owner: "Hotel Aurora srl",
        iban: "IT60X0542811101000000123456",
        bic: null,
        reference: code,
        dueDate: "20300108",
      },
      policy: { refundable: false, freeUntil: null },
      gateway: null,
      cardLast4: null,
      total: 180,
    });
    expect(
      reservation.prepayments.map((p: { date: string; amount: number }) => ({
        date: p.date,
        amount: p.amount,
      })),
    ).toEqual([
      // Due on booking, paid by transfer: the hotel's three days, the bank box's date (one rule).
      { date: "20300108", amount: 54 },
      { date: "20300118", amount: 126 },
    ]);
  });

  it("shows the card's last four digits, the gateway and the prepayment schedule", async () => {
    const card = await cardToken("4242424242424242");
    const code = await book(
      booking(
        {
          payment: { method: "card_payment", cardToken: card.token, cardLast4: card.last4 },
          arrival: "20300125",
          departure: "20300127",
        },
        { rateId: prepaid.id },
      ),
    );
    const res = await retrieve({ channel: 1, code, mail: "maria.rossi@example.test" });
    expect(res.json()).toMatchObject({
      status: "confirmed",
      paymentMethod: "card_payment",
      cardLast4: "4242",
      gateway: "sandbox",
      bankTransfer: null,
      prepayments: [
        // What is settled when paying follows the database's clock; the test's clock is years ahead of it.
        { date: "20300105", amount: 54, status: expect.stringMatching(/^(paid|due)$/) },
        { date: "20300123", amount: 126, status: "due" },
      ],
    });
  });

  it("gives the same answer for a wrong code, a wrong e-mail and a wrong channel", async () => {
    const unknownCode = familyCode.startsWith("0") ? `1${familyCode.slice(1)}` : `0${familyCode.slice(1)}`;
    const answers = await Promise.all([
      retrieve({ channel: 1, code: unknownCode, mail: "maria.rossi@example.test" }),
      retrieve({ channel: 1, code: familyCode, mail: "someone.else@example.test" }),
      retrieve({ channel: 2, code: familyCode, mail: "maria.rossi@example.test" }),
    ]);
    for (const a of answers) expect(a.status).toBe(404);
    const bodies = answers.map((a) => withoutRequestId(a.json()));
    expect(bodies[0]).toEqual({
      code: "reservation_not_found",
      message: "Reservation not found: check the details",
      details: [{ field: "reservation", message: "check the details" }],
    });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it.each([
    ["a code with a U", { channel: 1, code: "041061050R3GG28U", mail: "a@b.it" }, "code"],
    ["no e-mail", { channel: 1, code: "041061050R3GG28A", mail: "" }, "mail"],
    ["no channel", { code: "041061050R3GG28A", mail: "a@b.it" }, "channel"],
    [
      "a language out of range",
      { channel: 1, code: "041061050R3GG28A", mail: "a@b.it", language: 12 },
      "language",
    ],
  ])("refuses %s, naming the field", async (_name, body, field) => {
    const res = await retrieve(body);
    expect(res.status).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it(`limits one client address to ${RETRIEVE_PER_ADDRESS_PER_MINUTE} tries a minute, with our error shape`, async () => {
    const address = "192.0.2.10";
    const tries = [];
    // Other codes each time, so that the per-code limit plays no part.
    for (let i = 0; i < RETRIEVE_PER_ADDRESS_PER_MINUTE; i++)
      tries.push(
        await retrieve(
          { channel: 1, code: `ZZZZZZZZZZZZZZ${String(i).padStart(2, "0")}`, mail: "x@example.test" },
          address,
        ),
      );
    expect(tries.map((t) => t.status)).toEqual(Array(RETRIEVE_PER_ADDRESS_PER_MINUTE).fill(404));
    const limited = await retrieve(
      { channel: 1, code: familyCode, mail: "maria.rossi@example.test" },
      address,
    );
    expect(limited.status).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: "rate_limited",
      details: [{ field: "request", message: expect.stringMatching(/retry in/) }],
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not limited.
    const other = await retrieve({ channel: 1, code: familyCode, mail: "maria.rossi@example.test" });
    expect(other.status).toBe(200);
  });

  it("limits one code to 20 failed tries an hour from any address, then refuses even the right e-mail", async () => {
    const code = await book(booking({ arrival: "20300201", departure: "20300202" }));
    for (let i = 0; i < 20; i++) {
      const miss = await retrieve({ channel: 1, code, mail: `guess${i}@example.test` });
      expect(miss.status).toBe(404);
    }
    const right = await retrieve({ channel: 1, code, mail: "maria.rossi@example.test" });
    expect(right.status).toBe(429);
    expect(right.json().error).toMatchObject({ code: "rate_limited", details: [{ field: "request" }] });
    // Other codes are not affected.
    expect((await retrieve({ channel: 1, code: familyCode, mail: "maria.rossi@example.test" })).status).toBe(
      200,
    );
  });

  it("is documented in OpenAPI with its errors, beside serviceAvail.do", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const retrieveDoc = doc.paths["/api/retrieve.do"].post;
    expect(retrieveDoc.tags).toEqual(["booking"]);
    expect(Object.keys(retrieveDoc.responses)).toEqual(["200", "400", "404", "429"]);
    const serviceDoc = doc.paths["/api/serviceAvail.do"].get;
    expect(serviceDoc.tags).toEqual(["booking"]);
    expect(serviceDoc.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["rate", "room", "arrival", "departure", "adults", "ages"]),
    );
  });
});
