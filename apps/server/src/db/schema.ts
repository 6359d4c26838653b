// The database schema. Migrations are generated from this file by drizzle-kit (`npm run db:generate`) and
// committed under ./migrations; the same SQL runs on PGlite and PostgreSQL.

import type { PrepaymentStep } from "@alloggio/domain/booking/payment-schedule";
import { RATE_PAYMENT_KINDS } from "@alloggio/domain/booking/rate-payment-methods";
import { PAYMENT_METHODS } from "@alloggio/domain/booking/reservation-state";
import type { BookingAgency } from "@alloggio/domain/booking/trade-booking";
import type { LocalizedText, PackageAirport, PackageFlight } from "@alloggio/domain/search/context";
import type { Attribution } from "@alloggio/domain/tracking/attribution";
import { sql } from "drizzle-orm";

export type { LocalizedText, PackageAirport, PackageFlight, PrepaymentStep };

import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const channelKind = pgEnum("channel_kind", ["direct", "trade"]);
export const mealPlan = pgEnum("meal_plan", [
  "room_only",
  "breakfast",
  "half_board",
  "full_board",
  "all_inclusive",
  "unspecified",
]);
export const paymentKind = pgEnum("payment_kind", RATE_PAYMENT_KINDS);
export const pricingBasis = pgEnum("pricing_basis", ["per_person", "per_unit", "per_stay"]);
export const mandatoryFor = pgEnum("mandatory_for", ["none", "all_adults", "all_children"]);
export const petPolicy = pgEnum("pet_policy", ["not_allowed", "free", "per_stay", "per_night"]);

export const currency = pgTable("currency", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  namePlural: text("name_plural").notNull(),
  symbol: text("symbol").notNull(),
  symbolNative: text("symbol_native").notNull(),
  decimalDigits: smallint("decimal_digits").notNull(),
  /** Cash rounding step in major units (0.05 for CHF); 0 means "round to decimal_digits". */
  rounding: numeric("rounding", { precision: 10, scale: 4 }).notNull().default("0"),
});

/** Units of the currency per 1 EUR; a conversion from A to B is perEur(B) / perEur(A). */
export const exchangeRate = pgTable("exchange_rate", {
  code: text("code")
    .primaryKey()
    .references(() => currency.code),
  perEur: numeric("per_eur", { precision: 20, scale: 8 }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const hotelGroup = pgTable("hotel_group", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
});

export const channel = pgTable("channel", {
  id: integer("id").primaryKey(),
  groupId: integer("group_id")
    .notNull()
    .references(() => hotelGroup.id),
  name: text("name").notNull(),
  kind: channelKind("kind").notNull().default("direct"),
  /** The trade channel linked to this direct channel (or the reverse). */
  tradeAssociatedId: integer("trade_associated_id"),
  colors: jsonb("colors").$type<{ primary: string; secondary: string; style?: string }>().notNull(),
  customScripts: jsonb("custom_scripts").$type<Record<string, string>>().notNull().default({}),
  tracking: jsonb("tracking").$type<Record<string, unknown>>().notNull().default({}),
  installments: jsonb("installments")
    .$type<{ has_holipay: boolean; holipay_user?: string }>()
    .notNull()
    .default({ has_holipay: false }),
  /** SPEC §9: a trade booking's option is held this many hours from booking (0: none) — ADR 0031. */
  tradeConfHour: smallint("trade_conf_hour").notNull().default(18),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
});

/** Branding by host name: the domain a guest typed picks the channel (and optionally the hotel). */
export const channelHost = pgTable("channel_host", {
  host: text("host").primaryKey(),
  channelId: integer("channel_id")
    .notNull()
    .references(() => channel.id, { onDelete: "cascade" }),
  hotelId: integer("hotel_id"),
  pageTitle: text("page_title").notNull(),
  iconUrl: text("icon_url").notNull(),
});

export const destination = pgTable("destination", {
  id: integer("id").primaryKey(),
  groupId: integer("group_id")
    .notNull()
    .references(() => hotelGroup.id),
  name: jsonb("name").$type<LocalizedText>().notNull(),
});

export const hotel = pgTable("hotel", {
  id: integer("id").primaryKey(),
  groupId: integer("group_id")
    .notNull()
    .references(() => hotelGroup.id),
  name: text("name").notNull(),
  description: jsonb("description").$type<LocalizedText>().notNull().default({}),
  address: text("address").notNull(),
  city: text("city").notNull(),
  country: text("country").notNull(),
  timeZone: text("time_zone").notNull(),
  currencyCode: text("currency_code")
    .notNull()
    .references(() => currency.code),
  email: text("email").notNull(),
  phone: text("phone").notNull().default(""),
  checkInFrom: time("check_in_from").notNull(),
  checkInUntil: time("check_in_until").notNull(),
  checkOutUntil: time("check_out_until").notNull(),
  breakfastFrom: time("breakfast_from"),
  breakfastUntil: time("breakfast_until"),
  pets: petPolicy("pets").notNull().default("not_allowed"),
  petFeeMinor: integer("pet_fee_minor").notNull().default(0),
  wellness: jsonb("wellness").$type<LocalizedText[]>().notNull().default([]),
  activities: jsonb("activities").$type<LocalizedText[]>().notNull().default([]),
  businessServices: jsonb("business_services").$type<LocalizedText[]>().notNull().default([]),
  messaging: jsonb("messaging")
    .$type<{ active: boolean; button?: string; number?: string; mobileUrl?: string; webUrl?: string }>()
    .notNull()
    .default({ active: false }),
  showChat: boolean("show_chat").notNull().default(false),
  /** Whether guest names are required for every room at checkout. */
  guestsMandatory: boolean("guests_mandatory").notNull().default(false),
  cityTaxMinor: integer("city_tax_minor").notNull().default(0),
  paymentGatewayKey: text("payment_gateway_key").notNull().default("sandbox"),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const hotelChannel = pgTable(
  "hotel_channel",
  {
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channel.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.channelId] })],
);

export const hotelDestination = pgTable(
  "hotel_destination",
  {
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    destinationId: integer("destination_id")
      .notNull()
      .references(() => destination.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.destinationId] })],
);

