import { existsSync, readdirSync, readFileSync } from "node:fs";
import {
  aRatePlan,
  aRoomType,
  aService,
  aServiceCategory,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from "@alloggio/test-kit/mail";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { insertTestReservation, parseCalendar, unescapeCalendarText } from "../../testing/mail-test-kit";
import { findReservation } from "../booking";
import { deliverDueMail, renderPendingMails } from "../voucher-pdf";
import { readPdf } from "../voucher-pdf/pdf-test-kit";
import { PdfThread } from "../voucher-pdf/pdf-thread";
import { renderVoucherPdf } from "../voucher-pdf/render-pdf";
import { buildVoucherDocument, type VoucherDocument } from "../voucher-pdf/voucher-document";
import { retryDelayMs } from "./outbox";
import {
  enqueueReservationMails,
  type ReservationMailData,
  renderHotelNotice,
  renderReservationMail,
} from "./reservation-mails";
import { createSmtpTransport, type MailTransport } from "./transport";

let database: Database;
let smtp: TestSmtpServer;
let transport: MailTransport;
const clock = fixedClock("2030-01-05T10:00:00Z");
const BASE_URL = "https://book.example.test";

const room = aRoomType({
  name: {
    en: "Lake view double",
    it: "Doppia vista lago",
    ja: "湖側ダブルルーム",
    de: "Doppelzimmer Seeblick",
  },
});
const rate = aRatePlan({
  name: {
    en: "Flexible with breakfast",
    it: "Flessibile con colazione",
    ja: "朝食付きフレキシブル",
    fr: "",
  },
  mealPlan: "breakfast",
  freeCancellationDays: 3,
});
const category = aServiceCategory();
const boat = aService(category, {
  name: { en: "Boat tour", it: "Giro in barca", ja: "ボートツアー", de: "Bootsfahrt" },
  price: 15,
});
const property = buildProperty({
  hotel: {
    name: "Hotel Lago & Spa",
    phone: "+39 0464 000000",
    cityTax: 2.5,
    email: "desk@lago.example.test",
  },
  roomTypes: [room],
  ratePlans: [rate],
  serviceCategories: [category],
  services: [boat],
});
let hotelId: number;

const loadData = async (reservationId: number): Promise<ReservationMailData> => {
  const facts = await findReservation(database.db, reservationId);
  if (!facts) throw new Error("no facts");
  return { ...facts, baseUrl: BASE_URL };
};

const jsonLdOf = (html: string) => {
  const match = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  if (!match?.[1]) throw new Error("no JSON-LD");
  return JSON.parse(match[1]) as Record<string, unknown>;
};

beforeAll(async () => {
  database = await createTestDatabase();
  ({ hotelId } = await seedProperty(database, property));
  smtp = await startTestSmtpServer();
  transport = createSmtpTransport(smtp.url);
});

afterAll(async () => {
  transport?.close?.();
  await smtp?.close();
  await database?.close();
});

/** A reservation of the file's hotel, room, rate and boat service (the mails show the service). */
function reserveWithBoat(extra: Partial<Parameters<typeof insertTestReservation>[1]>) {
  return insertTestReservation(database, {
    hotelId,
    roomTypeId: room.id,
    ratePlanId: rate.id,
    serviceId: boat.id,
    ...extra,
  });
}

describe("enqueueReservationMails", () => {
  let guestMail: ReceivedMail;
  let hotelMail: ReceivedMail;
  let code: string;

  beforeAll(async () => {
    const r = await reserveWithBoat({
      email: "Ada+Lake@Example.test",
      note: "Late arrival, quiet room please",
    });
    code = r.code;
    let statements = 0;
    const ids = await database.db.transaction(async (tx) => {
      const before = database.statements.count;
      const result = await enqueueReservationMails(tx, r.id, { baseUrl: BASE_URL, now: clock.now() });
      statements = database.statements.count - before;
      return result;
    });
    // One statement writes both mails, as recipes: nothing is loaded or rendered in the caller's transaction.
    expect(statements).toBe(1);
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id));
    expect(rows.map((m) => m.id).sort()).toEqual([ids.guestMailId, ids.hotelMailId].sort());
    expect(rows.map((m) => [m.render?.kind, m.renderedAt, m.html]).sort()).toEqual([
      ["reservation_guest", null, ""],
      ["reservation_hotel", null, ""],
    ]);
    // The worker renders them (one read of the reservation for both) and sends them.
    expect(await deliverDueMail(database, transport, clock.now())).toMatchObject({ sent: 2 });
    const sent = await database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, r.id));
    for (const row of sent) {
      expect(row).toMatchObject({ status: "sent", attempts: 1, renderedAt: clock.now() });
      expect(row.html).toContain(r.code);
    }
    const received = await smtp.waitFor(2);
    const byRecipient = (to: string) => {
      const mail = received.find((m) => m.envelopeTo.some((a) => a.toLowerCase() === to.toLowerCase()));
      if (!mail) throw new Error(`no mail to ${to}`);
      return mail;
    };
    guestMail = byRecipient("Ada+Lake@Example.test");
    hotelMail = byRecipient("desk@lago.example.test");
  });

  it("sends the guest a confirmation with the code, the voucher link, the calendar file and the voucher PDF", async () => {
    expect(guestMail.subject).toBe(`Booking confirmation ${code} – Hotel Lago & Spa`);
    expect(guestMail.to.toLowerCase()).toContain("ada+lake@example.test");
    expect(guestMail.text).toContain(code);
    expect(guestMail.html).toContain(`<strong>${code}</strong>`);
    const voucher = `${BASE_URL}/hotel/${hotelId}/channel/1/language/1/voucher/code/${code}/email/ada%2Blake%40example.test`;
    expect(guestMail.text).toContain(voucher);
    expect(guestMail.html).toContain(`href="${voucher}"`);
    expect(guestMail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`reservation-${code}.ics`, "text/calendar"],
      [`Hotel-Lago-Spa-${code}.pdf`, "application/pdf"],
    ]);
    const pdf = await readPdf(Buffer.from(guestMail.attachments[1]?.content ?? "", "base64"));
    for (const fact of [
      "BOOKING VOUCHER",
      code,
      "Confirmed",
      "Lake view double",
      "Flexible with breakfast",
      "Boat tour",
      "Total 390,00 EUR",
      "Free cancellation until Mon, 7 January 2030",
      "Generated on 5 January 2030 at 11:00 (hotel time)",
    ])
      expect(pdf.text).toContain(fact);
    const ics = guestMail.attachments[0]?.content ?? "";
    expect(ics).toContain("DTSTART;VALUE=DATE:20300110");
    expect(ics).toContain("DTEND;VALUE=DATE:20300114");
    // Read back as a calendar client would (unfolded, CRLF, unescaped), after the trip through SMTP.
    const lines = parseCalendar(ics);
    const field = (name: string) => lines.find((l) => l.name === name);
    expect(field("DTSTART")).toMatchObject({ params: "VALUE=DATE", value: "20300110" });
    expect(field("DTEND")).toMatchObject({ params: "VALUE=DATE", value: "20300114" });
    expect(field("UID")?.value).toBe(`${code}@alloggio`);
    expect(unescapeCalendarText(field("SUMMARY")?.value ?? "")).toBe(`Hotel Lago & Spa – ${code}`);
    expect(field("STATUS")?.value).toBe("CONFIRMED");
    expect(field("URL")?.value).toBe(voucher);
    expect(unescapeCalendarText(field("DESCRIPTION")?.value ?? "")).toContain(voucher);
    for (const line of ics.slice(0, -2).split("\r\n"))
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it("states rooms, guests, services, totals, payments, cancellation, city tax and hotel contacts", () => {
    const text = guestMail.text;
    for (const fact of [
      "Lake view double",
      "Flexible with breakfast",
      "Breakfast included",
      "2 adults, 1 child (age 5)",
      "Ada Lovelace",
      "Byron King",
      "Boat tour",
      "360,00\u00a0EUR",
      "390,00\u00a0EUR",
      "117,00\u00a0EUR",
      "Paid",
      "Free cancellation until Mon, 7 January 2030",
      "22,50\u00a0EUR (to be paid at the hotel; 2,50\u00a0EUR per person per night)",
      "+39 0464 000000",
      "desk@lago.example.test",
      "3 nights",
      "from 14:00 to 22:00",
      "Late arrival, quiet room please",
    ])
      expect(text).toContain(fact);
    expect(guestMail.html).toContain("Hotel Lago &amp; Spa");
  });

  it("carries schema.org LodgingReservation markup", () => {
    const ld = jsonLdOf(guestMail.html);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "LodgingReservation",
      reservationNumber: code,
      reservationStatus: "https://schema.org/ReservationConfirmed",
      checkinTime: "2030-01-10T14:00:00.000+01:00",
      checkoutTime: "2030-01-13T10:30:00.000+01:00",
      reservationFor: { "@type": "LodgingBusiness", name: "Hotel Lago & Spa" },
      underName: { name: "Ada Lovelace" },
      totalPrice: "390.00",
      priceCurrency: "EUR",
      numAdults: 2,
      numChildren: 1,
    });
  });

  it("attaches the voucher PDF in the guest's language, kept in the outbox as base64", async () => {
    const r = await reserveWithBoat({ languageId: 9 });
    const { guestMailId } = await enqueueReservationMails(database.db, r.id, {
      baseUrl: BASE_URL,
      now: clock.now(),
    });
    expect(await renderPendingMails(database, clock.now())).toBe(2);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, guestMailId));
    const attachment = row?.attachments[1];
    expect(attachment).toMatchObject({
      filename: `Hotel-Lago-Spa-${r.code}.pdf`,
      contentType: "application/pdf",
      encoding: "base64",
    });
    const pdf = await readPdf(Buffer.from(attachment?.content ?? "", "base64"));
    for (const fact of [
      "宿泊予約確認書",
      r.code,
      "確定",
      "湖側ダブルルーム",
      "朝食付きフレキシブル",
      "ボートツアー",
    ])
      expect(pdf.text).toContain(fact);
    expect(pdf.info).toMatchObject({ Language: "ja" });
  });

  it("tells the hotel in English, with the booker's contacts", () => {
    expect(hotelMail.subject).toBe(`New reservation ${code}: 10 Jan 2030 – 13 Jan 2030, Ada Lovelace`);
    expect(hotelMail.text).toContain(code);
    expect(hotelMail.text).toContain("+39 333 1234567");
    expect(hotelMail.text).toContain("Lake view double");
    expect(hotelMail.html).toContain('<html lang="en">');
    expect(hotelMail.attachments).toEqual([]);
  });
});

