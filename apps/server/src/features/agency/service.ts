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
import { findReservation, toMailFacts } from "../booking";
import type { ManageDeps } from "../manage";
import { cancelReservationForGuest, confirmOption } from "../manage";
import { hasTradeCsrfToken, type TradeSessionUser, tradeLoginRequired, tradeUserOf } from "../trade";
import { renderAgencyPdf } from "../voucher-pdf";
import {
  countAgencyReservationRecords,
  findAgencyReservationRecord,
  findAssociatedHotels,
  listAgencyReservationRecords,
  type RowRecord,
} from "./repository";

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
function rateConfirmMethodsOf(row: RowRecord): AgencyConfirmMethod[] {
  const methods = ratePaymentMethods(row.payment_kinds, {
    online: [],
    bank: readBankTransferSettings(row.bank_transfer) !== null,
  });
  return AGENCY_CONFIRM_METHODS.filter((m) => methods.includes(m));
}

/** The methods a live option may be confirmed with (none once it is not a live option). */
function confirmMethodsOf(row: RowRecord, now: Date): AgencyConfirmMethod[] {
  const live =
    row.status === "pending_confirmation" &&
    row.option_expires_at !== null &&
    new Date(row.option_expires_at).getTime() > now.getTime();
  return live ? rateConfirmMethodsOf(row) : [];
}

function toRow(row: RowRecord, now: Date): AgencyReservationRow {
  const money = (minor: number) => fromMinor(minor, row.decimal_digits);
  return {
    code: row.code,
    hotel: { id: row.hotel_id, name: row.hotel_name, timeZone: row.time_zone },
    channel: row.channel_id,
    arrival: row.arrival,
    departure: row.departure,
    guest: row.guest,
    reference: row.reference,
    email: row.email,
    rooms: row.rooms,
    adults: row.adults,
    currency: row.currency,
    total: money(row.total_minor),
    commission: row.commission_minor === null ? null : money(row.commission_minor),
    status: row.status,
    agencyStatus: agencyStatusOf(row.status, row.waiting),
    optionExpiresAt: iso(row.option_expires_at),
    confirmMethods: confirmMethodsOf(row, now),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** `agency/list-reservations`: one page of the agency's reservations, newest first, with the filters' count. */
export async function listAgencyReservations(
  deps: AgencyDeps,
  customerId: number,
  q: AgencyListQuery,
): Promise<AgencyList> {
  const rows = await listAgencyReservationRecords(deps.database, customerId, q);
  let total = rows[0]?.full_count ?? 0;
  if (rows.length === 0 && q.page > 1)
    total = await countAgencyReservationRecords(deps.database, customerId, q);
  const now = deps.now();
  return { rows: rows.map((row) => toRow(row, now)), page: q.page, pageSize: q.pageSize, total };
}

/** One reservation of the agency, or 404 — the same for another agency's code as for an unknown one. */
async function findAgencyReservation(deps: AgencyDeps, customerId: number, code: string): Promise<RowRecord> {
  const row = await findAgencyReservationRecord(deps.database, customerId, code);
  if (!row) throw reservationNotFound();
  return row;
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
    { hotelId: row.hotel_id, reservationId: row.id, preview: true, actor: "agency" },
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
      hotelId: row.hotel_id,
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
  const row = await findAgencyReservation(deps, trade.customer.id, code);
  const reservation = await findReservation(deps.database.db, row.id);
  if (!reservation) throw reservationNotFound();
  const facts = toMailFacts(reservation);
  return renderAgencyPdf(
    { ...facts, baseUrl },
    version,
    { agencyName: trade.customer.name, totalMinor: row.total_minor, commissionMinor: row.commission_minor },
    language ?? facts.languageId,
    deps.now(),
  );
}