export const ageGroup = pgTable(
  "age_group",
  {
    id: integer("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    minAge: smallint("min_age").notNull(),
    maxAge: smallint("max_age").notNull(),
  },
  (t) => [
    index("age_group_hotel_idx").on(t.hotelId),
    check("age_group_range", sql`${t.minAge} >= 0 and ${t.minAge} <= ${t.maxAge} and ${t.maxAge} <= 17`),
  ],
);

export const roomType = pgTable(
  "room_type",
  {
    id: integer("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    description: jsonb("description").$type<LocalizedText>().notNull().default({}),
    gallery: jsonb("gallery").$type<string[]>().notNull().default([]),
    amenities: text("amenities").array().notNull().default(sql`'{}'::text[]`),
    minOccupancy: smallint("min_occupancy").notNull().default(1),
    maxOccupancy: smallint("max_occupancy").notNull(),
    maxAdults: smallint("max_adults").notNull(),
    maxChildren: smallint("max_children").notNull().default(0),
    sortOrder: smallint("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("room_type_hotel_code").on(t.hotelId, t.code),
    check("room_type_occupancy", sql`${t.minOccupancy} >= 1 and ${t.minOccupancy} <= ${t.maxOccupancy}`),
  ],
);

/** One step of a prepayment schedule: a share of the total, due at a time relative to booking or arrival. */

export const ratePlan = pgTable(
  "rate_plan",
  {
    id: integer("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** The rate's "mt_id" of the search call (0 = standard). */
    mtId: integer("mt_id").notNull().default(0),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    description: jsonb("description").$type<LocalizedText>().notNull().default({}),
    mealPlan: mealPlan("meal_plan").notNull().default("room_only"),
    refundable: boolean("refundable").notNull().default(true),
    /** Free cancellation until N days before arrival (0 = until arrival day); null when non-refundable. */
    freeCancellationDays: smallint("free_cancellation_days"),
    payment: paymentKind("payment").notNull().default("pay_at_hotel"),
    prepayment: jsonb("prepayment").$type<PrepaymentStep[]>().notNull().default([]),
    /** Commission paid to trade customers, in percent; null for net rates. */
    commissionPercent: numeric("commission_percent", { precision: 5, scale: 2 }),
    isNet: boolean("is_net").notNull().default(false),
    minStay: smallint("min_stay").notNull().default(1),
    maxStay: smallint("max_stay"),
    minAdults: smallint("min_adults").notNull().default(1),
    maxAdults: smallint("max_adults"),
    resellable: boolean("resellable").notNull().default(false),
    /** A resellable rate's resale fee: the percent of what a resale recovers that the hotel keeps (ADR 0065). */
    resaleFeePercent: numeric("resale_fee_percent", { precision: 5, scale: 2 }).notNull().default("0"),
    /** Refund-protection insurance price per stay, in minor units; null when not offered. */
    refundProtectionMinor: integer("refund_protection_minor"),
    tradeOnly: boolean("trade_only").notNull().default(false),
    /** Long-stay discounts: the largest percent whose minNights the stay reaches applies. */
    longStayDiscounts: jsonb("long_stay_discounts")
      .$type<{ minNights: number; percent: number }[]>()
      .notNull()
      .default([]),
    /** Extra services included in the rate at no cost. */
    includedServiceIds: integer("included_service_ids").array().notNull().default(sql`'{}'::integer[]`),
    sortOrder: smallint("sort_order").notNull().default(0),
    /** A booking on this rate is held as an option (pending confirmation) for this many hours; null: confirmed. */
    optionHours: smallint("option_hours"),
  },
  (t) => [
    uniqueIndex("rate_plan_hotel_code").on(t.hotelId, t.code),
    check(
      "rate_plan_stay",
      sql`${t.minStay} >= 1 and (${t.maxStay} is null or ${t.maxStay} >= ${t.minStay})`,
    ),
    check("rate_plan_resale_fee", sql`${t.resaleFeePercent} between 0 and 100`),
  ],
);

/** Channels on which a rate plan is sold. */
export const ratePlanChannel = pgTable(
  "rate_plan_channel",
  {
    ratePlanId: integer("rate_plan_id")
      .notNull()
      .references(() => ratePlan.id, { onDelete: "cascade" }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channel.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.ratePlanId, t.channelId] })],
);

/** One row per room type per hotel-local night. */
export const inventory = pgTable(
  "inventory",
  {
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomType.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    allotment: smallint("allotment").notNull(),
    sold: smallint("sold").notNull().default(0),
    closed: boolean("closed").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.roomTypeId, t.day] }),
    check("inventory_sold_within_allotment", sql`${t.sold} >= 0 and ${t.sold} <= ${t.allotment}`),
  ],
);

/** The price of one night for a room type, rate plan and number of adults, in the hotel's minor units. */
export const price = pgTable(
  "price",
  {
    ratePlanId: integer("rate_plan_id")
      .notNull()
      .references(() => ratePlan.id, { onDelete: "cascade" }),
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomType.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    adults: smallint("adults").notNull(),
    amountMinor: integer("amount_minor").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomTypeId, t.day, t.ratePlanId, t.adults] }),
    check("price_positive", sql`${t.amountMinor} >= 0 and ${t.adults} between 1 and 20`),
  ],
);

/** The price of one night for one child of an age group, added to the adults' price. */
export const childPrice = pgTable(
  "child_price",
  {
    ratePlanId: integer("rate_plan_id")
      .notNull()
      .references(() => ratePlan.id, { onDelete: "cascade" }),
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomType.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    ageGroupId: integer("age_group_id")
      .notNull()
      .references(() => ageGroup.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roomTypeId, t.day, t.ratePlanId, t.ageGroupId] }),
    check("child_price_positive", sql`${t.amountMinor} >= 0`),
  ],
);

