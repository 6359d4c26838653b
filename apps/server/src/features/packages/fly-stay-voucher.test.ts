// A fly & stay booking's flights where the guest reads them: retrieve.do (the voucher), the mails and the PDF.
import type { Reservation } from "@alloggio/domain/contract/booking/retrieve";
import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  anInventoryRange,
  aPackage,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { mailOutbox, reservation } from "../../db/schema";
import type { App } from "../../http/app";
import { renderPendingMails } from "../voucher-pdf";
import { readPdf } from "../voucher-pdf/pdf-test-kit";

const clock = fixedClock("2030-01-05T10:00:00Z");

const garden = aRoomType();
const packRate = aRatePlan();
// A week out from Gatwick on 12 January, back on the 19th; 89 out and 79 back per passenger.
const flyStay = aPackage([packRate], {
  roomTypeIds: [garden.id],
  validFrom: "2030-01-10",
  validTo: "2030-03-31",
  minNights: 7,
  maxNights: 14,
  destinationAirport: { code: "VRN", name: "Verona Villafranca" },
  airports: [
    {
      code: "LGW",
      name: "London Gatwick",
      flights: [
        { code: "EZY8421", date: "2030-01-12", time: "09:40", arrivalTime: "12:50", price: 89 },
        {
          code: "EZY8422",
          direction: "return",
          date: "2030-01-19",
          time: "13:35",
          arrivalTime: "14:45",
          price: 79,
        },
      ],
    },
  ],
});
const hotel = buildProperty({
  roomTypes: [garden],
  ratePlans: [packRate],
  prices: [aPriceRange(garden, packRate, { perAdults: { "1": 80, "2": 90 } })],
  inventory: [anInventoryRange(garden)],
  packages: [flyStay],
});
const H = hotel.hotel.id;
const MAIL = "maria@example.test";

let database: Database;
let app: App;
let code: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  app = await createTestApp(database, clock.now);
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: aBookingRequest(
      { hotel: H, roomId: garden.id, rateId: packRate.id, arrival: "20300112", departure: "20300119" },
      { package: flyStay.id, airport: "LGW" },
    ),
  });
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  code = res.json().reservation.code;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("a fly & stay booking's flights", () => {
  it("are on the room in retrieve.do: both legs and their price, part of the room's total", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/retrieve.do",
      payload: { channel: 1, code, mail: MAIL },
    });
    expect(res.statusCode, res.body).toBe(200);
    const room = (res.json() as Reservation).rooms[0]!;
    expect(room.flights).toEqual({
      outbound: {
        code: "EZY8421",
        from: "LGW",
        to: "VRN",
        date: "20300112",
        time: "09:40",
        arrivalTime: "12:50",
      },
      return: {
        code: "EZY8422",
        from: "VRN",
        to: "LGW",
        date: "20300119",
        time: "13:35",
        arrivalTime: "14:45",
      },
      passengers: 2,
      flightTotal: 336,
    });
    // Seven nights at 90 for two, plus the flights; the nightly prices do not carry them.
    expect(room.roomTotal).toBe(7 * 90 + 336);
    expect(room.nightly.reduce((sum, n) => sum + n.price, 0)).toBe(7 * 90);
  });

  it("are in the confirmation mails, guest's and hotel's: a Flights row with both legs and their price", async () => {
    const [r] = await database.db
      .select({ id: reservation.id })
      .from(reservation)
      .where(eq(reservation.code, code));
    await renderPendingMails(database);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, r!.id));
    const guest = mails.find((m) => m.to === MAIL);
    expect(guest, mails.map((m) => m.to).join()).toBeDefined();
    const text = guest!.text.replace(/\s+/g, " ");
    expect(text).toContain("FLIGHTS - Room: Room 1;");
    expect(text).toContain("Outbound: EZY8421 LGW → VRN, Sat, 12 January 2030, 09:40;");
    expect(text).toContain("Return: EZY8422 VRN → LGW, Sat, 19 January 2030, 13:35;");
    expect(text).toMatch(/Outbound: EZY8421 .*Return: EZY8422 .*; Price: 336,00/);
    expect(guest!.html).toContain("EZY8422");
    const hotelMail = mails.find((m) => m.to !== MAIL)!;
    expect(hotelMail.text).toContain("EZY8421");
    expect(hotelMail.text).toContain("EZY8422");
  });

  it("are in the voucher PDF, in the guest's language", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/voucher.pdf",
      payload: { channel: 1, code, mail: MAIL, language: 2 },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain("Voli");
    expect(text).toContain("Andata: EZY8421 LGW → VRN");
    expect(text).toContain("Ritorno: EZY8422 VRN → LGW");
    expect(text).toMatch(/336,00/);
  });
});
