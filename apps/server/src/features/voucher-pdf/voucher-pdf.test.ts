import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { formatAmountFor } from "@alloggio/domain/money/format-amount";
import { formatMoney, toMinor } from "@alloggio/domain/money/money";
import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
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
import { readPdf } from "./pdf-test-kit";

// 10:00 UTC on 5 January 2030 (11:00 in Rome); the stay is 10 to 13 January.
const clock = fixedClock("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const room = aRoomType({
  name: { en: "Lake view double", it: "Doppia vista lago", zh: "湖景双人房", ja: "湖側ダブルルーム" },
  maxOccupancy: 3,
  maxAdults: 2,
  maxChildren: 1,
});
const rate = aRatePlan({
  name: { en: "Flexible with breakfast", zh: "含早餐灵活价" },
  mealPlan: "breakfast",
  freeCancellationDays: 3,
});
const extras = aServiceCategory({ name: { en: "Extras", zh: "附加服务" } });
const boat = aService(extras, { name: { en: "Boat tour", zh: "游船之旅" }, price: 15 });
const transfer = aService(extras, {
  name: { en: "Airport transfer", zh: "机场接送" },
  price: 80,
  needsDate: true,
  isTransfer: true,
});
const property = buildProperty({
  hotel: { name: "Hotel Lago & Spa", phone: "+39 0464 000000", cityTax: 2.5 },
  roomTypes: [room],
  ratePlans: [rate],
  prices: [aPriceRange(room, rate, { perAdults: { "1": 90, "2": 120, "3": 140 } })],
  serviceCategories: [extras],
  services: [boat, transfer],
});
const MAIL = "ada.lovelace@example.test";
let code: string;
let reservation: Reservation;
let addresses = 0;
/** Each request from its own client address unless told, so the per-address limit stays out of the way. */
const nextAddress = () => `10.7.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

async function download(body: Record<string, unknown>, remoteAddress = nextAddress()) {
  return app.inject({ method: "POST", url: "/api/voucher.pdf", payload: body, remoteAddress });
}

async function retrieve(body: Record<string, unknown>, remoteAddress = nextAddress()) {
  return app.inject({ method: "POST", url: "/api/retrieve.do", payload: body, remoteAddress });
}

const eur = (amount: number) =>
  formatMoney(toMinor(amount, 2), { code: "EUR", decimalDigits: 2, rounding: 0 });
const yuan = (amount: number) => formatAmountFor(amount, "EUR", 6);
const flat = (text: string) => text.replace(/\s+/g, " ");
const withoutRequestId = (body: { error: Record<string, unknown> }) => {
  const { requestId, ...rest } = body.error;
  return rest;
};

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, property);
  app = await createTestApp(database, clock.now);
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      {
        hotel: property.hotel.id,
        roomId: room.id,
        rateId: rate.id,
        arrival: "20300110",
        departure: "20300113",
      },
      {
        booker: {
          fullname: "Ada Lovelace",
          email: MAIL,
          emailConfirm: MAIL,
          phone: { dialCode: "+39", number: "3331234567" },
          country: "IT",
          note: "Late arrival, quiet room please",
          arrivalTime: "21:00",
        },
        services: [
          { serviceId: boat.id, slot: 0, quantity: 2 },
          {
            serviceId: transfer.id,
            quantity: 1,
            date: "20300110",
            transfer: { time: "14:05", placeCode: "VRN", transportNumber: "AZ 1234" },
          },
        ],
      },
      {
        ages: [6],
        guests: [
          { firstName: "Ada", lastName: "Lovelace", type: "adult" },
          { firstName: "王", lastName: "小明", type: "adult" },
          { firstName: "Byron", lastName: "King", type: "child" },
        ],
      },
    ),
  });
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  code = res.json().reservation.code;
  reservation = (await retrieve({ channel: 1, code, mail: MAIL })).json();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("POST /api/voucher.pdf", () => {
  it("answers a PDF attachment named after the hotel and the code, never cached nor referred", async () => {
    const res = await download({ channel: 1, code, mail: MAIL });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="Hotel-Lago-Spa-${code}.pdf"`);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.info).toMatchObject({
      Title: `Booking voucher ${code} – Hotel Lago & Spa`,
      Author: "Hotel Lago & Spa",
      Language: "en-GB",
    });
  });

  it("writes the voucher in the reservation's language: the stay, each room, services, totals, payment, terms", async () => {
    const { text } = await readPdf((await download({ channel: 1, code, mail: MAIL })).rawPayload);
    // The amounts are the read model's own (retrieve.do), formatted like the mails (SPEC §9).
    expect(reservation.rooms[0]?.roomTotal).toBe(3 * 140);
    for (const fact of [
      "Hotel Lago & Spa",
      "Via Roma 1, Riva del Garda, Italy",
      "+39 0464 000000",
      code,
      "Confirmed",
      "Arrival Thu, 10 January 2030",
      "Departure Sun, 13 January 2030",
      "3 nights",
      "from 14:00 to 22:00",
      "by 10:30",
      "Expected arrival time 21:00",
      "Ada Lovelace",
      MAIL,
      `Room 1: Lake view double ${eur(reservation.rooms[0]!.roomTotal)}`,
      "Flexible with breakfast",
      "Breakfast included",
      "2 adults, 1 child (age 6)",
      "Ada Lovelace, 王 小明, Byron King",
      `Thu, 10 January 2030 ${eur(140)}`,
      `Sat, 12 January 2030 ${eur(140)}`,
      "Services for this room",
      `Boat tour`,
      eur(reservation.rooms[0]!.extra[0]!.price),
      "Services for the whole stay",
      "Airport transfer (AZ 1234, 14:05, VRN)",
      `Rooms ${eur(reservation.roomTotal)}`,
      `Extra services ${eur(reservation.servicesTotal)}`,
      `Total ${eur(reservation.total)}`,
      `City tax ${eur(reservation.cityTax)} (to be paid at the hotel; ${eur(2.5)} per person per night)`,
      "Payment method Pay at the hotel",
      "No prepayment: you pay at the hotel.",
      "Free cancellation until Mon, 7 January 2030",
      "Late arrival, quiet room please",
      "Generated on 5 January 2030 at 11:00 (hotel time)",
      "Page 1 of",
    ])
      expect(text).toContain(flat(fact));
    // Booked when the database's clock says; generated when the app's clock says.
    expect(text).toMatch(/Booked on \d{1,2} \w+ \d{4} at \d\d:\d\d/);
  });

  it("writes Chinese when asked, every glyph drawn and read back", async () => {
    const res = await download({ channel: 1, code, mail: MAIL, language: 6 });
    expect(res.statusCode).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.info).toMatchObject({ Language: "zh-CN", Title: `预订凭证 ${code} – Hotel Lago & Spa` });
    for (const fact of [
      "预订凭证",
      "预订编号",
      code,
      "已确认",
      "入住日期 2030年1月10日周四",
      "退房日期 2030年1月13日周日",
      "3 晚",
      `客房1：湖景双人房 ${yuan(420)}`,
      "含早餐灵活价",
      "含早餐",
      "2 位成人, 1 位儿童（年龄 6）",
      "Ada Lovelace, 王 小明, Byron King",
      `2030年1月11日周五 ${yuan(140)}`,
      "游船之旅",
      "机场接送",
      `总计 ${yuan(reservation.total)}`,
      "城市税",
      "2030年1月7日周一 前可免费取消",
      "生成时间：2030年1月5日 11:00（酒店当地时间）",
    ])
      expect(pdf.text).toContain(flat(fact));
    expect(pdf.text).not.toContain("\uFFFD");
  });

  it("answers a wrong code, a wrong e-mail and a wrong channel exactly as retrieve.do does", async () => {
    const unknownCode = code.startsWith("0") ? `1${code.slice(1)}` : `0${code.slice(1)}`;
    const wrong = [
      { channel: 1, code: unknownCode, mail: MAIL },
      { channel: 1, code, mail: "someone.else@example.test" },
      { channel: 2, code, mail: MAIL },
    ];
    const expected = withoutRequestId((await retrieve(wrong[1]!)).json());
    expect(expected).toMatchObject({ code: "reservation_not_found" });
    for (const body of wrong) {
      const res = await download(body);
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(withoutRequestId(res.json())).toEqual(expected);
    }
  });

  it("counts misses against the code with retrieve.do: after 20, even the right e-mail is refused", async () => {
    const other = await app.inject({
      method: "POST",
      url: "/api/guestdata.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: aBookingRequest({
        hotel: property.hotel.id,
        roomId: room.id,
        rateId: rate.id,
        arrival: "20300201",
        departure: "20300202",
      }),
    });
    const otherCode: string = other.json().reservation.code;
    for (let i = 0; i < 10; i++)
      expect(
        (await download({ channel: 1, code: otherCode, mail: `guess${i}@example.test` })).statusCode,
      ).toBe(404);
    for (let i = 10; i < 20; i++)
      expect(
        (await retrieve({ channel: 1, code: otherCode, mail: `guess${i}@example.test` })).statusCode,
      ).toBe(404);
    const right = await download({ channel: 1, code: otherCode, mail: "maria@example.test" });
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toMatchObject({ code: "rate_limited", details: [{ field: "request" }] });
  });

  it(`limits one client address to ${RETRIEVE_PER_ADDRESS_PER_MINUTE} downloads a minute, with our error shape`, async () => {
    const address = "192.0.2.77";
    for (let i = 0; i < RETRIEVE_PER_ADDRESS_PER_MINUTE; i++) {
      const miss = await download(
        { channel: 1, code: `ZZZZZZZZZZZZZZ${String(i).padStart(2, "0")}`, mail: "x@example.test" },
        address,
      );
      expect(miss.statusCode).toBe(404);
    }
    const limited = await download({ channel: 1, code, mail: MAIL }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: "rate_limited",
      details: [{ field: "request", message: expect.stringMatching(/retry in/) }],
    });
    expect((await download({ channel: 1, code, mail: MAIL })).statusCode).toBe(200);
  });

  it.each([
    ["no e-mail", { channel: 1, code: "041061050R3GG28A", mail: "" }, "mail"],
    ["no channel", { code: "041061050R3GG28A", mail: "a@b.it" }, "channel"],
    [
      "a language out of range",
      { channel: 1, code: "041061050R3GG28A", mail: "a@b.it", language: 12 },
      "language",
    ],
  ])("refuses %s with 400 naming the field", async (_name, body, field) => {
    const res = await download(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("is documented in OpenAPI: a JSON body, a PDF answer, the errors of retrieve.do", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const operation = doc.paths["/api/voucher.pdf"].post;
    expect(operation.tags).toEqual(["booking"]);
    expect(Object.keys(operation.requestBody.content)).toEqual(["application/json"]);
    expect(Object.keys(operation.responses)).toEqual(["200", "400", "404", "429"]);
    expect(operation.responses["200"].content["application/pdf"].schema).toMatchObject({
      type: "string",
      format: "binary",
    });
  });
});