/** Stay restrictions of a rate plan on a night (sparse: only nights that have one). */
export const restriction = pgTable(
  "restriction",
  {
    ratePlanId: integer("rate_plan_id")
      .notNull()
      .references(() => ratePlan.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    closedToArrival: boolean("closed_to_arrival").notNull().default(false),
    closedToDeparture: boolean("closed_to_departure").notNull().default(false),
    minStay: smallint("min_stay"),
    maxStay: smallint("max_stay"),
  },
  (t) => [primaryKey({ columns: [t.ratePlanId, t.day] })],
);

export const promoCode = pgTable(
  "promo_code",
  {
    id: integer("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** Hidden codes are never advertised; they work only for whoever knows them. */
    hidden: boolean("hidden").notNull().default(false),
    name: jsonb("name").$type<LocalizedText>().notNull().default({}),
    discountPercent: numeric("discount_percent", { precision: 5, scale: 2 }).notNull(),
    /** Stay nights that the discount applies to must fall in [stayFrom, stayTo]. */
    stayFrom: date("stay_from", { mode: "string" }),
    stayTo: date("stay_to", { mode: "string" }),
    /** The booking date (hotel-local) must fall in [bookFrom, bookTo]. */
    bookFrom: date("book_from", { mode: "string" }),
    bookTo: date("book_to", { mode: "string" }),
    minNights: smallint("min_nights").notNull().default(1),
    /** Rate plans the code applies to; empty means all. */
    ratePlanIds: integer("rate_plan_ids").array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [uniqueIndex("promo_code_hotel_code").on(t.hotelId, sql`upper(${t.code})`)],
);

export const serviceCategory = pgTable("service_category", {
  id: integer("id").primaryKey(),
  hotelId: integer("hotel_id")
    .notNull()
    .references(() => hotel.id, { onDelete: "cascade" }),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  /** A mandatory category needs at least one chosen service. */
  mandatory: boolean("mandatory").notNull().default(false),
  sortOrder: smallint("sort_order").notNull().default(0),
});

export const service = pgTable(
  "service",
  {
    id: integer("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => serviceCategory.id, { onDelete: "cascade" }),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    description: jsonb("description").$type<LocalizedText>().notNull().default({}),
    pricingBasis: pricingBasis("pricing_basis").notNull(),
    /** Charged for every night of the stay rather than once. */
    perNight: boolean("per_night").notNull().default(false),
    priceMinor: integer("price_minor").notNull().default(0),
    mandatoryFor: mandatoryFor("mandatory_for").notNull().default("none"),
    needsDate: boolean("needs_date").notNull().default(false),
    timeSlots: text("time_slots").array().notNull().default(sql`'{}'::text[]`),
    isTransfer: boolean("is_transfer").notNull().default(false),
    maxQuantity: smallint("max_quantity").notNull().default(10),
    image: text("image"),
  },
  (t) => [index("service_hotel_idx").on(t.hotelId)],
);

export const packageOffer = pgTable("package", {
  id: integer("id").primaryKey(),
  hotelId: integer("hotel_id")
    .notNull()
    .references(() => hotel.id, { onDelete: "cascade" }),
  code: text("code").notNull(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  description: jsonb("description").$type<LocalizedText>().notNull().default({}),
  image: text("image"),
  /** "package" (a bundle with services) or "offer" (a special offer on rates). */
  kind: text("kind").notNull().default("package"),
  ratePlanIds: integer("rate_plan_ids").array().notNull(),
  roomTypeIds: integer("room_type_ids").array().notNull().default(sql`'{}'::integer[]`),
  includedServiceIds: integer("included_service_ids").array().notNull().default(sql`'{}'::integer[]`),
  validFrom: date("valid_from", { mode: "string" }).notNull(),
  validTo: date("valid_to", { mode: "string" }).notNull(),
  minNights: smallint("min_nights").notNull().default(1),
  maxNights: smallint("max_nights"),
  minAdults: smallint("min_adults").notNull().default(1),
  maxAdults: smallint("max_adults"),
  /** Flight-included packages: origin airports with their flights (price per passenger, minor units). */
  airports: jsonb("airports").$type<PackageAirport[]>().notNull().default([]),
  /** The airport the flights land at and return from. */
  destinationAirport: jsonb("destination_airport").$type<{ code: string; name: string } | null>(),
  channelIds: integer("channel_ids").array().notNull().default(sql`'{}'::integer[]`),
});

export const reservationLink = pgTable("reservation_link", {
  id: integer("id").primaryKey(),
  hotelId: integer("hotel_id")
    .notNull()
    .references(() => hotel.id, { onDelete: "cascade" }),
  channelId: integer("channel_id")
    .notNull()
    .references(() => channel.id, { onDelete: "cascade" }),
  title: jsonb("title").$type<LocalizedText>().notNull().default({}),
  message: jsonb("message").$type<LocalizedText>().notNull().default({}),
  arrival: date("arrival", { mode: "string" }).notNull(),
  departure: date("departure", { mode: "string" }).notNull(),
  rooms: jsonb("rooms").$type<{ adults: number; ages: number[] }[]>().notNull(),
  roomTypeIds: integer("room_type_ids").array().notNull().default(sql`'{}'::integer[]`),
  ratePlanIds: integer("rate_plan_ids").array().notNull().default(sql`'{}'::integer[]`),
  promoCode: text("promo_code"),
  /** A fixed total for the stay in minor units, replacing the computed price. */
  totalMinor: integer("total_minor"),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  /**
   * The id the guest URL carries (ADR 0027): 20 random base32 characters (100 bits). Links made in the back office
   * always have one, and then answer only to it; imported links without one keep answering to their numeric id.
   */
  publicId: text("public_id").unique(),
  /**
   * A fixed price per room slot (an answered quote): slot N booked with this room type and rate plan for the
   * link's dates costs `totalMinor`. When set, it replaces `total_minor` (which fixes the first room only).
   */
  roomPrices: jsonb("room_prices").$type<{ roomTypeId: number; ratePlanId: number; totalMinor: number }[]>(),
  /** When the back office created it (null for imported links). */
  createdAt: timestamp("created_at", { withTimezone: true }),
});

export const customPrivacy = pgTable("custom_privacy", {
  id: integer("id").primaryKey(),
  hotelId: integer("hotel_id")
    .notNull()
    .references(() => hotel.id, { onDelete: "cascade" }),
  channelId: integer("channel_id"),
  title: jsonb("title").$type<LocalizedText>().notNull(),
  text: jsonb("text").$type<LocalizedText>().notNull(),
  mandatory: boolean("mandatory").notNull().default(false),
});

/** Where a trade account stands: a sign-up waits for the property's approval (SPEC §3). */
export const tradeCustomerStatus = pgEnum("trade_customer_status", [
  "pending",
  "approved",
  "refused",
  "disabled",
]);

/**
 * A travel agency (type 1) or company (type 2) that books on a trade channel, with its agency data (SPEC §3).
 * `name` is the company name. The agency columns have defaults, so the JSON import (which knows id, channel, name,
 * type, active and extra discount only) keeps working; an imported customer is `approved`.
 */
export const tradeCustomer = pgTable("trade_customer", {
  id: integer("id").primaryKey(),
  channelId: integer("channel_id")
    .notNull()
    .references(() => channel.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  agencyType: smallint("agency_type").notNull(),
  active: boolean("active").notNull().default(true),
  /** Hidden prices per login: an extra discount on trade rates, in percent. */
  extraDiscountPercent: numeric("extra_discount_percent", { precision: 5, scale: 2 }).notNull().default("0"),
  status: tradeCustomerStatus("status").notNull().default("approved"),
  address: text("address").notNull().default(""),
  city: text("city").notNull().default(""),
  /** The postcode (SPEC's `cap`). */
  zip: text("zip").notNull().default(""),
  /** ISO 3166-1 alpha-2, upper case; empty when unknown. */
  country: text("country").notNull().default(""),
  /** At least one of VAT number and IATA code (SPEC §5) — checked where an account is created or changed. */
  vatNumber: text("vat_number"),
  iataCode: text("iata_code"),
  email: text("email").notNull().default(""),
  phone: text("phone").notNull().default(""),
  referentName: text("referent_name").notNull().default(""),
  referentEmail: text("referent_email").notNull().default(""),
  /** The commission on commissionable trade rates, in percent; null: each rate's own (ADR 0062). */
  commissionPercent: numeric("commission_percent", { precision: 5, scale: 2 }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person who logs in for a trade customer (SPEC §6). The username is unique in the channel's hotel group,
 * whatever its case (`group_id` is the group of the customer's channel, kept here for that index).
 */
export const tradeUser = pgTable(
  "trade_user",
  {
    id: serial("id").primaryKey(),
    tradeCustomerId: integer("trade_customer_id")
      .notNull()
      .references(() => tradeCustomer.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => hotelGroup.id),
    username: text("username").notNull(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    /** argon2id; null until a password is set (a user without one cannot log in). */
    passwordHash: text("password_hash"),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /** Set by a reset: the next login must change the password (as when it is older than the domain's limit). */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("trade_user_group_username").on(t.groupId, sql`lower(${t.username})`),
    index("trade_user_customer").on(t.tradeCustomerId),
  ],
);

/** The hotels and channels a trade customer is enabled for: its users log in there only. */
export const tradeCustomerHotel = pgTable(
  "trade_customer_hotel",
  {
    tradeCustomerId: integer("trade_customer_id")
      .notNull()
      .references(() => tradeCustomer.id, { onDelete: "cascade" }),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channel.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.tradeCustomerId, t.hotelId, t.channelId] })],
);

/**
 * A trade user's login session on one channel (like `staff_session`): the cookie carries an opaque token, the
 * table only its SHA-256; idle and absolute expiry (ADR 0029). Logout and a password change delete it.
 */
export const tradeSession = pgTable(
  "trade_session",
  {
    tokenHash: text("token_hash").primaryKey(),
    tradeUserId: integer("trade_user_id")
      .notNull()
      .references(() => tradeUser.id, { onDelete: "cascade" }),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channel.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute expiry; the idle expiry follows lastSeenAt. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("trade_session_user").on(t.tradeUserId)],
);

/**
 * A single-use password-recovery link of a trade user (`agency/retrievePwd`, ADR 0033): only the token's SHA-256
 * is stored; it lasts at most 30 minutes, is used once, and a newer one replaces the user's earlier ones.
 */
export const tradePasswordToken = pgTable(
  "trade_password_token",
  {
    tokenHash: text("token_hash").primaryKey(),
    tradeUserId: integer("trade_user_id")
      .notNull()
      .references(() => tradeUser.id, { onDelete: "cascade" }),
    /** The trade channel the recovery was asked on (the link and the login go back there). */
    channelId: integer("channel_id")
      .notNull()
      .references(() => channel.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("trade_password_token_user").on(t.tradeUserId)],
);

// ── Booking ────────────────────────────────────────────────────────────────────────────────────────

export const reservationStatus = pgEnum("reservation_status", [
  "pending_confirmation",
  "confirmed",
  "payment_required",
  "preauth_required",
  "cancelled",
]);
export const paymentMethod = pgEnum("payment_method", PAYMENT_METHODS);

export type Booker = {
  fullname: string;
  email: string;
  alternativeEmail?: string;
  phone: string;
  address?: string;
  city?: string;
  cap?: string;
  country: string;
  cf?: string;
  note?: string;
  arrivalTime?: string;
};
export type InvoiceData = {
  name: string;
  address: string;
  zip: string;
  city: string;
  country: string;
  vat?: string;
  sdi?: string;
};
export type PrivacyAcceptance = {
  marketing: boolean;
  report: boolean;
  profile: boolean;
  custom: { id: number; accepted: boolean }[];
};

export const reservation = pgTable(
  "reservation",
  {
    id: serial("id").primaryKey(),
    /** Unguessable: 16 characters of Crockford base32, 80 random bits. */
    code: text("code").notNull(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channel.id),
    languageId: smallint("language_id").notNull(),
    status: reservationStatus("status").notNull(),
    arrival: date("arrival", { mode: "string" }).notNull(),
    departure: date("departure", { mode: "string" }).notNull(),
    booker: jsonb("booker").$type<Booker>().notNull(),
    /** Lower-cased booker e-mail, for recovery by code and e-mail. */
    email: text("email").notNull(),
    invoice: jsonb("invoice").$type<InvoiceData | null>(),
    privacy: jsonb("privacy").$type<PrivacyAcceptance>().notNull(),
    currencyCode: text("currency_code").notNull(),
    roomsTotalMinor: integer("rooms_total_minor").notNull(),
    servicesTotalMinor: integer("services_total_minor").notNull().default(0),
    refundProtectionMinor: integer("refund_protection_minor").notNull().default(0),
    cityTaxMinor: integer("city_tax_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull(),
    paymentMethod: paymentMethod("payment_method").notNull(),
    promoCode: text("promo_code"),
    customerId: integer("customer_id"),
    /** The trade user who booked for the customer (ADR 0031); null for a guest's booking. */
    tradeUserId: integer("trade_user_id").references(() => tradeUser.id, { onDelete: "set null" }),
    /** SPEC §3 Agency data as the trade booking carried it; null for a guest's booking. */
    agency: jsonb("agency").$type<BookingAgency | null>(),
    reservationLinkId: integer("reservation_link_id"),
    /** The package or special offer booked, if any. */
    packageId: integer("package_id"),
    optionExpiresAt: timestamp("option_expires_at", { withTimezone: true }),
    /** Hotel-local day by which a bank transfer must arrive; past it, an unpaid booking is cancelled. */
    paymentDeadline: date("payment_deadline", { mode: "string" }),
    /** The property's note to the guest, written in the back office; shown on the voucher. */
    propertyNote: text("property_note"),
    /**
     * Where the booking came from (ADR 0043): guestdata.do's `tracking` — metasearch click references
     * and the campaign the guest landed with; null for a direct booking.
     */
    attribution: jsonb("attribution").$type<Attribution | null>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reservation_code").on(t.code),
    index("reservation_hotel_arrival").on(t.hotelId, t.arrival),
    // The back office lists a hotel's reservations by the day they were booked.
    index("reservation_hotel_created").on(t.hotelId, t.createdAt),
    // The timed jobs look for waiting options and unpaid transfers only.
    index("reservation_option_expiry")
      .on(t.optionExpiresAt)
      .where(sql`${t.status} = 'pending_confirmation' and ${t.optionExpiresAt} is not null`),
    index("reservation_payment_deadline")
      .on(t.paymentDeadline)
      .where(sql`${t.status} = 'confirmed' and ${t.paymentDeadline} is not null`),
    check("reservation_totals", sql`${t.totalMinor} >= 0 and ${t.departure} > ${t.arrival}`),
  ],
);

/** One flight of a booked package: its code, airports, day and times. */
export type BookedFlight = {
  code: string;
  from: string;
  to: string;
  date: string;
  time: string;
  arrivalTime?: string;
};
export type BookedFlights = { outbound: BookedFlight; return: BookedFlight; passengers: number };

export const reservationRoom = pgTable(
  "reservation_room",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservation.id, { onDelete: "cascade" }),
    slot: smallint("slot").notNull(),
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomType.id),
    ratePlanId: integer("rate_plan_id")
      .notNull()
      .references(() => ratePlan.id),
    arrival: date("arrival", { mode: "string" }).notNull(),
    departure: date("departure", { mode: "string" }).notNull(),
    adults: smallint("adults").notNull(),
    childAges: integer("child_ages").array().notNull().default(sql`'{}'::integer[]`),
    /** A active, C cancelled, W waiting (SPEC §4). */
    status: text("status").notNull().default("A"),
    totalMinor: integer("total_minor").notNull(),
    nightlyMinor: integer("nightly_minor").array().notNull(),
    refundProtection: boolean("refund_protection").notNull().default(false),
    /** The refund protection bought for this room (its rate's price when booked), minor units. */
    refundProtectionMinor: integer("refund_protection_minor").notNull().default(0),
    /** What a cancelled room still costs: its cancellation penalty (0 when free or not cancelled). */
    penaltyMinor: integer("penalty_minor").notNull().default(0),
    /** The rate's prepayment steps when booked: later changes are scheduled by the terms the guest accepted. */
    prepayment: jsonb("prepayment").$type<PrepaymentStep[]>().notNull().default([]),
    /** A flight-included package's flights for this room's guests, out and back. */
    flights: jsonb("flights").$type<BookedFlights | null>(),
    /** What those flights cost, minor units: part of `total_minor`, not of the nightly prices. */
    flightMinor: integer("flight_minor").notNull().default(0),
    /** A trade booking's commission percent on this room's rate when booked; null on a net or a guest's rate. */
    commissionPercent: numeric("commission_percent", { precision: 5, scale: 2 }),
    /** That commission in minor units, on the room's nights (ADR 0031); 0 when none. */
    commissionMinor: integer("commission_minor").notNull().default(0),
  },
  (t) => [index("reservation_room_reservation").on(t.reservationId)],
);

/** A room of a resellable rate put up for resale by its holder (ADR 0065). */
export const resaleOffer = pgTable(
  "resale_offer",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservation.id, { onDelete: "cascade" }),
    reservationRoomId: integer("reservation_room_id")
      .notNull()
      .references(() => reservationRoom.id, { onDelete: "cascade" }),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomType.id),
    arrival: date("arrival", { mode: "string" }).notNull(),
    departure: date("departure", { mode: "string" }).notNull(),
    /** 23:59:59.999 hotel time the day before arrival: the nights sell until then. */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }).notNull(),
    /** The rate's resale fee when listed. */
    feePercent: numeric("fee_percent", { precision: 5, scale: 2 }).notNull(),
    /** listed → settled | expired | withdrawn */
    status: text("status").notNull().default("listed"),
    listedAt: timestamp("listed_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("resale_offer_room_listed").on(t.reservationRoomId).where(sql`${t.status} = 'listed'`),
    index("resale_offer_reservation").on(t.reservationId),
    check("resale_offer_status", sql`${t.status} in ('listed', 'settled', 'expired', 'withdrawn')`),
  ],
);

/** One night of a resale offer: resale stock while listed, sold before the hotel's own free rooms. */
export const resaleNight = pgTable(
  "resale_night",
  {
    offerId: integer("offer_id")
      .notNull()
      .references(() => resaleOffer.id, { onDelete: "cascade" }),
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomType.id),
    day: date("day", { mode: "string" }).notNull(),
    /** The holder's price for this night, minor units. */
    holderMinor: integer("holder_minor").notNull(),
    /** listed → sold | expired | withdrawn */
    status: text("status").notNull().default("listed"),
    buyerRoomId: integer("buyer_room_id").references(() => reservationRoom.id, { onDelete: "set null" }),
    /** The buyer room's price for this night, capped at the holder's; null until sold. */
    recoveredMinor: integer("recovered_minor"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.day] }),
    index("resale_night_listed").on(t.roomTypeId, t.day, t.offerId).where(sql`${t.status} = 'listed'`),
    index("resale_night_unsettled").on(t.offerId).where(sql`${t.status} = 'sold' and ${t.settledAt} is null`),
    check("resale_night_status", sql`${t.status} in ('listed', 'sold', 'expired', 'withdrawn')`),
  ],
);

