import { aRatePlan, aRoomType, buildProperty, seedProperty } from "@alloggio/test-kit/builders";
import { createTestDatabase } from "@alloggio/test-kit/database";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { insertTestReservation } from "../../testing/mail-test-kit";
import { findReservation } from "../booking";
import { loadQuoteHotel } from "../manage/quote";
import { renderConfirmedNotice, renderRejectedNotice } from "../offers/mails";
import { renderMailRecipe } from "../voucher-pdf";
import type { MailChange } from "./changes";
import { renderHotelQuote } from "./quote-mails";
import { type ReservationMailData, renderHotelNotice } from "./reservation-mails";

// Every mail the hotel receives is written in the hotel's mail language (`settings.mailLanguage`, ADR 0067),
// whatever the guest's: subject, headings, lines, dates and money in that language's style.

let database: Database;
const BASE_URL = "https://book.example.test";

const room = aRoomType({
  name: { en: "Lake view double", it: "Doppia vista lago", de: "Doppelzimmer Seeblick" },
});
const rate = aRatePlan({
  name: { en: "Flexible", it: "Flessibile", de: "Flexibel" },
  freeCancellationDays: 3,
});

/** Two hotels, one reading Italian and one German; the guest books in English. */
const HOTELS = {
  it: buildProperty({
    hotel: { name: "Hotel Lago", email: "desk@lago.example.test", settings: { mailLanguage: "it" } },
    roomTypes: [room],
    ratePlans: [rate],
  }),
  de: buildProperty({
    hotel: {
      name: "Hotel See",
      email: "empfang@see.example.test",
      timeZone: "Europe/Berlin",
      country: "DE",
      settings: { mailLanguage: "de" },
    },
    roomTypes: [aRoomType({ ...room, id: room.id + 1, code: "SEE" })],
    ratePlans: [aRatePlan({ ...rate, id: rate.id + 1, code: "SEEFLEX" })],
  }),
};

const data: Record<"it" | "de", ReservationMailData> = {} as Record<"it" | "de", ReservationMailData>;
const hotelIds: Record<"it" | "de", number> = { it: 0, de: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  for (const key of ["it", "de"] as const) {
    const file = HOTELS[key];
    const { hotelId } = await seedProperty(database, file);
    hotelIds[key] = hotelId;
    const r = await insertTestReservation(database, {
      hotelId,
      roomTypeId: file.roomTypes[0]!.id,
      ratePlanId: file.ratePlans[0]!.id,
      languageId: 1,
    });
    const facts = await findReservation(database.db, r.id);
    if (!facts) throw new Error("no facts");
    data[key] = { ...facts, baseUrl: BASE_URL };
  }
});

afterAll(async () => {
  await database?.close();
});

/** Each change a hotel is told of, with the words its subject must carry in Italian and in German. */
const CHANGES: [string, MailChange, { it: string; de: string }][] = [
  [
    "room cancelled by the guest",
    { kind: "room_cancelled", roomIds: [], penaltyMinor: 12000, refundMinor: 0 },
    { it: "Camera cancellata nella prenotazione", de: "Zimmer in Buchung" },
  ],
  [
    "cancelled by the guest",
    { kind: "cancelled", penaltyMinor: 12000, refundMinor: 0 },
    { it: "cancellata dall'ospite", de: "vom Gast storniert" },
  ],
  [
    "cancelled by the agency",
    { kind: "cancelled", penaltyMinor: 0, refundMinor: 0, by: { who: "agency", name: "Viaggi Srl" } },
    { it: "cancellata dall'agenzia", de: "von der Agentur storniert" },
  ],
  [
    "cancelled by the hotel",
    { kind: "cancelled", penaltyMinor: 0, refundMinor: 0, by: { who: "property", name: "anna@lago.test" } },
    { it: "cancellata dall'hotel", de: "vom Hotel storniert" },
  ],
  [
    "modified",
    {
      kind: "modified",
      rooms: [],
      servicesAdded: [],
      wasMinor: 30000,
      becomesMinor: 36000,
      payNowMinor: 0,
      refundMinor: 0,
    },
    { it: "modificata", de: "geändert" },
  ],
  [
    "payment received",
    { kind: "payment_received", amountMinor: 27300 },
    { it: "Pagamento ricevuto", de: "Zahlung für Buchung" },
  ],
  [
    "card authorised",
    { kind: "payment_received", amountMinor: 27300, authorised: true },
    { it: "Carta autorizzata", de: "Karte für Buchung" },
  ],
  [
    "transfer updated",
    { kind: "transfer_updated", serviceId: 0, was: {}, becomes: { time: "10:00" } },
    { it: "Dati del transfer", de: "Transferdaten" },
  ],
  ["installments activated", { kind: "installments_activated" }, { it: "Rate attivate", de: "Ratenzahlung" }],
  ["option confirmed", { kind: "option_confirmed" }, { it: "Opzione", de: "Option" }],
  ["option expired", { kind: "option_expired" }, { it: "scaduta", de: "abgelaufen" }],
  [
    "bank transfer overdue",
    { kind: "bank_transfer_overdue" },
    { it: "bonifico non arrivato", de: "Überweisung nicht eingegangen" },
  ],
];

