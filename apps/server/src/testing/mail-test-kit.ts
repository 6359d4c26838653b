import type { ReservationStatus } from "@alloggio/domain/booking/reservation-state";
// Test helpers of the mail tests: a reservation row writer (the SMTP server and MIME reader live in
// @alloggio/test-kit/mail). Used by the *.test.ts files only.
import type { Database } from "../db/client";
import {
  type Booker,
  paymentDue,
  reservation,
  reservationGuest,
  reservationRoom,
  reservationService,
} from "../db/schema";

// ── Reservation rows ───────────────────────────────────────────────────────────────────────────────────────

let nextCode = 1;

export type TestReservation = {
  hotelId: number;
  roomTypeId: number;
  ratePlanId: number;
  serviceId?: number;
  languageId?: number;
  code?: string;
  email?: string;
  fullname?: string;
  status?: ReservationStatus;
  arrival?: string;
  departure?: string;
  note?: string;
};

/** Writes a reservation with one room (2 adults, a child of 5), two guests, a service and two payments due. */
export async function insertTestReservation(
  database: Database,
  r: TestReservation,
): Promise<{ id: number; code: string; email: string }> {
  const code = r.code ?? `TESTCODE${String(nextCode++).padStart(8, "0")}`;
  const email = r.email ?? "ada.lovelace@example.test";
  const arrival = r.arrival ?? "2030-01-10";
  const departure = r.departure ?? "2030-01-13";
  const booker: Booker = {
    fullname: r.fullname ?? "Ada Lovelace",
    email,
    phone: "+39 333 1234567",
    country: "IT",
    address: "Via Verdi 3",
    city: "Trento",
    cap: "38122",
    ...(r.note ? { note: r.note } : {}),
    arrivalTime: "16:00",
  };
  const db = database.db;
  const [row] = await db
    .insert(reservation)
    .values({
      code,
      hotelId: r.hotelId,
      channelId: 1,
      languageId: r.languageId ?? 1,
      status: r.status ?? "confirmed",
      arrival,
      departure,
      booker,
      email: email.toLowerCase(),
      invoice: null,
      privacy: { marketing: false, report: false, profile: false, custom: [] },
      currencyCode: "EUR",
      roomsTotalMinor: 36000,
      servicesTotalMinor: r.serviceId ? 3000 : 0,
      cityTaxMinor: 2250,
      totalMinor: 36000 + (r.serviceId ? 3000 : 0),
      paymentMethod: "card_payment",
      createdAt: new Date("2030-01-05T10:00:00Z"),
    })
    .returning({ id: reservation.id });
  if (!row) throw new Error("insertTestReservation: no row");
  const [room] = await db
    .insert(reservationRoom)
    .values({
      reservationId: row.id,
      slot: 0,
      roomTypeId: r.roomTypeId,
      ratePlanId: r.ratePlanId,
      arrival,
      departure,
      adults: 2,
      childAges: [5],
      totalMinor: 36000,
      nightlyMinor: [12000, 12000, 12000],
    })
    .returning({ id: reservationRoom.id });
  if (!room) throw new Error("insertTestReservation: no room");
  await db.insert(reservationGuest).values([
    { reservationId: row.id, roomId: room.id, firstName: "Ada", lastName: "Lovelace", type: "adult" },
    { reservationId: row.id, roomId: room.id, firstName: "Byron", lastName: "King", type: "child" },
  ]);
  if (r.serviceId)
    await db.insert(reservationService).values({
      reservationId: row.id,
      roomId: room.id,
      serviceId: r.serviceId,
      quantity: 2,
      day: arrival,
      timeSlot: "10:00",
      priceMinor: 3000,
    });
  await db.insert(paymentDue).values([
    { reservationId: row.id, dueDate: "2030-01-05", amountMinor: 11700, status: "paid" },
    { reservationId: row.id, dueDate: "2030-01-07", amountMinor: 27300, status: "due" },
  ]);
  return { id: row.id, code, email };
}

// ── Calendar files ─────────────────────────────────────────────────────────────────────────────────────────

export type CalendarLine = { name: string; params: string; value: string };

/**
 * Reads an iCalendar text back as RFC 5545 says a client does: unfolds (CRLF + space or tab), splits at CRLF and
 * names each content line; TEXT values are unescaped (`\\`, `\;`, `\,`, `\n`). Throws on a bare CR or LF or a
 * missing final CRLF, which a strict client refuses.
 */
export function parseCalendar(text: string): CalendarLine[] {
  if (!text.endsWith("\r\n")) throw new Error("ics: no CRLF at the end");
  if (/[\r\n]/.test(text.replace(/\r\n/g, ""))) throw new Error("ics: a line break that is not CRLF");
  return text
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .map((line) => {
      const colon = line.indexOf(":");
      const head = line.slice(0, colon);
      const semi = head.indexOf(";");
      return {
        name: semi < 0 ? head : head.slice(0, semi),
        params: semi < 0 ? "" : head.slice(semi + 1),
        value: line.slice(colon + 1),
      };
    });
}

/** A TEXT value of a calendar line as written before escaping. */
export const unescapeCalendarText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