export const reservationService = pgTable("reservation_service", {
  id: serial("id").primaryKey(),
  reservationId: integer("reservation_id")
    .notNull()
    .references(() => reservation.id, { onDelete: "cascade" }),
  roomId: integer("room_id").references(() => reservationRoom.id, { onDelete: "cascade" }),
  serviceId: integer("service_id")
    .notNull()
    .references(() => service.id),
  quantity: smallint("quantity").notNull(),
  day: date("day", { mode: "string" }),
  timeSlot: text("time_slot"),
  priceMinor: integer("price_minor").notNull(),
  transfer: jsonb("transfer").$type<{
    time?: string;
    placeCode?: string;
    transportNumber?: string;
    note?: string;
  } | null>(),
});

export const reservationGuest = pgTable("reservation_guest", {
  id: serial("id").primaryKey(),
  reservationId: integer("reservation_id")
    .notNull()
    .references(() => reservation.id, { onDelete: "cascade" }),
  roomId: integer("room_id").references(() => reservationRoom.id, { onDelete: "cascade" }),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  type: text("type").notNull(),
  birthDate: date("birth_date", { mode: "string" }),
  sex: text("sex"),
});

/** What is due, when: the prepayment schedule of the booking, then its settlement. */
export const paymentDue = pgTable("payment_due", {
  id: serial("id").primaryKey(),
  reservationId: integer("reservation_id")
    .notNull()
    .references(() => reservation.id, { onDelete: "cascade" }),
  dueDate: date("due_date", { mode: "string" }).notNull(),
  amountMinor: integer("amount_minor").notNull(),
  /** due, paid, authorised, failed, cancelled */
  status: text("status").notNull().default("due"),
  paidAt: timestamp("paid_at", { withTimezone: true }),
  /** prepayment (the rate's schedule, or a change's difference) or installment */
  kind: text("kind").notNull().default("prepayment"),
  /** The gateway payment started for this row (pay now, a payment link): its capture settles the row. */
  paymentRef: text("payment_ref"),
  /** Installments: the day the activation e-mail goes out, and when it went. */
  noticeDate: date("notice_date", { mode: "string" }),
  noticeSentAt: timestamp("notice_sent_at", { withTimezone: true }),
});

