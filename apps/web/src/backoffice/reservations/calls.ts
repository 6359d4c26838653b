import type {
  BoCancelResponse,
  ReservationDetail,
  ReservationList,
} from "@alloggio/domain/contract/backoffice/reservations";
import type { ResaleResponse } from "@alloggio/domain/contract/booking/resale";
import type { QueryValue } from "../../lib/api-client";
import { boGet, boPost, boPut } from "../api";

// The reservations screens' calls to /api/backoffice (kept out of the TSX). `path` is
// `hotels/<hotel>/reservations/<id>`.

/** What a screen does once an action went through: refetch and say so. */
export type Done = (text: string) => Promise<void>;

export const reservationPath = (hotel: number, id: string | number) => `hotels/${hotel}/reservations/${id}`;

export const fetchReservations = (hotel: number, query: Record<string, QueryValue>) =>
  boGet<ReservationList>(`hotels/${hotel}/reservations`, query);

export const fetchReservation = (path: string) => boGet<ReservationDetail>(path);

export const confirmOption = (path: string) => boPost<unknown>(`${path}/confirm-option`);

export const cancelPaymentLink = (path: string) => boPost<unknown>(`${path}/cancel-payment-link`);

export const resendConfirmation = (path: string, key: string) =>
  boPost<unknown>(`${path}/resend-confirmation`, {}, { "Idempotency-Key": key });

export const recordTransfer = (
  path: string,
  body: { amountMinor: number; receivedOn: string },
  key: string,
) => boPost<{ stillDueMinor: number }>(`${path}/bank-transfers`, body, { "Idempotency-Key": key });

/** A preview (no key needed) or the cancellation itself, once per key. */
export const cancelReservation = (
  path: string,
  body: { preview: boolean; roomId?: number; waivePenalty?: boolean },
  key?: string,
) => boPost<BoCancelResponse>(`${path}/cancel`, body, key ? { "Idempotency-Key": key } : {});

export const savePropertyNote = (path: string, note: string | null) =>
  boPut<{ propertyNote: string | null }>(`${path}/property-note`, { note });

/** Withdraws a room's listed resale offer (ADR 0070); the answer is every offer of the reservation. */
export const withdrawResale = (path: string, offerId: number) =>
  boPost<ResaleResponse>(`${path}/resale-offers/${offerId}/withdraw`);

/** Captures the pre-authorisation (all of it without an amount), once per key. */
export const captureAuthorisation = (path: string, body: { amountMinor?: number }, key: string) =>
  boPost<{ capturedMinor: number; releasedMinor: number }>(`${path}/capture`, body, {
    "Idempotency-Key": key,
  });

/** Releases the pre-authorisation, once per key. */
export const releaseAuthorisation = (path: string, key: string) =>
  boPost<{ releasedMinor: number }>(`${path}/release`, {}, { "Idempotency-Key": key });

/** Charges the card guarantee for a no-show or a late cancellation, once per key. */
export const chargeGuarantee = (
  path: string,
  body: { reason: "no_show" | "late_cancellation"; amountMinor?: number },
  key: string,
) =>
  boPost<{ result: "charged" | "link_sent"; amountMinor: number }>(`${path}/charge-guarantee`, body, {
    "Idempotency-Key": key,
  });
