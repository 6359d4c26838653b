import type { PaymentMethod, ReservationStatus } from "@alloggio/domain/booking/reservation-state";
import type { BookingAgency } from "@alloggio/domain/booking/trade-booking";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import {
  type BookedFlights,
  type Booker,
  type InvoiceData,
  type LocalizedText,
  type MailRecipe,
  mailOutbox,
} from "../../db/schema";
import type { OutgoingMail } from "./transport";

/** `database.db` or a transaction opened on it: enqueueing inside the booking transaction commits with it. */
export type MailExecutor = Db;

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A mail to put in the outbox: rendered already, or a recipe the worker renders before sending it (ADR 0047). */
export type OutboxInsert = (OutgoingMail | { render: MailRecipe }) & {
  reservationId?: number | null;
  now?: Date;
};

/** One multi-row insert for all the mails given; returns their ids in the same order. */
export async function insertOutboxMails(executor: MailExecutor, mails: OutboxInsert[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await executor
    .insert(mailOutbox)
    .values(
      mails.map((m) => ({
        reservationId: m.reservationId ?? null,
        ...("render" in m
          ? { render: m.render }
          : { to: m.to, subject: m.subject, html: m.html, text: m.text, attachments: m.attachments }),
        // Without `now`, the database's clock stamps the row and makes it due at once.
        ...(m.now ? { createdAt: m.now, nextAttemptAt: m.now } : {}),
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

/**
 * Puts a reservation's mail recipes in the outbox in one statement, in their order; a recipe for the agency
 * (`reservation_agency`, ADR 0062) only when the reservation was booked by a trade customer. Returns the ids of the
 * rows written, in order.
 */
export async function insertReservationRecipes(
  executor: MailExecutor,
  reservationId: number,
  recipes: MailRecipe[],
  now?: Date,
): Promise<number[]> {
  if (recipes.length === 0) return [];
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const result = (await executor.execute(sql`
    insert into mail_outbox (reservation_id, render, created_at, next_attempt_at)
    select ${reservationId}, x.render, ${at}, ${at}
    from jsonb_array_elements(${JSON.stringify(recipes)}::jsonb) with ordinality as x(render, n)
    where x.render->>'kind' <> 'reservation_agency' or exists (select 1 from reservation r
      where r.id = ${reservationId} and (jsonb_typeof(r.agency) = 'object' or r.customer_id is not null))
    order by x.n
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** Whether the worker still has to render this mail before it can be sent. */
export const needsRendering = (row: Pick<OutboxRow, "render" | "renderedAt">): boolean =>
  row.render !== null && row.renderedAt === null;

/**
 * Keeps what the worker rendered, so that what is sent (and every retry of it) is that content; many rows in one
 * statement (a batch of the worker): each row's content and
 * `rendered_at`; with `release`, each is due again at `now` with the claim's attempt given back.
 */
export async function storeRenderedMails(
  executor: MailExecutor,
  rendered: { id: number; mail: OutgoingMail }[],
  now: Date,
  release = false,
): Promise<void> {
  if (rendered.length === 0) return;
  const rows = rendered.map(({ id, mail }) => ({
    id,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachments: mail.attachments,
  }));
  const at = now.toISOString();
  await executor.execute(sql`
    update mail_outbox m set "to" = x."to", subject = x.subject, html = x.html, "text" = x."text",
      attachments = x.attachments, rendered_at = ${at}::timestamptz, last_error = null,
      next_attempt_at = case when ${release} then ${at}::timestamptz else m.next_attempt_at end,
      attempts = case when ${release} then greatest(m.attempts - 1, 0) else m.attempts end
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id int, "to" text, subject text, html text, "text" text, attachments jsonb)
    where m.id = x.id`);
}

/** Gives claimed rows back untouched: due at `now`, the claim's attempt not counted. */
export async function releaseMails(executor: MailExecutor, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await executor
    .update(mailOutbox)
    .set({ nextAttemptAt: now, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)` })
    .where(inArray(mailOutbox.id, ids));
}

/** Every mail still to be rendered, oldest first (tests, and the mailbox of a server without a transport). */
export async function findUnrenderedMails(executor: MailExecutor, limit = 500): Promise<OutboxRow[]> {
  return executor
    .select()
    .from(mailOutbox)
    .where(and(isNotNull(mailOutbox.render), isNull(mailOutbox.renderedAt), eq(mailOutbox.status, "pending")))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
}

/**
 * Claims up to `limit` due rows: locks them with SKIP LOCKED (another deliverer skips them instead of waiting),
 * counts the attempt and moves `next_attempt_at` to `leaseUntil`, so no one else sees them as due while this
 * deliverer sends them, and a deliverer that dies mid-send leaves them to be retried after the lease.
 */
export async function claimDueMails(
  database: Database,
  now: Date,
  leaseUntil: Date,
  limit: number,
  /** Only mails still to be rendered (a render-only pass, without a transport). */
  onlyUnrendered = false,
): Promise<OutboxRow[]> {
  const unrendered = onlyUnrendered
    ? and(isNotNull(mailOutbox.render), isNull(mailOutbox.renderedAt))
    : undefined;
  return database.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now), unrendered))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    return claimed.sort((a, b) => a.id - b.id);
  });
}

