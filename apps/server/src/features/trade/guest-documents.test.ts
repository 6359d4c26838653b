import { TRADE_COOKIE } from "@alloggio/domain/contract/trade/login";
import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  aDirectChannel,
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  aTradeChannel,
  aTradeCustomer,
  buildProperty,
  seedProperty,
  TRADE_CHANNEL_ID,
} from "@alloggio/test-kit/builders";
import { fixedClock } from "@alloggio/test-kit/clock";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { aTradeSession, aTradeUser, enableTradeCustomer } from "@alloggio/test-kit/trade";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { runTimedChanges } from "../../jobs/timed-changes";
import { renderPendingMails } from "../voucher-pdf";
import { readPdf } from "../voucher-pdf/pdf-test-kit";
import { tradeCsrfToken } from "./session";

// What the guest of a trade booking reads (ADR 0062): no trade rate's name, no net amount, no commission, in any
// document the guest gets (mail, schema.org markup, calendar file, voucher PDF, web voucher, the agency's guest PDF).
const clock = fixedClock("2030-01-05T10:00:00Z");
let database: Database;
let app: App;

const NET_NAMES = {
  en: "Trade – net rate",
  it: "Agenzie – tariffa netta",
  de: "Reisebüro – Nettorate",
  fr: "Agences – tarif net",
  es: "Agencias – tarifa neta",
  pt: "Agências – tarifa líquida",
  zh: "同业 – 净价",
  ja: "旅行会社向け – ネット料金",
};
const COM_NAMES = {
  en: "Trade – commissionable",
  it: "Agenzie – commissionabile",
  de: "Reisebüro – provisionsfähig",
  fr: "Agences – commissionnable",
  es: "Agencias – comisionable",
  pt: "Agências – comissionável",
  zh: "同业 – 可佣金",
  ja: "旅行会社向け – コミッション対象",
};
/** Words that name a trade rate, a net price or a commission, in the documents' languages. */
const TRADE_WORDS = [
  /\btrade\b/i,
  /\bnet\b/i,
  /\bnett[oa]\b/i,
  /netta/i,
  /\bneta\b/i,
  /líquid/i,
  /commission/i,
  /provision/i,
  /comisi/i,
  /comiss/i,
  /agenzie/i,
  /同业/,
  /净价/,
  /佣金/,
  /ネット/,
  /手数料/,
  /コミッション/,
  /Nettorate/i,
];

const room = aRoomType({ name: { en: "Garden double", it: "Doppia giardino" } });
const net = aRatePlan({
  name: NET_NAMES,
  mealPlan: "breakfast",
  isNet: true,
  tradeOnly: true,
  channelIds: [TRADE_CHANNEL_ID],
});
const commissionable = aRatePlan({
  name: COM_NAMES,
  mealPlan: "breakfast",
  commissionPercent: 10,
  tradeOnly: true,
  channelIds: [TRADE_CHANNEL_ID],
});
const agency = aTradeCustomer({ name: "Viaggi Alfa Srl" });
const property = buildProperty({
  hotel: { name: "Hotel Riva" },
  roomTypes: [room],
  ratePlans: [net, commissionable],
  // 3 nights: the net rate 93,17 a night (279,51), the commissionable 111,11 (333,33, commission 33,33).
  prices: [
    aPriceRange(room, net, { perAdults: { "1": 93.17, "2": 93.17 } }),
    aPriceRange(room, commissionable, { perAdults: { "1": 111.11, "2": 111.11 } }),
  ],
  inventory: [anInventoryRange(room, { allotment: 50 })],
  channels: [aDirectChannel(), aTradeChannel({ tradeConfHour: 0 })],
  tradeCustomers: [agency],
});
const AGENCY = {
  fullname: "Viaggi Alfa Srl",
  address: "Via Roma 1",
  cap: "37100",
  city: "Verona",
  country: "IT",
  mail: "booking@alfa.test",
  vatNumber: "12345678903",
  code: "PRATICA-42",
  type: 1,
};
const GUEST = "guest@example.test";
let session: { token: string };

