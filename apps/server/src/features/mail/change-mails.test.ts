import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
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
import { insertTestReservation } from "../../testing/mail-test-kit";
import { findReservation } from "../booking";
import { deliverDueMail, renderPendingMails } from "../voucher-pdf";
import { readPdf } from "../voucher-pdf/pdf-test-kit";
import { CHANGE_TEXTS } from "./change-texts";
import type { MailChange } from "./changes";
import {
  enqueueReservationMails,
  type ReservationMailData,
  renderHotelNotice,
  renderReservationMail,
} from "./reservation-mails";
import { createSmtpTransport, type MailTransport } from "./transport";

let database: Database;
const BASE_URL = "https://book.example.test";
const room = aRoomType({
  name: {
    en: "Lake view double",
    it: "Doppia vista lago",
    de: "Doppelzimmer Seeblick",
    ja: "湖側ダブルルーム",
  },
});
const rate = aRatePlan({
  name: { en: "Flexible", it: "Flessibile", de: "Flexibel" },
  freeCancellationDays: 3,
});
const prepaid = aRatePlan({
  name: { en: "Prepaid" },
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
const category = aServiceCategory();
const boat = aService(category, { name: { en: "Boat tour", it: "Giro in barca", fr: "Tour en bateau" } });
const transfer = aService(category, {
  name: { en: "Airport transfer", ja: "空港送迎" },
  isTransfer: true,
  needsDate: true,
  pricingBasis: "per_stay",
});
const property = buildProperty({
  hotel: {
    name: "Hotel Lago & Spa",
    email: "desk@lago.example.test",
    settings: { bankTransfer: { owner: "Lago", iban: "IT60X0542811101000000123456", dueDays: 3 } },
  },
  roomTypes: [room],
  ratePlans: [rate, prepaid],
  prices: [
    aPriceRange(room, rate, { perAdults: { "1": 90, "2": 100 } }),
    aPriceRange(room, prepaid, { perAdults: { "1": 90, "2": 100 } }),
  ],
  inventory: [anInventoryRange(room, { allotment: 20 })],
  serviceCategories: [category],
  services: [boat, transfer],
});
let hotelId: number;
let data: ReservationMailData;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ hotelId } = await seedProperty(database, property));
  const r = await insertTestReservation(database, {
    hotelId,
    roomTypeId: room.id,
    ratePlanId: rate.id,
    serviceId: boat.id,
  });
  const facts = await findReservation(database.db, r.id);
  if (!facts) throw new Error("no facts");
  data = { ...facts, baseUrl: BASE_URL };
});
afterAll(async () => {
  await database?.close();
});

const EN = 1;
const IT = 2;
const DE = 3;
const FR = 4;
const ES = 5;
const ZH = 6;
const PT = 8;
const JA = 9;

/** The guest's mail for a change, in a language (the reservation's own). */
function guestMail(change: MailChange, languageId: number, d: ReservationMailData = data) {
  return renderReservationMail({ ...d, languageId }, languageId, change);
}

/** "What changed" is the first section, before the reservation as it stands. */
function expectChangeFirst(text: string, whatChanged: string, stay: string) {
  const first = text.indexOf(whatChanged.toUpperCase());
  expect(first).toBeGreaterThan(0);
  expect(text.indexOf(stay.toUpperCase())).toBeGreaterThan(first);
}

