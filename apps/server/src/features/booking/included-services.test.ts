import { createTestApp } from "@alloggio/test-kit/app";
import { aBooker, aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  aPackage,
  aRatePlan,
  aRoomType,
  aService,
  aServiceCategory,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { startTestSmtpServer, type TestSmtpServer } from "@alloggio/test-kit/mail";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { createSmtpTransport } from "../mail/transport";
import { deliverDueMail } from "../voucher-pdf";
import { readPdf } from "../voucher-pdf/pdf-test-kit";

// What a rate or a package includes is part of what was booked: the voucher, the mail and the PDF say it.
const clock = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;
let smtp: TestSmtpServer;

const room = aRoomType();
const extras = aServiceCategory();
const prosecco = aService(extras, {
  name: { en: "Welcome prosecco", it: "Prosecco di benvenuto" },
  price: 12,
});
const transfer = aService(extras, { name: { en: "Private transfer", it: "Transfer privato" }, price: 80 });
const romantic = aRatePlan({ name: { en: "Romantic" }, includedServiceIds: [prosecco.id] });
const getaway = aPackage([romantic], { includedServiceIds: [transfer.id] });
const property = buildProperty({
  roomTypes: [room],
  ratePlans: [romantic],
  serviceCategories: [extras],
  services: [prosecco, transfer],
  packages: [getaway],
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, property);
  app = await createTestApp(database, () => clock);
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

describe("a booking of a package", () => {
  it("names what the rate and the package include on the voucher, in the mail and in the PDF", async () => {
    const email = "included@example.test";
    const body = aBookingRequest(
      {
        hotel: property.hotel.id,
        roomId: room.id,
        rateId: romantic.id,
        arrival: "20300301",
        departure: "20300303",
      },
      {
        package: getaway.id,
        booker: aBooker(email),
      },
    );
    const res = await app.inject({
      method: "POST",
      url: "/api/guestdata.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().reservation.code as string;
    const voucher = await app.inject({
      method: "POST",
      url: "/api/retrieve.do",
      payload: { channel: 1, code, mail: email },
    });
    expect(voucher.json().rooms[0].included).toEqual(["Welcome prosecco", "Private transfer"]);

    await deliverDueMail(database, createSmtpTransport(smtp.url), clock, 100);
    const mail = smtp.received.find((m) => m.envelopeTo.includes(email));
    expect(mail!.text).toContain("Included: Welcome prosecco, Private transfer");
    const pdf = await app.inject({
      method: "POST",
      url: "/api/voucher.pdf",
      payload: { channel: 1, code, mail: email },
    });
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toContain("Included Welcome prosecco, Private transfer");
  });
});
