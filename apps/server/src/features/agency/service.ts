import { readBankTransferSettings } from "@alloggio/domain/booking/bank-transfer";
import { ratePaymentMethods } from "@alloggio/domain/booking/rate-payment-methods";
import {
  AGENCY_CONFIRM_METHODS,
  type AgencyCancelQuote,
  type AgencyConfirmMethod,
  type AgencyHotels,
  type AgencyList,
  type AgencyListQuery,
  type AgencyPrintVersion,
  type AgencyReservationRow,
  agencyStatusOf,
} from "@alloggio/domain/contract/trade/agency-reservations";
import { TRADE_CSRF_HEADER } from "@alloggio/domain/contract/trade/login";
import { fromMinor } from "@alloggio/domain/money/money";
import { tradePasswordExpired } from "@alloggio/domain/trade/login";
import type { FastifyRequest } from "fastify";
import { AppError, notFound } from "../../http/errors";
import { findReservationOfCustomer, findReservations, type StoredReservation } from "../booking";
import { agencyCommissionOf } from "../mail";
import type { ManageDeps } from "../manage";
import { cancelReservationForGuest, confirmOption } from "../manage";
import { hasTradeCsrfToken, type TradeSessionUser, tradeLoginRequired, tradeUserOf } from "../trade";
import { renderAgencyPdf } from "../voucher-pdf";
import { countAgencyReservationRecords, findAssociatedHotels, listAgencyReservationIds } from "./repository";

// The agency area (SPEC §2 agencyReservations, §4, §7 `agency/*`; ADR 0032): the reservations whose
// `customer_id` is the trade session's customer. Every lookup carries that customer in its WHERE clause, so a code
// of another agency answers the same 404 as a code that does not exist.

export type AgencyDeps = Omit<ManageDeps, "codeLimiter">;

/**
 * The logged trade user of the call (401 `trade_login_required`); an expired or reset password must be changed
 * first (403 `password_change_required`, as trade prices wait for it, ADR 0029); a change needs the session's CSRF
 * token (403 `csrf_failed`).
 */
export async function requireAgency(
  deps: AgencyDeps,
  request: FastifyRequest,
  change = false,
): Promise<TradeSessionUser> {
  const trade = await tradeUserOf({ database: deps.database, now: deps.now }, request);
  if (!trade) throw tradeLoginRequired();
  if (tradePasswordExpired(trade.user, deps.now()))
    throw new AppError("password_change_required", 403, "Change the expired password first", [
      { field: "password", message: "expired or reset" },
    ]);
  if (change && !hasTradeCsrfToken(request, trade.sessionToken))
    throw new AppError("csrf_failed", 403, "The request lacks the session's CSRF token", [
      { field: TRADE_CSRF_HEADER, message: "missing or wrong" },
    ]);
  return trade;
}

const reservationNotFound = () => notFound("code", "No such reservation of this agency");

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/**
 * The methods the agency may confirm an option with: those of the booked rates' own terms (the guest's checkout
 * rule, `ratePaymentMethods`) that need no guest's card — at the hotel, or by transfer where the hotel takes them.
 * A prepaid bank-transfer rate is confirmed by transfer, never "at the hotel".
 */
function rateConfirmMethodsOf(r: StoredReservation): AgencyConfirmMethod[] {
  const kinds = [...new Set(r.rooms.filter((room) => room.status !== "C").map((room) => room.ratePayment))];
  const methods = ratePaymentMethods(kinds, {
    online: [],
    bank: readBankTransferSettings(r.hotel.bankTransfer) !== null,
  });
  return AGENCY_CONFIRM_METHODS.filter((m) => methods.includes(m));
}

/** The methods a live option may be confirmed with (none once it is not a live option). */
function confirmMethodsOf(r: StoredReservation, now: Date): AgencyConfirmMethod[] {
  const live =
    r.status === "pending_confirmation" &&
    r.optionExpiresAt !== null &&
    new Date(r.optionExpiresAt).getTime() > now.getTime();
  return live ? rateConfirmMethodsOf(r) : [];
}

