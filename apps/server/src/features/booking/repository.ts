import { parseBirthDate } from "@alloggio/domain/booking/guest-form";
import { bankTransferDueDate } from "@alloggio/domain/booking/payment-schedule";
import type { ReservationStatus } from "@alloggio/domain/booking/reservation-state";
import type { GuestDataRequest } from "@alloggio/domain/contract/booking/guestdata";
import { listNights, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { Attribution } from "@alloggio/domain/tracking/attribution";
import { type SQL, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import type { MailRecipe } from "../../db/schema";
import { AppError } from "../../http/errors";
import { crashPoint } from "../../testing/crash-points";
import type { PricedBooking, PricedRoom } from "./pricing";

export class SoldOut extends AppError {
  constructor() {
    super("sold_out", 409, "Unable to confirm: the selected dates are no longer available", [
      { field: "rooms", message: "no longer available" },
    ]);
  }
}

/** What a booking takes from inventory: one entry per room type and night, with how many rooms. */
function inventoryNeed(rooms: Pick<PricedRoom, "roomTypeId" | "arrival" | "departure">[]) {
  const need = new Map<string, { type: number; day: string; n: number }>();
  for (const r of rooms)
    for (const night of listNights(r.arrival, r.departure)) {
      const key = `${r.roomTypeId}:${night}`;
      const entry = need.get(key) ?? { type: r.roomTypeId, day: ymdToIso(night), n: 0 };
      entry.n += 1;
      need.set(key, entry);
    }
  return [...need.values()];
}

/** The nights a booking needs, as a relation `(room_type_id, day, n)`. */
function needRelation(list: { type: number; day: string; n: number }[]) {
  return sql`select * from unnest(${`{${list.map((e) => e.type).join(",")}}`}::int[],
                              ${`{${list.map((e) => e.day).join(",")}}`}::date[],
                              ${`{${list.map((e) => e.n).join(",")}}`}::int[]) as r(room_type_id, day, n)`;
}

/**
 * The CTEs that take a booking's nights (ARCHITECTURE §3, ADR 0065), for the top level of one statement:
 * `rs` sells listed resale nights first, each to one of the booking's rooms (`buyers`: a relation of
 * `(id, slot, room_type_id, arrival, departure, nightly_minor)`, or null to take none), ranked by when they were
 * listed; its `status = 'listed'` re-check under the row lock means two bookings never take the same night (the
 * loser takes fewer). Then `i` updates every night's inventory by what resale did not cover, only while
 * `sold + n <= allotment` and it is open; it returns one row per night taken (a night wholly from resale is
 * updated by 0). A resale night is never added to `sold`: the holder's room already counts it.
 */
function inventoryCtes(
  list: { type: number; day: string; n: number }[],
  buyers: SQL | null,
  now: Date | undefined,
) {
  const resale = buyers
    ? sql`,
    bn as (select b.id, b.room_type_id, (b.arrival + g.k)::date as day, b.nightly_minor[g.k + 1] as nightly,
        row_number() over (partition by b.room_type_id, b.arrival + g.k order by b.slot, b.id) as k
      from (${buyers}) b, generate_series(0, b.departure - b.arrival - 1) as g(k)),
    rc as (select rn.offer_id, rn.room_type_id, rn.day,
        row_number() over (partition by rn.room_type_id, rn.day order by o.listed_at, rn.offer_id) as k
      from resale_night rn join resale_offer o on o.id = rn.offer_id
      where rn.status = 'listed' and o.deadline_at > coalesce(${now?.toISOString() ?? null}::timestamptz, now())
        and (rn.room_type_id, rn.day) in (select room_type_id, day from nd)),
    rs as (update resale_night n set status = 'sold', buyer_room_id = bn.id,
        recovered_minor = least(n.holder_minor, bn.nightly)
      from rc join bn on bn.room_type_id = rc.room_type_id and bn.day = rc.day and bn.k = rc.k
      where n.offer_id = rc.offer_id and n.day = rc.day and n.status = 'listed'
      returning n.room_type_id, n.day)`
    : sql`,
    rs as (select null::int as room_type_id, null::date as day where false)`;
  return sql`nd as (${needRelation(list)})${resale},
    i as (update inventory i set sold = i.sold + r.n - coalesce(t.taken, 0)
      from nd r left join (select room_type_id, day, count(*)::int as taken from rs group by room_type_id, day) t
        on t.room_type_id = r.room_type_id and t.day = r.day
      where i.room_type_id = r.room_type_id and i.day = r.day and not i.closed
        and i.sold + r.n - coalesce(t.taken, 0) <= i.allotment
      returning i.room_type_id)`;
}

/**
 * Takes the rooms from inventory with ONE statement over every night of every room (ARCHITECTURE §3, ADR 0065):
 * resale nights first when the booking's rooms are written (`buyerReservationId`), then the hotel's own, a night
 * only while `sold + n <= allotment` and it is open. Unless every night was updated, it throws and the
 * transaction rolls back; the CHECK constraint stands behind it.
 */
export async function takeInventory(
  tx: Tx,
  rooms: Pick<PricedRoom, "roomTypeId" | "arrival" | "departure">[],
  buyer?: { reservationId: number; now: Date },
) {
  const list = inventoryNeed(rooms);
  const buyers = buyer
    ? sql`select id, slot, room_type_id, arrival, departure, nightly_minor from reservation_room
        where reservation_id = ${buyer.reservationId} and status = 'A'`
    : null;
  const result = await tx.execute(sql`with ${inventoryCtes(list, buyers, buyer?.now)} select * from i`);
  const updated = (result as unknown as { rows: unknown[] }).rows.length;
  if (updated !== list.length) throw new SoldOut();
}

/** A birth date as the form takes it (any year, unlike stay dates) → ISO. */
function toIso(ddmmyyyy: string | undefined): string | null {
  if (!ddmmyyyy) return null;
  const ymd = parseBirthDate(ddmmyyyy);
  return ymd ? `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}` : null;
}

/** guestdata.do's `tracking` (already trimmed by its schema) without empty fields; null when nothing is left. */
export function attributionOf(tracking: GuestDataRequest["tracking"]): Attribution | null {
  const out: Attribution = {};
  for (const key of ["trivago", "tripadvisor", "campaign"] as const) {
    const value = tracking?.[key];
    if (value) out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

export type ReservationInput = {
  code: string;
  idempotencyKey: string;
  status: ReservationStatus;
  req: GuestDataRequest;
  priced: PricedBooking;
  optionExpiresAt: Date | null;
  /** A trade booking (ADR 0031): the session's user who booked; the agency data is `req.agency`. */
  tradeUserId?: number | null;
  /**
   * Confirmed at once (nothing to pay now, no option): written `confirmed`, with the history of both steps
   * (created, then confirmed by the system), as if confirmed right after in a transaction of its own.
   */
  confirmNow?: boolean;
  /** The service's clock: resale nights sell only before their deadline. */
  now?: Date;
};

const json = (value: unknown) => JSON.stringify(value ?? null);

/**
 * The whole reservation in ONE statement (data-modifying CTEs, ADR 0047 and 0052): the reservation, its
 * Idempotency-Key, history, rooms, services and guests (on their room by slot), payments due; with `mails`, its
 * outbox rows (the recipes the worker renders, ADR 0047); with `inventory`, the conditional inventory update,
 * whose rows it counts (`nights`). Raw SQL of a constant shape: no query builder on the booking's hot path, and a
 * prepared statement on PostgreSQL.
 */
/** What a booking's statement writes besides the reservation (`writeBooking`). */
export type BookingExtras = {
  /** The outbox rows: recipes the worker renders (ADR 0047). */
  mails: { recipes: MailRecipe[]; now: Date | undefined } | null;
  /** The request's answer, stored on its Idempotency-Key row (`IdempotencyClaim`, ADR 0052). */
  answer: { scope: string; key: string; body: unknown } | null;
};

function reservationStatement(
  input: ReservationInput,
  extras: BookingExtras,
  inventory: { type: number; day: string; n: number }[] | null,
) {
  const { mails, answer } = extras;
  const { req, priced } = input;
  const booker = { ...req.booker, phone: `${req.booker.phone.dialCode} ${req.booker.phone.number}` };
  delete (booker as { emailConfirm?: string }).emailConfirm;
  const history = [
    {
      // A trade user books for a guest: the agency made it.
      actor: input.tradeUserId ? "agency" : "guest",
      action: "created",
      to_status: input.status,
      details: { total: priced.totalMinor, currency: priced.currency, paymentMethod: req.payment.method },
    },
    ...(input.confirmNow
      ? [{ actor: "system", action: "confirmed", to_status: "confirmed", details: { paid: null } }]
      : []),
  ];
  const rooms = priced.rooms.map((r, n) => ({
    n,
    slot: r.slot,
    room_type_id: r.roomTypeId,
    rate_plan_id: r.ratePlanId,
    arrival: ymdToIso(r.arrival),
    departure: ymdToIso(r.departure),
    adults: r.adults,
    child_ages: r.ages,
    total_minor: r.totalMinor,
    nightly_minor: r.nightly,
    refund_protection: r.refundProtectionMinor > 0,
    refund_protection_minor: r.refundProtectionMinor,
    prepayment: r.prepayment,
    flights: r.flights,
    flight_minor: r.flightMinor,
    commission_percent: r.commissionPercent === null ? null : r.commissionPercent.toFixed(2),
    commission_minor: r.commissionMinor,
  }));
  const services = priced.services.map((s, n) => ({
    n,
    slot: s.slot,
    service_id: s.serviceId,
    quantity: s.quantity,
    day: s.day ? ymdToIso(s.day) : null,
    time_slot: s.timeSlot,
    price_minor: s.priceMinor,
    transfer: s.transfer ?? null,
  }));
  const guests = req.rooms.flatMap((r) =>
    (r.guests ?? []).map((g) => ({
      n: 0,
      slot: r.slot,
      first_name: g.firstName,
      last_name: g.lastName,
      type: g.type,
      birth_date: toIso(g.birthDate),
      sex: g.sex ?? null,
    })),
  );
  guests.forEach((g, n) => {
    g.n = n;
  });
  // A bank transfer's payments are dated by the one rule, so the schedule, the bank box and the job agree.
  const bank = req.payment.method === "bank_transfer" ? priced.bankTransfer : null;
  const dues = priced.schedule.map((d, n) => ({
    n,
    due_date: ymdToIso(bank ? bankTransferDueDate(d.date, priced.today, req.arrival, bank.dueDays) : d.date),
    amount_minor: d.amount,
  }));
  const firstDue = dues.find((d) => d.amount_minor > 0);
  const paymentDeadline = bank && firstDue ? firstDue.due_date : null;
  const mailsPart = mails
    ? sql`,
    m as (insert into mail_outbox (reservation_id, render, created_at, next_attempt_at)
      select r.id, x.render, coalesce(${mails.now?.toISOString() ?? null}::timestamptz, now()),
        coalesce(${mails.now?.toISOString() ?? null}::timestamptz, now())
      from r, jsonb_to_recordset(${json(mails.recipes.map((render, n) => ({ render, n })))}::jsonb)
        as x(render jsonb, n int)
      order by x.n)`
    : sql``;
  const answerPart = answer
    ? sql`,
    k as (update idempotency_key set state = 'done', response_status = 200, response_body = ${json(answer.body)}::jsonb
      where scope = ${answer.scope} and key = ${answer.key} and state = 'in_progress')`
    : sql``;
  const inventoryPart = inventory
    ? sql`,
    ${inventoryCtes(inventory, sql`select * from rm`, input.now)}`
    : sql``;
  // The first room of a slot holds the slot's services and guests (a cross-booked room has several).
  const roomOfSlot = sql.raw("(select min(rm.id) from rm where rm.slot = x.slot)");
  return sql`
    with r as (
      insert into reservation (code, hotel_id, channel_id, language_id, status, arrival, departure, booker, email,
        invoice, privacy, currency_code, rooms_total_minor, services_total_minor, refund_protection_minor,
        city_tax_minor, total_minor, payment_method, promo_code, customer_id, trade_user_id, agency,
        reservation_link_id, package_id, option_expires_at, attribution, payment_deadline)
      values (${input.code}, ${req.hotel}::int, ${req.channel}::int, ${req.language}::smallint,
        ${input.confirmNow ? "confirmed" : input.status}::reservation_status, ${ymdToIso(req.arrival)}::date,
        ${ymdToIso(req.departure)}::date, ${json(booker)}::jsonb, ${req.booker.email.trim().toLowerCase()},
        ${json(req.invoice)}::jsonb, ${json(req.privacy)}::jsonb, ${priced.currency},
        ${priced.roomsTotalMinor}::int, ${priced.servicesTotalMinor}::int, ${priced.refundProtectionMinor}::int,
        ${priced.cityTaxMinor}::int, ${priced.totalMinor}::int, ${req.payment.method}::payment_method,
        ${priced.ctx.promo?.code ?? null}::text, ${priced.ctx.customer?.id ?? null}::int,
        ${input.tradeUserId ?? null}::int, ${json(input.tradeUserId ? (req.agency ?? null) : null)}::jsonb,
        ${priced.ctx.link?.id ?? null}::int, ${priced.ctx.package?.id ?? null}::int,
        ${input.optionExpiresAt?.toISOString() ?? null}::timestamptz, ${json(attributionOf(req.tracking))}::jsonb,
        ${paymentDeadline}::date)
      returning id),
    q as (insert into reservation_request (idempotency_key, reservation_id)
      select ${input.idempotencyKey}, r.id from r),
    h as (insert into reservation_history (reservation_id, actor, action, to_status, details)
      select r.id, x.actor, x.action, x.to_status, x.details
      from r, jsonb_to_recordset(${json(history.map((h, n) => ({ ...h, n })))}::jsonb)
        as x(actor text, action text, to_status text, details jsonb, n int)
      order by x.n),
    rm as (insert into reservation_room (reservation_id, slot, room_type_id, rate_plan_id, arrival, departure,
        adults, child_ages, total_minor, nightly_minor, refund_protection, refund_protection_minor, prepayment,
        flights, flight_minor, commission_percent, commission_minor)
      select r.id, x.slot, x.room_type_id, x.rate_plan_id, x.arrival, x.departure, x.adults, x.child_ages,
        x.total_minor, x.nightly_minor, x.refund_protection, x.refund_protection_minor,
        coalesce(x.prepayment, '[]'::jsonb), x.flights, x.flight_minor, x.commission_percent, x.commission_minor
      from r, jsonb_to_recordset(${json(rooms)}::jsonb) as x(n int, slot smallint, room_type_id int,
        rate_plan_id int, arrival date, departure date, adults smallint, child_ages int[], total_minor int,
        nightly_minor int[], refund_protection boolean, refund_protection_minor int, prepayment jsonb,
        flights jsonb, flight_minor int, commission_percent numeric, commission_minor int)
      order by x.n
      returning id, slot, room_type_id, arrival, departure, nightly_minor)${ifAny(
        services,
        sql`s as (insert into reservation_service (reservation_id, room_id, service_id, quantity, day, time_slot,
        price_minor, transfer)
      select r.id, ${roomOfSlot}, x.service_id, x.quantity, x.day, x.time_slot, x.price_minor, x.transfer
      from r, jsonb_to_recordset(${json(services)}::jsonb) as x(n int, slot smallint, service_id int,
        quantity smallint, day date, time_slot text, price_minor int, transfer jsonb)
      order by x.n)`,
      )}${ifAny(
        guests,
        sql`g as (insert into reservation_guest (reservation_id, room_id, first_name, last_name, type, birth_date, sex)
      select r.id, ${roomOfSlot}, x.first_name, x.last_name, x.type, x.birth_date, x.sex
      from r, jsonb_to_recordset(${json(guests)}::jsonb) as x(n int, slot smallint, first_name text,
        last_name text, type text, birth_date date, sex text)
      order by x.n)`,
      )}${ifAny(
        dues,
        sql`d as (insert into payment_due (reservation_id, due_date, amount_minor)
      select r.id, x.due_date, x.amount_minor
      from r, jsonb_to_recordset(${json(dues)}::jsonb) as x(n int, due_date date, amount_minor int)
      order by x.n)`,
      )}${mailsPart}${answerPart}${inventoryPart}
    ${
      inventory
        ? // Fewer nights taken than asked: the statement fails, and with it everything it wrote (ARCHITECTURE §3).
          // alloggio_sold_out raises with Alloggio's own SQLSTATE, which SoldOut is known by (migration 0023).
          sql`select case when (select count(*) from i) = ${inventory.length}::int then r.id
        else alloggio_sold_out((select count(*) from i), ${inventory.length}::int) end as id
      from r`
        : sql`select r.id from r`
    }`;
}

/**
 * A CTE of the booking statement for a list, or nothing when the list is empty: a CTE over an empty list still costs
 * PostgreSQL its executor start-up on every booking (ADR 0059). Each combination is a prepared statement of its own.
 */
function ifAny(rows: readonly unknown[], cte: SQL): SQL {
  return rows.length
    ? sql`,
    ${cte}`
    : sql``;
}

/** Writes the reservation and everything it holds, in one statement; the caller's transaction makes it all or nothing. */
export async function insertReservation(tx: Tx, input: ReservationInput): Promise<number> {
  crashPoint("before_insert");
  const inserted = await tx.execute(reservationStatement(input, { mails: null, answer: null }, null));
  return Number((inserted as unknown as { rows: { id: number }[] }).rows[0]!.id);
}

/** The SQLSTATE `alloggio_sold_out()` raises when a booking statement could not take a night (migration 0023). */
const SOLD_OUT_STATE = "AL001";

/** Whether an error (or its cause, as the query builder wraps it) is a booking statement's sold-out failure. */
function isSoldOutFailure(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === SOLD_OUT_STATE) return true;
  return false;
}

/**
 * A whole booking in ONE statement on its own, a prepared statement on PostgreSQL (ADR 0052): the reservation and
 * everything it holds, its mails (the outbox rows, ADR 0047), the request's answer when it is known before the
 * commit, and the inventory taken. A statement is atomic: no BEGIN and COMMIT are needed around it. When a night
 * could not be taken the statement fails, nothing it wrote stays, and this throws `SoldOut`.
 */
export async function writeBooking(
  database: Database,
  input: ReservationInput,
  extras: BookingExtras,
): Promise<number> {
  crashPoint("before_insert");
  try {
    const [row] = await database.queryPrepared<{ id: number }>(
      reservationStatement(input, extras, inventoryNeed(input.priced.rooms)),
    );
    return Number(row!.id);
  } catch (err) {
    if (isSoldOutFailure(err)) throw new SoldOut();
    throw err;
  }
}

/**
 * Bookings waiting for their payment since before `cutoff` (an ISO instant) that never were confirmed, oldest
 * first: the holds the sweep settles.
 */
export async function findAbandonedHolds(
  database: Database,
  cutoff: string,
  limit: number,
): Promise<{ id: number; code: string }[]> {
  return database.query<{ id: number; code: string }>(sql`
    select id, code from reservation
    where status in ('pending_confirmation', 'payment_required', 'preauth_required')
      and option_expires_at is null and created_at < ${cutoff}::timestamptz
      -- a hold never reached confirmed; a confirmed booking waiting again (a change's extra) is not a hold
      and not exists (select 1 from reservation_history h
                      where h.reservation_id = reservation.id and h.to_status = 'confirmed')
    order by created_at limit ${limit}`);
}
