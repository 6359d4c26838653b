import { parseBirthDate } from "@alloggio/domain/booking/guest-form";
import { bankTransferDeadline } from "@alloggio/domain/booking/payment-schedule";
import type { GuestDataRequest } from "@alloggio/domain/contract/booking/guestdata";
import { listNights, ymdToIso } from "@alloggio/domain/stay-dates/stay-dates";
import type { Attribution } from "@alloggio/domain/tracking/attribution";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  paymentDue,
  reservation,
  reservationGuest,
  reservationRequest,
  reservationRoom,
  reservationService,
} from "../../db/schema";
import { AppError } from "../../http/errors";
import { crashPoint } from "../../testing/crash-points";
import type { PricedBooking, PricedRoom } from "./pricing";

/** Transaction handle: what `db.transaction` gives its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export class SoldOut extends AppError {
  constructor() {
    super("sold_out", 409, "Unable to confirm: the selected dates are no longer available", [
      { field: "rooms", message: "no longer available" },
    ]);
  }
}

/**
 * Takes the rooms from inventory with ONE conditional update over every night of every room (ARCHITECTURE §3):
 * a night is taken only while `sold + n <= allotment` and it is open. Unless every night was updated, it throws
 * and the transaction rolls back; the CHECK constraint stands behind it.
 */