/** A row of the agency's list, mapped from the booking's one read model. */
function toRow(r: StoredReservation, now: Date): AgencyReservationRow {
  const money = (minor: number) => fromMinor(minor, r.decimalDigits);
  // The rooms still booked, or all of them once the reservation is cancelled (as the list's filters count them).
  const counted = r.rooms.filter((room) => room.status !== "C" || r.status === "cancelled");
  const commission = agencyCommissionOf(r);
  return {
    code: r.code,
    hotel: { id: r.hotel.id, name: r.hotel.name, timeZone: r.hotel.timeZone },
    channel: r.channelId,
    arrival: r.arrival,
    departure: r.departure,
    guest: r.booker.fullname,
    reference: r.agency?.code || null,
    email: r.email,
    rooms: counted.length,
    adults: counted.reduce((sum, room) => sum + room.adults, 0),
    currency: r.currency,
    total: money(r.totalMinor),
    commission: commission === null ? null : money(commission),
    status: r.status,
    agencyStatus: agencyStatusOf(
      r.status,
      r.rooms.some((room) => room.status === "W"),
    ),
    optionExpiresAt: iso(r.optionExpiresAt),
    confirmMethods: confirmMethodsOf(r, now),
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** `agency/list-reservations`: one page of the agency's reservations, newest first, with the filters' count. */
export async function listAgencyReservations(
  deps: AgencyDeps,
  customerId: number,
  q: AgencyListQuery,
): Promise<AgencyList> {
  const page = await listAgencyReservationIds(deps.database, customerId, q);
  let total = page[0]?.full_count ?? 0;
  if (page.length === 0 && q.page > 1)
    total = await countAgencyReservationRecords(deps.database, customerId, q);
  const reservations = await findReservations(
    deps.database,
    page.map((row) => row.id),
  );
  const now = deps.now();
  return { rows: reservations.map((r) => toRow(r, now)), page: q.page, pageSize: q.pageSize, total };
}

/** One reservation of the agency, or 404 — the same for another agency's code as for an unknown one. */
async function findAgencyReservation(
  deps: AgencyDeps,
  customerId: number,
  code: string,
): Promise<StoredReservation> {
  const r = await findReservationOfCustomer(deps.database, customerId, code);
  if (!r) throw reservationNotFound();
  return r;
}

/** `agency/associated-hotels`: the hotels × channels the account is enabled for. */
export async function associatedHotels(deps: AgencyDeps, customerId: number): Promise<AgencyHotels> {
  const rows = await findAssociatedHotels(deps.database, customerId);
  return {
    hotels: rows.map((r) => ({
      hotel: r.hotel,
      name: r.name,
      channel: r.channel,
      channelName: r.channel_name,
    })),
  };
}

const byOf = (trade: TradeSessionUser) => `trade_user:${trade.user.id}`;

/**
 * `agency/confirm-reservation`: the agency confirms its option (pending confirmation → confirmed) with a method it
 * may choose, through the property's own confirmation (history, bank-transfer deadline, mails); 409
 * `not_an_option` / `option_expired`, 400 `payment_method_not_allowed`.
 */
export async function confirmAgencyReservation(
  deps: AgencyDeps & { baseUrl: string },
  trade: TradeSessionUser,
  code: string,
  paymentMethod: AgencyConfirmMethod,
): Promise<AgencyReservationRow> {
  const row = await findAgencyReservation(deps, trade.customer.id, code);
  if (!rateConfirmMethodsOf(row).includes(paymentMethod))
    throw new AppError(
      "payment_method_not_allowed",
      400,
      "paymentMethod: not one of the booked rate's payment methods",
      [{ field: "paymentMethod", message: "not allowed by the rate's payment terms" }],
    );
  await confirmOption(
    { database: deps.database, now: deps.now, baseUrl: deps.baseUrl },
    row.id,
    byOf(trade),
    undefined,
    { actor: "agency", paymentMethod },
  );
  return toRow(await findAgencyReservation(deps, trade.customer.id, code), deps.now());
}

/** What cancelling the agency's reservation would cost now: the same rules, nothing changes. */
export async function quoteAgencyCancellation(
  deps: AgencyDeps,
  trade: TradeSessionUser,
  code: string,
  baseUrl: string,
): Promise<AgencyCancelQuote> {
  const row = await findAgencyReservation(deps, trade.customer.id, code);
  const q = await cancelReservationForGuest(
    deps,
    { hotelId: row.hotel.id, reservationId: row.id, preview: true, actor: "agency" },
    byOf(trade),
    baseUrl,
  );
  return {
    currency: q.currency,
    decimalDigits: q.decimalDigits,
    cancelsReservation: q.cancelsReservation,
    free: q.free,
    penaltyMinor: q.penaltyMinor,
    refundMinor: q.refundMinor,
    stillOwedMinor: q.stillOwedMinor,
  };
}

/** Cancels the agency's reservation under the guest's cancellation rules (manage/cancel.ts). */
export async function cancelAgencyReservation(
  deps: AgencyDeps,
  trade: TradeSessionUser,
  code: string,
  baseUrl: string,
): Promise<AgencyReservationRow> {
  const row = await findAgencyReservation(deps, trade.customer.id, code);
  await cancelReservationForGuest(
    deps,
    {
      hotelId: row.hotel.id,
      reservationId: row.id,
      preview: false,
      actor: "agency",
      actorName: trade.customer.name,
    },
    byOf(trade),
    baseUrl,
  );
  return toRow(await findAgencyReservation(deps, trade.customer.id, code), deps.now());
}

/** `agency/print`: the voucher PDF for the agency (price, commission, net) or its guest (none of those). */
export async function printAgencyReservation(
  deps: AgencyDeps,
  trade: TradeSessionUser,
  code: string,
  version: AgencyPrintVersion,
  language: number | undefined,
  baseUrl: string,
): Promise<{ filename: string; content: Buffer }> {
  const reservation = await findAgencyReservation(deps, trade.customer.id, code);
  return renderAgencyPdf(
    { ...reservation, baseUrl },
    version,
    {
      agencyName: trade.customer.name,
      totalMinor: reservation.totalMinor,
      commissionMinor: agencyCommissionOf(reservation),
    },
    language ?? reservation.languageId,
    deps.now(),
  );
}
