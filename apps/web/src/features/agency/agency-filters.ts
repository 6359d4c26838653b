import {
  AGENCY_STATUS_FILTERS,
  type AgencyListRequest,
  type AgencyStatusFilter,
} from "@alloggio/domain/contract/trade/agency-reservations";

// The agency area's filters as the URL query keeps them (ADR 0032): read back on reload, sent to the list call.

export const AGENCY_PAGE_SIZE = 20;

export type Filters = {
  status: AgencyStatusFilter;
  hotel: string;
  priceMin: string;
  priceMax: string;
  adults: string;
  rooms: string;
  page: number;
};

export const NO_FILTERS: Filters = {
  status: "all",
  hotel: "",
  priceMin: "",
  priceMax: "",
  adults: "",
  rooms: "",
  page: 1,
};

/** A whole number above 0 as typed, or "" (left out). */
export const positive = (value: string | null) =>
  value && /^\d+$/.test(value) && Number(value) > 0 ? value : "";
/** An amount (dot decimals) as typed, or "" (left out). */
export const amount = (value: string | null) => (value && /^\d+(\.\d+)?$/.test(value) ? value : "");

/** The filters of a URL query (anything unreadable is left out). */
export function readFilters(search: string): Filters {
  const q = new URLSearchParams(search);
  const status = q.get("status") as AgencyStatusFilter | null;
  return {
    status: status && AGENCY_STATUS_FILTERS.includes(status) ? status : "all",
    hotel: positive(q.get("hotel")),
    priceMin: amount(q.get("priceMin")),
    priceMax: amount(q.get("priceMax")),
    adults: positive(q.get("adults")),
    rooms: positive(q.get("rooms")),
    page: Number(positive(q.get("page")) || 1),
  };
}

/** The URL query of the filters: only what is set (the defaults stay out). */
export function queryOf(f: Filters): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (f.status !== "all") query.status = f.status;
  for (const key of ["hotel", "priceMin", "priceMax", "adults", "rooms"] as const)
    if (f[key]) query[key] = f[key];
  if (f.page > 1) query.page = f.page;
  return query;
}

/** The list call's body. */
export function toRequest(f: Filters): AgencyListRequest {
  const request: AgencyListRequest = { status: f.status, page: f.page, pageSize: AGENCY_PAGE_SIZE };
  if (f.hotel) request.hotel = Number(f.hotel);
  if (f.priceMin) request.priceMin = Number(f.priceMin);
  if (f.priceMax) request.priceMax = Number(f.priceMax);
  if (f.adults) request.adults = Number(f.adults);
  if (f.rooms) request.rooms = Number(f.rooms);
  return request;
}
