import { z } from "zod";
import {
  AllotmentSchema,
  StayNightsSchema,
  stayRangeValid,
  WeekdaysSchema,
} from "../../backoffice/daily-values";
import { isOptionMethod, RATE_PAYMENT_KINDS } from "../../booking/rate-payment-methods";
import { contrastRatio, formatRatio, MIN_TEXT_CONTRAST } from "../../branding/contrast";
import { CURRENCY_CODES, describeCurrency } from "../../currency/currencies";
import { LANGUAGES } from "../../i18n/languages";
import {
  MAX_ADULTS,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
  MIN_ADULTS,
  MIN_CHILD_AGE,
} from "../../occupancy/occupancy";
import { ROOM_AMENITIES } from "./amenities";

/**
 * A property file: one hotel with everything it sells, plus the group, channels, hosts and destinations it
 * belongs to, as documented in docs/property-format.md. Money is in major units of the hotel's currency; dates
 * are hotel-local `YYYY-MM-DD`; daily data (prices, inventory, restrictions) is written as periods.
 */
export const PROPERTY_FILE_FORMAT = "alloggio.property/1";
/** The longest period one price, inventory or restriction entry may span (three years), against typos. */
export const MAX_PERIOD_DAYS = 1096;
/** The largest amount of money in a file, in major units; keeps minor units inside a 32-bit integer. */
export const MAX_MAJOR_AMOUNT = 1_000_000;

export type ImportIssue = { path: string; message: string };

const MAX_ID = 2_147_483_647;
const TEXT_LANGUAGES = [...new Set(LANGUAGES.map((l) => l.text))] as [string, ...string[]];
const CURRENCY_SET = new Set(CURRENCY_CODES);

const IdSchema = z.number().int().min(1).max(MAX_ID);
const IdListSchema = z.array(IdSchema).max(1000);
const NameSchema = z.string().trim().min(1).max(200);
const CodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "must be 1 to 40 letters, digits, '-' or '_'");
const DateSchema = z.iso.date({ error: "must be a date written YYYY-MM-DD" });
const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "must be a time written HH:MM");
const MoneySchema = z.number().min(0).max(MAX_MAJOR_AMOUNT);
const PercentSchema = z.number().min(0).max(100);
const NightsSchema = StayNightsSchema;
const UrlOrPathSchema = z.string().trim().min(1).max(2000);
const ColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a color written #rrggbb");
const JsonObjectSchema = z.record(z.string(), z.unknown());

const TEXT_LANGUAGE_SET = new Set<string>(TEXT_LANGUAGES);
const TEXT_LANGUAGE_LIST = TEXT_LANGUAGES.join(", ");

/**
 * Text in several languages keyed by text code (en, it, de, fr, es, pt, zh, ja); English is required. A language
 * left out, or left blank, shows the English text (Russian always reads English, SPEC §3).
 */
const localizedTextSchema = (maxLength: number) =>
  z.record(z.string(), z.string().max(maxLength)).superRefine((text, ctx) => {
    for (const key of Object.keys(text))
      if (!TEXT_LANGUAGE_SET.has(key))
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `is not a text language: use ${TEXT_LANGUAGE_LIST} (Russian reads en)`,
        });
    if ((text.en ?? "").trim() === "")
      ctx.addIssue({ code: "custom", message: "needs an English text (en)" });
  });
export const LocalizedTextSchema = localizedTextSchema(20_000);

/** At most this many items in each of a hotel's lists (wellness, activities, business services). */
export const HOTEL_LIST_MAX_ITEMS = 30;
/** At most this many characters in one language of one item of those lists. */
export const HOTEL_LIST_MAX_CHARS = 200;
/** One of the hotel's lists shown on the guest's hotel page: short texts, each in several languages. */
export const HotelListSchema = z.array(localizedTextSchema(HOTEL_LIST_MAX_CHARS)).max(HOTEL_LIST_MAX_ITEMS);

/**
 * The payment gateway's redirect methods a hotel can enable (`settings.paymentMethods`), besides cards, bank
 * transfer and pay at hotel (ADR 0008).
 */
export const HOTEL_PAYMENT_METHODS = ["instant_bank", "wallet", "mobile", "pay_by_link"] as const;
export type HotelPaymentMethod = (typeof HOTEL_PAYMENT_METHODS)[number];
export const PaymentMethodsSchema = z
  .array(z.enum(HOTEL_PAYMENT_METHODS))
  .max(HOTEL_PAYMENT_METHODS.length)
  .refine((methods) => new Set(methods).size === methods.length, "must not name a method twice");

/** The languages a hotel may read its own mails in (`settings.mailLanguage`): the text languages. */
export const HOTEL_MAIL_LANGUAGES = ["en", "it", "de", "fr", "es", "pt", "zh", "ja"] as const;
export type HotelMailLanguage = (typeof HOTEL_MAIL_LANGUAGES)[number];

/** The language of the mails a hotel receives: its setting, English (every hotel's content has it) when unset. */
export function hotelMailLanguageOf(settings: Record<string, unknown> | null | undefined): HotelMailLanguage {
  const value = settings?.mailLanguage;
  return HOTEL_MAIL_LANGUAGES.find((code) => code === value) ?? "en";
}

/** The hotel's settings: the keys the product reads are checked, any other key is kept as it is. */
const HotelSettingsSchema = z.looseObject({
  paymentMethods: PaymentMethodsSchema.optional(),
  mailLanguage: z.enum(HOTEL_MAIL_LANGUAGES).optional(),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return value.includes("/") || value === "UTC";
  } catch {
    return false;
  }
}

const GroupSchema = z.strictObject({ id: IdSchema, name: NameSchema });