describe("change mails: what changed comes first, in the guest's language", () => {
  it("room_cancelled: the room, the fee and the refund (en, it); the hotel hears it in English", () => {
    const roomId = data.rooms[0]!.id;
    const change: MailChange = {
      kind: "room_cancelled",
      roomIds: [roomId],
      penaltyMinor: 12000,
      refundMinor: 5000,
    };
    const en = guestMail(change, EN);
    expect(en.subject).toBe(`A room of your reservation ${data.code} has been cancelled – Hotel Lago & Spa`);
    expect(en.html).toContain('<h1 style="font-size:22px;margin:0 0 16px">A room has been cancelled</h1>');
    for (const fact of [
      "Cancelled room: Room 1: Lake view double (Thu, 10 January 2030 – Sun, 13 January 2030)",
      "Cancellation fee: 120,00\u00a0EUR",
      "Refund: 50,00\u00a0EUR",
      "New total: 390,00\u00a0EUR",
      "The refund goes back to the card you paid with",
    ])
      expect(en.text).toContain(fact);
    expectChangeFirst(en.text, "What changed", "Your stay");
    // The reservation as it now stands follows.
    expect(en.text).toContain("Boat tour");
    expect(en.attachments.map((a) => a.filename)).toEqual([`reservation-${data.code}.ics`]);

    const it = guestMail(change, IT);
    expect(it.subject).toBe(
      `Una camera della tua prenotazione ${data.code} è stata cancellata – Hotel Lago & Spa`,
    );
    expect(it.html).toContain('<html lang="it">');
    for (const fact of [
      "COSA È CAMBIATO",
      "Camera cancellata: Camera 1: Doppia vista lago",
      "Penale di cancellazione: 120,00",
    ])
      expect(it.text).toContain(fact);

    const hotel = renderHotelNotice(data, change);
    expect(hotel.subject).toBe(`Room cancelled in reservation ${data.code} – Ada Lovelace`);
    expect(hotel.text).toContain("The guest cancelled a room from the voucher");
    expect(hotel.text).toContain("Cancellation fee: 120,00\u00a0EUR");
    expect(hotel.text).not.toContain("The refund goes back to the card");
    expect(hotel.text.indexOf("WHAT CHANGED")).toBeLessThan(hotel.text.indexOf("BOOKER"));
    expect(hotel.html).toContain('<html lang="en">');
  });

  it("cancelled: free or with a fee, and the refund (en, de); calendar says CANCELLED", () => {
    const cancelled = { ...data, status: "cancelled" as const };
    const change: MailChange = { kind: "cancelled", penaltyMinor: 0, refundMinor: 11700 };
    const en = guestMail(change, EN, cancelled);
    expect(en.subject).toBe(`Reservation ${data.code} cancelled – Hotel Lago & Spa`);
    expect(en.text).toContain("Your reservation has been cancelled");
    expect(en.text).toContain("As you asked, your reservation has been cancelled.");
    expect(en.text).toContain("Cancellation fee: None: the cancellation is free of charge");
    expect(en.text).toContain("Refund: 117,00\u00a0EUR");
    expect(en.text).not.toContain("We look forward to welcoming you");
    expect(en.attachments[0]?.content).toContain("STATUS:CANCELLED");

    const de = guestMail({ kind: "cancelled", penaltyMinor: 12000, refundMinor: 0 }, DE, cancelled);
    expect(de.subject).toBe(`Reservierung ${data.code} storniert – Hotel Lago & Spa`);
    expect(de.text).toContain("Ihre Reservierung wurde storniert");
    expect(de.text).toContain("Stornogebühr: 120,00\u00a0EUR");
    expect(de.text).not.toContain("Erstattung");
    expectChangeFirst(de.text, "Was sich geändert hat", "Ihr Aufenthalt");

    const hotel = renderHotelNotice(cancelled, change);
    expect(hotel.subject).toBe(`Reservation ${data.code} cancelled by the guest – Ada Lovelace`);
    expect(hotel.text).toContain("Reservation cancelled by the guest: Cancelled");
  });

  it("modified: dates was → becomes, services added, to pay now and refund (en, fr)", () => {
    const roomId = data.rooms[0]!.id;
    const change: MailChange = {
      kind: "modified",
      rooms: [
        {
          id: roomId,
          was: { arrival: "2030-01-08", departure: "2030-01-10" },
          becomes: { arrival: "2030-01-10", departure: "2030-01-13" },
        },
      ],
      servicesAdded: [{ serviceId: boat.id, roomId, quantity: 2, day: "2030-01-10", priceMinor: 3000 }],
      wasMinor: 24000,
      becomesMinor: 39000,
      payNowMinor: 15000,
      refundMinor: 0,
    };
    const en = guestMail(change, EN);
    expect(en.subject).toBe(`Your reservation ${data.code} has changed – Hotel Lago & Spa`);
    for (const fact of [
      "Room: Room 1: Lake view double; Before: Tue, 8 January 2030 – Thu, 10 January 2030; Now: Thu, 10 January 2030 – Sun, 13 January 2030",
      "Service: Boat tour; Room: Room 1; Date: Thu, 10 January 2030; Quantity: 2; Price: 30,00\u00a0EUR",
      "Total before the change: 240,00\u00a0EUR",
      "New total: 390,00\u00a0EUR",
      "Difference: 150,00\u00a0EUR",
      "To pay now: 150,00\u00a0EUR",
      "Pay the difference from your reservation page",
    ])
      expect(en.text).toContain(fact);
    expectChangeFirst(en.text, "What changed", "Your stay");

    const fr = guestMail({ ...change, payNowMinor: 0, refundMinor: 2000, becomesMinor: 22000 }, FR);
    expect(fr.subject).toBe(`Votre réservation ${data.code} a été modifiée – Hotel Lago & Spa`);
    for (const fact of [
      "CE QUI A CHANGÉ",
      "Avant: mar. 8 janvier 2030 – jeu. 10 janvier 2030",
      "Tour en bateau",
      "Total avant la modification: 240,00\u00a0EUR",
      "Remboursement: 20,00\u00a0EUR",
    ])
      expect(fr.text).toContain(fact);
    expect(renderHotelNotice(data, change).subject).toBe(`Reservation ${data.code} changed – Ada Lovelace`);
  });

  it("payment_received: the amount received or authorised, what is still to pay (en, es, pt)", () => {
    const en = guestMail({ kind: "payment_received", amountMinor: 27300 }, EN);
    expect(en.subject).toBe(`Payment received for your reservation ${data.code} – Hotel Lago & Spa`);
    expect(en.text).toContain("Amount received: 273,00\u00a0EUR");
    expect(en.text).toContain("Still to pay: 273,00\u00a0EUR");
    const es = guestMail({ kind: "payment_received", amountMinor: 27300 }, ES);
    expect(es.subject).toBe(`Pago recibido para su reserva ${data.code} – Hotel Lago & Spa`);
    expect(es.text).toContain("Importe recibido: 273,00\u00a0EUR");
    const pt = guestMail({ kind: "payment_received", amountMinor: 39000, authorised: true }, PT);
    expect(pt.subject).toBe(`Cartão autorizado para a sua reserva ${data.code} – Hotel Lago & Spa`);
    expect(pt.text).toContain("Montante autorizado: 390,00\u00a0EUR");
    expect(renderHotelNotice(data, { kind: "payment_received", amountMinor: 27300 }).subject).toBe(
      `Payment received for reservation ${data.code} – Ada Lovelace`,
    );
  });

  it("payment_requested: the guarantee's charge the bank wants the guest to approve, and the hotel is told (en, de)", () => {
    const en = guestMail({ kind: "payment_requested", amountMinor: 12000 }, EN);
    expect(en.subject).toBe(`Payment requested for your reservation ${data.code} – Hotel Lago & Spa`);
    expect(en.text).toContain("your bank asks you to approve the payment");
    expect(en.text).toContain("120,00\u00a0EUR");
    const de = guestMail({ kind: "payment_requested", amountMinor: 12000 }, DE);
    expect(de.subject).toBe(`Zahlung für Ihre Reservierung ${data.code} angefordert – Hotel Lago & Spa`);
    expect(renderHotelNotice(data, { kind: "payment_requested", amountMinor: 12000 }).subject).toBe(
      `Payment link sent for reservation ${data.code} – Ada Lovelace`,
    );
  });

  it("transfer_updated: each detail before and now (en, ja)", () => {
    const withTransfer: ReservationMailData = {
      ...data,
      services: [
        ...data.services,
        {
          id: 999,
          serviceId: transfer.id,
          isTransfer: true,
          roomId: data.rooms[0]!.id,
          name: { en: "Airport transfer", ja: "空港送迎" },
          quantity: 1,
          day: "2030-01-10",
          timeSlot: null,
          priceMinor: 6000,
          transfer: { time: "11:45", placeCode: "VRN" },
        },
      ],
    };
    const change: MailChange = {
      kind: "transfer_updated",
      serviceId: 999,
      was: { time: "10:30" },
      becomes: { time: "11:45", placeCode: "VRN" },
    };
    const en = guestMail(change, EN, withTransfer);
    expect(en.subject).toBe(`Transfer details updated for your reservation ${data.code} – Hotel Lago & Spa`);
    expect(en.text).toContain("Detail: Arrival time; Before: 10:30; Now: 11:45");
    expect(en.text).toContain("Detail: Place code; Before: —; Now: VRN");
    expect(en.text).not.toContain("Note for the driver;");
    expect(en.html).toContain("Airport transfer (Thu, 10 January 2030)");
    const ja = guestMail(change, JA, withTransfer);
    expect(ja.subject).toBe(`ご予約 ${data.code} の送迎情報が更新されました – Hotel Lago & Spa`);
    expect(ja.text).toContain("項目: 到着時刻; 変更前: 10:30; 変更後: 11:45");
    expect(ja.html).toContain("空港送迎");
  });

  it("installments_activated: the plan, without the rows it replaced (en, zh)", () => {
    const planned: ReservationMailData = {
      ...data,
      payments: [
        {
          id: 1,
          dueDate: "2030-01-05",
          amountMinor: 27300,
          status: "replaced",
          kind: "prepayment",
          paidAt: null,
          linkPending: false,
        },
        {
          id: 2,
          dueDate: "2030-01-05",
          amountMinor: 13700,
          status: "paid",
          kind: "installment",
          paidAt: null,
          linkPending: false,
        },
        {
          id: 3,
          dueDate: "2030-02-05",
          amountMinor: 13600,
          status: "due",
          kind: "installment",
          paidAt: null,
          linkPending: false,
        },
      ],
    };
    const en = guestMail({ kind: "installments_activated" }, EN, planned);
    expect(en.subject).toBe(`Installments activated for your reservation ${data.code} – Hotel Lago & Spa`);
    expect(en.text).toContain(
      "Installment: 1; Charge date: Sat, 5 January 2030; Amount: 137,00\u00a0EUR; Status: Paid",
    );
    expect(en.text).toContain(
      "Installment: 2; Charge date: Tue, 5 February 2030; Amount: 136,00\u00a0EUR; Status: Due",
    );
    expect(en.text).toContain("We will e-mail you 3 days before each further charge");
    expect(en.text).not.toContain("273,00");
    const zh = guestMail({ kind: "installments_activated" }, ZH, planned);
    expect(zh.subject).toBe(`您预订 ${data.code} 的分期付款已开通 – Hotel Lago & Spa`);
    expect(zh.html).toContain("分期付款计划");
    expect(zh.text).toContain("期数: 2; 扣款日期: 2030年2月5日周二");
    expect(zh.html).toContain('<html lang="zh-CN">');
  });

  it("option_expired and bank_transfer_overdue: why it was cancelled (en, it, de)", () => {
    const cancelled = { ...data, status: "cancelled" as const };
    const en = guestMail({ kind: "option_expired" }, EN, cancelled);
    expect(en.subject).toBe(`Your option ${data.code} has expired – Hotel Lago & Spa`);
    expect(en.text).toContain("Your option was not confirmed in time");
    expectChangeFirst(en.text, "What changed", "Your stay");
    const it = guestMail({ kind: "option_expired" }, IT, cancelled);
    expect(it.subject).toBe(`La tua opzione ${data.code} è scaduta – Hotel Lago & Spa`);
    expect(it.text).toContain("Non è stato addebitato nulla.");
    const overdue = guestMail({ kind: "bank_transfer_overdue" }, DE, cancelled);
    expect(overdue.subject).toBe(
      `Reservierung ${data.code} storniert: Überweisung nicht eingegangen – Hotel Lago & Spa`,
    );
    expect(overdue.text).toContain("Ihre Überweisung ist nicht fristgerecht bei uns eingegangen");
    expect(guestMail({ kind: "bank_transfer_overdue" }, EN, cancelled).subject).toBe(
      `Reservation ${data.code} cancelled: bank transfer not received – Hotel Lago & Spa`,
    );
    expect(renderHotelNotice(cancelled, { kind: "option_expired" }).subject).toBe(
      `Option ${data.code} expired and cancelled – Ada Lovelace`,
    );
    expect(renderHotelNotice(cancelled, { kind: "bank_transfer_overdue" }).text).toContain(
      "The bank transfer did not arrive by its deadline",
    );
  });

  it("resale: listed until 23:59 the day before arrival with the fee, sold with the refund, not resold (en, de, ja); the hotel hears it in English", () => {
    const roomId = data.rooms[0]!.id;
    const listed: MailChange = { kind: "resale_listed", roomIds: [roomId], feePercent: 10 };
    const en = guestMail(listed, EN);
    expect(en.subject).toBe(`Your room is up for resale – reservation ${data.code} – Hotel Lago & Spa`);
    for (const fact of [
      "Room up for resale: Room 1: Lake view double",
      "Resale until: 23:59, Wed, 9 January 2030",
      "Resale fee: 10%",
      "If nobody books your nights by then, nothing changes",
    ])
      expect(en.text).toContain(fact);
    expectChangeFirst(en.text, "What changed", "Your stay");
    const de = guestMail(listed, DE);
    expect(de.text).toContain("Weiterverkauf bis: 23:59, Mi., 9. Januar 2030");

    const sold: MailChange = {
      kind: "resale_sold",
      roomId,
      nights: ["2030-01-10"],
      recoveredMinor: 10000,
      feeMinor: 1000,
      refundMinor: 9000,
      toCardMinor: 9000,
    };
    const soldEn = guestMail(sold, EN);
    expect(soldEn.subject).toBe(`Nights of your reservation ${data.code} were resold – Hotel Lago & Spa`);
    for (const fact of [
      "Nights resold: Thu, 10 January 2030",
      "Recovered: 100,00\u00a0EUR",
      "Resale fee: 10,00\u00a0EUR",
      "Refund: 90,00\u00a0EUR",
      "The refund goes back to the card you paid with",
    ])
      expect(soldEn.text).toContain(fact);
    expect(guestMail(sold, JA).text).toContain("再販手数料");

    const expired = guestMail({ kind: "resale_expired", roomIds: [roomId] }, EN);
    expect(expired.subject).toBe(`Your room was not resold – reservation ${data.code} – Hotel Lago & Spa`);
    expect(expired.text).toContain("Nothing changes");

    const hotel = renderHotelNotice(data, sold);
    expect(hotel.subject).toBe(`Nights of reservation ${data.code} resold – Ada Lovelace`);
    expect(hotel.text).toContain("Refund: 90,00\u00a0EUR");
    expect(renderHotelNotice(data, listed).subject).toBe(
      `Room of reservation ${data.code} put up for resale – Ada Lovelace`,
    );
  });

  it("has its own words in every language (no English left in the other tables)", () => {
    const leaves = (value: unknown): string[] => {
      if (typeof value === "string") return [value];
      if (typeof value === "function") return [String((value as (...a: unknown[]) => string)("X", "Y"))];
      return Object.values(value as object).flatMap(leaves);
    };
    const english = leaves(CHANGE_TEXTS.en);
    for (const [code, texts] of Object.entries(CHANGE_TEXTS)) {
      if (code === "en") continue;
      const own = leaves(texts);
      expect(own).toHaveLength(english.length);
      for (const [i, line] of own.entries()) expect(line, `${code}: ${line}`).not.toBe(english[i]);
    }
    const subjects = [1, 2, 3, 4, 5, 6, 8, 9].map(
      (id) => guestMail({ kind: "cancelled", penaltyMinor: 0, refundMinor: 0 }, id).subject,
    );
    expect(new Set(subjects).size).toBe(8);
    // Russian reads English.
    expect(guestMail({ kind: "option_expired" }, 7).subject).toBe(
      guestMail({ kind: "option_expired" }, EN).subject,
    );
  });

  it("without a change the mail is the booking's confirmation, as before", () => {
    const mail = renderReservationMail(data, EN);
    expect(mail.subject).toBe(`Booking confirmation ${data.code} – Hotel Lago & Spa`);
    expect(mail.text).not.toContain("WHAT CHANGED");
  });
});