/** Every call to the payment gateway and its outcome; the gateway's reference is unique, so events count once. */
export const paymentTransaction = pgTable(
  "payment_transaction",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservation.id, { onDelete: "cascade" }),
    gateway: text("gateway").notNull(),
    gatewayRef: text("gateway_ref").notNull(),
    kind: text("kind").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    status: text("status").notNull(),
    cardLast4: text("card_last4"),
    /** Where the guest completes this payment on the gateway's pages (redirect methods, payment links). */
    redirectUrl: text("redirect_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A pending refund: how many times the gateway was asked (ADR 0020). */
    attempts: smallint("attempts").notNull().default(0),
    /** A pending refund: not asked again before this instant (backoff after a failure). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** A pending refund: one process holds it until then, so no other sends it meanwhile. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** What the gateway (or the network) answered to the last failed attempt. */
    lastError: text("last_error"),
    /** A refund to the card: the capture it returns money to (ADR 0061); null for one the hotel makes. */
    sourceId: integer("source_id").references((): AnyPgColumn => paymentTransaction.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    uniqueIndex("payment_transaction_ref").on(t.gateway, t.gatewayRef, t.kind),
    index("payment_transaction_pending_refund")
      .on(t.nextAttemptAt)
      .where(sql`${t.kind} = 'refund' and ${t.status} = 'pending'`),
  ],
);

/**
 * The events a gateway posted (webhooks), each kept once by its id: a duplicate or a replay is known and changes
 * nothing. `processedAt` is set once the event was acted on; one left unset is acted on when it comes again.
 */
export const paymentEvent = pgTable(
  "payment_event",
  {
    gateway: text("gateway").notNull(),
    eventId: text("event_id").notNull(),
    hotelId: integer("hotel_id").references(() => hotel.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** The payment it is about, by the reference Alloggio keeps (none for an event about nothing of ours). */
    ref: text("ref"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);

/**
 * A dispute (chargeback) the card holder's bank opened on a payment, as the gateway last told it (ADR 0075): one row
 * per dispute, updated as it moves (needs_response → under_review → won or lost), whatever order its events came in.
 */
export const paymentDispute = pgTable(
  "payment_dispute",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservation.id, { onDelete: "cascade" }),
    /** The disputed payment. */
    paymentId: integer("payment_id").references(() => paymentTransaction.id, { onDelete: "set null" }),
    gateway: text("gateway").notNull(),
    disputeRef: text("dispute_ref").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    /** The gateway's reason code (fraudulent, product_not_received, …). */
    reason: text("reason").notNull(),
    /** The gateway's status: needs_response, under_review, won, lost (warning_… for an inquiry). */
    status: text("status").notNull(),
    evidenceDueBy: timestamp("evidence_due_by", { withTimezone: true }),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("payment_dispute_ref").on(t.gateway, t.disputeRef),
    index("payment_dispute_reservation").on(t.reservationId),
  ],
);

/** Append-only: every state change of a reservation. */
export const reservationHistory = pgTable(
  "reservation_history",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservation.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("reservation_history_reservation").on(t.reservationId)],
);

/** The first answer to a request under an Idempotency-Key, with a fingerprint of its payload. */
export const idempotencyKey = pgTable(
  "idempotency_key",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /** in_progress until the answer is stored */
    state: text("state").notNull(),
    responseStatus: smallint("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/**
 * What the outbox worker renders a reservation mail from (ADR 0047): the reservation is the row's
 * `reservation_id`, read as it stands when the mail is rendered; the change of a change mail is kept here.
 */
export type MailRecipe = {
  /**
   * reservation_guest: the guest's mail with the .ics and the voucher PDF; reservation_hotel: the hotel's notice;
   * reservation_agency: a trade booking's mail to its agency, with the agency PDF (ADR 0062).
   */
  kind: "reservation_guest" | "reservation_hotel" | "reservation_agency" | "installment_notice";
  /** reservation_agency: the reminder that the option runs out soon. */
  optionReminder?: boolean;
  /** The web app's public origin (links in the mail). */
  baseUrl: string;
  /** What happened, for a change mail (`MailChange` of features/mail/changes.ts). */
  change?: { kind: string } & Record<string, unknown>;
  /** installment_notice: the payment due it announces. */
  paymentDueId?: number;
};

/** Mail waiting to go out, and what went: a mail that cannot be sent is retried, never lost. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    reservationId: integer("reservation_id"),
    /** Empty until a mail with a `render` recipe is rendered (by the worker, before it is sent). */
    to: text("to").notNull().default(""),
    subject: text("subject").notNull().default(""),
    html: text("html").notNull().default(""),
    text: text("text").notNull().default(""),
    /** A mail rendered by the worker: what to render; null for a mail enqueued already rendered. */
    render: jsonb("render").$type<MailRecipe>(),
    /** When the worker rendered it (its content then is what was sent); null while it waits to be rendered. */
    renderedAt: timestamp("rendered_at", { withTimezone: true }),
    attachments: jsonb("attachments")
      .$type<{ filename: string; contentType: string; content: string; encoding?: "base64" }[]>()
      .notNull()
      .default([]),
    /** pending, sent, failed */
    status: text("status").notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_due").on(t.status, t.nextAttemptAt)],
);

/** The sandbox gateway's own book of payments (a real gateway keeps this on its side). */
export const sandboxPayment = pgTable("sandbox_payment", {
  id: text("id").primaryKey(),
  amountMinor: integer("amount_minor").notNull(),
  currencyCode: text("currency_code").notNull(),
  /** tokenised, requires_challenge, requires_action, authorised, captured, declined, refunded */
  status: text("status").notNull(),
  /** card, or the redirect method the guest pays with on the sandbox's own page (instant_bank, wallet, …). */
  method: text("method").notNull().default("card"),
  token: text("token"),
  cardLast4: text("card_last4"),
  declineReason: text("decline_reason"),
  returnUrl: text("return_url").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Exactly-once booking: the Idempotency-Key of the request that created a reservation. */
export const reservationRequest = pgTable("reservation_request", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  reservationId: integer("reservation_id")
    .notNull()
    .references(() => reservation.id, { onDelete: "cascade" }),
});

/**
 * Rate limits shared by every server process (ADR 0015): one counter per key (`addr:<route>:<client address>`,
 * `code:<reservation code>`, `quote-to:<e-mail>`) in a window that starts with its first hit and ends at
 * `reset_at`; a hit after that starts a new window. Expired rows are swept.
 */
export const rateLimit = pgTable(
  "rate_limit",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_reset_at").on(t.resetAt)],
);

// ---------------------------------------------------------------------------------------------------------------
// The back office (ADR 0024): the property's staff, their sessions and every change they make.

export const staffRole = pgEnum("staff_role", ["owner", "manager", "reception"]);

/** A member of a hotel group's staff. `allHotels` users see every hotel of the group; others only their own. */
export const staffUser = pgTable(
  "staff_user",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => hotelGroup.id),
    /** Lower-cased. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    role: staffRole("role").notNull(),
    allHotels: boolean("all_hotels").notNull().default(false),
    /** argon2id; null until the user sets a password from the set-up or invitation link. */
    passwordHash: text("password_hash"),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /** The TOTP secret (base32); enabled once the user proved a code at enrolment. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The 30-second time step of the last TOTP code accepted: a code is accepted once (no replay). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** The language of the back office for this user (a text code: en, it, …). */
    language: text("language").notNull().default("en"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_user_email").on(t.email)],
);

/** The hotels a hotel-scoped staff user works for. */
export const staffUserHotel = pgTable(
  "staff_user_hotel",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => staffUser.id, { onDelete: "cascade" }),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hotelId] })],
);

