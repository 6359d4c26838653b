import { type SQL, sql } from "drizzle-orm";
import type { Database, SqlExecutor, Tx } from "../../db/client";
import type { StoredReservation } from "../mail";

export type { StoredResaleOffer, StoredReservation } from "../mail";

/** Payment rows that wait for the guest on the gateway's page (a payment or pre-authorisation link not used). */
export const UNUSED_LINK_STATUSES = ["requires_action", "requires_challenge"] as const;
const UNUSED_LINK_SQL = sql.join(
  UNUSED_LINK_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The one statement that reads a reservation with everything the voucher, its actions, the mails, the PDFs, the
 * agency's list and the back office need; the finders below differ only in their `where` (and the lock taken
 * before it).
 */
function selectReservation(where: SQL): SQL {
  return sql`
    select json_build_object(
      'id', r.id, 'channelId', r.channel_id, 'channelName', ch.name, 'code', r.code, 'status', r.status, 'languageId', r.language_id,
      'arrival', r.arrival, 'departure', r.departure, 'booker', r.booker, 'email', r.email, 'invoice', r.invoice,
      'agency', r.agency, 'customerId', r.customer_id, 'customerName', tc.name, 'agencyAccountEmail', tc.email,
      'currency', r.currency_code, 'decimalDigits', c.decimal_digits,
      'roomsTotalMinor', r.rooms_total_minor, 'servicesTotalMinor', r.services_total_minor,
      'refundProtectionMinor', r.refund_protection_minor, 'cityTaxMinor', r.city_tax_minor,
      'totalMinor', r.total_minor, 'paymentMethod', r.payment_method, 'promoCode', r.promo_code,
      'optionExpiresAt', r.option_expires_at, 'paymentDeadline', r.payment_deadline, 'createdAt', r.created_at,
      'propertyNote', r.property_note, 'attribution', r.attribution,
      'paymentLink', (select pt.redirect_url from payment_transaction pt
         where pt.reservation_id = r.id and pt.kind in ('link', 'penalty') and pt.status <> 'cancelled'
           and exists (select 1 from payment_due d where d.reservation_id = r.id
             and d.payment_ref = pt.gateway_ref and d.status = 'due')
         order by pt.id desc limit 1),
      'cardLast4', (select t.card_last4 from payment_transaction t
         where t.reservation_id = r.id and t.card_last4 is not null order by t.id desc limit 1),
      'hotel', json_build_object(
        'id', h.id, 'name', h.name, 'address', h.address, 'city', h.city, 'country', h.country,
        'email', h.email, 'phone', h.phone, 'timeZone', h.time_zone,
        'paymentGatewayKey', h.payment_gateway_key, 'bankTransfer', h.settings->'bankTransfer',
        'stripeMethods', (select ps.stripe_methods from hotel_payment_settings ps
           where ps.hotel_id = h.id and ps.gateway = 'stripe'),
        'checkInFrom', h.check_in_from, 'checkInUntil', h.check_in_until, 'checkOutUntil', h.check_out_until,
        'mailLanguage', h.settings->>'mailLanguage', 'cityTaxMinor', h.city_tax_minor,
        'ageGroups', (select coalesce(json_agg(json_build_object('id', id, 'min', min_age, 'max', max_age)
           order by max_age, min_age, id), '[]') from age_group where hotel_id = h.id)),
      'paidMinor', coalesce((select sum(amount_minor) from payment_due where reservation_id = r.id and status = 'paid'), 0)
        - coalesce((select sum(amount_minor) from payment_transaction where reservation_id = r.id and kind = 'refund'
            and status = 'refunded'), 0),
      'rooms', coalesce((
        select json_agg(json_build_object(
          'id', rr.id, 'roomTypeId', rr.room_type_id, 'name', rt.name, 'status', rr.status,
          'arrival', rr.arrival, 'departure', rr.departure, 'adults', rr.adults, 'childAges', rr.child_ages,
          'ratePlanId', rr.rate_plan_id, 'rateName', rp.name, 'isNet', rp.is_net, 'ratePayment', rp.payment,
          'mealPlan', rp.meal_plan,
          'refundable', rp.refundable, 'freeCancellationDays', rp.free_cancellation_days, 'resellable', rp.resellable, 'resaleFeePercent', rp.resale_fee_percent, 'minStay', rp.min_stay, 'maxStay', rp.max_stay,
          'totalMinor', rr.total_minor, 'nightlyMinor', rr.nightly_minor, 'refundProtection', rr.refund_protection,
          'refundProtectionMinor', rr.refund_protection_minor, 'penaltyMinor', rr.penalty_minor,
          'prepayment', rr.prepayment, 'flights', rr.flights, 'flightMinor', rr.flight_minor,
          'commissionPercent', rr.commission_percent::float8, 'commissionMinor', rr.commission_minor,
          -- What the rate, and the package booked, include (the rate card's "Included: …").
          'included', coalesce((select json_agg(s.name order by array_position(inc.ids, s.id)) from service s,
            (select rp.included_service_ids || coalesce((select p.included_service_ids from package p
              where p.id = r.package_id), '{}'::integer[]) as ids) inc
            where s.id = any(inc.ids)), '[]'::json)
        ) order by rr.slot, rr.id)
        from reservation_room rr
        join room_type rt on rt.id = rr.room_type_id
        join rate_plan rp on rp.id = rr.rate_plan_id
        where rr.reservation_id = r.id), '[]'::json),
      'services', coalesce((
        select json_agg(json_build_object(
          'id', rs.id, 'serviceId', rs.service_id, 'isTransfer', s.is_transfer, 'roomId', rs.room_id, 'name', s.name, 'quantity', rs.quantity,
          'day', rs.day, 'timeSlot', rs.time_slot, 'priceMinor', rs.price_minor,
          'transfer', case when s.is_transfer then rs.transfer end
        ) order by rs.id)
        from reservation_service rs join service s on s.id = rs.service_id
        where rs.reservation_id = r.id), '[]'::json),
      'guests', coalesce((
        select json_agg(json_build_object(
          'roomId', g.room_id, 'firstName', g.first_name, 'lastName', g.last_name, 'type', g.type,
          'birthDate', g.birth_date, 'sex', g.sex
        ) order by g.id)
        from reservation_guest g where g.reservation_id = r.id), '[]'::json),
      'payments', coalesce((
        select json_agg(json_build_object(
          'id', pd.id, 'dueDate', pd.due_date, 'amountMinor', pd.amount_minor, 'status', pd.status, 'kind', pd.kind,
          'paidAt', pd.paid_at,
          'linkPending', pd.status = 'due' and exists (select 1 from payment_transaction t
            where t.reservation_id = r.id and t.gateway_ref = pd.payment_ref and t.status in (${UNUSED_LINK_SQL}))
        ) order by pd.due_date, pd.id)
        from payment_due pd where pd.reservation_id = r.id), '[]'::json),
      'refunds', coalesce((
        select json_agg(json_build_object(
          'id', t.id, 'at', t.created_at, 'amountMinor', t.amount_minor, 'status', t.status
        ) order by t.id)
        from payment_transaction t where t.reservation_id = r.id and t.kind = 'refund'), '[]'::json),
      'transactions', coalesce((
        select json_agg(json_build_object('id', t.id, 'at', t.created_at, 'kind', t.kind, 'gateway', t.gateway,
          'amountMinor', t.amount_minor, 'status', t.status, 'cardLast4', t.card_last4, 'sourceId', t.source_id
        ) order by t.id)
        from payment_transaction t where t.reservation_id = r.id), '[]'::json),
      'history', coalesce((
        select json_agg(json_build_object('id', x.id, 'at', x.at, 'actor', x.actor, 'action', x.action,
          'fromStatus', x.from_status, 'toStatus', x.to_status, 'by', x.details->>'by',
          'waivedMinor', (x.details->>'waivedMinor')::int
        ) order by x.at, x.id)
        from reservation_history x where x.reservation_id = r.id), '[]'::json),
      'mails', coalesce((
        select json_agg(json_build_object('id', m.id, 'to', m."to", 'subject', m.subject, 'status', m.status,
          'createdAt', m.created_at, 'sentAt', m.sent_at
        ) order by m.id)
        from mail_outbox m where m.reservation_id = r.id), '[]'::json),
      'resale', coalesce((
        select json_agg(json_build_object('id', o.id, 'reservation_room_id', o.reservation_room_id,
          'status', o.status, 'deadline_at', o.deadline_at, 'fee_percent', o.fee_percent::text,
          'nights', (select json_agg(json_build_object('day', to_char(n.day, 'YYYYMMDD'), 'status', n.status,
              'holder', n.holder_minor, 'recovered', n.recovered_minor) order by n.day)
            from resale_night n where n.offer_id = o.id)) order by o.id)
        from resale_offer o where o.reservation_id = r.id), '[]'::json)
    ) as reservation
    from reservation r
    join hotel h on h.id = r.hotel_id
    join currency c on c.code = r.currency_code
    join channel ch on ch.id = r.channel_id
    left join trade_customer tc on tc.id = r.customer_id
    where ${where}`;
}