describe("renderReservationMail", () => {
  let data: ReservationMailData;

  beforeAll(async () => {
    const r = await reserveWithBoat({ languageId: 2 });
    data = await loadData(r.id);
  });

  it("writes Italian", () => {
    const mail = renderReservationMail(data, 2);
    expect(mail.subject).toBe(`Conferma di prenotazione ${data.code} – Hotel Lago & Spa`);
    expect(mail.html).toContain('<html lang="it">');
    expect(mail.html).toContain("<h1");
    expect(mail.html).toContain("La tua prenotazione è confermata");
    for (const fact of [
      "Doppia vista lago",
      "Flessibile con colazione",
      "Colazione inclusa",
      "2 adulti, 1 bambino (età 5)",
      "Giro in barca",
      "gio 10 gennaio 2030",
      "Cancellazione gratuita fino al lun 7 gennaio 2030",
      "Tassa di soggiorno",
      "390,00\u00a0EUR",
      "Pagato",
      "Da pagare",
    ])
      expect(mail.text).toContain(fact);
    expect(mail.html).toContain('<th scope="col"');
    expect(mail.html).toContain('<th scope="row"');
    expect(mail.html).toContain(`/language/2/voucher/code/${data.code}/`);
  });

  it("writes Japanese, with English names where a text has no Japanese", () => {
    const mail = renderReservationMail(data, 9);
    expect(mail.subject).toBe(`ご予約確認 ${data.code} – Hotel Lago & Spa`);
    expect(mail.html).toContain('<html lang="ja">');
    for (const fact of [
      "ご予約が確定しました",
      "湖側ダブルルーム",
      "朝食付きフレキシブル",
      "ボートツアー",
      "2030年1月10日",
      "大人2名",
    ])
      expect(mail.text).toContain(fact);
    const german = renderReservationMail(data, 3);
    expect(german.text).toContain("Doppelzimmer Seeblick");
    expect(german.text).toContain("Flexible with breakfast");
  });

  it("writes German names and Italian-style amounts, English where a text has no German", () => {
    const mail = renderReservationMail(data, 3);
    expect(mail.html).toContain('<html lang="de">');
    for (const fact of ["Doppelzimmer Seeblick", "Bootsfahrt", "Flexible with breakfast", "390,00\u00a0EUR"])
      expect(mail.text).toContain(fact);
  });

  it("falls back to English where a text is left blank", () => {
    expect(renderReservationMail(data, 4).text).toContain("Flexible with breakfast");
  });

  it.each([
    [6, "EUR\u00a0390.00"],
    [9, "EUR\u00a0390.00"],
    [2, "390,00\u00a0EUR"],
  ])("writes amounts in language %d as %j (ADR 0019)", (languageId, amount) => {
    const mail = renderReservationMail(data, languageId);
    expect(mail.text).toContain(amount);
    expect(mail.html).toContain(amount);
  });

  it("names the hotel's country in the guest's language in the calendar file", () => {
    const ics = (languageId: number) => renderReservationMail(data, languageId).attachments[0]?.content ?? "";
    expect(ics(3)).toContain("Italien");
    expect(ics(2)).toContain("Italia");
    expect(ics(1)).toContain("Italy");
  });

  it("tells the hotel in English whatever the guest's language", () => {
    const notice = renderHotelNotice(data);
    expect(notice.html).toContain('<html lang="en">');
    expect(notice.text).toContain("Lake view double");
    expect(notice.text).not.toContain("Doppia vista lago");
  });

  it("has texts for every language id, Russian reading English", () => {
    const subjects = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => renderReservationMail(data, id).subject);
    expect(new Set(subjects).size).toBe(8);
    expect(subjects[6]).toBe(subjects[0]);
    // Russian reads English, but the mail says it is the Russian guest's, as the web page does (ADR 0019).
    expect(renderReservationMail(data, 7).html).toContain('<html lang="ru">');
    expect(renderReservationMail(data, 6).html).toContain('<html lang="zh-CN">');
    for (const s of subjects) expect(s).toContain(data.code);
  });

  it("escapes everything a guest or hotel typed", () => {
    const hostile = "</script><script>alert(1)</script><b>&";
    const evil: ReservationMailData = {
      ...data,
      booker: { ...data.booker, fullname: hostile, note: hostile },
      hotel: { ...data.hotel, name: hostile },
    };
    for (const mail of [renderReservationMail(evil, 1), renderHotelNotice(evil)]) {
      expect(mail.html).not.toContain("<script>alert");
      expect(mail.html).not.toContain("<b>&");
      expect(mail.html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;b&gt;&amp;");
    }
    const guest = renderReservationMail(evil, 1);
    expect(guest.html.match(/<\/script>/g)).toHaveLength(1);
    expect(jsonLdOf(guest.html)).toMatchObject({ underName: { name: hostile } });
  });

  it("words a non-refundable rate and an option that is held", () => {
    const held: ReservationMailData = {
      ...data,
      status: "pending_confirmation",
      optionExpiresAt: "2030-01-06T17:00:00+00:00",
      rooms: data.rooms.map((r) => ({
        ...r,
        refundable: false,
        freeCancellationDays: null,
      })),
    };
    const mail = renderReservationMail(held, 1);
    expect(mail.subject).toBe(`Your reservation ${data.code} – Hotel Lago & Spa`);
    expect(mail.text).toContain("Non-refundable");
    expect(mail.text).toContain("This option is held until 6 January 2030 at 18:00.");
    expect(jsonLdOf(mail.html).reservationStatus).toBe("https://schema.org/ReservationPending");
    expect(mail.attachments[0]?.content).toContain("STATUS:TENTATIVE");
  });
});

