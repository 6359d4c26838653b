// Builders of property files for tests: each returns a valid piece with sensible defaults, and takes overrides.
// Ids come from counters local to the test file (each test file has its own database): hotels from 1000, every
// other entity from 1. Channels are fixed: 1 = direct, 2 = trade, shared by all properties of the file.

import { PROPERTY_FILE_FORMAT, type PropertyFile } from "@alloggio/domain/contract/property/property-file";
import type { Database } from "@alloggio/server/db";
import { importProperty } from "@alloggio/server/features/admin";

export type HotelFile = PropertyFile["hotel"];
export type ChannelFile = PropertyFile["channels"][number];
export type RoomTypeFile = PropertyFile["roomTypes"][number];
export type RatePlanFile = PropertyFile["ratePlans"][number];
export type AgeGroupFile = NonNullable<PropertyFile["ageGroups"]>[number];
export type PricePeriod = NonNullable<PropertyFile["prices"]>[number];
export type ChildPricePeriod = NonNullable<PropertyFile["childPrices"]>[number];
export type InventoryPeriod = NonNullable<PropertyFile["inventory"]>[number];
export type RestrictionPeriod = NonNullable<PropertyFile["restrictions"]>[number];
export type PromoCodeFile = NonNullable<PropertyFile["promoCodes"]>[number];
export type ServiceCategoryFile = NonNullable<PropertyFile["serviceCategories"]>[number];
export type ServiceFile = NonNullable<PropertyFile["services"]>[number];
export type PackageFile = NonNullable<PropertyFile["packages"]>[number];
export type ReservationLinkFile = NonNullable<PropertyFile["reservationLinks"]>[number];
export type CustomPrivacyFile = NonNullable<PropertyFile["customPrivacy"]>[number];
export type TradeCustomerFile = NonNullable<PropertyFile["tradeCustomers"]>[number];

export const DIRECT_CHANNEL_ID = 1;
export const TRADE_CHANNEL_ID = 2;
/** The default period of prices and inventory: far enough ahead that no fixed clock in a test passes it. */
export const DEFAULT_FROM = "2030-01-01";
export const DEFAULT_TO = "2030-03-31";

let nextHotelId = 1000;
let nextEntityId = 1;

/** A fresh id for any entity other than a hotel, unique within the test file. */
export function nextId(): number {
  return nextEntityId++;
}

type Ref = number | { id: number };
const idOf = (ref: Ref) => (typeof ref === "number" ? ref : ref.id);

export function aDirectChannel(overrides: Partial<ChannelFile> = {}): ChannelFile {
  return {
    id: DIRECT_CHANNEL_ID,
    name: "Direct",
    kind: "direct",
    tradeAssociated: TRADE_CHANNEL_ID,
    colors: { primary: "#1d4ed8", secondary: "#f59e0b" },
    ...overrides,
  };
}

export function aTradeChannel(overrides: Partial<ChannelFile> = {}): ChannelFile {
  return {
    id: TRADE_CHANNEL_ID,
    name: "Trade",
    kind: "trade",
    tradeAssociated: DIRECT_CHANNEL_ID,
    colors: { primary: "#0f766e", secondary: "#64748b" },
    ...overrides,
  };
}

export function aHotel(overrides: Partial<HotelFile> = {}): HotelFile {
  const id = overrides.id ?? nextHotelId++;
  return {
    id,
    name: `Test Hotel ${id}`,
    address: "Via Roma 1",
    city: "Riva del Garda",
    country: "IT",
    timeZone: "Europe/Rome",
    currencyCode: "EUR",
    email: `hotel${id}@example.test`,
    checkInFrom: "14:00",
    checkInUntil: "22:00",
    checkOutUntil: "10:30",
    channelIds: [DIRECT_CHANNEL_ID, TRADE_CHANNEL_ID],
    destinationIds: [1],
    ...overrides,
  };
}

