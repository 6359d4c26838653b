import { cardHoldOf as holdOfCard } from "@alloggio/domain/booking/card-holds";
import { atHotelMinor } from "@alloggio/domain/booking/reservation-money";
import {
  RESERVATIONS_PAGE_SIZE,
  type ReservationDetail,
  type ReservationList,
  type ReservationListQuery,
} from "@alloggio/domain/contract/backoffice/reservations";
import { todayInZone } from "@alloggio/domain/stay-dates/stay-dates";
import type { Attribution } from "@alloggio/domain/tracking/attribution";
import type { Database, Tx } from "../../../db/client";
import { AppError, notFound } from "../../../http/errors";
import {
  disputesOfReservation,
  findReservationOfHotel,
  lockReservationOfHotel,
  toVoucherReservation,
  UNUSED_LINK_STATUSES,
} from "../../booking";
import { agencyCommissionOf, enqueueGuestConfirmation } from "../../mail";
import { guaranteeDefaultsOf, refused } from "../../manage";
import type { Staff } from "../access";
import { audit } from "../audit";
import type { BackOfficeDeps } from "../deps";
import {
  cancelLinks,
  channelsOfHotel,
  countReservations,
  customersOfHotel,
  findReservationPage,
  findUnusedLinks,
  hotelTimeZone,
  insertPropertyHistory,
  type RowRecord,
  reservationFilter,
  reservationOfHotelExists,
  updatePropertyNote,
} from "./repository";

export { UNUSED_LINK_STATUSES } from "../../booking";

const iso = (v: string | Date) => new Date(v).toISOString();
const day = (v: string | Date) => (typeof v === "string" ? v.slice(0, 10) : v.toISOString().slice(0, 10));
const nightsOf = (a: string, d: string) =>
  Math.round((Date.parse(`${day(d)}T00:00:00Z`) - Date.parse(`${day(a)}T00:00:00Z`)) / 86_400_000);

/** One page of the hotel's reservations (one statement, with a window count) and the filters' choices. */
export async function listReservations(
  database: Database,
  hotelId: number,
  q: ReservationListQuery,
): Promise<ReservationList> {
  const where = await reservationFilter(database, hotelId, q);
  const offset = (q.page - 1) * RESERVATIONS_PAGE_SIZE;
  const rows: RowRecord[] = where ? await findReservationPage(database, where, q.sort, offset) : [];
  let total = rows[0]?.full_count ?? 0;
  if (rows.length === 0 && where && q.page > 1) {
    // A page past the end has no row to carry the count.
    total = (await countReservations(database, where)) ?? 0;
  }
  const channels = await channelsOfHotel(database, hotelId);
  const zone = await hotelTimeZone(database, hotelId);
  const customers = await customersOfHotel(database, hotelId);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      code: r.code,
      status: r.status,
      waiting: r.waiting,
      optionExpiresAt: r.option_expires_at ? iso(r.option_expires_at) : null,
      guest: r.guest ?? "",
      email: r.email,
      arrival: day(r.arrival),
      departure: day(r.departure),
      nights: nightsOf(r.arrival, r.departure),
      rooms: r.rooms,
      channel: { id: r.channel_id, name: r.channel_name },
      customer: r.customer_id !== null ? { id: r.customer_id, name: r.customer_name ?? "" } : null,
      currency: r.currency,
      decimalDigits: r.decimal_digits,
      totalMinor: r.total_minor,
      paidMinor: r.paid_minor,
      dueMinor: r.due_minor,
      atHotelMinor: r.at_hotel_minor,
      paymentMethod: r.payment_method,
      createdAt: iso(r.created_at),
    })),
    total,
    page: q.page,
    pageSize: RESERVATIONS_PAGE_SIZE,
    channels,
    customers,
    timeZone: zone ?? "UTC",
  };
}

/** The stored attribution with its empty fields left out; null when it names no source (a direct booking). */
function attributionOf(stored: Attribution | null): Attribution | null {
  if (!stored) return null;
  const out: Attribution = {};
  for (const key of ["trivago", "tripadvisor", "campaign"] as const) if (stored[key]) out[key] = stored[key];
  return Object.keys(out).length > 0 ? out : null;
}

/** 404 unless the reservation is one of this hotel's. */
export async function requireReservation(database: Database, hotelId: number, id: number): Promise<void> {
  if (!(await reservationOfHotelExists(database, hotelId, id)))
    throw notFound("reservationId", "No such reservation");
}