export async function takeInventory(
  tx: Tx,
  rooms: Pick<PricedRoom, "roomTypeId" | "arrival" | "departure">[],
) {
  const need = new Map<string, { type: number; day: string; n: number }>();
  for (const r of rooms)
    for (const night of listNights(r.arrival, r.departure)) {
      const key = `${r.roomTypeId}:${night}`;
      const entry = need.get(key) ?? { type: r.roomTypeId, day: ymdToIso(night), n: 0 };
      entry.n += 1;
      need.set(key, entry);
    }
  const list = [...need.values()];
  const result = await tx.execute(sql`
    update inventory i set sold = i.sold + r.n
    from (select * from unnest(${`{${list.map((e) => e.type).join(",")}}`}::int[],
                              ${`{${list.map((e) => e.day).join(",")}}`}::date[],
                              ${`{${list.map((e) => e.n).join(",")}}`}::int[]) as r(room_type_id, day, n)) r
    where i.room_type_id = r.room_type_id and i.day = r.day and not i.closed and i.sold + r.n <= i.allotment
    returning i.room_type_id`);
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

/** Writes the reservation and everything it holds; the caller's transaction makes it all or nothing. */
export async function insertReservation(
  tx: Tx,
  input: {
    code: string;
    idempotencyKey: string;
    status: "pending_confirmation" | "confirmed" | "payment_required" | "preauth_required" | "cancelled";
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
  },
): Promise<number> {
  const { req, priced } = input;
  const booker = { ...req.booker, phone: `${req.booker.phone.dialCode} ${req.booker.phone.number}` };
  delete (booker as { emailConfirm?: string }).emailConfirm;
  crashPoint("before_insert");
  const insertRow = tx
    .insert(reservation)
    .values({
      code: input.code,
      hotelId: req.hotel,
      channelId: req.channel,
      languageId: req.language,
      status: input.confirmNow ? "confirmed" : input.status,
      arrival: ymdToIso(req.arrival),
      departure: ymdToIso(req.departure),
      booker,
      email: req.booker.email.trim().toLowerCase(),
      invoice: req.invoice ?? null,
      privacy: req.privacy,
      currencyCode: priced.currency,
      roomsTotalMinor: priced.roomsTotalMinor,
      servicesTotalMinor: priced.servicesTotalMinor,
      refundProtectionMinor: priced.refundProtectionMinor,
      cityTaxMinor: priced.cityTaxMinor,
      totalMinor: priced.totalMinor,
      paymentMethod: req.payment.method,
      promoCode: priced.ctx.promo?.code ?? null,
      customerId: priced.ctx.customer?.id ?? null,
      tradeUserId: input.tradeUserId ?? null,
      agency: input.tradeUserId ? (req.agency ?? null) : null,
      reservationLinkId: priced.ctx.link?.id ?? null,
      packageId: priced.ctx.package?.id ?? null,
      optionExpiresAt: input.optionExpiresAt,
      attribution: attributionOf(req.tracking),
      paymentDeadline:
        req.payment.method === "bank_transfer" && priced.bankTransfer
          ? ymdToIso(bankTransferDeadline(priced.today, req.arrival, priced.bankTransfer.dueDays))
          : null,
    })
    .returning({ id: reservation.id });
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
  // The reservation, its Idempotency-Key and its history in one statement.
  const inserted = await tx.execute(sql`
    with r as (${insertRow.getSQL()}),
    q as (insert into reservation_request (idempotency_key, reservation_id)
      select ${input.idempotencyKey}, r.id from r),
    h as (insert into reservation_history (reservation_id, actor, action, to_status, details)
      select r.id, x.actor, x.action, x.to_status, x.details
      from r, jsonb_to_recordset(${JSON.stringify(history.map((h, n) => ({ ...h, n })))}::jsonb)
        as x(actor text, action text, to_status text, details jsonb, n int)
      order by x.n)
    select id from r`);
  const id = Number((inserted as unknown as { rows: { id: number }[] }).rows[0]!.id);
  const roomRows = await tx
    .insert(reservationRoom)
    .values(
      priced.rooms.map((r) => ({
        reservationId: id,
        slot: r.slot,
        roomTypeId: r.roomTypeId,
        ratePlanId: r.ratePlanId,
        arrival: ymdToIso(r.arrival),
        departure: ymdToIso(r.departure),
        adults: r.adults,
        childAges: r.ages,
        totalMinor: r.totalMinor,
        nightlyMinor: r.nightly,
        refundProtection: r.refundProtectionMinor > 0,
        refundProtectionMinor: r.refundProtectionMinor,
        prepayment: r.prepayment,
        flights: r.flights,
        flightMinor: r.flightMinor,
        commissionPercent: r.commissionPercent === null ? null : r.commissionPercent.toFixed(2),
        commissionMinor: r.commissionMinor,
      })),
    )
    .returning({ id: reservationRoom.id, slot: reservationRoom.slot });
  const roomId = (slot: number | null | undefined) => roomRows.find((r) => r.slot === slot)?.id ?? null;
  if (priced.services.length > 0)
    await tx.insert(reservationService).values(
      priced.services.map((s) => ({
        reservationId: id,
        roomId: roomId(s.slot),
        serviceId: s.serviceId,
        quantity: s.quantity,
        day: s.day ? ymdToIso(s.day) : null,
        timeSlot: s.timeSlot,
        priceMinor: s.priceMinor,
        transfer: s.transfer ?? null,
      })),
    );
  const guests = req.rooms.flatMap((r) =>
    (r.guests ?? []).map((g) => ({
      reservationId: id,
      roomId: roomId(r.slot),
      firstName: g.firstName,
      lastName: g.lastName,
      type: g.type,
      birthDate: toIso(g.birthDate),
      sex: g.sex ?? null,
    })),
  );
  if (guests.length > 0) await tx.insert(reservationGuest).values(guests);
  if (priced.schedule.length > 0)
    await tx
      .insert(paymentDue)
      .values(
        priced.schedule.map((d) => ({ reservationId: id, dueDate: ymdToIso(d.date), amountMinor: d.amount })),
      );
  return id;
}

export async function findReservationByRequest(tx: Tx | Db, key: string) {
  const rows = await tx
    .select({
      id: reservation.id,
      code: reservation.code,
      status: reservation.status,
      total: reservation.totalMinor,
      currency: reservation.currencyCode,
      email: reservation.email,
    })
    .from(reservationRequest)
    .innerJoin(reservation, eq(reservation.id, reservationRequest.reservationId))
    .where(eq(reservationRequest.idempotencyKey, key));
  return rows[0] ?? null;
}