export function anAgeGroup(min: number, max: number, overrides: Partial<AgeGroupFile> = {}): AgeGroupFile {
  return { id: nextId(), min, max, ...overrides };
}

export function aRoomType(overrides: Partial<RoomTypeFile> = {}): RoomTypeFile {
  const id = overrides.id ?? nextId();
  return {
    id,
    code: `ROOM${id}`,
    name: { en: `Double room ${id}`, it: `Camera doppia ${id}` },
    amenities: ["wifi", "shower"],
    maxOccupancy: 3,
    maxAdults: 2,
    maxChildren: 1,
    ...overrides,
  };
}

export function aRatePlan(overrides: Partial<RatePlanFile> = {}): RatePlanFile {
  const id = overrides.id ?? nextId();
  return {
    id,
    code: `RATE${id}`,
    name: { en: `Flexible rate ${id}`, it: `Tariffa flessibile ${id}` },
    refundable: true,
    // A non-refundable rate has no free cancellation.
    freeCancellationDays: overrides.refundable === false ? undefined : 1,
    payment: "pay_at_hotel",
    channelIds: [DIRECT_CHANNEL_ID],
    ...overrides,
  };
}

/** Prices of a room type and rate plan for every number of adults up to `adults` (default 2): 80, 100, 120… */
export function aPriceRange(
  roomType: Ref,
  ratePlan: Ref,
  overrides: Partial<PricePeriod> & { adults?: number } = {},
): PricePeriod {
  const { adults = 2, ...rest } = overrides;
  const perAdults: Record<string, number> = {};
  for (let n = 1; n <= adults; n++) perAdults[String(n)] = 60 + 20 * n;
  return {
    roomType: idOf(roomType),
    ratePlan: idOf(ratePlan),
    from: DEFAULT_FROM,
    to: DEFAULT_TO,
    perAdults,
    ...rest,
  };
}

export function aChildPriceRange(
  roomType: Ref,
  ratePlan: Ref,
  ageGroup: Ref,
  overrides: Partial<ChildPricePeriod> = {},
): ChildPricePeriod {
  return {
    roomType: idOf(roomType),
    ratePlan: idOf(ratePlan),
    ageGroup: idOf(ageGroup),
    from: DEFAULT_FROM,
    to: DEFAULT_TO,
    amount: 25,
    ...overrides,
  };
}

export function anInventoryRange(roomType: Ref, overrides: Partial<InventoryPeriod> = {}): InventoryPeriod {
  return { roomType: idOf(roomType), from: DEFAULT_FROM, to: DEFAULT_TO, allotment: 5, ...overrides };
}

export function aRestrictionRange(
  ratePlan: Ref,
  overrides: Partial<RestrictionPeriod> = {},
): RestrictionPeriod {
  return { ratePlan: idOf(ratePlan), from: DEFAULT_FROM, to: DEFAULT_TO, minStay: 2, ...overrides };
}

export function aPromoCode(overrides: Partial<PromoCodeFile> = {}): PromoCodeFile {
  const id = overrides.id ?? nextId();
  return { id, code: `PROMO${id}`, discountPercent: 10, ...overrides };
}

export function aServiceCategory(overrides: Partial<ServiceCategoryFile> = {}): ServiceCategoryFile {
  const id = overrides.id ?? nextId();
  return { id, name: { en: `Extras ${id}`, it: `Extra ${id}` }, ...overrides };
}

export function aService(category: Ref, overrides: Partial<ServiceFile> = {}): ServiceFile {
  const id = overrides.id ?? nextId();
  return {
    id,
    category: idOf(category),
    name: { en: `Service ${id}`, it: `Servizio ${id}` },
    pricingBasis: "per_unit",
    price: 15,
    ...overrides,
  };
}

