import type {
  PackageFileSchema,
  PromoCodeFileSchema,
  ServiceCategoryFileSchema,
  ServiceFileSchema,
} from "@alloggio/domain/contract/property/property-file";
import { fromMinor, toMinor } from "@alloggio/domain/money/money";
import type { z } from "zod";
import type { SqlExecutor } from "../../../db/client";
import type { packageOffer, promoCode, service, serviceCategory } from "../../../db/schema";
import { upsertRows } from "../../../db/upsert-rows";

// One write path per catalogue entity: the JSON import and the back office's screens both turn the
// property file's shape of an entity into its row here, and write rows with these functions.

export type ServiceCategoryFile = z.infer<typeof ServiceCategoryFileSchema>;
export type ServiceFile = z.infer<typeof ServiceFileSchema>;
export type PromoCodeFile = z.infer<typeof PromoCodeFileSchema>;
export type PackageFile = z.infer<typeof PackageFileSchema>;

type Written = { id: number } & Record<string, unknown>;

const optional = <K extends string, V>(key: K, value: V | null): { [P in K]?: V } =>
  (value === null ? {} : { [key]: value }) as { [P in K]?: V };

/** An optional text in several languages: left out when it has none (the file's schema needs English then). */
const localized = <K extends string>(
  key: K,
  text: Record<string, string>,
): { [P in K]?: Record<string, string> } =>
  (Object.values(text).some((t) => t.trim() !== "") ? { [key]: text } : {}) as {
    [P in K]?: Record<string, string>;
  };

// ---- service categories ----

export function serviceCategoryRow(hotelId: number, c: ServiceCategoryFile): Written {
  return {
    id: c.id,
    hotel_id: hotelId,
    name: c.name,
    mandatory: c.mandatory ?? false,
    sort_order: c.sortOrder ?? 0,
  };
}

export function writeServiceCategories(tx: SqlExecutor, rows: readonly Written[]): Promise<number> {
  return upsertRows(
    tx,
    "service_category",
    ["id"],
    [
      ["id", "int"],
      ["hotel_id", "int"],
      ["name", "jsonb"],
      ["mandatory", "boolean"],
      ["sort_order", "smallint"],
    ],
    rows,
  );
}

export function serviceCategoryFile(row: typeof serviceCategory.$inferSelect): ServiceCategoryFile {
  return { id: row.id, name: row.name, mandatory: row.mandatory, sortOrder: row.sortOrder };
}

// ---- services ----

export function serviceRow(hotelId: number, digits: number, s: ServiceFile): Written {
  return {
    id: s.id,
    hotel_id: hotelId,
    category_id: s.category,
    name: s.name,
    description: s.description ?? {},
    pricing_basis: s.pricingBasis,
    per_night: s.perNight ?? false,
    price_minor: toMinor(s.price ?? 0, digits),
    mandatory_for: s.mandatoryFor ?? "none",
    needs_date: s.needsDate ?? false,
    time_slots: s.timeSlots ?? [],
    is_transfer: s.isTransfer ?? false,
    max_quantity: s.maxQuantity ?? 10,
    image: s.image ?? null,
  };
}

export function writeServices(tx: SqlExecutor, rows: readonly Written[]): Promise<number> {
  return upsertRows(
    tx,
    "service",
    ["id"],
    [
      ["id", "int"],
      ["hotel_id", "int"],
      ["category_id", "int"],
      ["name", "jsonb"],
      ["description", "jsonb"],
      ["pricing_basis", "pricing_basis"],
      ["per_night", "boolean"],
      ["price_minor", "int"],
      ["mandatory_for", "mandatory_for"],
      ["needs_date", "boolean"],
      ["time_slots", "text[]"],
      ["is_transfer", "boolean"],
      ["max_quantity", "smallint"],
      ["image", "text"],
    ],
    rows,
  );
}

export function serviceFile(row: typeof service.$inferSelect, digits: number): ServiceFile {
  return {
    id: row.id,
    category: row.categoryId,
    name: row.name,
    ...localized("description", row.description),
    pricingBasis: row.pricingBasis,
    perNight: row.perNight,
    price: fromMinor(row.priceMinor, digits),
    mandatoryFor: row.mandatoryFor,
    needsDate: row.needsDate,
    timeSlots: row.timeSlots.map((t) => t.slice(0, 5)),
    isTransfer: row.isTransfer,
    maxQuantity: row.maxQuantity,
    ...(row.image ? { image: row.image } : {}),
  };
}

// ---- promo codes ----

