import type {
  AgencyCancelQuote,
  AgencyChange,
  AgencyConfirmMethod,
  AgencyHotels,
  AgencyList,
  AgencyListRequest,
  AgencyPrintVersion,
} from "@alloggio/domain/contract/trade/agency-reservations";
import { TRADE_CSRF_HEADER } from "@alloggio/domain/contract/trade/login";
import { ApiError, getJson, postJson } from "../../lib/api-client";

// The agency area's calls (ADR 0032): the session cookie goes with them; changes carry the session's CSRF token.

export const listAgencyReservations = (filters: AgencyListRequest) =>
  postJson<AgencyList>("agency/list-reservations", filters);

export const associatedHotels = () => getJson<AgencyHotels>("agency/associated-hotels");

export const confirmAgencyReservation = (code: string, paymentMethod: AgencyConfirmMethod, csrf: string) =>
  postJson<AgencyChange>(
    `agency/confirm-reservation/${encodeURIComponent(code)}`,
    { paymentMethod },
    { headers: { [TRADE_CSRF_HEADER]: csrf } },
  );

/** What cancelling would cost now (the fee, the refund): nothing changes. */
export const quoteAgencyCancellation = (code: string) =>
  getJson<AgencyCancelQuote>(`agency/reservations/${encodeURIComponent(code)}/cancellation`);

export async function cancelAgencyReservation(code: string, csrf: string): Promise<AgencyChange> {
  const response = await fetch(`/api/agency/reservations/${encodeURIComponent(code)}`, {
    method: "DELETE",
    headers: { Accept: "application/json", [TRADE_CSRF_HEADER]: csrf },
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: { code: string; message: string } } | null)?.error;
    throw new ApiError(response.status, error?.code ?? "network", error?.message ?? response.statusText);
  }
  return body as AgencyChange;
}

/** The PDF's address (opened in a new tab: the browser shows or downloads it; the cookie goes with it). */
export const agencyPrintHref = (code: string, version: AgencyPrintVersion, language: number) =>
  `/api/agency/print/${encodeURIComponent(code)}/${version}?language=${language}`;