export function aPackage(ratePlans: Ref[], overrides: Partial<PackageFile> = {}): PackageFile {
  const id = overrides.id ?? nextId();
  return {
    id,
    code: `PACK${id}`,
    name: { en: `Package ${id}`, it: `Pacchetto ${id}` },
    kind: "package",
    ratePlanIds: ratePlans.map(idOf),
    validFrom: DEFAULT_FROM,
    validTo: DEFAULT_TO,
    ...overrides,
  };
}

export function aReservationLink(overrides: Partial<ReservationLinkFile> = {}): ReservationLinkFile {
  const id = overrides.id ?? nextId();
  return {
    id,
    channel: DIRECT_CHANNEL_ID,
    arrival: "2030-01-10",
    departure: "2030-01-13",
    rooms: [{ adults: 2, ages: [] }],
    ...overrides,
  };
}

export function aCustomPrivacy(overrides: Partial<CustomPrivacyFile> = {}): CustomPrivacyFile {
  const id = overrides.id ?? nextId();
  return {
    id,
    title: { en: `Policy ${id}`, it: `Informativa ${id}` },
    text: { en: "We keep your data safe.", it: "Custodiamo i tuoi dati." },
    ...overrides,
  };
}

export function aTradeCustomer(overrides: Partial<TradeCustomerFile> = {}): TradeCustomerFile {
  const id = overrides.id ?? nextId();
  return { id, channel: TRADE_CHANNEL_ID, name: `Agency ${id}`, agencyType: 1, ...overrides };
}

export type PropertyOverrides = Partial<Omit<PropertyFile, "hotel" | "format">> & {
  hotel?: Partial<HotelFile>;
};

/**
 * A minimal valid property: one hotel (ids from 1000) on the direct and trade channels, one room type, one
 * rate plan, prices and inventory for DEFAULT_FROM..DEFAULT_TO. Prices and inventory default to every room
 * type (× rate plan) of the result, so overriding `roomTypes` or `ratePlans` alone stays valid.
 */
export function buildProperty(overrides: PropertyOverrides = {}): PropertyFile {
  const { hotel: hotelOverrides, ...rest } = overrides;
  const roomTypes = rest.roomTypes ?? [aRoomType()];
  const ratePlans = rest.ratePlans ?? [aRatePlan()];
  return {
    format: PROPERTY_FILE_FORMAT,
    group: { id: 1, name: "Test Group" },
    channels: [aDirectChannel(), aTradeChannel()],
    destinations: [{ id: 1, name: { en: "Lake Garda", it: "Lago di Garda" } }],
    hotel: aHotel(hotelOverrides),
    roomTypes,
    ratePlans,
    prices: roomTypes.flatMap((room) =>
      ratePlans.map((rate) => aPriceRange(room, rate, { adults: room.maxOccupancy })),
    ),
    inventory: roomTypes.map((room) => anInventoryRange(room)),
    ...rest,
  };
}

/** Imports a property into the test database; throws with every issue when the file is refused. */
export async function seedProperty(
  database: Database,
  file: PropertyFile,
): Promise<{ hotelId: number; rows: Record<string, number> }> {
  const result = await importProperty(database, file);
  if (!result.ok) {
    const lines = result.issues.map((issue) => `  ${issue.path}: ${issue.message}`);
    throw new Error(`seedProperty: the property file was refused:\n${lines.join("\n")}`);
  }
  return { hotelId: result.hotelId, rows: result.rows };
}

/**
 * A hotel with one room type and one rate, priced for two adults and open (3 rooms) from 2030-01-05 to 2030-01-25,
 * in destination 1: the smallest hotel a search finds.
 */
export function aOneRoomHotel(name: string): PropertyFile {
  const room = aRoomType();
  const rate = aRatePlan();
  const period = { from: "2030-01-05", to: "2030-01-25" };
  return buildProperty({
    hotel: { name, destinationIds: [1] },
    roomTypes: [room],
    ratePlans: [rate],
    prices: [aPriceRange(room, rate, { ...period, adults: 2 })],
    inventory: [anInventoryRange(room, { ...period, allotment: 3 })],
  });
}
