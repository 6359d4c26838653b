import { randomBytes } from "node:crypto";
import { encodeReservationCode } from "@alloggio/domain/booking/reservation-code";
import { commissionMinor } from "@alloggio/domain/booking/trade-booking";
import { addDays } from "@alloggio/domain/stay-dates/stay-dates";
import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { DEMO_TRADE_CHANNEL_ID } from "./demo-files";
import { DEMO_TRADE_ACCOUNTS } from "./demo-trade";

// The demo agency's own reservations (ADR 0032), so that its area has something to show: a confirmed
// booking, an option waiting for confirmation and a cancelled one, booked by the travel agency (customer 1) on the
// trade channel at the commissionable trade rate of a hotel it is enabled for.

type Stay = {
  guest: string;
  email: string;
  /** Days after today. */
  from: number;
  nights: number;
  adults: number;
  nightlyMinor: number;
  status: "confirmed" | "pending_confirmation" | "cancelled";
};

export const DEMO_AGENCY_STAYS: Stay[] = [
  {
    guest: "Sofia Greco",
    email: "sofia.greco@example.test",
    from: 20,
    nights: 2,
    adults: 1,
    nightlyMinor: 11_000,
    status: "cancelled",
  },
  {
    guest: "Marta Bianchi",
    email: "marta.bianchi@example.test",
    from: 30,
    nights: 3,
    adults: 2,
    nightlyMinor: 16_000,
    status: "confirmed",
  },
  {
    guest: "Luca Ferri",
    email: "luca.ferri@example.test",
    from: 45,
    nights: 2,
    adults: 2,
    nightlyMinor: 15_000,
    status: "pending_confirmation",
  },
];

const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
const ymdOf = (today: string) => today.replaceAll("-", "");

/** Adds the demo agency's reservations (after its account is loaded); `today` is the demo's hotel-local day. */
export async function loadDemoAgencyReservations(database: Database, today: string, now = new Date()) {
  const customerId = DEMO_TRADE_ACCOUNTS[0].customerId;
  const [target] = await database.query<{
    hotel_id: number;
    currency_code: string;
    city_tax_minor: number;
    rate_plan_id: number;
    commission_percent: string;
    room_type_id: number;
  }>(sql`select h.id as hotel_id, h.currency_code, h.city_tax_minor, rp.id as rate_plan_id, rp.commission_percent,
      (select rt.id from room_type rt where rt.hotel_id = h.id order by rt.id limit 1) as room_type_id
    from trade_customer_hotel t join hotel h on h.id = t.hotel_id
    join rate_plan rp on rp.hotel_id = h.id and rp.commission_percent is not null and not rp.is_net
    where t.trade_customer_id = ${customerId} and t.channel_id = ${DEMO_TRADE_CHANNEL_ID}
    order by h.id, rp.id limit 1`);
  if (!target?.room_type_id) return;
  await database.db.transaction(async (tx) => {
    let minute = 0;
    for (const stay of DEMO_AGENCY_STAYS) {
      const arrival = iso(addDays(ymdOf(today), stay.from));
      const departure = iso(addDays(ymdOf(today), stay.from + stay.nights));
      const roomMinor = stay.nightlyMinor * stay.nights;
      const active = stay.status !== "cancelled";
      const cityTaxMinor = active ? target.city_tax_minor * stay.adults * stay.nights : 0;
      const code = encodeReservationCode(randomBytes(10));
      const createdAt = new Date(now.getTime() - (DEMO_AGENCY_STAYS.length - minute++) * 3_600_000);
      const optionExpiresAt =
        stay.status === "pending_confirmation"
          ? new Date(now.getTime() + 3 * 86_400_000).toISOString()
          : null;
      const booker = { fullname: stay.guest, email: stay.email, phone: "+39 333 000 0000", country: "IT" };
      const privacy = { marketing: false, report: false, profile: false, custom: [] };
      const result =
        await tx.execute(sql`insert into reservation (code, hotel_id, channel_id, language_id, status,
          arrival, departure, booker, email, privacy, currency_code, rooms_total_minor, city_tax_minor, total_minor,
          payment_method, customer_id, option_expires_at, created_at, updated_at)
        values (${code}, ${target.hotel_id}, ${DEMO_TRADE_CHANNEL_ID}, 2, ${stay.status}, ${arrival}::date,
          ${departure}::date, ${JSON.stringify(booker)}::jsonb, ${stay.email}, ${JSON.stringify(privacy)}::jsonb,
          ${target.currency_code}, ${roomMinor}, ${cityTaxMinor}, ${roomMinor + cityTaxMinor}, 'pay_at_hotel',
          ${customerId}, ${optionExpiresAt}::timestamptz, ${createdAt.toISOString()}::timestamptz,
          ${createdAt.toISOString()}::timestamptz)
        returning id`);
      const id = Number((result as unknown as { rows: { id: number }[] }).rows[0]?.id);
      const nightly = `{${Array.from({ length: stay.nights }, () => stay.nightlyMinor).join(",")}}`;
      await tx.execute(sql`insert into reservation_room (reservation_id, slot, room_type_id, rate_plan_id, arrival,
          departure, adults, status, total_minor, nightly_minor, penalty_minor, commission_percent, commission_minor)
        values (${id}, 0, ${target.room_type_id}, ${target.rate_plan_id}, ${arrival}::date, ${departure}::date,
          ${stay.adults}, ${active ? "A" : "C"}, ${roomMinor}, ${nightly}::integer[], 0, ${target.commission_percent},
          ${commissionMinor(roomMinor, Number(target.commission_percent))})`);
      await tx.execute(sql`insert into reservation_guest (reservation_id, first_name, last_name, type)
        values (${id}, ${stay.guest.split(" ")[0]}, ${stay.guest.split(" ").slice(1).join(" ")}, 'adult')`);
      await tx.execute(sql`insert into reservation_history (reservation_id, at, actor, action, to_status, details)
        values (${id}, ${createdAt.toISOString()}::timestamptz, 'agency', 'created', 'pending_confirmation',
          ${JSON.stringify({ demo: true })}::jsonb)`);
      if (stay.status !== "pending_confirmation")
        await tx.execute(sql`insert into reservation_history (reservation_id, at, actor, action, to_status, details)
          values (${id}, ${createdAt.toISOString()}::timestamptz, 'agency',
            ${stay.status === "cancelled" ? "cancel" : "confirmed"}, ${stay.status}, '{}'::jsonb)`);
      // The active rooms hold their nights, as a booking does (a cancellation gives them back).
      if (active)
        await tx.execute(sql`update inventory set sold = sold + 1
          where room_type_id = ${target.room_type_id} and day >= ${arrival}::date and day < ${departure}::date`);
    }
  });
}