export function promoCodeRow(hotelId: number, p: PromoCodeFile): Written {
  return {
    id: p.id,
    hotel_id: hotelId,
    code: p.code,
    hidden: p.hidden ?? false,
    name: p.name ?? {},
    discount_percent: p.discountPercent,
    stay_from: p.stayFrom ?? null,
    stay_to: p.stayTo ?? null,
    book_from: p.bookFrom ?? null,
    book_to: p.bookTo ?? null,
    min_nights: p.minNights ?? 1,
    rate_plan_ids: p.ratePlanIds ?? [],
  };
}

export function writePromoCodes(tx: SqlExecutor, rows: readonly Written[]): Promise<number> {
  return upsertRows(
    tx,
    "promo_code",
    ["id"],
    [
      ["id", "int"],
      ["hotel_id", "int"],
      ["code", "text"],
      ["hidden", "boolean"],
      ["name", "jsonb"],
      ["discount_percent", "numeric"],
      ["stay_from", "date"],
      ["stay_to", "date"],
      ["book_from", "date"],
      ["book_to", "date"],
      ["min_nights", "smallint"],
      ["rate_plan_ids", "int[]"],
    ],
    rows,
  );
}

export function promoCodeFile(row: typeof promoCode.$inferSelect): PromoCodeFile {
  return {
    id: row.id,
    code: row.code,
    hidden: row.hidden,
    ...localized("name", row.name),
    discountPercent: Number(row.discountPercent),
    ...optional("stayFrom", row.stayFrom),
    ...optional("stayTo", row.stayTo),
    ...optional("bookFrom", row.bookFrom),
    ...optional("bookTo", row.bookTo),
    minNights: row.minNights,
    ratePlanIds: row.ratePlanIds,
  };
}

// ---- packages ----

export function packageRow(hotelId: number, digits: number, p: PackageFile): Written {
  return {
    id: p.id,
    hotel_id: hotelId,
    code: p.code,
    name: p.name,
    description: p.description ?? {},
    image: p.image ?? null,
    kind: p.kind,
    rate_plan_ids: p.ratePlanIds,
    room_type_ids: p.roomTypeIds ?? [],
    included_service_ids: p.includedServiceIds ?? [],
    valid_from: p.validFrom,
    valid_to: p.validTo,
    min_nights: p.minNights ?? 1,
    max_nights: p.maxNights ?? null,
    min_adults: p.minAdults ?? 1,
    max_adults: p.maxAdults ?? null,
    airports: (p.airports ?? []).map((a) => ({
      code: a.code,
      name: a.name,
      flights: a.flights.map(({ price, ...f }) => ({
        ...f,
        direction: f.direction ?? "outbound",
        ...(price ? { priceMinor: toMinor(price, digits) } : {}),
      })),
    })),
    destination_airport: p.destinationAirport ?? null,
    channel_ids: p.channelIds ?? [],
  };
}

export function writePackages(tx: SqlExecutor, rows: readonly Written[]): Promise<number> {
  return upsertRows(
    tx,
    "package",
    ["id"],
    [
      ["id", "int"],
      ["hotel_id", "int"],
      ["code", "text"],
      ["name", "jsonb"],
      ["description", "jsonb"],
      ["image", "text"],
      ["kind", "text"],
      ["rate_plan_ids", "int[]"],
      ["room_type_ids", "int[]"],
      ["included_service_ids", "int[]"],
      ["valid_from", "date"],
      ["valid_to", "date"],
      ["min_nights", "smallint"],
      ["max_nights", "smallint"],
      ["min_adults", "smallint"],
      ["max_adults", "smallint"],
      ["airports", "jsonb"],
      ["destination_airport", "jsonb"],
      ["channel_ids", "int[]"],
    ],
    rows,
  );
}

export function packageFile(row: typeof packageOffer.$inferSelect, digits: number): PackageFile {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    ...localized("description", row.description),
    ...optional("image", row.image),
    kind: row.kind === "offer" ? "offer" : "package",
    ratePlanIds: row.ratePlanIds,
    roomTypeIds: row.roomTypeIds,
    includedServiceIds: row.includedServiceIds,
    validFrom: row.validFrom,
    validTo: row.validTo,
    minNights: row.minNights,
    ...optional("maxNights", row.maxNights),
    minAdults: row.minAdults,
    ...optional("maxAdults", row.maxAdults),
    airports: row.airports.map((a) => ({
      code: a.code,
      name: a.name,
      flights: a.flights.map(({ priceMinor, ...f }) => ({
        ...f,
        ...(priceMinor ? { price: fromMinor(priceMinor, digits) } : {}),
      })),
    })),
    ...optional("destinationAirport", row.destinationAirport),
    channelIds: row.channelIds,
  };
}
