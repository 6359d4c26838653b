/**
 * `GET /api/v2/cro/:reservationCode` (SPEC §2, §7; ADR 0035): a reservation made by confirming a personalised
 * offer, with its status and the option booked. The 80-bit code is the key, so the answer holds no personal data
 * beyond the recipient's name. Any other code (unknown, malformed, a reservation not made from an offer) is 404.
 */
import { normalizeReservationCode } from "@alloggio/domain/booking/reservation-code";
import type { CroResponse } from "@alloggio/domain/contract/offers/cro";
import { pickText } from "@alloggio/domain/i18n/languages";
import { fromMinor } from "@alloggio/domain/money/money";
import type { OfferState } from "@alloggio/domain/offers/offer-state";
import { nightsBetween } from "@alloggio/domain/stay-dates/stay-dates";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { LocalizedText } from "../../db/schema";
import { notFound } from "../../http/errors";

type StoredCro = {
  code: string;
  status: CroResponse["reservation"]["status"];
  arrival: string;
  departure: string;
  totalMinor: number;
  currency: { code: string; decimalDigits: number };
  createdAt: string;
  hotel: { id: number; name: string };
  channelId: number;
  languageId: number;
  recipientName: string;
  offerCode: string;
  offerState: OfferState;
  offerLanguageId: number;
  option: number;
  title: string | null;
  rooms: {
    roomName: LocalizedText;
    rateName: LocalizedText;
    mealPlan: string;
    adults: number;
    ages: number[];
    priceMinor: number;
  }[];
  services: { name: LocalizedText; quantity: number; priceMinor: number }[];
};

const croNotFound = () => notFound("reservationCode", "No reservation offer has this code");

export async function findReservationOffer(database: Database, typed: string): Promise<CroResponse> {
  const code = normalizeReservationCode(typed);
  if (!code) throw croNotFound();
  const [row] = await database.query<StoredCro>(sql`
    select r.code, r.status, to_char(r.arrival, 'YYYYMMDD') as arrival, to_char(r.departure, 'YYYYMMDD') as departure,
      r.total_minor as "totalMinor",
      json_build_object('code', c.code, 'decimalDigits', c.decimal_digits) as currency,
      to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      json_build_object('id', h.id, 'name', h.name) as hotel,
      r.channel_id as "channelId", r.language_id as "languageId", o.recipient_name as "recipientName",
      o.code as "offerCode", o.state as "offerState", o.language_id as "offerLanguageId",
      op.position as option, op.title,
      coalesce((select json_agg(json_build_object('roomName', rt.name, 'rateName', rp.name,
          'mealPlan', rp.meal_plan, 'adults', x.adults, 'ages', x.child_ages, 'priceMinor', x.price_minor)
          order by x.position)
        from offer_option_room x join room_type rt on rt.id = x.room_type_id
        join rate_plan rp on rp.id = x.rate_plan_id where x.option_id = op.id), '[]'::json) as rooms,
      coalesce((select json_agg(json_build_object('name', s.name, 'quantity', (y.item->>'quantity')::int,
          'priceMinor', (y.item->>'priceMinor')::int) order by y.n)
        from jsonb_array_elements(op.services) with ordinality as y(item, n)
        join service s on s.id = (y.item->>'serviceId')::int), '[]'::json) as services
    from reservation r
    join offer o on o.reservation_id = r.id
    join offer_option op on op.id = o.confirmed_option_id
    join hotel h on h.id = r.hotel_id
    join currency c on c.code = r.currency_code
    where r.code = ${code}`);
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