const TrackingSchema = z.strictObject({
  /** Analytics property per language id, e.g. `{ "1": "G-XXXX" }`. */
  analytics: z.record(z.string(), z.string()).optional(),
  hasAnalytics: z.boolean().optional(),
  hasAdwords: z.boolean().optional(),
  adwordsConversionId: z.string().optional(),
  adwordsConversionLabel: z.string().optional(),
  hasGtm: z.boolean().optional(),
  gtmTag: z.string().optional(),
  gtmDomain: z.string().optional(),
  hasGtmBB: z.boolean().optional(),
  gtmTagBB: z.string().optional(),
  hasAdventori: z.boolean().optional(),
  adventoriId: z.string().optional(),
  facebookPixel: z.string().optional(),
  hasThn: z.boolean().optional(),
  thnUrl: z.string().optional(),
  haszSuite: z.boolean().optional(),
  zSuiteUrl: z.string().optional(),
  /** The hotel's account at the conversion partner (the conversion POST's wm_customerid). */
  zSuiteCustomerId: z.string().max(64).optional(),
  hasSojern: z.boolean().optional(),
  sojernId: z.string().optional(),
  hasBannerCookieBB: z.boolean().optional(),
  /** The host names the consent banner shows on (with hasBannerCookieBB); missing: every host. */
  bannerCookieHosts: z.array(z.string().max(253)).max(50).optional(),
  /** Extra https origins a channel's custom scripts load from (allowed in its CSP). */
  scriptHosts: z.array(z.string().max(253)).max(20).optional(),
  gtmEventSend: z.boolean().optional(),
});

/**
 * A channel's colours (the guest pages' --color-primary and --color-secondary). The primary colour carries white
 * text on buttons and is the colour of links: it needs WCAG AA's 4.5:1 contrast with white.
 */
export const ChannelColorsSchema = z.strictObject({
  primary: ColorSchema.superRefine((color, ctx) => {
    const ratio = contrastRatio(color, "#ffffff");
    if (ratio !== null && ratio < MIN_TEXT_CONTRAST)
      ctx.addIssue({
        code: "custom",
        message: `has a contrast of ${formatRatio(ratio)} with white text; WCAG AA needs at least ${MIN_TEXT_CONTRAST}:1 (choose a darker colour)`,
      });
  }),
  secondary: ColorSchema,
  style: z.string().max(40).optional(),
});

export const ChannelFileSchema = z.strictObject({
  id: IdSchema,
  name: NameSchema,
  kind: z.enum(["direct", "trade"]),
  /** The linked trade channel of a direct channel, or the reverse. */
  tradeAssociated: IdSchema.nullable().optional(),
  colors: ChannelColorsSchema,
  /** Custom scripts by page: all, rooms, services, checkout, voucher. */
  customScripts: z
    .partialRecord(z.enum(["all", "rooms", "services", "checkout", "voucher"]), z.string().max(20_000))
    .optional(),
  tracking: TrackingSchema.optional(),
  installments: z.strictObject({ has_holipay: z.boolean(), holipay_user: z.string().optional() }).optional(),
  /**
   * How many hours a trade booking that takes nothing now is held as an option (SPEC §9 "valid for {hour}
   * hour(s)", ADR 0031); 0: no trade option. At most a week.
   */
  tradeConfHour: z.number().int().min(0).max(168).optional(),
  settings: JsonObjectSchema.optional(),
});

export const HostFileSchema = z.strictObject({
  host: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?(:\d{1,5})?$/, "must be a lower-case host name"),
  channel: IdSchema,
  hotel: IdSchema.optional(),
  pageTitle: NameSchema,
  iconUrl: UrlOrPathSchema,
});

export const DestinationFileSchema = z.strictObject({ id: IdSchema, name: LocalizedTextSchema });

export const HotelFileSchema = z.strictObject({
  id: IdSchema,
  name: NameSchema,
  description: LocalizedTextSchema.optional(),
  address: NameSchema,
  city: NameSchema,
  /** ISO 3166-1 alpha-2 code, e.g. IT. */
  country: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code like IT"),
  timeZone: z.string().refine(isTimeZone, "must be an IANA time zone like Europe/Rome"),
  currencyCode: z.string().refine((code) => CURRENCY_SET.has(code), "must be a known ISO 4217 currency code"),
  email: z.email(),
  phone: z.string().max(40).optional(),
  checkInFrom: TimeSchema,
  checkInUntil: TimeSchema,
  checkOutUntil: TimeSchema,
  breakfastFrom: TimeSchema.optional(),
  breakfastUntil: TimeSchema.optional(),
  pets: z.enum(["not_allowed", "free", "per_stay", "per_night"]).optional(),
  petFee: MoneySchema.optional(),
  wellness: HotelListSchema.optional(),
  activities: HotelListSchema.optional(),
  businessServices: HotelListSchema.optional(),
  messaging: z
    .strictObject({
      active: z.boolean(),
      button: z.string().max(200).optional(),
      number: z.string().max(40).optional(),
      mobileUrl: z.string().max(2000).optional(),
      webUrl: z.string().max(2000).optional(),
    })
    .optional(),
  showChat: z.boolean().optional(),
  guestsMandatory: z.boolean().optional(),
  cityTax: MoneySchema.optional(),
  paymentGatewayKey: z.string().min(1).max(200).optional(),
  settings: HotelSettingsSchema.optional(),
  /** Channels the hotel is sold on; each must be in `channels`. */
  channelIds: IdListSchema.min(1),
  /** Destinations the hotel belongs to; each must be in `destinations`. */
  destinationIds: IdListSchema.optional(),
});

export type HotelFile = z.infer<typeof HotelFileSchema>;

export const AgeGroupFileSchema = z.strictObject({
  id: IdSchema,
  min: z.number().int().min(MIN_CHILD_AGE).max(MAX_CHILD_AGE),
  max: z.number().int().min(MIN_CHILD_AGE).max(MAX_CHILD_AGE),
});

export const RoomTypeFileSchema = z.strictObject({
  id: IdSchema,
  code: CodeSchema,
  name: LocalizedTextSchema,
  description: LocalizedTextSchema.optional(),
  gallery: z.array(UrlOrPathSchema).max(50).optional(),
  amenities: z.array(z.enum(ROOM_AMENITIES)).optional(),
  minOccupancy: z.number().int().min(1).max(40).optional(),
  maxOccupancy: z.number().int().min(1).max(40),
  maxAdults: z.number().int().min(MIN_ADULTS).max(MAX_ADULTS),
  maxChildren: z.number().int().min(0).max(MAX_CHILDREN).optional(),
  sortOrder: z.number().int().min(0).max(1000).optional(),
});

