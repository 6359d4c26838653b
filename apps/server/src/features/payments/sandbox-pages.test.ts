import { createTestApp } from "@alloggio/test-kit/app";
import { aBookingRequest, anIdempotencyKey } from "@alloggio/test-kit/booking";
import {
  anInventoryRange,
  aPriceRange,
  aRatePlan,
  aRoomType,
  buildProperty,
  seedProperty,
} from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { App } from "../../http/app";
import { SANDBOX_CARDS } from "./sandbox-gateway";

// The sandbox gateway's pages speak the checkout's language (SPEC §3 ids): the card page, its errors, the card
// saved, the 3-D Secure challenge and the redirect methods' pages. Russian reads English and says lang="ru".
let database: Database;
let app: App;
const now = new Date("2030-01-05T10:00:00Z");

const room = aRoomType();
const prepaid = aRatePlan({
  payment: "prepaid",
  prepayment: [{ timing: "immediate", days: 0, percent: 100 }],
});
const guarantee = aRatePlan({ payment: "card_guarantee" });
const hotel = buildProperty({
  hotel: { settings: { paymentMethods: ["instant_bank", "wallet", "mobile", "pay_by_link"] } },
  roomTypes: [room],
  ratePlans: [prepaid, guarantee],
  prices: [
    aPriceRange(room, prepaid, { perAdults: { "1": 600, "2": 617.25 } }),
    aPriceRange(room, guarantee, { perAdults: { "1": 600, "2": 617.25 } }),
  ],
  inventory: [anInventoryRange(room, { allotment: 20 })],
});

beforeAll(async () => {
  database = await createTestDatabase();
  await seedProperty(database, hotel);
  app = await createTestApp(database, () => now);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const get = (url: string) => app.inject({ method: "GET", url });
const postCard = (fields: Record<string, string>) =>
  app.inject({
    method: "POST",
    url: "/sandbox-gateway/card",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ return: "/", ...fields }).toString(),
  });
const VALID = { number: "4242424242424242", expiry: "12/2031", holder: "Maria Rossi", cvv: "123" };

/** Books two nights on the prepaid rate in `language`, paying as given; answers the booking's reply. */
async function book(language: number, payment: Record<string, unknown>, rateId = prepaid.id) {
  const body = aBookingRequest(
    {
      hotel: hotel.hotel.id,
      roomId: room.id,
      rateId,
      arrival: "20300120",
      departure: "20300122",
    },
    { language, payment },
  );
  const res = await app.inject({
    method: "POST",
    url: "/api/guestdata.do",
    headers: { "idempotency-key": anIdempotencyKey() },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { next: string; redirectUrl?: string };
}

async function tokenOf(number: string): Promise<{ cardToken: string; cardLast4: string }> {
  const saved = await postCard({ ...VALID, number });
  const token = /data-token="([^"]+)"/.exec(saved.body)?.[1];
  if (!token) throw new Error(`no token: ${saved.statusCode}`);
  return { cardToken: token, cardLast4: number.slice(-4) };
}