/**
 * A server session of the back office: the cookie carries an opaque token, the table only its SHA-256. A session
 * that waits for the second factor (`mfaPending`) opens nothing but the TOTP step.
 */
export const staffSession = pgTable(
  "staff_session",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => staffUser.id, { onDelete: "cascade" }),
    /** Sent back in the X-CSRF-Token header of every change (the synchroniser token). */
    csrfToken: text("csrf_token").notNull(),
    mfaPending: boolean("mfa_pending").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute expiry; the idle expiry follows lastSeenAt. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("staff_session_user").on(t.userId)],
);

/** Single-use recovery codes of the second factor, hashed (SHA-256). */
export const staffRecoveryCode = pgTable(
  "staff_recovery_code",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => staffUser.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Single-use links: the first owner's set-up, a staff invitation, a password reset. Only the hash is stored. */
export const staffToken = pgTable(
  "staff_token",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => staffUser.id, { onDelete: "cascade" }),
    /** setup, invitation, reset */
    purpose: text("purpose").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_token_user").on(t.userId)],
);

/** Every change made in the back office (and by the import): who, when, what, before and after. Append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id").notNull(),
    /** The hotel the change belongs to; null for group-wide changes (users). */
    hotelId: integer("hotel_id"),
    /** The staff user; null for the import and the timed jobs (then `actor` says which). */
    userId: integer("user_id"),
    actor: text("actor").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** e.g. reservation.confirm_option, rates.bulk_update, room_type.update, user.invite */
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
  },
  (t) => [index("audit_log_group_at").on(t.groupId, t.at), index("audit_log_hotel_at").on(t.hotelId, t.at)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A room type's uploaded photo, resized to WebP (ADR 0026): kept in the database so that every server process
 * serves it, backed up with the rest. Immutable: a new upload is a new row, so its address can be cached forever.
 */
export const roomTypePhoto = pgTable(
  "room_type_photo",
  {
    id: serial("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomType.id, { onDelete: "cascade" }),
    /** The photo at most 1600 px on its longest side, WebP. */
    large: bytea("large").notNull(),
    /** The photo at most 400 px on its longest side, WebP (thumbnails). */
    small: bytea("small").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("room_type_photo_room_type").on(t.roomTypeId)],
);

/**
 * A guest's quote request (quote.do), stored with the mails it queues: the hotel answers it in the back office with
 * a priced reservation link, or closes it.
 */
export const quoteRequest = pgTable(
  "quote_request",
  {
    id: serial("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    channelId: integer("channel_id").notNull(),
    languageId: smallint("language_id").notNull(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    message: text("message"),
    arrival: date("arrival", { mode: "string" }).notNull(),
    departure: date("departure", { mode: "string" }).notNull(),
    promoCode: text("promo_code"),
    /** The rooms as asked, with what the quote priced for each (room type, rate, suggested, total in minor units). */
    rooms: jsonb("rooms").$type<QuoteRequestRoom[]>().notNull(),
    currencyCode: text("currency_code").notNull(),
    /** The total the guest was quoted online; null when a room had no price. */
    totalMinor: integer("total_minor"),
    /** new, answered, closed */
    status: text("status").notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredBy: integer("answered_by").references(() => staffUser.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** What the hotel sent: the rooms with their prices, the note and the expiry. */
    answer: jsonb("answer").$type<QuoteAnswer>(),
    reservationLinkId: integer("reservation_link_id").references(() => reservationLink.id, {
      onDelete: "set null",
    }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("quote_request_hotel_created").on(t.hotelId, t.createdAt),
    check("quote_request_status", sql`${t.status} in ('new', 'answered', 'closed')`),
  ],
);

export type QuoteRequestRoom = {
  adults: number;
  ages: number[];
  /** Chosen by the guest, or suggested by the search (the least expensive); null when nothing could be had. */
  roomTypeId: number | null;
  ratePlanId: number | null;
  suggested: boolean;
  totalMinor: number | null;
};

export type QuoteAnswer = {
  rooms: { roomTypeId: number; ratePlanId: number; totalMinor: number }[];
  totalMinor: number;
  note: string | null;
  expiresAt: string;
};

// ---------------------------------------------------------------------------------------------------------------
// Personalised offers (ADR 0034): created by a hotel's API key (or, next, the back office), unlocked by
// the recipient's e-mail, confirmed into a reservation, rejected with a reason, or expired by the timed job.

/** A hotel's key for the exposed API (`Authorization: Bearer …`): only its sha256 is stored. */
export const hotelApiKey = pgTable(
  "hotel_api_key",
  {
    id: serial("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Hex sha256 of the whole key; the key itself is shown once, when made. */
    keySha256: text("key_sha256").notNull(),
    /** The key's first characters, so staff can tell keys apart without the key. */
    prefix: text("prefix").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** The staff user who made it in the back office (ADR 0039); null for keys made otherwise. */
    createdBy: integer("created_by").references(() => staffUser.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("hotel_api_key_sha256").on(t.keySha256), index("hotel_api_key_hotel").on(t.hotelId)],
);

/** A video or playlist link of an offer, reduced to its host's id and a privacy-friendly embed address. */
export type OfferVideo = {
  provider: "youtube" | "vimeo" | "dailymotion";
  kind: "video" | "playlist";
  id: string;
  url: string;
  embedUrl: string;
};

export const offer = pgTable(
  "offer",
  {
    id: serial("id").primaryKey(),
    /** Unguessable: 16 characters of Crockford base32, 80 random bits (the `/offer/:offerCode` link). */
    code: text("code").notNull(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channel.id),
    languageId: smallint("language_id").notNull(),
    recipientName: text("recipient_name").notNull(),
    /** Lower-cased: the unlock compares it with what the recipient types, in any case. */
    email: text("email").notNull(),
    /** locked, unlocked, confirmed, rejected, expired, unavailable (domain offers/offer-state.ts). */
    state: text("state").notNull().default("locked"),
    arrival: date("arrival", { mode: "string" }).notNull(),
    departure: date("departure", { mode: "string" }).notNull(),
    /** The hotel's currency when the offer was made: the held prices are in it. */
    currencyCode: text("currency_code").notNull(),
    message: text("message"),
    video: jsonb("video").$type<OfferVideo | null>(),
    playlist: jsonb("playlist").$type<OfferVideo[]>().notNull().default([]),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The API key that created it (null: the back office). */
    apiKeyId: integer("api_key_id").references(() => hotelApiKey.id, { onDelete: "set null" }),
    unlockedAt: timestamp("unlocked_at", { withTimezone: true }),
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
    rejectionReason: text("rejection_reason"),
    /** Once confirmed: the option chosen and the reservation it became. */
    confirmedOptionId: integer("confirmed_option_id"),
    reservationId: integer("reservation_id").references(() => reservation.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("offer_code").on(t.code),
    index("offer_hotel_created").on(t.hotelId, t.createdAt),
    // The expiry sweep looks at open offers only.
    index("offer_open_expiry").on(t.expiresAt).where(sql`${t.state} in ('locked', 'unlocked')`),
    check(
      "offer_state",
      sql`${t.state} in ('locked', 'unlocked', 'confirmed', 'rejected', 'expired', 'unavailable')`,
    ),
    check("offer_stay", sql`${t.departure} > ${t.arrival}`),
  ],
);

/** One alternative of an offer: its rooms (below) and the services it includes, at prices the offer holds. */
export const offerOption = pgTable(
  "offer_option",
  {
    id: serial("id").primaryKey(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offer.id, { onDelete: "cascade" }),
    /** 1-based, the order the hotel gave. */
    position: smallint("position").notNull(),
    title: text("title"),
    /** The services the hotel named, then the mandatory extras the booking adds (`slot`: the room they are of). */
    services: jsonb("services")
      .$type<{ serviceId: number; quantity: number; priceMinor: number; slot?: number }[]>()
      .notNull()
      .default([]),
    /** What the option's booking charges (rooms, services, mandatory extras), minor units of the offer's currency. */
    totalMinor: integer("total_minor").notNull(),
    /** The city tax of the option's stay, paid at the hotel beside the total. */
    cityTaxMinor: integer("city_tax_minor").notNull().default(0),
  },
  (t) => [
    uniqueIndex("offer_option_position").on(t.offerId, t.position),
    check("offer_option_total", sql`${t.totalMinor} >= 0`),
  ],
);

export const offerOptionRoom = pgTable(
  "offer_option_room",
  {
    id: serial("id").primaryKey(),
    optionId: integer("option_id")
      .notNull()
      .references(() => offerOption.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    roomTypeId: integer("room_type_id")
      .notNull()
      .references(() => roomType.id),
    ratePlanId: integer("rate_plan_id")
      .notNull()
      .references(() => ratePlan.id),
    adults: smallint("adults").notNull(),
    childAges: integer("child_ages").array().notNull().default(sql`'{}'::integer[]`),
    /** The held price of the room for the whole stay. */
    priceMinor: integer("price_minor").notNull(),
  },
  (t) => [
    index("offer_option_room_option").on(t.optionId),
    check("offer_option_room_price", sql`${t.priceMinor} >= 0`),
  ],
);

/** A file of an offer (PDF, image): metadata now; the upload and the download come with the back office. */
export const offerAttachment = pgTable(
  "offer_attachment",
  {
    id: serial("id").primaryKey(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offer.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff user who uploaded it (ADR 0039). */
    uploadedBy: integer("uploaded_by").references(() => staffUser.id, { onDelete: "set null" }),
  },
  (t) => [index("offer_attachment_offer").on(t.offerId)],
);

/**
 * An attachment's bytes (ADR 0039), beside its metadata so lists and the offer view never read them. Rows in the
 * database like the room photos (ADR 0026): every process serves them, backups hold them.
 */
export const offerAttachmentContent = pgTable("offer_attachment_content", {
  attachmentId: integer("attachment_id")
    .primaryKey()
    .references(() => offerAttachment.id, { onDelete: "cascade" }),
  content: bytea("content").notNull(),
});

/** A recipient's access after the unlock (HttpOnly cookie): only the token's sha256 is stored. */
export const offerAccess = pgTable(
  "offer_access",
  {
    tokenSha256: text("token_sha256").primaryKey(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offer.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("offer_access_offer").on(t.offerId), index("offer_access_expires").on(t.expiresAt)],
);

/** Append-only: every state change of an offer (ARCHITECTURE §3). */
export const offerHistory = pgTable(
  "offer_history",
  {
    id: serial("id").primaryKey(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offer.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** api-key:<id>, recipient, system */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    fromState: text("from_state"),
    toState: text("to_state"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("offer_history_offer").on(t.offerId)],
);

/**
 * A chat between a guest and a hotel (ADR 0037): the site chat window (the guest holds an HttpOnly
 * cookie whose sha256 is `guest_token_sha256`) or an offer's chat (one per offer; the offer's access cookie).
 */
export const chatConversation = pgTable(
  "chat_conversation",
  {
    id: serial("id").primaryKey(),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    /** site | offer */
    kind: text("kind").notNull(),
    offerId: integer("offer_id").references(() => offer.id, { onDelete: "cascade" }),
    guestTokenSha256: text("guest_token_sha256"),
    guestName: text("guest_name").notNull(),
    guestEmail: text("guest_email"),
    /** SPEC §3 language id: the reply mail speaks it. */
    languageId: smallint("language_id").notNull(),
    channelId: integer("channel_id").references(() => channel.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chat_conversation_offer").on(t.offerId),
    uniqueIndex("chat_conversation_token").on(t.guestTokenSha256),
    index("chat_conversation_hotel_last").on(t.hotelId, t.lastMessageAt),
    check(
      "chat_conversation_kind",
      sql`(${t.kind} = 'offer' and ${t.offerId} is not null) or (${t.kind} = 'site' and ${t.guestTokenSha256} is not null)`,
    ),
  ],
);

/** One message of a conversation; `read_at`: when the other side read it. */
export const chatMessage = pgTable(
  "chat_message",
  {
    id: serial("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => chatConversation.id, { onDelete: "cascade" }),
    /** guest | hotel */
    author: text("author").notNull(),
    staffUserId: integer("staff_user_id").references(() => staffUser.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** A hotel message left unread: when the guest was mailed about it (once per wait). */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    index("chat_message_conversation").on(t.conversationId, t.id),
    index("chat_message_guest_unread")
      .on(t.conversationId)
      .where(sql`${t.author} = 'guest' and ${t.readAt} is null`),
    index("chat_message_reply_unmailed")
      .on(t.createdAt)
      .where(sql`${t.author} = 'hotel' and ${t.readAt} is null and ${t.mailedAt} is null`),
    check("chat_message_author", sql`${t.author} in ('guest', 'hotel')`),
    check("chat_message_body", sql`char_length(btrim(${t.body})) between 1 and 2000`),
  ],
);

/**
 * The version of each hotel's searchable data (ADR 0045): bumped, in the changing transaction itself, by triggers
 * on every table a search reads (prices, child prices, inventory, restrictions, rooms, rates, channels, promo
 * codes, services, age groups, the hotel, its currency). A cached search answer is served only while the version
 * it was computed at is the current one; the bump also NOTIFYs `alloggio_search` with the hotel ids.
 */
export const searchVersion = pgTable("search_version", {
  hotelId: integer("hotel_id")
    .primaryKey()
    .references(() => hotel.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(1),
  /**
   * The version the hotel's catalogue (the hotel, its channels and destinations, currency, age groups, rooms, rates,
   * services, promo codes) last changed at: bumped with `version` by a change to those, not by a price, inventory or
   * restriction row, so a booking or a price update leaves a kept catalogue current (ADR 0057). 0: never changed.
   */
  catalogueVersion: bigint("catalogue_version", { mode: "number" }).notNull().default(0),
});

/**
 * A hotel's card gateway and its Stripe keys (ADR 0073). The secret key and the webhook signing secret are sealed
 * with AES-256-GCM under PAYMENT_KEYS_SECRET (`v1.<iv>.<tag>.<ciphertext>`, base64url, the hotel and the field as
 * associated data); the publishable key is public by design. No row: the server's default gateway.
 */
export const hotelPaymentSettings = pgTable(
  "hotel_payment_settings",
  {
    hotelId: integer("hotel_id")
      .primaryKey()
      .references(() => hotel.id, { onDelete: "cascade" }),
    gateway: text("gateway").notNull().default("sandbox"),
    secretKeySealed: text("secret_key_sealed"),
    /** The secret key's last 4 characters, shown to tell keys apart. */
    secretKeyLast4: text("secret_key_last4"),
    /** `secret` (sk_) or `restricted` (rk_). */
    secretKeyKind: text("secret_key_kind"),
    /** `test` or `live`, from the secret key's prefix. */
    mode: text("mode"),
    publishableKey: text("publishable_key"),
    webhookSecretSealed: text("webhook_secret_sealed"),
    /**
     * Stripe's names of the methods the account takes (card, paypal, …), as "Test the connection" or saving the keys
     * last learnt them (ADR 0075); null until learnt: the checkout then offers what the hotel enables.
     */
    stripeMethods: text("stripe_methods").array(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    updatedBy: integer("updated_by").references(() => staffUser.id, { onDelete: "set null" }),
  },
  (t) => [
    check("hotel_payment_settings_gateway", sql`${t.gateway} in ('sandbox', 'stripe')`),
    check("hotel_payment_settings_mode", sql`${t.mode} is null or ${t.mode} in ('test', 'live')`),
    // Stripe takes payments only with the keys it needs.
    check(
      "hotel_payment_settings_stripe_keys",
      sql`${t.gateway} <> 'stripe' or (${t.secretKeySealed} is not null and ${t.publishableKey} is not null and ${t.webhookSecretSealed} is not null)`,
    ),
  ],
);

/**
 * A PMS or channel manager that talks AlpineBits HotelData to Alloggio (ADR 0078): it signs in with HTTP Basic as
 * `username` (unique in the site, case-insensitive) and its argon2id-hashed password, and touches only its hotels.
 */
export const alpinebitsClient = pgTable(
  "alpinebits_client",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => hotelGroup.id),
    username: text("username").notNull(),
    name: text("name").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("alpinebits_client_username").on(sql`lower(${t.username})`)],
);

/** The hotels an AlpineBits client may read and write. */
export const alpinebitsClientHotel = pgTable(
  "alpinebits_client_hotel",
  {
    clientId: integer("client_id")
      .notNull()
      .references(() => alpinebitsClient.id, { onDelete: "cascade" }),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.hotelId] })],
);

/** A hotel's AlpineBits `HotelCode`: the code a PMS names it by (case-sensitive, 1 to 16 characters). */
export const alpinebitsHotelCode = pgTable(
  "alpinebits_hotel_code",
  {
    hotelId: integer("hotel_id")
      .primaryKey()
      .references(() => hotel.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
  },
  (t) => [
    uniqueIndex("alpinebits_hotel_code_code").on(t.code),
    check("alpinebits_hotel_code_length", sql`length(${t.code}) between 1 and 16`),
  ],
);

/** A room type's AlpineBits `InvTypeCode` (a room category, 1 to 8 characters), unique in its hotel, case-sensitive. */
export const alpinebitsRoomTypeCode = pgTable(
  "alpinebits_room_type_code",
  {
    roomTypeId: integer("room_type_id")
      .primaryKey()
      .references(() => roomType.id, { onDelete: "cascade" }),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
  },
  (t) => [
    uniqueIndex("alpinebits_room_type_code_hotel_code").on(t.hotelId, t.code),
    check("alpinebits_room_type_code_length", sql`length(${t.code}) between 1 and 8`),
  ],
);

/** A rate plan's AlpineBits `RatePlanCode` (1 to 64 characters), unique in its hotel, case-sensitive. */
export const alpinebitsRatePlanCode = pgTable(
  "alpinebits_rate_plan_code",
  {
    ratePlanId: integer("rate_plan_id")
      .primaryKey()
      .references(() => ratePlan.id, { onDelete: "cascade" }),
    hotelId: integer("hotel_id")
      .notNull()
      .references(() => hotel.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** The last Full's static rate: 7 amounts per person, 25 per room; null before any (an Overlay needs it). */
    chargeType: smallint("charge_type"),
  },
  (t) => [
    uniqueIndex("alpinebits_rate_plan_code_hotel_code").on(t.hotelId, t.code),
    check("alpinebits_rate_plan_code_length", sql`length(${t.code}) between 1 and 64`),
    check("alpinebits_rate_plan_code_charge_type", sql`${t.chargeType} in (7, 25)`),
  ],
);

/**
 * GuestRequests (ADR 0081): what each AlpineBits client was last sent of a reservation or quote request, and the
 * version it acknowledged. A record is delivered again until the client acknowledges the version it was sent.
 */
export const alpinebitsDelivery = pgTable(
  "alpinebits_delivery",
  {
    clientId: integer("client_id")
      .notNull()
      .references(() => alpinebitsClient.id, { onDelete: "cascade" }),
    /** reservation or quote (a quote_request) */
    kind: text("kind").notNull(),
    recordId: integer("record_id").notNull(),
    /** The version last sent (the record's change count and time) and the ResStatus it was sent with. */
    sentVersion: text("sent_version").notNull(),
    sentStatus: text("sent_status").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    /** The version the client acknowledged; null until it does. */
    ackedVersion: text("acked_version"),
    ackedAt: timestamp("acked_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.kind, t.recordId] }),
    check("alpinebits_delivery_kind", sql`${t.kind} in ('reservation', 'quote')`),
  ],
);

/**
 * One AlpineBits exchange that passed authentication (ADR 0083), for the back office's log: time, client, the hotel
 * the request names (when the client may touch it), action, status, result and texts. The bodies are kept gzipped
 * and set to null after 14 days by the sweep; the row itself stays.
 */
export const alpinebitsExchange = pgTable(
  "alpinebits_exchange",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    clientId: integer("client_id")
      .notNull()
      .references(() => alpinebitsClient.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => hotelGroup.id),
    hotelId: integer("hotel_id").references(() => hotel.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    httpStatus: smallint("http_status").notNull(),
    result: text("result", { enum: ["success", "warning", "error", "refused"] }).notNull(),
    warnings: jsonb("warnings").$type<string[]>().notNull().default([]),
    errors: jsonb("errors").$type<string[]>().notNull().default([]),
    requestBytes: integer("request_bytes").notNull(),
    responseBytes: integer("response_bytes").notNull(),
    requestGzip: bytea("request_gzip"),
    responseGzip: bytea("response_gzip"),
  },
  (t) => [
    index("alpinebits_exchange_group_at").on(t.groupId, t.at),
    index("alpinebits_exchange_bodies_at").on(t.at).where(sql`${t.requestGzip} is not null`),
    check("alpinebits_exchange_result", sql`${t.result} in ('success', 'warning', 'error', 'refused')`),
  ],
);