export type RoomTypeFile = z.infer<typeof RoomTypeFileSchema>;

export const RatePlanFileSchema = z.strictObject({
  id: IdSchema,
  code: CodeSchema,
  /** The rate's `mt_id` in the search call (0 = standard). */
  mtId: z.number().int().min(0).max(MAX_ID).optional(),
  name: LocalizedTextSchema,
  description: LocalizedTextSchema.optional(),
  mealPlan: z
    .enum(["room_only", "breakfast", "half_board", "full_board", "all_inclusive", "unspecified"])
    .optional(),
  refundable: z.boolean().optional(),
  /** Free cancellation until N days before arrival (0 = until the arrival day); only on refundable rates. */
  freeCancellationDays: z.number().int().min(0).max(365).optional(),
  payment: z.enum(RATE_PAYMENT_KINDS).optional(),
  prepayment: z
    .array(
      z.strictObject({
        timing: z.enum(["immediate", "days_before_arrival", "days_after_booking"]),
        days: z.number().int().min(0).max(365),
        percent: z.number().gt(0).max(100),
      }),
    )
    .max(10)
    .optional(),
  /** Commission paid to trade customers, in percent; omit on net rates. */
  commissionPercent: PercentSchema.optional(),
  isNet: z.boolean().optional(),
  minStay: NightsSchema.optional(),
  maxStay: NightsSchema.optional(),
  minAdults: z.number().int().min(MIN_ADULTS).max(MAX_ADULTS).optional(),
  maxAdults: z.number().int().min(MIN_ADULTS).max(MAX_ADULTS).optional(),
  resellable: z.boolean().optional(),
  /** A resellable rate's resale fee: the percent of what a resale recovers that the hotel keeps (ADR 0065). */
  resaleFeePercent: PercentSchema.optional(),
  /** Refund-protection insurance price per stay; omit when not offered. */
  refundProtection: MoneySchema.optional(),
  tradeOnly: z.boolean().optional(),
  longStayDiscounts: z
    .array(
      z.strictObject({ minNights: z.number().int().min(2).max(365), percent: z.number().gt(0).max(100) }),
    )
    .max(10)
    .optional(),
  includedServiceIds: IdListSchema.optional(),
  sortOrder: z.number().int().min(0).max(1000).optional(),
  /**
   * A booking on this rate is an option (pending confirmation, SPEC §4) held this many hours, until the hotel
   * confirms it; only on rates that take nothing at booking (`pay_at_hotel`, `bank_transfer`).
   */
  optionHours: z.number().int().min(1).max(720).optional(),
  /** Channels the rate is sold on; each must be one of the hotel's channels. */
  channelIds: IdListSchema.min(1),
});

export type RatePlanFile = z.infer<typeof RatePlanFileSchema>;

const periodFields = { from: DateSchema, to: DateSchema, weekdays: WeekdaysSchema.optional() };

export const PricePeriodSchema = z.strictObject({
  roomType: IdSchema,
  ratePlan: IdSchema,
  ...periodFields,
  /** Nightly price by number of adults, e.g. `{ "1": 90, "2": 120 }`. */
  perAdults: z
    .record(z.string().regex(/^([1-9]|1\d|20)$/, "keys must be numbers of adults from 1 to 20"), MoneySchema)
    .refine((prices) => Object.keys(prices).length > 0, "needs a price for at least one number of adults"),
});

export const ChildPricePeriodSchema = z.strictObject({
  roomType: IdSchema,
  ratePlan: IdSchema,
  ageGroup: IdSchema,
  ...periodFields,
  /** Nightly price of one child of the age group. */
  amount: MoneySchema,
});

export const InventoryPeriodSchema = z.strictObject({
  roomType: IdSchema,
  ...periodFields,
  allotment: AllotmentSchema,
  closed: z.boolean().optional(),
});

export const RestrictionPeriodSchema = z.strictObject({
  ratePlan: IdSchema,
  ...periodFields,
  closedToArrival: z.boolean().optional(),
  closedToDeparture: z.boolean().optional(),
  minStay: NightsSchema.optional(),
  maxStay: NightsSchema.optional(),
});

export const PromoCodeFileSchema = z.strictObject({
  id: IdSchema,
  code: CodeSchema,
  /** Hidden codes are never advertised. */
  hidden: z.boolean().optional(),
  name: LocalizedTextSchema.optional(),
  discountPercent: z.number().gt(0).max(100),
  stayFrom: DateSchema.optional(),
  stayTo: DateSchema.optional(),
  bookFrom: DateSchema.optional(),
  bookTo: DateSchema.optional(),
  minNights: NightsSchema.optional(),
  /** Rate plans the code applies to; omitted or empty means all. */
  ratePlanIds: IdListSchema.optional(),
});

export const ServiceCategoryFileSchema = z.strictObject({
  id: IdSchema,
  name: LocalizedTextSchema,
  /** A mandatory category needs at least one chosen service. */
  mandatory: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(1000).optional(),
});

export const ServiceFileSchema = z.strictObject({
  id: IdSchema,
  category: IdSchema,
  name: LocalizedTextSchema,
  description: LocalizedTextSchema.optional(),
  pricingBasis: z.enum(["per_person", "per_unit", "per_stay"]),
  /** Charged for every night rather than once. */
  perNight: z.boolean().optional(),
  /** Omitted or 0 means free. */
  price: MoneySchema.optional(),
  mandatoryFor: z.enum(["none", "all_adults", "all_children"]).optional(),
  needsDate: z.boolean().optional(),
  timeSlots: z.array(TimeSchema).max(96).optional(),
  isTransfer: z.boolean().optional(),
  maxQuantity: z.number().int().min(1).max(999).optional(),
  image: UrlOrPathSchema.optional(),
});