describe("the sandbox card page", () => {
  it.each([
    [3, "de", ["Kartendaten", "Kartennummer", "Gültig bis (MM/JJJJ)", "Karteninhaber", "Karte speichern"]],
    [2, "it", ["Dati della carta", "Numero della carta", "Scadenza (MM/AAAA)", "Salva la carta"]],
    [4, "fr", ["Données de la carte", "Numéro de carte", "Enregistrer la carte"]],
    [5, "es", ["Datos de la tarjeta", "Número de tarjeta", "Guardar tarjeta"]],
    [8, "pt", ["Dados do cartão", "Número do cartão", "Guardar cartão"]],
    [6, "zh-CN", ["银行卡信息", "卡号", "保存银行卡"]],
    [9, "ja", ["カード情報", "カード番号", "カードを保存"]],
    [7, "ru", ["Card details", "Card number", "Expiry (MM/YYYY)", "Save card"]],
    [1, "en-GB", ["Card details", "Card number", "Save card"]],
  ])("in language %d says lang=%s and shows %j", async (language, lang, texts) => {
    const res = await get(`/sandbox-gateway/card?return=%2Fcheckout&language=${language}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}">`);
    for (const text of texts) expect(res.body).toContain(text);
    expect(res.body).toContain(`<input type="hidden" name="language" value="${language}">`);
    // A card for each way the sandbox can answer is named, in groups of four as a card shows it.
    const shown = Object.entries(SANDBOX_CARDS).filter(([number]) =>
      res.body.includes(number.replace(/(\d{4})(?=\d)/g, "$1 ")),
    );
    expect(new Set(shown.map(([, behaviour]) => behaviour))).toEqual(new Set(Object.values(SANDBOX_CARDS)));
  });

  it("reads English when the language is missing or not one of SPEC §3", async () => {
    for (const query of ["", "&language=0", "&language=42", "&language=de"]) {
      const res = await get(`/sandbox-gateway/card?return=%2F${query}`);
      expect(res.body).toContain('<html lang="en-GB">');
      expect(res.body).toContain("Card number");
    }
  });

  it("answers a wrong card in the form's language, and keeps the language for the next try", async () => {
    const res = await postCard({ ...VALID, number: "1234", expiry: "13/2031", language: "3" });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain("Ungültige Kartennummer.");
    expect(res.body).toContain("Ungültiges Datum, bitte MM/JJJJ.");
    expect(res.body).toContain('name="language" value="3"');
  });

  it("says the card is saved in the form's language", async () => {
    const res = await postCard({ ...VALID, language: "2" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="it">');
    expect(res.body).toContain("La carta che termina con 4242 è pronta.");
    expect(res.body).toContain(">Continua</a>");
  });
});

describe("the gateway's pages after the checkout", () => {
  it("sends a German guest to a German 3-D Secure challenge, amounts as the booking pages write them", async () => {
    const answer = await book(3, { method: "card_payment", ...(await tokenOf("4000000000003220")) });
    expect(answer.next).toBe("3ds");
    expect(answer.redirectUrl).toMatch(/^\/sandbox-gateway\/challenge\/pay_\w+\?language=3$/);
    const page = await get(answer.redirectUrl!);
    expect(page.body).toContain('<html lang="de">');
    for (const text of [
      "3-D-Secure-Prüfung",
      "Ihre Bank bittet Sie",
      "1234,50\u00a0EUR",
      "Zahlung bestätigen",
    ])
      expect(page.body).toContain(text);
  });

  it("asks a card guarantee's bank to confirm the card, not a payment of 0,00: nothing is charged", async () => {
    const answer = await book(
      1,
      { method: "card_guarantee", ...(await tokenOf("4000000000003220")) },
      guarantee.id,
    );
    expect(answer.next).toBe("3ds");
    const page = await get(answer.redirectUrl!);
    expect(page.body).toContain("Nothing is charged: the card is kept as a guarantee.");
    expect(page.body).toContain("Confirm the card");
    expect(page.body).not.toContain("0,00");
    expect(page.body).not.toContain("Confirm payment");
  });

  it("sends a Chinese guest to a Chinese page of the redirect method, and keeps the language after it", async () => {
    const answer = await book(6, { method: "instant_bank" });
    expect(answer.redirectUrl).toMatch(/^\/sandbox-gateway\/pay\/pay_\w+\?language=6$/);
    const page = await get(answer.redirectUrl!);
    expect(page.body).toContain('<html lang="zh-CN">');
    for (const text of ["即时银行转账", "EUR\u00a01,234.50", "确认付款", "取消付款"])
      expect(page.body).toContain(text);
    const paid = await app.inject({
      method: "POST",
      url: answer.redirectUrl!,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "outcome=approve",
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/\/language\/6\/3ds\/code\//);
    const again = await get(answer.redirectUrl!);
    expect(again.body).toContain("此笔付款已完成。");
  });

  it("keeps English pages, without a language in the address, for an English checkout", async () => {
    const answer = await book(1, { method: "wallet" });
    expect(answer.redirectUrl).toMatch(/^\/sandbox-gateway\/pay\/pay_\w+$/);
    const page = await get(answer.redirectUrl!);
    expect(page.body).toContain('<html lang="en-GB">');
    expect(page.body).toContain("Digital wallet");
    expect(page.body).toContain("1234,50\u00a0EUR");
  });

  it("says an unknown payment is unknown in the page's language", async () => {
    const res = await get("/sandbox-gateway/pay/pay_unknown?language=4");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("Paiement inconnu");
  });
});