/**
 * One reservation in full, mapped from the booking's one read model: the voucher's view (the same money as the
 * guest sees), then what only the property sees: every due and transaction, the history, the mails sent and the
 * actions its state allows.
 */
export async function reservationDetail(
  database: Database,
  hotelId: number,
  id: number,
  now: Date,
): Promise<ReservationDetail> {
  const r = await findReservationOfHotel(database, hotelId, id);
  if (!r) throw notFound("reservationId", "No such reservation");
  const live = r.status !== "cancelled";
  const dues = r.payments.filter((d) => d.status === "due").map((d) => d.amountMinor);
  const dueMinor = dues.reduce((sum, amount) => sum + amount, 0);
  const cardHold = cardHoldOf(r);
  const unusedLink = r.transactions.some(
    (t) => t.kind !== "refund" && (UNUSED_LINK_STATUSES as readonly string[]).includes(t.status),
  );
  return {
    id: r.id,
    reservation: toVoucherReservation(r, r.languageId, "property"),
    channel: { id: r.channelId, name: r.channelName },
    timeZone: r.hotel.timeZone,
    customer: r.customerId !== null ? { id: r.customerId, name: r.customerName ?? "" } : null,
    decimalDigits: r.decimalDigits,
    totalMinor: r.totalMinor,
    paidMinor: r.paidMinor,
    dueMinor,
    // What is neither paid nor scheduled; nothing once cancelled.
    atHotelMinor: live ? atHotelMinor(r.totalMinor, r.paidMinor, dues) : 0,
    propertyNote: r.propertyNote,
    commissionMinor: agencyCommissionOf(r),
    attribution: attributionOf(r.attribution),
    dues: r.payments.map((d) => ({
      id: d.id,
      dueDate: day(d.dueDate),
      amountMinor: d.amountMinor,
      status: d.status,
      kind: d.kind,
      paidAt: d.paidAt ? iso(d.paidAt) : null,
      linkPending: d.linkPending,
    })),
    transactions: r.transactions.map((t) => ({ ...t, at: iso(t.at) })),
    history: r.history.map((h) => ({ ...h, at: iso(h.at) })),
    disputes: await disputesOfReservation({ database }, r.id),
    mails: r.mails.map((m) => ({
      ...m,
      createdAt: iso(m.createdAt),
      sentAt: m.sentAt ? iso(m.sentAt) : null,
    })),
    actions: {
      confirmOption:
        r.status === "pending_confirmation" &&
        r.optionExpiresAt !== null &&
        new Date(r.optionExpiresAt).getTime() > now.getTime(),
      recordTransfer: r.paymentMethod === "bank_transfer" && r.status === "confirmed" && dueMinor > 0,
      cancel: live,
      cancelPaymentLink: live && unusedLink,
      resendConfirmation: live,
      captureAuthorisation: cardHold?.kind === "pre_authorisation" && cardHold.status === "authorised",
      releaseAuthorisation: cardHold?.kind === "pre_authorisation" && cardHold.status === "authorised",
      chargeGuarantee:
        cardHold?.kind === "card_guarantee" &&
        cardHold.status === "authorised" &&
        !r.transactions.some(
          (t) => t.kind === "penalty" && t.status !== "declined" && t.status !== "cancelled",
        ),
    },
    cardHold,
  };
}

/** The card the hotel holds: the latest pre-authorisation (an amount) or card guarantee (nothing) and its state. */
function cardHoldOf(
  r: Awaited<ReturnType<typeof findReservationOfHotel>> & {},
): ReservationDetail["cardHold"] {
  const hold = holdOfCard(r.transactions);
  if (!hold) return null;
  return {
    kind: hold.kind,
    status: hold.status,
    authorisedMinor: hold.amountMinor,
    chargeDefaults: guaranteeDefaultsOf(r),
  };
}

/** The hotel-local day today, YYYY-MM-DD (a transfer cannot arrive later). */
export async function hotelToday(
  database: Database,
  hotelId: number,
  now: Date,
): Promise<{ today: string; zone: string }> {
  const zone = (await hotelTimeZone(database, hotelId)) ?? "UTC";
  const t = todayInZone(now, zone);
  return { today: `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}`, zone };
}

/**
 * What the property did to a reservation, written twice: in its history (the guest's record, by the staff's
 * e-mail) and in the staff's audit log.
 */