const AirportCodeSchema = z.string().regex(/^[A-Z]{3}$/, "must be a 3-letter IATA airport code");

export const PackageFileSchema = z.strictObject({
  id: IdSchema,
  code: CodeSchema,
  name: LocalizedTextSchema,
  description: LocalizedTextSchema.optional(),
  image: UrlOrPathSchema.optional(),
  /** "package" (a bundle with services) or "offer" (a special offer on rates). */
  kind: z.enum(["package", "offer"]),
  ratePlanIds: IdListSchema.min(1),
  roomTypeIds: IdListSchema.optional(),
  includedServiceIds: IdListSchema.optional(),
  validFrom: DateSchema,
  validTo: DateSchema,
  minNights: NightsSchema.optional(),
  maxNights: NightsSchema.optional(),
  minAdults: z.number().int().min(MIN_ADULTS).max(MAX_ADULTS).optional(),
  maxAdults: z.number().int().min(MIN_ADULTS).max(MAX_ADULTS).optional(),
  /**
   * Flight-included packages: origin airports and their flights. An `outbound` flight leaves the origin on the
   * arrival day for `destinationAirport`; a `return` flight leaves `destinationAirport` for the origin on the
   * departure day. `price` is per passenger and flight (0 or absent: the rate's price includes it).
   */
  airports: z
    .array(
      z.strictObject({
        code: AirportCodeSchema,
        name: NameSchema,
        flights: z.array(
          z.strictObject({
            code: z.string().min(1).max(20),
            direction: z.enum(["outbound", "return"]).optional(),
            date: DateSchema,
            /** Departure time, local at the airport it leaves from. */
            time: TimeSchema,
            /** Arrival time, local at the airport it lands at. */
            arrivalTime: TimeSchema.optional(),
            price: MoneySchema.optional(),
          }),
        ),
      }),
    )
    .max(50)
    .optional(),
  /** The airport the package's flights land at and return from (the hotel's). */
  destinationAirport: z.strictObject({ code: AirportCodeSchema, name: NameSchema }).optional(),
  /** Channels the package is shown on; omitted or empty means all of the hotel's channels. */
  channelIds: IdListSchema.optional(),
});

export const ReservationLinkFileSchema = z.strictObject({
  id: IdSchema,
  channel: IdSchema,
  title: LocalizedTextSchema.optional(),
  message: LocalizedTextSchema.optional(),
  arrival: DateSchema,
  departure: DateSchema,
  rooms: z
    .array(
      z.strictObject({
        adults: z.number().int().min(MIN_ADULTS).max(MAX_ADULTS),
        ages: z.array(z.number().int().min(MIN_CHILD_AGE).max(MAX_CHILD_AGE)).max(MAX_CHILDREN),
      }),
    )
    .min(1)
    .max(10),
  roomTypeIds: IdListSchema.optional(),
  ratePlanIds: IdListSchema.optional(),
  promoCode: CodeSchema.optional(),
  /** A fixed total for the stay, replacing the computed price. */
  total: MoneySchema.optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});

/** The longest title and text of a hotel's own privacy policy, in characters per language. */
export const MAX_PRIVACY_TITLE = 200;
export const MAX_PRIVACY_TEXT = 5000;

/** A text in several languages (LocalizedTextSchema's rules) of at most `max` characters in each. */
function boundedText(max: number) {
  return LocalizedTextSchema.superRefine((text, ctx) => {
    for (const [key, value] of Object.entries(text))
      if (value.length > max)
        ctx.addIssue({ code: "custom", path: [key], message: `is longer than ${max} characters` });
  });
}

export const CustomPrivacyFileSchema = z.strictObject({
  id: IdSchema,
  /** Omit to show the policy on every channel. */
  channel: IdSchema.optional(),
  /** At most 200 characters in each language. */
  title: boundedText(MAX_PRIVACY_TITLE),
  /** At most 5000 characters in each language. */
  text: boundedText(MAX_PRIVACY_TEXT),
  mandatory: z.boolean().optional(),
});

export const TradeCustomerFileSchema = z.strictObject({
  id: IdSchema,
  channel: IdSchema,
  name: NameSchema,
  /** 1 travel agency, 2 company. */
  agencyType: z.union([z.literal(1), z.literal(2)]),
  active: z.boolean().optional(),
  /** Hidden prices per login: an extra discount on trade rates. */
  extraDiscountPercent: PercentSchema.optional(),
});

const PropertyFileObjectSchema = z.strictObject({
  format: z.literal(PROPERTY_FILE_FORMAT, { error: `must be "${PROPERTY_FILE_FORMAT}"` }),
  group: GroupSchema,
  channels: z.array(ChannelFileSchema).min(1).max(1000),
  hosts: z.array(HostFileSchema).max(1000).optional(),
  destinations: z.array(DestinationFileSchema).max(1000).optional(),
  /** Units of each currency per 1 EUR. */
  exchangeRates: z
    .record(
      z.string().refine((code) => CURRENCY_SET.has(code), "must be a known ISO 4217 currency code"),
      z.number().gt(0).max(1e9),
    )
    .optional(),
  hotel: HotelFileSchema,
  ageGroups: z.array(AgeGroupFileSchema).max(20).optional(),
  roomTypes: z.array(RoomTypeFileSchema).min(1).max(500),
  ratePlans: z.array(RatePlanFileSchema).min(1).max(500),
  prices: z.array(PricePeriodSchema).max(100_000).optional(),
  childPrices: z.array(ChildPricePeriodSchema).max(100_000).optional(),
  inventory: z.array(InventoryPeriodSchema).max(100_000).optional(),
  restrictions: z.array(RestrictionPeriodSchema).max(100_000).optional(),
  promoCodes: z.array(PromoCodeFileSchema).max(10_000).optional(),
  serviceCategories: z.array(ServiceCategoryFileSchema).max(1000).optional(),
  services: z.array(ServiceFileSchema).max(10_000).optional(),
  packages: z.array(PackageFileSchema).max(10_000).optional(),
  reservationLinks: z.array(ReservationLinkFileSchema).max(10_000).optional(),
  customPrivacy: z.array(CustomPrivacyFileSchema).max(100).optional(),
  tradeCustomers: z.array(TradeCustomerFileSchema).max(10_000).optional(),
});

