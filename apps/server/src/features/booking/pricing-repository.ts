/**
 * The statements a booking reads before it writes: its channel, the hotel's facts, what an Idempotency-Key made
 * already, and how long an option holds.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";

export type CatalogueRow = {
  id: number;
  needs_date: boolean;
  time_slots: string[];
  is_transfer: boolean;
  max_quantity: number;
};

/**
 * The hotel's own facts a booking needs, in one statement (ADR 0047, 0052): the rules of its guest form (SPEC §5:
 * mandatory address, city, guest names, its mandatory privacy policies on the channel), its service details,
 * e-mail, payment methods, bank transfer, and the option hours of its rates (options.ts). Undefined: no such hotel.
 */
export type HotelFacts = {
  guests: boolean;
  address: boolean;
  city: boolean;
  privacy: number[];
  email: string;
  methods: unknown;
  bank: unknown;
  /** What the hotel's Stripe account takes (Stripe's names), when the hotel is on Stripe and it is known. */
  stripe_methods: string[] | null;
  services: CatalogueRow[];
  option_hours: Record<string, number> | null;
};

/** The columns of `HotelFacts`, from `hotel h`: one place for both statements that read them. */
const hotelFactsColumns = (channelId: number) => sql`h.guests_mandatory as guests,
      coalesce((h.settings->>'addressMandatory')::boolean, false) as address,
      coalesce((h.settings->>'cityMandatory')::boolean, false) as city,
      (select coalesce(array_agg(id), '{}') from custom_privacy
        where hotel_id = h.id and mandatory and (channel_id is null or channel_id = ${channelId})) as privacy,
      h.email, h.settings->'paymentMethods' as methods, h.settings->'bankTransfer' as bank,
      (select ps.stripe_methods from hotel_payment_settings ps
        where ps.hotel_id = h.id and ps.gateway = 'stripe') as stripe_methods,
      coalesce((select json_agg(json_build_object('id', s.id, 'needs_date', s.needs_date,
          'time_slots', s.time_slots, 'is_transfer', s.is_transfer, 'max_quantity', s.max_quantity))
        from service s where s.hotel_id = h.id), '[]'::json) as services,
      (select json_object_agg(rp.id, rp.option_hours) from rate_plan rp
        where rp.hotel_id = h.id and rp.option_hours is not null) as option_hours`;

export async function loadHotelFacts(
  database: Database,
  hotelId: number,
  channelId: number,
): Promise<HotelFacts | undefined> {
  const [row] = await database.queryPrepared<HotelFacts>(
    sql`select ${hotelFactsColumns(channelId)} from hotel h where h.id = ${hotelId}`,
  );
  return row;
}

/** A reservation an Idempotency-Key already made: what its answer repeats. */
export type EarlierReservation = {
  id: number;
  code: string;
  status: string;
  total: number;
  currency: string;
  email: string;
};

/**
 * What a booking reads before it prices, in one prepared statement (ADR 0052, 0058): the reservation its
 * Idempotency-Key already made, if any (the early lookup that stops a double booking when a request is retried
 * after its booking committed and a later step failed), and the hotel's facts (undefined: no such hotel). Read
 * after the key is claimed, so a booking the key made before is seen.
 */
export async function loadBookingStart(
  database: Database,
  idempotencyKey: string,
  hotelId: number,
  channelId: number,
): Promise<{ earlier: EarlierReservation | null; facts: HotelFacts | undefined }> {
  const [row] = await database.queryPrepared<
    HotelFacts & { earlier: EarlierReservation | null; found: boolean | null }
  >(sql`
    select (select json_build_object('id', r.id, 'code', r.code, 'status', r.status, 'total', r.total_minor,
          'currency', r.currency_code, 'email', r.email)
        from reservation_request q join reservation r on r.id = q.reservation_id
        where q.idempotency_key = ${idempotencyKey}) as earlier,
      f.*
    from (select 1) one
      left join lateral (select true as found, ${hotelFactsColumns(channelId)} from hotel h where h.id = ${hotelId}) f
        on true`);
  const { earlier, found, ...facts } = row!;
  return { earlier, facts: found ? facts : undefined };
}

/** The hours a trade channel holds a trade booking as an option (`trade_conf_hour`); undefined: no such channel. */
export async function tradeConfirmationHoursOf(
  database: Database,
  channelId: number,
): Promise<{ hours: number } | undefined> {
  const [channel] = await database.query<{ hours: number }>(
    sql`select trade_conf_hour::int as hours from channel where id = ${channelId}`,
  );
  return channel;
}

/** The shortest option hold of these rate plans (null: none holds as an option). */
export async function shortestOptionHoursOf(
  database: Database,
  ratePlanIds: readonly number[],
): Promise<{ hours: number | null } | undefined> {
  const [row] = await database.query<{ hours: number | null }>(
    sql`select min(option_hours)::int as hours from rate_plan
        where id in (${sql.join(
          ratePlanIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return row;
}

/**
 * A booking request's channel kind (null: no such channel) and the configured host its links use (`host`: the
 * link base's scalar subquery, null when there is none to look up), in one prepared statement (ADR 0058).
 */
export async function channelKindAndHost(
  database: Database,
  channelId: number,
  host: SQL | null,
): Promise<{ kind: string | null; host: string | null } | undefined> {
  const [channel] = await database.queryPrepared<{ kind: string | null; host: string | null }>(
    sql`select (select kind from channel where id = ${channelId}) as kind, ${host ?? sql`null::text`} as host`,
  );
  return channel;
}