async function recordPropertyAction(
  tx: Tx,
  staff: Staff,
  r: { id: number; status: string; hotel: { id: number } },
  history: { action: string; details?: Record<string, unknown> },
  audited: { action: string; before: unknown; after: unknown },
): Promise<void> {
  await insertPropertyHistory(tx, {
    reservationId: r.id,
    action: history.action,
    status: r.status,
    details: { by: staff.email, ...history.details },
  });
  await audit(tx, staff, { hotelId: r.hotel.id, entity: "reservation", entityId: r.id, ...audited });
}

/**
 * Cancels the payment or pre-authorisation links the guest has not used: the gateway voids each first (one paid
 * meanwhile stays paid), then the transactions are cancelled and what they were for stays due.
 */
export async function cancelPaymentLink(
  deps: Pick<BackOfficeDeps, "database" | "gateways">,
  staff: Staff,
  hotelId: number,
  reservationId: number,
): Promise<{ cancelledLinks: number }> {
  const waiting = await findUnusedLinks(deps.database, hotelId, reservationId);
  if (waiting.length === 0) throw refused("no_unused_link", "There is no unused payment link");
  // The gateway voids each link first, so the guest can no longer pay it; one paid meanwhile stays paid.
  const voided: typeof waiting = [];
  for (const link of waiting) {
    const gateway = await deps.gateways.named(link.gateway, hotelId);
    if (await gateway?.cancel(link.gateway_ref)) voided.push(link);
  }
  if (voided.length === 0) throw refused("link_used", "The guest has just used the link");
  await deps.database.db.transaction(async (tx) => {
    const r = await lockReservationOfHotel(tx, hotelId, reservationId);
    if (!r) throw refused("no_unused_link", "There is no unused payment link");
    const refs = voided.map((l) => l.gateway_ref);
    const freed = await cancelLinks(tx, reservationId, refs);
    await recordPropertyAction(
      tx,
      staff,
      r,
      { action: "payment_link_cancelled", details: { refs } },
      {
        action: "reservation.cancel_payment_link",
        before: { links: voided.map((l) => ({ ref: l.gateway_ref, status: l.status })) },
        after: {
          links: refs.map((ref) => ({ ref, status: "cancelled" })),
          freedDueIds: freed.map((d) => d.id),
        },
      },
    );
  });
  return { cancelledLinks: voided.length };
}

/** Sends the guest the reservation's confirmation mail again, as it now stands (not once cancelled). */
export async function resendConfirmation(
  deps: Pick<BackOfficeDeps, "database" | "now">,
  staff: Staff,
  hotelId: number,
  reservationId: number,
  baseUrl: string,
): Promise<{ mails: number }> {
  return deps.database.db.transaction(async (tx) => {
    const r = await lockReservationOfHotel(tx, hotelId, reservationId);
    if (!r) throw refused("reservation_cancelled", "No such reservation");
    if (r.status === "cancelled")
      throw refused("reservation_cancelled", "The reservation is cancelled: its cancellation was sent");
    const mailId = await enqueueGuestConfirmation(tx, reservationId, { baseUrl, now: deps.now() });
    await recordPropertyAction(
      tx,
      staff,
      r,
      { action: "confirmation_resent", details: { mailId } },
      { action: "reservation.resend_confirmation", before: null, after: { mailId, to: r.email } },
    );
    return { mails: 1 };
  });
}

/** Sets or clears (null) the property's note to the guest, shown on the voucher. */
export async function setPropertyNote(
  deps: Pick<BackOfficeDeps, "database">,
  staff: Staff,
  hotelId: number,
  reservationId: number,
  note: string | null,
): Promise<{ propertyNote: string | null }> {
  return deps.database.db.transaction(async (tx) => {
    const r = await lockReservationOfHotel(tx, hotelId, reservationId);
    if (!r)
      throw new AppError("not_found", 404, "No such reservation", [
        { field: "reservationId", message: "unknown" },
      ]);
    await updatePropertyNote(tx, reservationId, note);
    await recordPropertyAction(
      tx,
      staff,
      r,
      { action: note === null ? "property_note_cleared" : "property_note_set" },
      {
        action: "reservation.property_note",
        before: { propertyNote: r.propertyNote },
        after: { propertyNote: note },
      },
    );
    return { propertyNote: note };
  });
}