type Path = (string | number)[];

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** Whether `amount` has no more decimals than the currency has minor digits (no cents in JPY). */
function fitsDigits(amount: number, digits: number): boolean {
  const shifted = Number(`${amount}e${digits}`);
  return Number.isFinite(shifted) && Math.abs(shifted - Math.round(shifted)) < 1e-6;
}

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/** An absent optional list, or a list of objects. */
const isWellFormed = (items: unknown): boolean =>
  items === undefined || (Array.isArray(items) && items.every(isObject));

/**
 * Runs `fn` on each object of a list. These checks also run when some fields failed their own shape check (so
 * one pass reports every bad field); an item that is malformed there is skipped, its issue already reported.
 */
function each<T>(items: readonly T[] | undefined, fn: (item: T, index: number) => void): void {
  if (!Array.isArray(items)) return;
  items.forEach((item, index) => {
    if (!isObject(item)) return;
    try {
      fn(item as T, index);
    } catch {
      // A malformed item: the shape check has reported it.
    }
  });
}

type AddIssue = (path: Path, message: string) => void;

/**
 * The ids an entity of the catalogue may refer to: those of the file when importing, the hotel's in the database
 * when the back office saves one entity. A null set is not checked (a malformed collection, already reported).
 */
export type CatalogueRefs = {
  ratePlanIds: ReadonlySet<number | string> | null;
  roomTypeIds: ReadonlySet<number | string> | null;
  serviceIds: ReadonlySet<number | string> | null;
  categoryIds: ReadonlySet<number | string> | null;
  /** The hotel's channels. */
  channelIds: ReadonlySet<number | string> | null;
  /** Where a missing id was looked for, as an issue says it: "in the file" unless given. */
  where?: string;
};

function refChecks(add: AddIssue, where = "in the file") {
  const requireIn = (
    ids: ReadonlySet<string | number> | null,
    what: string,
    path: Path,
    id: number | undefined,
  ) => {
    if (ids && id !== undefined && !ids.has(id)) add(path, `${what} ${id} is not ${where}`);
  };
  const requireAllIn = (
    ids: ReadonlySet<number | string> | null,
    what: string,
    path: Path,
    list: readonly number[] | undefined,
  ) => {
    if (!ids || !Array.isArray(list)) return;
    list.forEach((id, j) => {
      requireIn(ids, what, [...path, j], id);
    });
    if (new Set(list).size !== list.length) add(path, "must not repeat an id");
  };
  const checkRange = (path: Path, min: number | undefined, max: number | undefined, what: string) => {
    if (min !== undefined && max !== undefined && min > max)
      add(path, `must be at least the minimum ${what}`);
  };
  return { requireIn, requireAllIn, checkRange };
}

/** The rules of one promo code that span fields or refer to other entities (import and back office alike). */
export function checkPromoCode(p: z.infer<typeof PromoCodeFileSchema>, refs: CatalogueRefs, add: AddIssue) {
  const { requireAllIn } = refChecks(add, refs.where);
  requireAllIn(refs.ratePlanIds, "rate plan", ["ratePlanIds"], p.ratePlanIds);
  if (p.stayFrom && p.stayTo && p.stayFrom > p.stayTo) add(["stayTo"], "must not be before stayFrom");
  if (p.bookFrom && p.bookTo && p.bookFrom > p.bookTo) add(["bookTo"], "must not be before bookFrom");
}

/** The rules of one extra service that span fields or refer to other entities. */
export function checkService(s: z.infer<typeof ServiceFileSchema>, refs: CatalogueRefs, add: AddIssue) {
  const { requireIn } = refChecks(add, refs.where);
  requireIn(refs.categoryIds, "service category", ["category"], s.category);
  if (s.mandatoryFor && s.mandatoryFor !== "none" && s.pricingBasis !== "per_person")
    add(["mandatoryFor"], "a service mandatory for every adult or child is priced per person");
}

/** A service's price must fit the hotel currency's minor unit (no cents in JPY). */
export function checkServiceMoney(
  s: Pick<z.infer<typeof ServiceFileSchema>, "price">,
  currencyCode: string,
  add: AddIssue,
) {
  checkMoney(["price"], s.price, currencyCode, add);
}

function checkMoney(path: Path, amount: number | undefined, currencyCode: string, add: AddIssue) {
  if (!CURRENCY_SET.has(currencyCode)) return;
  const digits = describeCurrency(currencyCode).decimal_digits;
  if (typeof amount === "number" && !fitsDigits(amount, digits))
    add(path, `${currencyCode} amounts have at most ${digits} decimal digit${digits === 1 ? "" : "s"}`);
}

/** The rules of one package that span fields or refer to other entities. */
export function checkPackage(p: z.infer<typeof PackageFileSchema>, refs: CatalogueRefs, add: AddIssue) {
  const { requireAllIn, checkRange } = refChecks(add, refs.where);
  requireAllIn(refs.ratePlanIds, "rate plan", ["ratePlanIds"], p.ratePlanIds);
  requireAllIn(refs.roomTypeIds, "room type", ["roomTypeIds"], p.roomTypeIds);
  requireAllIn(refs.serviceIds, "service", ["includedServiceIds"], p.includedServiceIds);
  requireAllIn(refs.channelIds, "hotel channel", ["channelIds"], p.channelIds);
  if (p.validFrom > p.validTo) add(["validTo"], "must not be before validFrom");
  checkRange(["maxNights"], p.minNights, p.maxNights, "nights");
  checkRange(["maxAdults"], p.minAdults, p.maxAdults, "adults");
}

/**
 * The rules that span an entity's fields, each by a stable name: the back office says them in the page's language
 * (`issues.rules.<rule>` of its texts), the property file's check in the English of `message`.
 */