export async function markMailSent(database: Database, id: number, now: Date): Promise<void> {
  await database.db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: now, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailedAttempt(
  database: Database,
  id: number,
  update: { status: "pending" | "failed"; nextAttemptAt: Date; lastError: string },
): Promise<void> {
  await database.db.update(mailOutbox).set(update).where(eq(mailOutbox.id, id));
}

export type OutboxSummary = Pick<
  OutboxRow,
  "id" | "to" | "subject" | "status" | "attempts" | "createdAt" | "sentAt" | "lastError"
> & { attachmentNames: string[] };

/** The newest mails first, without their bodies. */
export async function listOutbox(database: Database, limit = 200): Promise<OutboxSummary[]> {
  const rows = await database.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      lastError: mailOutbox.lastError,
      attachmentNames: sql<
        string[]
      >`coalesce((select json_agg(a->>'filename') from jsonb_array_elements(${mailOutbox.attachments}) a), '[]'::json)`,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
  return rows;
}

export async function findOutboxMail(database: Database, id: number): Promise<OutboxRow | null> {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ?? null;
}

/** Everything a reservation mail says, as one statement loads it. */
export type ReservationMailFacts = {
  id: number;
  code: string;
  status: ReservationStatus;
  languageId: number;
  channelId: number;
  arrival: string;
  departure: string;
  booker: Booker;
  email: string;
  invoice: InvoiceData | null;
  /** The property's note to the guest (back office); absent or null when none. */
  propertyNote?: string | null;
  currency: { code: string; decimalDigits: number };
  roomsTotalMinor: number;
  servicesTotalMinor: number;
  refundProtectionMinor: number;
  cityTaxMinor: number;
  totalMinor: number;
  paymentMethod: PaymentMethod;
  promoCode: string | null;
  /** ISO instant */
  optionExpiresAt: string | null;
  /** ISO instant */
  createdAt: string;
  hotel: {
    id: number;
    name: string;
    address: string;
    city: string;
    country: string;
    email: string;
    phone: string;
    timeZone: string;
    /** hh:mm:ss */
    checkInFrom: string;
    checkInUntil: string;
    checkOutUntil: string;
    cityTaxMinor: number;
    /** `settings.bankTransfer`, unchecked JSON: where a bank transfer goes (booking/bank-transfer.ts reads it). */
    bankTransfer?: unknown;
    /** `settings.mailLanguage`, unchecked: the language of the hotel's own mails (hotelTextsFor reads it). */
    mailLanguage?: string | null;
  };
  rooms: {
    id: number;
    arrival: string;
    departure: string;
    adults: number;
    childAges: number[];
    status: string;
    totalMinor: number;
    /** What a cancelled room still costs. */
    penaltyMinor: number;
    /** The room's price of each night, from the arrival on (the voucher PDF lists them). */
    nightlyMinor: number[];
    refundProtection: boolean;
    /** A fly & stay room's flights out and back; null (or absent) without flights. */
    flights?: BookedFlights | null;
    /** What those flights cost: part of `totalMinor`. */
    flightMinor?: number;
    /** The names of the services the rate and the package booked include (absent: none). */
    included?: LocalizedText[];
    name: LocalizedText;
    rate: {
      name: LocalizedText;
      mealPlan: "room_only" | "breakfast" | "half_board" | "full_board" | "all_inclusive" | "unspecified";
      refundable: boolean;
      freeCancellationDays: number | null;
      /** A net rate: its price is what the agency owes, never shown to the guest. */
      isNet?: boolean;
    };
    /** A trade booking's commission on this room (ADR 0031): percent (null when none) and amount. */
    commissionPercent?: number | null;
    commissionMinor?: number;
  }[];
  services: {
    /** reservation_service.id */
    id: number;
    serviceId: number;
    roomId: number | null;
    name: LocalizedText;
    quantity: number;
    day: string | null;
    timeSlot: string | null;
    priceMinor: number;
    transfer: { time?: string; placeCode?: string; transportNumber?: string; note?: string } | null;
  }[];
  guests: { roomId: number | null; firstName: string; lastName: string; type: string }[];
  payments: {
    id: number;
    dueDate: string;
    amountMinor: number;
    /** due, paid, authorised, failed, cancelled, replaced (by an installment plan) */
    status: string;
    /** prepayment or installment */
    kind: string;
  }[];
  /** Refunds recorded for the reservation (pending, refunded, manual, failed); `at` is an instant. */
  refunds: { id: number; at: string; amountMinor: number; status: string }[];
  /** The gateway's page where the guest pays a payment link (pay-by-link later), while it waits. */
  paymentLink: string | null;
  /** A trade booking's agency data as booked (ADR 0031); null (or absent) on a guest's booking. */
  agency?: BookingAgency | null;
  /** The trade customer that booked; null (or absent) on a guest's booking. */
  customerId?: number | null;
  /** That customer's own e-mail (where the agency's mails go when the booking's agency data has none). */
  agencyAccountEmail?: string | null;
};

/** The reservation with its hotel, rooms (room type and rate), services, guests and payments due: one statement. */
export async function findReservationMailFacts(
  executor: MailExecutor,
  reservationId: number,
): Promise<ReservationMailFacts | null> {
  const result = (await executor.execute(sql`
    select json_build_object(
      'id', r.id, 'code', r.code, 'status', r.status, 'languageId', r.language_id, 'channelId', r.channel_id,
      'arrival', r.arrival, 'departure', r.departure, 'booker', r.booker, 'email', r.email, 'invoice', r.invoice,
      'propertyNote', r.property_note, 'agency', r.agency, 'customerId', r.customer_id,
      'agencyAccountEmail', (select tc.email from trade_customer tc where tc.id = r.customer_id),
      'currency', json_build_object('code', c.code, 'decimalDigits', c.decimal_digits),
      'roomsTotalMinor', r.rooms_total_minor, 'servicesTotalMinor', r.services_total_minor,
      'refundProtectionMinor', r.refund_protection_minor, 'cityTaxMinor', r.city_tax_minor,
      'totalMinor', r.total_minor, 'paymentMethod', r.payment_method, 'promoCode', r.promo_code,
      'optionExpiresAt', r.option_expires_at, 'createdAt', r.created_at,
      'hotel', json_build_object(
        'id', h.id, 'name', h.name, 'address', h.address, 'city', h.city, 'country', h.country,
        'email', h.email, 'phone', h.phone, 'timeZone', h.time_zone, 'checkInFrom', h.check_in_from,
        'checkInUntil', h.check_in_until, 'checkOutUntil', h.check_out_until, 'cityTaxMinor', h.city_tax_minor,
        'bankTransfer', h.settings->'bankTransfer', 'mailLanguage', h.settings->>'mailLanguage'),
      'rooms', coalesce((
        select json_agg(json_build_object(
          'id', rr.id, 'arrival', rr.arrival, 'departure', rr.departure, 'adults', rr.adults,
          'childAges', rr.child_ages, 'status', rr.status, 'totalMinor', rr.total_minor,
          'penaltyMinor', rr.penalty_minor,
          'nightlyMinor', rr.nightly_minor, 'refundProtection', rr.refund_protection, 'name', rt.name,
          'flights', rr.flights, 'flightMinor', rr.flight_minor,
          'commissionPercent', rr.commission_percent::float8, 'commissionMinor', rr.commission_minor,
          'included', coalesce((select json_agg(s.name order by array_position(inc.ids, s.id)) from service s,
            (select rp.included_service_ids || coalesce((select p.included_service_ids from package p
              where p.id = r.package_id), '{}'::integer[]) as ids) inc
            where s.id = any(inc.ids)), '[]'::json),
          'rate', json_build_object('name', rp.name, 'mealPlan', rp.meal_plan, 'refundable', rp.refundable,
            'freeCancellationDays', rp.free_cancellation_days, 'isNet', rp.is_net)
        ) order by rr.slot, rr.id)
        from reservation_room rr
        join room_type rt on rt.id = rr.room_type_id
        join rate_plan rp on rp.id = rr.rate_plan_id
        where rr.reservation_id = r.id), '[]'::json),
      'services', coalesce((
        select json_agg(json_build_object(
          'id', rs.id, 'serviceId', rs.service_id, 'roomId', rs.room_id, 'name', s.name,
          'quantity', rs.quantity, 'day', rs.day,
          'timeSlot', rs.time_slot, 'priceMinor', rs.price_minor, 'transfer', rs.transfer
        ) order by rs.id)
        from reservation_service rs join service s on s.id = rs.service_id
        where rs.reservation_id = r.id), '[]'::json),
      'guests', coalesce((
        select json_agg(json_build_object(
          'roomId', g.room_id, 'firstName', g.first_name, 'lastName', g.last_name, 'type', g.type
        ) order by g.id)
        from reservation_guest g where g.reservation_id = r.id), '[]'::json),
      'payments', coalesce((
        select json_agg(json_build_object(
          'id', pd.id, 'dueDate', pd.due_date, 'amountMinor', pd.amount_minor, 'status', pd.status,
          'kind', pd.kind
        ) order by pd.due_date, pd.id)
        from payment_due pd where pd.reservation_id = r.id), '[]'::json),
      'refunds', coalesce((
        select json_agg(json_build_object(
          'id', t.id, 'at', t.created_at, 'amountMinor', t.amount_minor, 'status', t.status
        ) order by t.id)
        from payment_transaction t where t.reservation_id = r.id and t.kind = 'refund'), '[]'::json),
      'paymentLink', (
        select pt.redirect_url from payment_transaction pt
        where pt.reservation_id = r.id and pt.kind = 'link' and pt.status = 'requires_action'
        order by pt.id desc limit 1)
    ) as facts
    from reservation r
    join hotel h on h.id = r.hotel_id
    join currency c on c.code = r.currency_code
    where r.id = ${reservationId}
  `)) as unknown as { rows: { facts: ReservationMailFacts }[] };
  return result.rows[0]?.facts ?? null;
}