describe("the hotel's mails follow the hotel's mail language", () => {
  it("the new reservation, in Italian: subject, lines, names, days and money in Italian", async () => {
    const d = data.it;
    const mail = await renderMailRecipe(
      database.db,
      d.id,
      { kind: "reservation_hotel", baseUrl: BASE_URL },
      new Date("2030-01-05T10:00:00Z"),
    );
    expect(mail.to).toBe("desk@lago.example.test");
    expect(mail.subject).toBe(`Nuova prenotazione ${d.code}: 10 gen 2030 – 13 gen 2030, Ada Lovelace`);
    expect(mail.html).toContain('<html lang="it">');
    for (const line of [
      "È stata effettuata una nuova prenotazione per Hotel Lago.",
      "PRENOTANTE",
      "Paese: Italia",
      "Doppia vista lago",
      "Flessibile",
      "gio 10 gennaio 2030",
      "360,00\u00a0EUR",
      "Apri il voucher",
    ])
      expect(mail.text).toContain(line);
    for (const english of ["New reservation", "Booker", "Lake view double", "January", "Open the voucher"])
      expect(mail.text).not.toContain(english);
  });

  it("the new reservation, in German: subject, lines, names, days and money in German", async () => {
    const d = data.de;
    const mail = await renderMailRecipe(
      database.db,
      d.id,
      { kind: "reservation_hotel", baseUrl: BASE_URL },
      new Date("2030-01-05T10:00:00Z"),
    );
    expect(mail.to).toBe("empfang@see.example.test");
    expect(mail.subject).toBe(`Neue Buchung ${d.code}: 10. Jan. 2030 – 13. Jan. 2030, Ada Lovelace`);
    expect(mail.html).toContain('<html lang="de">');
    for (const line of [
      "Für Hotel See ist eine neue Buchung eingegangen.",
      "BUCHENDE PERSON",
      "Land: Italien",
      "Doppelzimmer Seeblick",
      "Flexibel",
      "Do., 10. Januar 2030",
      "360,00\u00a0EUR",
      "Voucher öffnen",
    ])
      expect(mail.text).toContain(line);
    for (const english of ["New reservation", "Booker", "Lake view double", "January"])
      expect(mail.text).not.toContain(english);
  });

  for (const [name, change, words] of CHANGES)
    it(`${name}: told in Italian and in German, never in English`, () => {
      for (const key of ["it", "de"] as const) {
        const d = data[key];
        const fixed: MailChange =
          change.kind === "room_cancelled"
            ? { ...change, roomIds: [d.rooms[0]!.id] }
            : change.kind === "transfer_updated"
              ? { ...change, serviceId: -1 }
              : change;
        const mail = renderHotelNotice(d, fixed);
        const english = renderHotelNotice({ ...d, hotel: { ...d.hotel, mailLanguage: "en" } }, fixed);
        expect(mail.subject).toContain(words[key]);
        expect(mail.subject).toContain(d.code);
        expect(mail.html).toContain(`<html lang="${key}">`);
        expect(mail.subject).not.toBe(english.subject);
        // The first lines (heading, lead) are the hotel's language's, not English.
        const lead = english.text
          .split("\n")
          .filter((line) => line.trim().length > 0)
          .slice(0, 3);
        for (const line of lead) if (!line.includes(d.code)) expect(mail.text).not.toContain(line);
      }
    });

  it("a cancellation's amounts and the agency's name read in the hotel's language", () => {
    const change: MailChange = {
      kind: "cancelled",
      penaltyMinor: 12000,
      refundMinor: 0,
      by: { who: "agency", name: "Viaggi Srl" },
    };
    const it = renderHotelNotice(data.it, change);
    expect(it.text).toContain("L'agenzia Viaggi Srl ha cancellato la prenotazione");
    expect(it.text).toContain("120,00\u00a0EUR");
    const de = renderHotelNotice(data.de, change);
    expect(de.text).toContain("Die Agentur Viaggi Srl hat die Buchung in ihrem Agenturbereich storniert");
  });

  it("a hotel that never chose reads English", () => {
    const mail = renderHotelNotice({ ...data.it, hotel: { ...data.it.hotel, mailLanguage: null } });
    expect(mail.subject).toBe(`New reservation ${data.it.code}: 10 Jan 2030 – 13 Jan 2030, Ada Lovelace`);
    expect(mail.html).toContain('<html lang="en">');
  });

  it("the copy of a quote request, in each hotel's language, naming the guest's language", async () => {
    for (const key of ["it", "de"] as const) {
      const hotel = await loadQuoteHotel({ database }, hotelIds[key], 1);
      if (!hotel) throw new Error("no hotel");
      const mail = renderHotelQuote({
        baseUrl: BASE_URL,
        channelId: 1,
        languageId: 4,
        arrival: "2030-01-20",
        departure: "2030-01-22",
        currency: { code: "EUR", decimalDigits: 2 },
        hotel,
        rooms: [
          {
            adults: 2,
            ages: [],
            roomName: room.name,
            rateName: rate.name,
            mealPlan: "room_only",
            suggested: false,
            totalMinor: 24000,
          },
        ],
        services: [],
        totalMinor: 24000,
        cityTaxMinor: null,
        guest: { fullName: "Giulia Bianchi", email: "giulia@example.test" },
      });
      expect(mail.html).toContain(`<html lang="${key}">`);
      if (key === "it") {
        expect(mail.subject).toBe("Richiesta di preventivo: 20 gen 2030 – 22 gen 2030, Giulia Bianchi");
        for (const line of [
          "Lingua del preventivo dell'ospite: francese",
          "240,00\u00a0EUR",
          "dom 20 gennaio 2030",
        ])
          expect(mail.text).toContain(line);
      } else {
        expect(mail.subject).toBe("Angebotsanfrage: 20. Jan. 2030 – 22. Jan. 2030, Giulia Bianchi");
        for (const line of ["Sprache des Angebots an den Gast: Französisch", "So., 20. Januar 2030"])
          expect(mail.text).toContain(line);
      }
      expect(mail.text).not.toContain("Quote request");
    }
  });

  it("an offer's rejection and confirmation, in each hotel's language, with the status and total as prose", () => {
    const offer = (mailLanguage: string) => ({
      code: "OFF123",
      url: `${BASE_URL}/offer/OFF123`,
      languageId: 1,
      recipient: { name: "Marco Neri", email: "marco@example.test" },
      hotel: { name: "Hotel Lago", email: "desk@lago.example.test", timeZone: "Europe/Rome", mailLanguage },
      arrival: "2030-01-20",
      departure: "2030-01-22",
      expiresAt: new Date("2030-01-15T17:00:00Z"),
      message: null,
    });
    const rejected = renderRejectedNotice({ ...offer("it"), reason: "Troppo caro" });
    expect(rejected.subject).toBe("Offerta OFF123 rifiutata da Marco Neri");
    expect(rejected.html).toContain('<html lang="it">');
    expect(rejected.text).toContain("dom 20 gennaio 2030");
    const confirmed = renderConfirmedNotice({
      ...offer("de"),
      option: { position: 1, title: null, rooms: [room.name] },
      reservation: { code: "RES1", status: "confirmed", total: 1234.5, currency: "EUR" },
    });
    expect(confirmed.subject).toBe("Angebot OFF123 von Marco Neri bestätigt: Buchung RES1");
    expect(confirmed.html).toContain('<html lang="de">');
    for (const line of ["Doppelzimmer Seeblick", "1234,50\u00a0EUR", "So., 20. Januar 2030"])
      expect(confirmed.text).toContain(line);
    expect(confirmed.text).not.toContain("confirmed");
  });

  it("reads the setting the back office stores in the hotel's settings", async () => {
    await database.db.execute(
      sql`update hotel set settings = settings || '{"mailLanguage":"fr"}'::jsonb where id = ${hotelIds.it}`,
    );
    const facts = await findReservation(database.db, data.it.id);
    const mail = renderHotelNotice({ ...facts!, baseUrl: BASE_URL });
    expect(mail.subject).toContain("Nouvelle réservation");
    await database.db.execute(
      sql`update hotel set settings = settings || '{"mailLanguage":"it"}'::jsonb where id = ${hotelIds.it}`,
    );
  });
});