export const ENTITY_RULES = [
  "check_in_order",
  "breakfast_both_times",
  "breakfast_order",
  "pet_fee_needed",
  "min_occupancy_at_most_max",
  "max_adults_at_most_occupancy",
  "non_refundable_no_free_cancellation",
  "resale_needs_non_refundable",
  "resale_fee_needs_resale",
  "net_rate_no_commission",
  "option_needs_option_payment",
  "max_stay_at_least_min",
  "max_adults_at_least_min",
  "prepayment_over_100",
  // A rate plan's references, checked against the database by the back office.
  "channel_not_sold",
  "trade_only_on_direct_channel",
  "repeated_id",
  "service_unknown",
] as const;
export type EntityRule = (typeof ENTITY_RULES)[number];

/** An issue of one entity, its path relative to the entity, with the rule it breaks. */
export type EntityIssue = { path: Path; message: string; rule: EntityRule };

const rangeIssue = (
  field: string,
  min: number | undefined,
  max: number | undefined,
  what: string,
  rule: EntityRule,
): EntityIssue[] =>
  min !== undefined && max !== undefined && min > max
    ? [{ path: [field], message: `must be at least the minimum ${what}`, rule }]
    : [];

/** Minutes since midnight of a time written HH:MM; as the end of a span, 00:00 is midnight at the day's end. */
function minutesOf(time: string, end = false): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const total = hours * 60 + minutes;
  return end && total === 0 ? 24 * 60 : total;
}

/**
 * The rules of one hotel that span its fields. The property file and the back office both apply them (with the
 * hotel's schema), so a value is refused with the same message wherever it comes from.
 */
export function hotelRules(
  hotel: Pick<HotelFile, "breakfastFrom" | "breakfastUntil" | "pets" | "petFee"> &
    Partial<Pick<HotelFile, "checkInFrom" | "checkInUntil">>,
): EntityIssue[] {
  const issues: EntityIssue[] = [];
  if (
    hotel.checkInFrom !== undefined &&
    hotel.checkInUntil !== undefined &&
    minutesOf(hotel.checkInFrom) > minutesOf(hotel.checkInUntil, true)
  )
    issues.push({
      path: ["checkInUntil"],
      message: "must not be before checkInFrom",
      rule: "check_in_order",
    });
  if ((hotel.breakfastFrom === undefined) !== (hotel.breakfastUntil === undefined))
    issues.push({
      path: [hotel.breakfastFrom === undefined ? "breakfastFrom" : "breakfastUntil"],
      message: "breakfast needs both times",
      rule: "breakfast_both_times",
    });
  else if (
    hotel.breakfastFrom !== undefined &&
    hotel.breakfastUntil !== undefined &&
    minutesOf(hotel.breakfastFrom) > minutesOf(hotel.breakfastUntil, true)
  )
    issues.push({
      path: ["breakfastUntil"],
      message: "must not be before breakfastFrom",
      rule: "breakfast_order",
    });
  if ((hotel.pets === "per_stay" || hotel.pets === "per_night") && !hotel.petFee)
    issues.push({
      path: ["petFee"],
      message: `is needed when pets are charged ${hotel.pets.replace("_", " ")}`,
      rule: "pet_fee_needed",
    });
  return issues;
}

/** The rules of one room type that span its fields (property file and back office). */
export function roomTypeRules(
  r: Pick<RoomTypeFile, "minOccupancy" | "maxOccupancy" | "maxAdults">,
): EntityIssue[] {
  const issues: EntityIssue[] = [];
  if ((r.minOccupancy ?? 1) > r.maxOccupancy)
    issues.push({
      path: ["minOccupancy"],
      message: "must be at most maxOccupancy",
      rule: "min_occupancy_at_most_max",
    });
  if (r.maxAdults > r.maxOccupancy)
    issues.push({
      path: ["maxAdults"],
      message: "must be at most maxOccupancy",
      rule: "max_adults_at_most_occupancy",
    });
  return issues;
}

/**
 * The rules of one rate plan that span its fields (property file and back office); references to channels and
 * services are checked by each caller against what exists (the file, or the database).
 */
export function ratePlanRules(r: Omit<RatePlanFile, "id" | "channelIds">): EntityIssue[] {
  const issues: EntityIssue[] = [];
  const add = (field: string, message: string, rule: EntityRule) =>
    issues.push({ path: [field], message, rule });
  if (r.refundable === false && r.freeCancellationDays !== undefined)
    add(
      "freeCancellationDays",
      "a non-refundable rate has no free cancellation",
      "non_refundable_no_free_cancellation",
    );
  if (r.resellable && r.refundable !== false)
    add("resellable", "only a non-refundable rate can be resold", "resale_needs_non_refundable");
  if (r.resaleFeePercent !== undefined && !r.resellable)
    add("resaleFeePercent", "only a resellable rate has a resale fee", "resale_fee_needs_resale");
  if (r.isNet && r.commissionPercent !== undefined)
    add("commissionPercent", "a net rate pays no commission", "net_rate_no_commission");
  if (r.optionHours !== undefined && r.payment !== undefined && !isOptionMethod(r.payment))
    add(
      "optionHours",
      "an option takes nothing at booking: payment must be pay_at_hotel or bank_transfer",
      "option_needs_option_payment",
    );
  issues.push(...rangeIssue("maxStay", r.minStay, r.maxStay, "stay", "max_stay_at_least_min"));
  issues.push(...rangeIssue("maxAdults", r.minAdults, r.maxAdults, "adults", "max_adults_at_least_min"));
  const prepaid = (r.prepayment ?? []).reduce((sum, step) => sum + step.percent, 0);
  if (prepaid > 100) add("prepayment", "the steps add up to more than 100%", "prepayment_over_100");
  return issues;
}

/** Whether `amount` (major units) has no more decimals than the currency has minor digits. */
export function moneyFitsCurrency(amount: number, currencyCode: string): boolean {
  if (!CURRENCY_SET.has(currencyCode)) return true;
  return fitsDigits(amount, describeCurrency(currencyCode).decimal_digits);
}

