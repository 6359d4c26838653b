// What a search reads about a hotel: the rows the search statement returns, as the pure evaluation takes them.
import type { PrepaymentStep } from "../booking/payment-schedule";

/** Text in several languages, keyed by language code (`en`, `it`, `de`, …); `en` is the fallback. */
export type LocalizedText = Record<string, string>;

export type PackageFlight = {
  code: string;
  /** outbound: origin → destination on the arrival day; return: destination → origin on the departure day. */
  direction?: "outbound" | "return";
  date: string;
  time: string;
  arrivalTime?: string;
  /** Per passenger; absent or 0 when the rate's price includes the flight. */
  priceMinor?: number;
};

export type PackageAirport = { code: string; name: string; flights: PackageFlight[] };

export type HotelRow = {
  id: number;
  name: string;
  time_zone: string;
  currency_code: string;
  group_id: number;
  settings: Record<string, unknown>;
  /** City tax per adult per night, minor units. */
  city_tax_minor: number;
};
export type CurrencyRow = { code: string; decimal_digits: number; rounding: string };
export type RoomTypeRow = {
  id: number;
  name: LocalizedText;
  description: LocalizedText;
  gallery: string[];
  amenities: string[];
  min_occupancy: number;
  max_occupancy: number;
  max_adults: number;
  max_children: number;
};
export type RatePlanRow = {
  id: number;
  mt_id: number;
  name: LocalizedText;
  description: LocalizedText;
  meal_plan: string;
  refundable: boolean;
  free_cancellation_days: number | null;
  payment: string;
  prepayment: PrepaymentStep[];
  commission_percent: string | null;
  is_net: boolean;
  min_stay: number;
  max_stay: number | null;
  min_adults: number;
  max_adults: number | null;
  resellable: boolean;
  refund_protection_minor: number | null;
  trade_only: boolean;
  long_stay_discounts: { minNights: number; percent: number }[];
  included_service_ids: number[];
};
export type PromoRow = {
  code: string;
  /** Its name for guests ("Summer: 10% off"); the portal's search does not load it. */
  name?: LocalizedText;
  hidden: boolean;
  discount_percent: string;
  stay_from: string | null;
  stay_to: string | null;
  book_from: string | null;
  book_to: string | null;
  min_nights: number;
  rate_plan_ids: number[];
};
export type ServiceRow = {
  id: number;
  name: LocalizedText;
  pricing_basis: "per_person" | "per_unit" | "per_stay";
  per_night: boolean;
  price_minor: number;
  mandatory_for: "none" | "all_adults" | "all_children";
  category_id: number;
  category_mandatory: boolean;
};
export type LinkRow = {
  id: number;
  arrival: string;
  departure: string;
  room_type_ids: number[];
  rate_plan_ids: number[];
  promo_code: string | null;
  total_minor: number | null;
  expires_at: string | null;
  /** An answered quote's fixed price per room slot. */
  room_prices: { roomTypeId: number; ratePlanId: number; totalMinor: number }[] | null;
};
export type PackageRow = {
  id: number;
  rate_plan_ids: number[];
  room_type_ids: number[];
  valid_from: string;
  valid_to: string;
  min_nights: number;
  max_nights: number | null;
  min_adults: number;
  max_adults: number | null;
  airports: PackageAirport[];
  destination_airport: { code: string; name: string } | null;
};

export type SearchContext = {
  hotel: HotelRow | null;
  channel: { id: number; kind: "direct" | "trade" } | null;
  currency: CurrencyRow | null;
  age_groups: { id: number; min: number; max: number }[];
  room_types: RoomTypeRow[];
  rate_plans: RatePlanRow[];
  promo: PromoRow | null;
  customer: { id: number; extra_discount_percent: string; commission_percent: string | null } | null;
  services: ServiceRow[];
  link: LinkRow | null;
  package: PackageRow | null;
  /** Night offsets are days after `from`. [roomType, offset, free, closed] */
  inventory: [number, number, number, boolean][];
  /**
   * Five numbers a row, one flat array: roomType, ratePlan, offset, adults, amountMinor. Flat because a portal list
   * reads tens of thousands of them, and one array parses and collects at a fraction of the cost of one per row.
   */
  prices: number[];
  /** Five numbers a row, flat as `prices`: roomType, ratePlan, offset, ageGroup, amountMinor. */
  child_prices: number[];
  /** [ratePlan, offset, closedToArrival, closedToDeparture, minStay, maxStay] */
  restrictions: [number, number, boolean, boolean, number | null, number | null][];
  /** The hotel's search version these rows were read at (ADR 0045), as text; "0" before its first change. */
  version?: string;
  /** The hotel's catalogue version at the same time (ADR 0057): what the catalogue is kept under. */
  catalogue_version?: string;
};

/**
 * What a hotel search reads that the stay does not change: the hotel, its currency, age groups, room types, the
 * rate plans sold on the channel and services. Every row of it bumps the hotel's catalogue version when it changes
 * (migrations 0020, 0026), so a search may keep it under that version and the channel (ADR 0053, 0057).
 */
export type SearchCatalogue = Pick<
  SearchContext,
  "hotel" | "currency" | "age_groups" | "room_types" | "rate_plans" | "services"
>;