describe("the outbox worker renders the mails enqueued as recipes (ADR 0047)", () => {
  const rowOf = async (id: number) => {
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw new Error(`no outbox row ${id}`);
    return row;
  };
  const later = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);

  it("retries a mail whose render failed, like a failed send, and never loses it", async () => {
    await database.query(sql`update mail_outbox set status = 'sent' where status = 'pending'`);
    const r = await insertTestReservation(database, { hotelId, roomTypeId: room.id, ratePlanId: rate.id });
    const { guestMailId, hotelMailId } = await enqueueReservationMails(database.db, r.id, {
      baseUrl: BASE_URL,
      now: clock.now(),
    });
    // A recipe the renderer cannot make (an unknown kind, as a newer process might write): it fails to render.
    await database.query(
      sql`update mail_outbox set render = jsonb_set(render, '{kind}', '"no_such_mail"') where id = ${guestMailId}`,
    );
    const refusing: MailTransport = { send: async () => Promise.reject(new Error("must not be sent")) };
    const failed = await deliverDueMail(database, refusing, clock.now());
    // Both claimed: the guest's failed to render, the hotel's rendered and failed to send; both wait.
    expect(failed).toMatchObject({ claimed: 2, sent: 0, retried: 2, failed: 0 });
    const guest = await rowOf(guestMailId);
    expect(guest).toMatchObject({ status: "pending", attempts: 1, renderedAt: null, html: "" });
    expect(guest.lastError).toContain("unknown recipe no_such_mail");
    expect(guest.nextAttemptAt).toEqual(later(1));
    // The hotel's rendered content is kept: the retry sends exactly that.
    const hotel = await rowOf(hotelMailId);
    expect(hotel).toMatchObject({ status: "pending", attempts: 1, renderedAt: clock.now() });
    expect(hotel.subject).toContain(r.code);

    // Fixed (here: the recipe put right), the next attempt renders and sends it.
    await database.query(
      sql`update mail_outbox set render = jsonb_set(render, '{kind}', '"reservation_guest"') where id = ${guestMailId}`,
    );
    const before = smtp.received.length;
    expect(await deliverDueMail(database, transport, later(1))).toMatchObject({ claimed: 2, sent: 2 });
    const received = await smtp.waitFor(before + 2);
    const sentGuest = received.slice(before).find((m) => m.subject.startsWith("Booking confirmation"));
    expect(sentGuest?.attachments.map((a) => a.contentType)).toEqual(["text/calendar", "application/pdf"]);
    expect(await rowOf(guestMailId)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("without a transport only renders: the mail waits, readable, due as it was, its attempt given back", async () => {
    await database.query(sql`update mail_outbox set status = 'sent' where status = 'pending'`);
    const r = await insertTestReservation(database, { hotelId, roomTypeId: room.id, ratePlanId: rate.id });
    const { guestMailId } = await enqueueReservationMails(database.db, r.id, {
      baseUrl: BASE_URL,
      now: clock.now(),
    });
    expect(await deliverDueMail(database, null, later(2))).toMatchObject({ claimed: 2, sent: 0, retried: 0 });
    const row = await rowOf(guestMailId);
    expect(row).toMatchObject({
      status: "pending",
      attempts: 0,
      renderedAt: later(2),
      nextAttemptAt: later(2),
    });
    expect(row.subject).toBe(`Booking confirmation ${r.code} – Hotel Lago & Spa`);
    expect(row.attachments.map((a) => a.filename)).toEqual([
      `reservation-${r.code}.ics`,
      `Hotel-Lago-Spa-${r.code}.pdf`,
    ]);
    // Rendered once: a render-only pass has nothing left, and a deliverer sends what was rendered.
    expect(await deliverDueMail(database, null, later(3))).toMatchObject({ claimed: 0 });
    expect(await deliverDueMail(database, transport, later(3))).toMatchObject({ claimed: 2, sent: 2 });
    expect(await rowOf(guestMailId)).toMatchObject({ status: "sent", attempts: 1, renderedAt: later(2) });
  });

  it("stopping in the middle of a batch gives the mails it did not render back at once, uncounted", async () => {
    await database.query(sql`update mail_outbox set status = 'sent' where status = 'pending'`);
    const r = await insertTestReservation(database, { hotelId, roomTypeId: room.id, ratePlanId: rate.id });
    const { guestMailId, hotelMailId } = await enqueueReservationMails(database.db, r.id, {
      baseUrl: BASE_URL,
      now: clock.now(),
    });
    let asked = 0;
    const stopAfterOne = () => asked++ > 0;
    expect(await deliverDueMail(database, null, later(5), 20, 1, stopAfterOne)).toMatchObject({ claimed: 2 });
    expect(await rowOf(guestMailId)).toMatchObject({
      attempts: 0,
      renderedAt: later(5),
      nextAttemptAt: later(5),
    });
    expect(await rowOf(hotelMailId)).toMatchObject({
      attempts: 0,
      renderedAt: null,
      nextAttemptAt: later(5),
    });
    expect(await renderPendingMails(database, later(6))).toBe(1);
  });
});

describe("the voucher PDF on the mail job's thread (ADR 0055)", () => {
  let reservationId: number;
  let doc: VoucherDocument;

  beforeAll(async () => {
    const r = await reserveWithBoat({ email: "thread@example.test" });
    reservationId = r.id;
    doc = buildVoucherDocument(await loadData(r.id), 1, clock.now());
  });

  it("draws on its thread the voucher drawn here; after close() it draws nothing", async () => {
    const thread = new PdfThread();
    try {
      const [there, here] = await Promise.all([
        thread.render(doc, clock.now()),
        renderVoucherPdf(doc, clock.now()),
      ]);
      expect(Buffer.isBuffer(there)).toBe(true);
      const [a, b] = await Promise.all([readPdf(there), readPdf(here)]);
      expect(a.pages).toBe(b.pages);
      expect(a.text).toBe(b.text);
      expect(a.text).toContain(doc.code.value);
    } finally {
      await thread.close();
    }
    await expect(thread.render(doc, clock.now())).rejects.toThrow("pdf thread: closed");
  });

  // Linux only: a thread's priority is read in /proc (ADR 0059).
  it.runIf(existsSync("/proc/thread-self"))(
    "draws at the lowest CPU priority, on a thread of its own: the process's other threads keep theirs",
    async () => {
      /** Each thread's nice value (field 19 of /proc/self/task/<id>/stat), by thread id. */
      const niceByThread = () =>
        new Map(
          readdirSync("/proc/self/task").map((id) => {
            const stat = readFileSync(`/proc/self/task/${id}/stat`, "utf8");
            return [id, Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16])] as const;
          }),
        );
      const before = niceByThread();
      const thread = new PdfThread();
      try {
        await thread.render(doc, clock.now());
        const after = niceByThread();
        const lowered = [...after].filter(([id, nice]) => nice === 19 && !before.has(id));
        expect(lowered).toHaveLength(1);
        expect(after.get(String(process.pid))).toBe(before.get(String(process.pid)));
      } finally {
        await thread.close();
      }
    },
  );

  it("fails only the PDF the thread could not draw; the next one is drawn", async () => {
    const thread = new PdfThread();
    try {
      const broken = thread.render({ ...doc, sections: null as never }, clock.now());
      const next = thread.render(doc, clock.now());
      await expect(broken).rejects.toThrow("pdf thread:");
      expect((await readPdf(await next)).text).toContain(doc.code.value);
    } finally {
      await thread.close();
    }
  });

  it("keeps a mail whose PDF failed on the thread: pending with the error, sent at a later attempt", async () => {
    await database.db.transaction((tx) =>
      enqueueReservationMails(tx, reservationId, { baseUrl: BASE_URL, now: clock.now() }),
    );
    const mine = () =>
      database.db.select().from(mailOutbox).where(eq(mailOutbox.reservationId, reservationId));
    const gone = new PdfThread();
    await gone.close();
    await deliverDueMail(database, transport, clock.now(), 20, 1, () => false, gone.render);
    const guest = (await mine()).find((m) => m.render?.kind === "reservation_guest");
    expect(guest?.status).toBe("pending");
    expect(guest?.attempts).toBe(1);
    expect(guest?.lastError).toContain("pdf thread");

    const thread = new PdfThread();
    try {
      const later = new Date(clock.now().getTime() + retryDelayMs(1));
      await deliverDueMail(database, transport, later, 20, 1, () => false, thread.render);
    } finally {
      await thread.close();
    }
    const sent = (await mine()).find((m) => m.render?.kind === "reservation_guest");
    expect(sent?.status).toBe("sent");
    // The SMTP server answered the send after it had the message: it is there, its PDF with it.
    const received = smtp.received.find(
      (m) => m.to.includes("thread@example.test") && m.attachments.length > 0,
    );
    const pdf = received?.attachments.find((a) => a.contentType === "application/pdf");
    expect((await readPdf(Buffer.from(pdf?.content ?? "", "base64"))).text).toContain(doc.code.value);
  });
});