/** Cross-references and rules that span fields; each issue names the offending field. */
function checkPropertyFile(file: z.infer<typeof PropertyFileObjectSchema>, ctx: z.RefinementCtx): void {
  if (!isObject(file)) return;
  const add = (path: Path, message: string) => ctx.addIssue({ code: "custom", path, message });

  const uniqueIds = <T>(
    key: string,
    items: readonly T[] | undefined,
    idOf: (item: T) => string | number,
    field = "id",
  ) => {
    const seen = new Set<string | number>();
    each(items, (item, i) => {
      const id = idOf(item);
      if (seen.has(id)) add([key, i, field], `${id} appears twice`);
      seen.add(id);
    });
    return isWellFormed(items) ? seen : null;
  };
  // A null set stands for a malformed collection: references into it are not checked, to avoid follow-on noise.
  const requireIn = (
    ids: ReadonlySet<string | number> | null,
    what: string,
    path: Path,
    id: number | undefined,
  ) => {
    if (ids && id !== undefined && !ids.has(id)) add(path, `${what} ${id} is not in the file`);
  };
  const requireAllIn = (
    ids: ReadonlySet<number | string> | null,
    what: string,
    path: Path,
    list: readonly number[] | undefined,
  ) => {
    if (!ids || !Array.isArray(list)) return;
    list.forEach((id, j) => {
      requireIn(ids, what, [...path, j], id);
    });
    if (new Set(list).size !== list.length) add(path, "must not repeat an id");
  };
  const checkPeriod = (key: string, i: number, from: string, to: string) => {
    const span = daysBetween(from, to);
    if (span < 0) add([key, i, "to"], "must not be before from");
    else if (span >= MAX_PERIOD_DAYS) add([key, i, "to"], `a period spans at most ${MAX_PERIOD_DAYS} days`);
  };
  const checkRange = (path: Path, min: number | undefined, max: number | undefined, what: string) => {
    if (!stayRangeValid(min, max)) add(path, `must be at least the minimum ${what}`);
  };

  // Group, channels, hosts, destinations.
  const channels = new Map<number, { kind: string }>();
  each(file.channels, (c) => channels.set(c.id, c));
  const channelIds = uniqueIds("channels", file.channels, (c) => c.id);
  each(file.channels, (c, i) => {
    if (c.tradeAssociated == null) return;
    if (c.tradeAssociated === c.id) add(["channels", i, "tradeAssociated"], "must be another channel");
    else requireIn(channelIds, "channel", ["channels", i, "tradeAssociated"], c.tradeAssociated);
  });
  uniqueIds("hosts", file.hosts, (h) => h.host, "host");
  each(file.hosts, (h, i) => requireIn(channelIds, "channel", ["hosts", i, "channel"], h.channel));
  const destinationIds = uniqueIds("destinations", file.destinations, (d) => d.id);

  // The hotel.
  const hotelChannels =
    isObject(file.hotel) && Array.isArray(file.hotel.channelIds) ? new Set(file.hotel.channelIds) : null;
  each([file.hotel], (hotel) => {
    requireAllIn(channelIds, "channel", ["hotel", "channelIds"], hotel.channelIds);
    requireAllIn(destinationIds, "destination", ["hotel", "destinationIds"], hotel.destinationIds);
    for (const issue of hotelRules(hotel)) add(["hotel", ...issue.path], issue.message);
  });

  // Age groups: ranges must not overlap, so a child's age maps to one group.
  const ageGroupIds = uniqueIds("ageGroups", file.ageGroups, (g) => g.id);
  each(file.ageGroups, (g, i) => {
    if (g.min > g.max) add(["ageGroups", i, "max"], "must be at least min");
    each(file.ageGroups, (other, j) => {
      if (j < i && g.min <= other.max && other.min <= g.max)
        add(["ageGroups", i, "min"], `overlaps age group ${other.id} (${other.min}–${other.max})`);
    });
  });

  // Room types and rate plans.
  const roomTypeIds = uniqueIds("roomTypes", file.roomTypes, (r) => r.id);
  uniqueIds("roomTypes", file.roomTypes, (r) => r.code, "code");
  const roomTypes = new Map<number, { maxOccupancy: number }>();
  each(file.roomTypes, (r, i) => {
    roomTypes.set(r.id, r);
    for (const issue of roomTypeRules(r)) add(["roomTypes", i, ...issue.path], issue.message);
  });
  const serviceIds = uniqueIds("services", file.services, (s) => s.id);
  const ratePlanIds = uniqueIds("ratePlans", file.ratePlans, (r) => r.id);
  uniqueIds("ratePlans", file.ratePlans, (r) => r.code, "code");
  each(file.ratePlans, (r, i) => {
    const at = (field: string): Path => ["ratePlans", i, field];
    for (const issue of ratePlanRules(r)) add(["ratePlans", i, ...issue.path], issue.message);
    requireAllIn(serviceIds, "service", at("includedServiceIds"), r.includedServiceIds);
    r.channelIds.forEach((id, j) => {
      if (!channelIds || !hotelChannels) return;
      if (!channelIds.has(id)) add([...at("channelIds"), j], `channel ${id} is not in the file`);
      else if (!hotelChannels.has(id))
        add([...at("channelIds"), j], `the hotel is not sold on channel ${id}`);
      else if (r.tradeOnly && channels.get(id)?.kind !== "trade")
        add([...at("channelIds"), j], `a trade-only rate cannot be sold on direct channel ${id}`);
    });
    if (new Set(r.channelIds).size !== r.channelIds.length) add(at("channelIds"), "must not repeat an id");
  });

  // Daily data, as periods.
  each(file.prices, (p, i) => {
    requireIn(roomTypeIds, "room type", ["prices", i, "roomType"], p.roomType);
    requireIn(ratePlanIds, "rate plan", ["prices", i, "ratePlan"], p.ratePlan);
    checkPeriod("prices", i, p.from, p.to);
    const sleeps = roomTypes.get(p.roomType)?.maxOccupancy;
    if (sleeps === undefined) return;
    for (const key of Object.keys(p.perAdults)) {
      if (Number(key) > sleeps)
        add(["prices", i, "perAdults", key], `room type ${p.roomType} sleeps at most ${sleeps}`);
    }
  });
  each(file.childPrices, (p, i) => {
    requireIn(roomTypeIds, "room type", ["childPrices", i, "roomType"], p.roomType);
    requireIn(ratePlanIds, "rate plan", ["childPrices", i, "ratePlan"], p.ratePlan);
    requireIn(ageGroupIds, "age group", ["childPrices", i, "ageGroup"], p.ageGroup);
    checkPeriod("childPrices", i, p.from, p.to);
  });
  each(file.inventory, (p, i) => {
    requireIn(roomTypeIds, "room type", ["inventory", i, "roomType"], p.roomType);
    checkPeriod("inventory", i, p.from, p.to);
  });
  each(file.restrictions, (p, i) => {
    requireIn(ratePlanIds, "rate plan", ["restrictions", i, "ratePlan"], p.ratePlan);
    checkPeriod("restrictions", i, p.from, p.to);
    checkRange(["restrictions", i, "maxStay"], p.minStay, p.maxStay, "stay");
  });

  // Promo codes, services, packages, links, privacy, trade customers.
  uniqueIds("promoCodes", file.promoCodes, (p) => p.id);
  const promoCodes = uniqueIds("promoCodes", file.promoCodes, (p) => p.code.toUpperCase(), "code");
  const categoryIds = uniqueIds("serviceCategories", file.serviceCategories, (c) => c.id);
  const refs: CatalogueRefs = {
    ratePlanIds,
    roomTypeIds,
    serviceIds,
    categoryIds,
    channelIds: hotelChannels,
  };
  const within =
    (key: string, i: number): AddIssue =>
    (path, message) =>
      add([key, i, ...path], message);
  each(file.promoCodes, (p, i) => checkPromoCode(p, refs, within("promoCodes", i)));
  each(file.services, (s, i) => checkService(s, refs, within("services", i)));
  uniqueIds("packages", file.packages, (p) => p.id);
  each(file.packages, (p, i) => checkPackage(p, refs, within("packages", i)));
  uniqueIds("reservationLinks", file.reservationLinks, (l) => l.id);
  each(file.reservationLinks, (l, i) => {
    const at = (field: string): Path => ["reservationLinks", i, field];
    requireIn(hotelChannels, "hotel channel", at("channel"), l.channel);
    if (l.departure <= l.arrival) add(at("departure"), "must be after arrival");
    requireAllIn(roomTypeIds, "room type", at("roomTypeIds"), l.roomTypeIds);
    requireAllIn(ratePlanIds, "rate plan", at("ratePlanIds"), l.ratePlanIds);
    if (promoCodes && l.promoCode !== undefined && !promoCodes.has(l.promoCode.toUpperCase()))
      add(at("promoCode"), `promo code ${l.promoCode} is not in the file`);
  });
  uniqueIds("customPrivacy", file.customPrivacy, (p) => p.id);
  each(file.customPrivacy, (p, i) =>
    requireIn(channelIds, "channel", ["customPrivacy", i, "channel"], p.channel),
  );
  uniqueIds("tradeCustomers", file.tradeCustomers, (c) => c.id);
  each(file.tradeCustomers, (c, i) => {
    const channel = channels.get(c.channel);
    if (!channelIds) return;
    if (!channel) add(["tradeCustomers", i, "channel"], `channel ${c.channel} is not in the file`);
    else if (channel.kind !== "trade")
      add(["tradeCustomers", i, "channel"], `channel ${c.channel} is not a trade channel`);
  });

  // Money must fit the hotel currency's minor unit (an unknown currency is reported by its own check).
  const currencyCode = isObject(file.hotel) ? file.hotel.currencyCode : undefined;
  if (typeof currencyCode !== "string" || !CURRENCY_SET.has(currencyCode)) return;
  const digits = describeCurrency(currencyCode).decimal_digits;
  const money = (path: Path, amount: number | undefined) => {
    if (typeof amount === "number" && !fitsDigits(amount, digits))
      add(path, `${currencyCode} amounts have at most ${digits} decimal digit${digits === 1 ? "" : "s"}`);
  };
  each([file.hotel], (hotel) => {
    money(["hotel", "petFee"], hotel.petFee);
    money(["hotel", "cityTax"], hotel.cityTax);
  });
  each(file.ratePlans, (r, i) => money(["ratePlans", i, "refundProtection"], r.refundProtection));
  each(file.prices, (p, i) => {
    for (const [key, amount] of Object.entries(p.perAdults)) money(["prices", i, "perAdults", key], amount);
  });
  each(file.childPrices, (p, i) => money(["childPrices", i, "amount"], p.amount));
  each(file.services, (s, i) => checkServiceMoney(s, currencyCode, within("services", i)));
  each(file.reservationLinks, (l, i) => money(["reservationLinks", i, "total"], l.total));
}

// The cross-checks run even when some fields failed their shape check, so one pass names every bad field.
export const PropertyFileSchema = PropertyFileObjectSchema.superRefine(checkPropertyFile, {
  when: () => true,
});
export type PropertyFile = z.infer<typeof PropertyFileSchema>;

/** `["prices", 3, "ratePlan"]` → `prices[3].ratePlan`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

export function toImportIssues(error: z.ZodError): ImportIssue[] {
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({
          path: formatIssuePath([...issue.path, key]),
          message: "is not a field of the property format",
        }))
      : [{ path: formatIssuePath(issue.path), message: issue.message }],
  );
}

/** Validates a parsed JSON value as a property file. */
export function parsePropertyFile(
  input: unknown,
): { ok: true; file: PropertyFile } | { ok: false; issues: ImportIssue[] } {
  const parsed = PropertyFileSchema.safeParse(input);
  return parsed.success
    ? { ok: true, file: parsed.data }
    : { ok: false, issues: toImportIssues(parsed.error) };
}