async function book(rateId: number, language: number): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: {
      cookie: `${TRADE_COOKIE}=${session.token}`,
      "idempotency-key": anIdempotencyKey(),
    },
    payload: aBookingRequest(
      { hotel: property.hotel.id, roomId: room.id, rateId, arrival: "20300120", departure: "20300123" },
      {
        channel: TRADE_CHANNEL_ID,
        language,
        agency: AGENCY,
        booker: {
          fullname: "Gina Ospite",
          email: GUEST,
          emailConfirm: GUEST,
          phone: { dialCode: "+39", number: "3331234567" },
          country: "IT",
        },
      },
    ),
  });
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().reservation.code;
}

/** Every text of a rendered mail the guest gets: body, markup, calendar file, and the voucher PDF's text. */
async function guestMailTexts(code: string): Promise<string[]> {
  await renderPendingMails(database);
  const rows = await database.query<{
    subject: string;
    html: string;
    text: string;
    attachments: { filename: string; content: string; encoding?: string }[];
  }>(sql`select m.subject, m.html, m.text, m.attachments from mail_outbox m join reservation r on r.id = m.reservation_id
      where r.code = ${code} and m."to" = ${GUEST}`);
  expect(rows).toHaveLength(1);
  const mail = rows[0]!;
  const texts = [mail.subject, mail.html, mail.text];
  for (const file of mail.attachments) {
    if (file.filename.endsWith(".pdf")) texts.push((await readPdf(Buffer.from(file.content, "base64"))).text);
    else texts.push(file.content);
  }
  expect(mail.attachments.map((a) => a.filename.split(".").pop())).toEqual(["ics", "pdf"]);
  return texts;
}