describe("a cancellation from the voucher, received over SMTP", () => {
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let app: App;
  const now = new Date("2030-01-05T10:00:00Z");

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    transport = createSmtpTransport(smtp.url);
    app = await createTestApp(database, () => now);
  });
  afterAll(async () => {
    await app?.close();
    transport?.close?.();
    await smtp?.close();
  });

  it("tells the guest in German that it is cancelled, and the hotel in English", async () => {
    const booked = await app.inject({
      method: "POST",
      url: "/api/guestdata.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: aBookingRequest(
        { hotel: hotelId, roomId: room.id, rateId: rate.id, arrival: "20300120", departure: "20300122" },
        { language: DE },
      ),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const code: string = booked.json().reservation.code;
    await database.query(sql`update mail_outbox set status = 'sent' where status = 'pending'`);
    const cancel = await app.inject({
      method: "POST",
      url: "/api/delete.do",
      headers: { "idempotency-key": anIdempotencyKey() },
      payload: { channel: 1, reservation: code, mail: "maria@example.test" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await deliverDueMail(database, transport, now)).toMatchObject({ sent: 2 });
    const [guest, hotel] = [
      smtp.received.find((m) => m.envelopeTo.includes("maria@example.test")),
      smtp.received.find((m) => m.envelopeTo.includes("desk@lago.example.test")),
    ];
    expect(guest?.subject).toBe(`Reservierung ${code} storniert – Hotel Lago & Spa`);
    expect(guest?.text).toContain("Ihre Reservierung wurde storniert");
    expect(guest?.text).toContain("Wie gewünscht wurde Ihre Reservierung storniert.");
    expect(guest?.text).toContain("Stornogebühr: Keine: die Stornierung ist kostenlos");
    expect(guest?.html).toContain('<html lang="de">');
    expect(guest?.attachments[0]?.content).toContain("STATUS:CANCELLED");
    // The voucher PDF as the reservation now stands, in German.
    const pdf = guest?.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf?.filename).toMatch(new RegExp(`-${code}\\.pdf$`));
    const { text } = await readPdf(Buffer.from(pdf?.content ?? "", "base64"));
    expect(text).toContain("BUCHUNGSBELEG");
    expect(text).toContain(`Reservierungscode ${code} Status Storniert`);
    expect(hotel?.subject).toBe(`Reservation ${code} cancelled by the guest – Maria Rossi`);
    expect(hotel?.text).toContain("The guest cancelled the reservation from the voucher");
  });
});

