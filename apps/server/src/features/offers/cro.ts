/**
 * `GET /api/v2/cro/:reservationCode` (SPEC §2, §7; ADR 0035): a reservation made by confirming a personalised
 * offer, with its status and the option booked. The 80-bit code is the key, so the answer holds no personal data
 * beyond the recipient's name. Any other code (unknown, malformed, a reservation not made from an offer) is 404.
 */
import { normalizeReservationCode } from "@alloggio/domain/booking/reservation-code";
import type { CroResponse } from "@alloggio/domain/contract/offers/cro";
import { pickText } from "@alloggio/domain/i18n/languages";
import { fromMinor } from "@alloggio/domain/money/money";
import { nightsBetween } from "@alloggio/domain/stay-dates/stay-dates";
import type { Database } from "../../db/client";
import { notFound } from "../../http/errors";
import { findCroByCode } from "./repository";

const croNotFound = () => notFound("reservationCode", "No reservation offer has this code");

export async function findReservationOffer(database: Database, typed: string): Promise<CroResponse> {
  const code = normalizeReservationCode(typed);
  if (!code) throw croNotFound();
  const row = await findCroByCode(database, code);
  if (!row) throw croNotFound();
  const lang = row.offerLanguageId;
  const money = (minor: number) => fromMinor(minor, row.currency.decimalDigits);
  return {
    reservation: {
      code: row.code,
      status: row.status,
      arrival: row.arrival,
      departure: row.departure,
      nights: nightsBetween(row.arrival, row.departure),
      total: money(row.totalMinor),
      currency: row.currency,
      createdAt: row.createdAt,
    },
    hotel: row.hotel,
    channel: row.channelId,
    language: row.languageId,
    recipient: { name: row.recipientName },
    offer: {
      code: row.offerCode,
      state: row.offerState,
      option: row.option,
      title: row.title,
      rooms: row.rooms.map((r) => ({
        roomName: pickText(r.roomName, lang),
        rateName: pickText(r.rateName, lang),
        mealPlan: r.mealPlan,
        adults: r.adults,
        ages: r.ages,
        price: money(r.priceMinor),
      })),
      services: row.services.map((s) => ({
        name: pickText(s.name, lang),
        quantity: s.quantity,
        price: money(s.priceMinor),
      })),
    },
  };
}
