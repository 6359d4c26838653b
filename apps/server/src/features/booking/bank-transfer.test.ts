import { createTestApp } from "@alloggio/test-kit/app";
import { aBooker, aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import { aRatePlan, aRoomType, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { startTestSmtpServer, type TestSmtpServer } from "@alloggio/test-kit/mail";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { createSmtpTransport } from "../mail/transport";
import { deliverDueMail } from "../voucher-pdf";
import { readPdf } from "../voucher-pdf/pdf-test-kit";

// One bank-transfer deadline from one rule, and the hotel's bank details wherever the guest is told to pay.
const clock = new Date("2030-01-05T10:00:00Z");
let database: Database;
let app: App;
let smtp: TestSmtpServer;

const room = aRoomType();
// All of it 30 days before arrival: the transfer is due then, not "within 5 days of booking".
const later = aRatePlan({
  name: { en: "Early transfer" },
  payment: "bank_transfer",
  prepayment: [{ timing: "days_before_arrival", days: 30, percent: 100 }],
});
// 30 % on booking (the hotel's 5 days to arrive), the rest 14 days before arrival.
const deposit = aRatePlan({
  name: { en: "Deposit" },
  payment: "bank_transfer",
  prepayment: [
    { timing: "immediate", days: 0, percent: 30 },
    { timing: "days_before_arrival", days: 14, percent: 70 },
  ],
});
const BANK = {
  owner: "Hotel Bonifico srl",
  iban: "IT60X0542811101000000123456",
  bic: "BPMOIT22XXX",
  dueDays: 5,
};
const property = buildProperty({
  hotel: { name: "Hotel Bonifico", settings: { bankTransfer: BANK } },
  roomTypes: [room],
  ratePlans: [later, deposit],
});

let addresses = 0;
const anAddress = () => `10.6.${Math.floor(++addresses / 250)}.${addresses % 250}`;

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

let bookers = 0;
async function book(rateId: number) {
  const email = `bonifico${++bookers}@example.test`;
  const body = aBookingRequest(
    { hotel: property.hotel.id, roomId: room.id, rateId, arrival: "20300301", departure: "20300304" },
    {
      payment: { method: "bank_transfer" },
      booker: aBooker(email),
    },
  );
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: body,
    remoteAddress: anAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const code = res.json().reservation.code as string;
  const voucher = await app.inject({
    method: "POST",
    url: "/api/retrieve.do",
    payload: { channel: 1, code, mail: email },
    remoteAddress: anAddress(),
  });
  expect(voucher.statusCode, voucher.body).toBe(200);
  return { code, email, reservation: voucher.json() };
}

describe("a bank-transfer booking", () => {
  it("has one deadline: the bank box's is the schedule's, 30 days before arrival for a rate that asks it then", async () => {
    const { code, reservation } = await book(later.id);
    expect(reservation.prepayments.map((p: { date: string }) => p.date)).toEqual(["20300130"]);
    expect(reservation.bankTransfer).toEqual({
      owner: BANK.owner,
      iban: BANK.iban,
      bic: BANK.bic,
      reference: code,
      dueDate: "20300130",
    });
    // The job cancels by the same day.
    const [row] = await database.query<{ d: string }>(
      sql`select to_char(payment_deadline, 'YYYYMMDD') as d from reservation where code = ${code}`,
    );
    expect(row!.d).toBe("20300130");
  });

  it("gives money due on booking the hotel's days to arrive, in the schedule as in the bank box", async () => {
    const { reservation } = await book(deposit.id);
    expect(reservation.prepayments.map((p: { date: string }) => p.date)).toEqual(["20300110", "20300215"]);
    expect(reservation.bankTransfer.dueDate).toBe("20300110");
  });

  it("warns of nothing once nothing is due", async () => {
    const { code, email } = await book(later.id);
    await database.query(sql`update payment_due set status = 'paid'
      where reservation_id = (select id from reservation where code = ${code})`);
    const voucher = await app.inject({
      method: "POST",
      url: "/api/retrieve.do",
      payload: { channel: 1, code, mail: email },
      remoteAddress: anAddress(),
    });
    expect(voucher.json().bankTransfer).toMatchObject({ iban: BANK.iban, dueDate: null });
  });

  it("gives no bank details to pay a cancelled booking by", async () => {
    const { code, email } = await book(later.id);
    await database.query(sql`update reservation set status = 'cancelled' where code = ${code}`);
    const voucher = await app.inject({
      method: "POST",
      url: "/api/retrieve.do",
      payload: { channel: 1, code, mail: email },
      remoteAddress: anAddress(),
    });
    expect(voucher.json().status).toBe("cancelled");
    expect(voucher.json().bankTransfer).toBeNull();
  });

  it("puts the beneficiary, IBAN, BIC, reference and due date in the confirmation mail and the PDF", async () => {
    const { code, email } = await book(later.id);
    await deliverDueMail(database, createSmtpTransport(smtp.url), clock, 100);
    const mail = smtp.received.find((m) => m.envelopeTo.includes(email));
    expect(mail, "the guest's confirmation").toBeTruthy();
    for (const fact of [BANK.owner, BANK.iban, BANK.bic, code, "30 January 2030"])
      expect(mail!.text).toContain(fact);
    expect(mail!.text).toContain("Reference");
    const pdf = await app.inject({
      method: "POST",
      url: "/api/voucher.pdf",
      payload: { channel: 1, code, mail: email },
      remoteAddress: anAddress(),
    });
    const { text } = await readPdf(pdf.rawPayload);
    for (const fact of [BANK.owner, BANK.iban, BANK.bic, "Reference"]) expect(text).toContain(fact);
  });
});