describe("enqueueReservationMails with a change", () => {
  it("writes both mails in one statement and the worker renders what changed", async () => {
    const r = await insertTestReservation(database, { hotelId, roomTypeId: room.id, ratePlanId: rate.id });
    let statements = 0;
    await database.db.transaction(async (tx) => {
      const before = database.statements.count;
      await enqueueReservationMails(tx, r.id, { baseUrl: BASE_URL, change: { kind: "option_expired" } });
      statements = database.statements.count - before;
    });
    // One statement writes both recipes; the worker renders them, the change with them.
    expect(statements).toBe(1);
    expect(await renderPendingMails(database)).toBe(2);
    const rows = await database.query<{ subject: string }>(
      sql`select subject from mail_outbox where reservation_id = ${r.id} order by id`,
    );
    expect(rows.map((m) => m.subject)).toEqual([
      `Your option ${r.code} has expired – Hotel Lago & Spa`,
      `Option ${r.code} expired and cancelled – Ada Lovelace`,
    ]);
  });
});

describe("the voucher's actions and later payments queue the mail of their change", () => {
  let app: App;
  const now = new Date("2030-01-05T10:00:00Z");
  const MAIL = "maria@example.test";

  beforeAll(async () => {
    app = await createTestApp(database, () => now);
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = async (
    url: string,
    payload: Record<string, unknown>,
    key: string | null = anIdempotencyKey(),
  ) => {
    const res = await app.inject({
      method: "POST",
      url,
      payload,
      headers: key ? { "idempotency-key": key } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  async function book(
    rateId: number,
    arrival: string,
    departure: string,
    overrides: Record<string, unknown> = {},
  ) {
    const answer = await post(
      "/api/guestdata.do",
      aBookingRequest({ hotel: hotelId, roomId: room.id, rateId, arrival, departure }, overrides),
    );
    return answer.reservation.code as string;
  }

  /** The newest guest mail and hotel notice of a reservation. */
  async function lastMails(code: string) {
    await renderPendingMails(database, now);
    const rows = await database.query<{ to: string; subject: string; text: string }>(sql`
      select m."to", m.subject, m.text from mail_outbox m join reservation r on r.id = m.reservation_id
      where r.code = ${code} order by m.id desc limit 2`);
    return { guest: rows.find((m) => m.to === MAIL)!, hotel: rows.find((m) => m.to !== MAIL)! };
  }

  async function cardToken() {
    const res = await app.inject({
      method: "POST",
      url: "/sandbox-gateway/card",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "number=4242424242424242&expiry=12%2F2031&holder=Maria+Rossi&cvv=123&return=%2F",
    });
    return { cardToken: /data-token="([^"]+)"/.exec(res.body)![1]!, cardLast4: "4242" };
  }

  it("transfer-update: the details before and now", async () => {
    const code = await book(rate.id, "20300310", "20300312", {
      services: [
        { serviceId: transfer.id, slot: 0, quantity: 1, date: "20300310", transfer: { time: "10:30" } },
      ],
    });
    const voucher = await post("/api/retrieve.do", { channel: 1, code, mail: MAIL }, null);
    const seId = (voucher.rooms[0].extra as { id: number; serviceId: number }[]).find(
      (e) => e.serviceId === transfer.id,
    )!.id;
    await post(`/api/bol/transfer-update/${code}/${seId}`, { mail: MAIL, transfer: { time: "11:45" } });
    const { guest, hotel } = await lastMails(code);
    expect(guest.subject).toBe(`Transfer details updated for your reservation ${code} – Hotel Lago & Spa`);
    expect(guest.text).toContain("Detail: Arrival time; Before: 10:30; Now: 11:45");
    expect(hotel.subject).toBe(`Transfer details updated in reservation ${code} – Maria Rossi`);
  });

  it("installments, then paying the next one from the voucher", async () => {
    const code = await book(prepaid.id, "20300320", "20300322", { payment: { method: "bank_transfer" } });
    await post(`/api/bol/reservation/${code}/installments`, { mail: MAIL, count: 3, ...(await cardToken()) });
    const activated = await lastMails(code);
    expect(activated.guest.subject).toBe(
      `Installments activated for your reservation ${code} – Hotel Lago & Spa`,
    );
    expect(activated.guest.text).toContain(
      "Installment: 1; Charge date: Sat, 5 January 2030; Amount: 66,67\u00a0EUR; Status: Paid",
    );
    expect(activated.hotel.subject).toBe(`Installments activated for reservation ${code} – Maria Rossi`);

    const [next] = await database.query<{ id: number }>(sql`select d.id from payment_due d
      join reservation r on r.id = d.reservation_id
      where r.code = ${code} and d.kind = 'installment' and d.status = 'due' order by d.due_date limit 1`);
    await post(`/api/bol/reservation/${code}/pay`, {
      mail: MAIL,
      method: "card_payment",
      prepayment: next!.id,
      ...(await cardToken()),
    });
    const paid = await lastMails(code);
    expect(paid.guest.subject).toBe(`Payment received for your reservation ${code} – Hotel Lago & Spa`);
    expect(paid.guest.text).toContain("Amount received: 66,67\u00a0EUR");
    expect(paid.guest.text).toContain("Still to pay: 66,66\u00a0EUR");
  });

  // On PGlite, modify's pricing inside its transaction waits for the transaction itself since loadSearchContext
  // moved to database.queryPrepared, which inTransaction (modify-repository.ts) does not override (d60b5db):
  // modify.test.ts hangs there too. Run it on both databases once that is fixed.
  it("modify: the dates before and now", async () => {
    const code = await book(rate.id, "20300210", "20300212");
    const change = { kind: "dates", arrival: "20300211", departure: "20300213" };
    const preview = await post(`/api/bol/reservation/${code}/recalc`, { mail: MAIL, change }, null);
    await post(`/api/bol/reservation/${code}/modify`, {
      mail: MAIL,
      action: "confirm",
      change,
      expectedBecomes: preview.becomes,
    });
    const { guest, hotel } = await lastMails(code);
    expect(guest.subject).toBe(`Your reservation ${code} has changed – Hotel Lago & Spa`);
    expect(guest.text).toContain(
      "Before: Sun, 10 February 2030 – Tue, 12 February 2030; Now: Mon, 11 February 2030 – Wed, 13 February 2030",
    );
    expect(hotel.subject).toBe(`Reservation ${code} changed – Maria Rossi`);
  });
});