async function webVoucher(code: string, language: number) {
  const res = await app.inject({
    method: "POST",
    url: "/api/retrieve.do",
    payload: { code, mail: GUEST, channel: TRADE_CHANNEL_ID, language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function guestPdfs(code: string, language: number): Promise<string[]> {
  const own = await app.inject({
    method: "POST",
    url: "/api/voucher.pdf",
    payload: { code, mail: GUEST, channel: TRADE_CHANNEL_ID, language },
  });
  expect(own.statusCode, own.body).toBe(200);
  const agencyCopy = await app.inject({
    method: "GET",
    url: `/api/agency/print/${code}/guest?language=${language}`,
    headers: { cookie: `${TRADE_COOKIE}=${session.token}`, "x-csrf-token": tradeCsrfToken(session.token) },
  });
  expect(agencyCopy.statusCode, agencyCopy.body).toBe(200);
  return [(await readPdf(own.rawPayload)).text, (await readPdf(agencyCopy.rawPayload)).text];
}

function expectNoTradeWord(texts: string[], amounts: RegExp[]) {
  for (const text of texts)
    for (const word of [...TRADE_WORDS, ...amounts])
      expect(text, `${word} in ${text.slice(0, 400)}`).not.toMatch(word);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, property);
  await enableTradeCustomer(database, agency.id, [{ hotel: property.hotel.id, channel: TRADE_CHANNEL_ID }]);
  app = await createTestApp(database, clock.now);
  const user = await aTradeUser(database, { customerId: agency.id, passwordChangedAt: clock.now() });
  session = await aTradeSession(database, { userId: user.id, channel: TRADE_CHANNEL_ID, now: clock.now() });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

// en, it, de, fr, es, zh, pt, ja
const LANGUAGES = [1, 2, 3, 4, 5, 6, 8, 9];

describe("a net-rate trade booking's guest documents", () => {
  it.each(LANGUAGES)(
    "name no trade rate and show no amount but the city tax (language %i)",
    async (language) => {
      const code = await book(net.id, language);
      // The net price, however a language writes it.
      const amounts = [/279[.,]51/, /93[.,]17/];
      const mail = await guestMailTexts(code);
      expectNoTradeWord(mail, amounts);
      // The schema.org markup has no price either.
      expect(mail[1]).not.toContain('"totalPrice"');
      expectNoTradeWord(await guestPdfs(code, language), amounts);
      const voucher = await webVoucher(code, language);
      expectNoTradeWord([voucher.body], amounts);
      expect(voucher.json()).toMatchObject({ pricesHidden: true, total: 0, prepayments: [] });
    },
  );
});

describe("a commissionable trade booking's guest documents", () => {
  it.each(LANGUAGES)(
    "name no trade rate and no commission, and show the sale price (language %i)",
    async (language) => {
      const code = await book(commissionable.id, language);
      const mail = await guestMailTexts(code);
      // The commission (33,33) and the net (300,00) appear nowhere; the sale price (333,33) does.
      const amounts = [/(?<![\d.,])33[.,]33/, /(?<![\d.,])300[.,]00/];
      expectNoTradeWord(mail, amounts);
      expect(mail[2]).toMatch(/333[.,]33/);
      expectNoTradeWord(await guestPdfs(code, language), amounts);
      const voucher = await webVoucher(code, language);
      expectNoTradeWord([voucher.body], []);
      expect(voucher.json()).toMatchObject({ total: 333.33 });
    },
  );
});

type OutboxMail = {
  subject: string;
  text: string;
  attachments: { filename: string; content: string }[];
};
async function agencyMails(code: string): Promise<OutboxMail[]> {
  await renderPendingMails(database);
  return database.query<OutboxMail>(sql`select m.subject, m.text, m.attachments from mail_outbox m
    join reservation r on r.id = m.reservation_id where r.code = ${code} and m."to" = ${AGENCY.mail} order by m.id`);
}

describe("the agency's own mails", () => {
  it("confirms a booking to the agency with its reference, the net price and the agency PDF", async () => {
    const code = await book(net.id, 1);
    const [mail, ...more] = await agencyMails(code);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Agency booking ${code} for Gina Ospite – Hotel Riva`);
    expect(mail!.text).toContain("Your reference: PRATICA-42");
    expect(mail!.text).toContain("Trade – net rate");
    expect(mail!.text).toMatch(/279,51/);
    const pdf = mail!.attachments.find((a) => a.filename.endsWith("-agency.pdf"));
    const text = (await readPdf(Buffer.from(pdf!.content, "base64"))).text;
    expect(text).toContain("Agency copy: not for the guest");
    expect(text).toContain("Your reference PRATICA-42");
  });

  it("reminds the agency once before its option runs out", async () => {
    const code = await book(commissionable.id, 1);
    await database.query(sql`update reservation set status = 'pending_confirmation',
      option_expires_at = ${new Date(clock.now().getTime() + 2 * 3_600_000).toISOString()}::timestamptz,
      created_at = ${new Date(clock.now().getTime() - 22 * 3_600_000).toISOString()}::timestamptz
      where code = ${code}`);
    const deps = { database, now: clock.now, baseUrl: "http://localhost" };
    expect((await runTimedChanges(deps)).option_reminder).toBe(1);
    expect((await runTimedChanges(deps)).option_reminder).toBe(0);
    const mails = await agencyMails(code);
    expect(mails.map((m) => m.subject)).toEqual([
      `Agency booking ${code} for Gina Ospite – Hotel Riva`,
      `Option ${code} for Gina Ospite runs out soon`,
    ]);
    expect(mails[1]!.text).toContain("Confirm it in the agency area before");
  });

  it("tells the hotel which agency booked, its reference and its commission, not a guest's direct booking", async () => {
    const code = await book(commissionable.id, 1);
    await renderPendingMails(database);
    const [hotel] = await database.query<{ text: string }>(sql`select m.text from mail_outbox m
      join reservation r on r.id = m.reservation_id where r.code = ${code} and m.subject like 'New reservation%'`);
    expect(hotel!.text).toContain("BOOKED BY THE AGENCY");
    expect(hotel!.text).toContain("Viaggi Alfa Srl");
    expect(hotel!.text).toContain("Agency's reference: PRATICA-42");
    expect(hotel!.text).toMatch(/Commission: 33[.,]33\sEUR \(10 % of the room price\)/);
  });

  it("tells the agency of a cancellation", async () => {
    const code = await book(commissionable.id, 1);
    const res = await app.inject({
      method: "DELETE",
      url: `/api/agency/reservations/${code}`,
      headers: { cookie: `${TRADE_COOKIE}=${session.token}`, "x-csrf-token": tradeCsrfToken(session.token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await agencyMails(code);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/cancel/i);
    expect(mails[1]!.text).toContain("PRATICA-42");
  });
});