/** The reservations the `where` picks, each read whole by the one statement. */
async function readReservations(executor: SqlExecutor, where: SQL): Promise<StoredReservation[]> {
  const result = await executor.execute(selectReservation(where));
  return (result as { rows: { reservation: StoredReservation }[] }).rows.map((row) => row.reservation);
}

/** Locks the reservation rows `where` picks FOR UPDATE, then reads the first whole; null when none. */
async function lockAndRead(tx: Tx, where: SQL): Promise<StoredReservation | null> {
  const locked = await tx.execute(sql`select id from reservation where ${where} for update`);
  const id = (locked as unknown as { rows: { id: number }[] }).rows[0]?.id;
  if (id === undefined) return null;
  return (await readReservations(tx, sql`r.id = ${id}`))[0] ?? null;
}

/** A reservation by its id (the mails, the PDFs, the agency's documents); null when there is none. */
export async function findReservation(executor: SqlExecutor, id: number): Promise<StoredReservation | null> {
  return (await readReservations(executor, sql`r.id = ${id}`))[0] ?? null;
}

/** These reservations (the agency's list page), in the order of `ids`; an id with no reservation is left out. */
export async function findReservations(
  database: Database,
  ids: readonly number[],
): Promise<StoredReservation[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const byId = new Map((await readReservations(database.db, sql`r.id in (${list})`)).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The trade customer's reservation of this code; null for another customer's code as for an unknown one. */
export async function findReservationOfCustomer(
  database: Database,
  customerId: number,
  code: string,
): Promise<StoredReservation | null> {
  const where = sql`r.code = ${code} and r.customer_id = ${customerId}`;
  return (await readReservations(database.db, where))[0] ?? null;
}

/**
 * The reservation whose code, booker e-mail (any case) and channel all match, with everything the voucher shows,
 * in ONE statement; null when any of the three does not match, so a wrong code and a wrong e-mail look the same.
 */
export async function findReservationForGuest(
  database: Database,
  key: { code: string; mail: string; channel?: number | undefined },
): Promise<StoredReservation | null> {
  const channel = key.channel === undefined ? sql`` : sql`and r.channel_id = ${key.channel}`;
  const where = sql`r.code = ${key.code} and lower(r.email) = lower(${key.mail}) ${channel}`;
  return (await readReservations(database.db, where))[0] ?? null;
}

/**
 * In a transaction that changes it: locks the reservation of this code and booker e-mail (and channel, when
 * given) FOR UPDATE, then reads it whole. Null on any mismatch. Concurrent changes of one reservation queue here.
 */
export async function lockReservationForGuest(
  tx: Tx,
  key: { code: string; mail: string; channel?: number | undefined },
): Promise<StoredReservation | null> {
  const channel = key.channel === undefined ? sql`` : sql`and channel_id = ${key.channel}`;
  return lockAndRead(tx, sql`code = ${key.code} and lower(email) = lower(${key.mail}) ${channel}`);
}

/** The back office: a reservation of this hotel by its id, with everything the voucher shows; null otherwise. */
export async function findReservationOfHotel(
  database: Database,
  hotelId: number,
  id: number,
): Promise<StoredReservation | null> {
  return (await readReservations(database.db, sql`r.id = ${id} and r.hotel_id = ${hotelId}`))[0] ?? null;
}

/** The same, locked FOR UPDATE in the caller's transaction. */
export async function lockReservationOfHotel(
  tx: Tx,
  hotelId: number,
  id: number,
): Promise<StoredReservation | null> {
  return lockAndRead(tx, sql`id = ${id} and hotel_id = ${hotelId}`);
}
