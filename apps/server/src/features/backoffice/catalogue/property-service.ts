import type { HotelFile, RatePlanFile, RoomTypeFile } from "@alloggio/domain/contract/property/property-file";
import { toMinor } from "@alloggio/domain/money/money";
import type { SqlExecutor } from "../../../db/client";
import { type Column, upsertRows } from "../../../db/upsert-rows";
import { deleteRatePlanChannels } from "./property-repository";

// One write path per catalogue entity: the property file import and the back office's screens both
// turn a validated entity (the property file's own shape and schema) into a row here and write it here.

const HOTEL_COLUMNS: readonly Column[] = [
  ["id", "int"],
  ["group_id", "int"],
  ["name", "text"],
  ["description", "jsonb"],
  ["address", "text"],
  ["city", "text"],
  ["country", "text"],
  ["time_zone", "text"],
  ["currency_code", "text"],
  ["email", "text"],
  ["phone", "text"],
  ["check_in_from", "time"],
  ["check_in_until", "time"],
  ["check_out_until", "time"],
  ["breakfast_from", "time"],
  ["breakfast_until", "time"],
  ["pets", "pet_policy"],
  ["pet_fee_minor", "int"],
  ["wellness", "jsonb"],
  ["activities", "jsonb"],
  ["business_services", "jsonb"],
  ["messaging", "jsonb"],
  ["show_chat", "boolean"],
  ["guests_mandatory", "boolean"],
  ["city_tax_minor", "int"],
  ["payment_gateway_key", "text"],
  ["settings", "jsonb"],
];

/** The hotel's row from its property-file entity (money in the currency's minor units). */
export function hotelRow(groupId: number, hotel: HotelFile, digits: number) {
  const minor = (amount: number) => toMinor(amount, digits);
  return {
    id: hotel.id,
    group_id: groupId,
    name: hotel.name,
    description: hotel.description ?? {},
    address: hotel.address,
    city: hotel.city,
    country: hotel.country,
    time_zone: hotel.timeZone,
    currency_code: hotel.currencyCode,
    email: hotel.email,
    phone: hotel.phone ?? "",
    check_in_from: hotel.checkInFrom,
    check_in_until: hotel.checkInUntil,
    check_out_until: hotel.checkOutUntil,
    breakfast_from: hotel.breakfastFrom ?? null,
    breakfast_until: hotel.breakfastUntil ?? null,
    pets: hotel.pets ?? "not_allowed",
    pet_fee_minor: minor(hotel.petFee ?? 0),
    wellness: hotel.wellness ?? [],
    activities: hotel.activities ?? [],
    business_services: hotel.businessServices ?? [],
    messaging: hotel.messaging ?? { active: false },
    show_chat: hotel.showChat ?? false,
    guests_mandatory: hotel.guestsMandatory ?? false,
    city_tax_minor: minor(hotel.cityTax ?? 0),
    payment_gateway_key: hotel.paymentGatewayKey ?? "sandbox",
    settings: hotel.settings ?? {},
  };
}
export type HotelRow = ReturnType<typeof hotelRow>;

/** Writes the hotel's own row (not its channels nor destinations). */
export async function upsertHotel(tx: SqlExecutor, row: HotelRow): Promise<number> {
  return upsertRows(tx, "hotel", ["id"], HOTEL_COLUMNS, [row], "updated_at");
}

const ROOM_TYPE_COLUMNS: readonly Column[] = [
  ["id", "int"],
  ["hotel_id", "int"],
  ["code", "text"],
  ["name", "jsonb"],
  ["description", "jsonb"],
  ["gallery", "jsonb"],
  ["amenities", "text[]"],
  ["min_occupancy", "smallint"],
  ["max_occupancy", "smallint"],
  ["max_adults", "smallint"],
  ["max_children", "smallint"],
  ["sort_order", "smallint"],
];

export function roomTypeRow(hotelId: number, r: RoomTypeFile) {
  return {
    id: r.id,
    hotel_id: hotelId,
    code: r.code,
    name: r.name,
    description: r.description ?? {},
    gallery: r.gallery ?? [],
    amenities: r.amenities ?? [],
    min_occupancy: r.minOccupancy ?? 1,
    max_occupancy: r.maxOccupancy,
    max_adults: r.maxAdults,
    max_children: r.maxChildren ?? 0,
    sort_order: r.sortOrder ?? 0,
  };
}

/** Writes room types of one hotel (one statement for any number). */
export async function upsertRoomTypes(
  tx: SqlExecutor,
  hotelId: number,
  roomTypes: readonly RoomTypeFile[],
): Promise<number> {
  return upsertRows(
    tx,
    "room_type",
    ["id"],
    ROOM_TYPE_COLUMNS,
    roomTypes.map((r) => roomTypeRow(hotelId, r)),
  );
}

const RATE_PLAN_COLUMNS: readonly Column[] = [
  ["id", "int"],
  ["hotel_id", "int"],
  ["code", "text"],
  ["mt_id", "int"],
  ["name", "jsonb"],
  ["description", "jsonb"],
  ["meal_plan", "meal_plan"],
  ["refundable", "boolean"],
  ["free_cancellation_days", "smallint"],
  ["payment", "payment_kind"],
  ["prepayment", "jsonb"],
  ["commission_percent", "numeric"],
  ["is_net", "boolean"],
  ["min_stay", "smallint"],
  ["max_stay", "smallint"],
  ["min_adults", "smallint"],
  ["max_adults", "smallint"],
  ["resellable", "boolean"],
  ["resale_fee_percent", "numeric"],
  ["refund_protection_minor", "int"],
  ["trade_only", "boolean"],
  ["long_stay_discounts", "jsonb"],
  ["included_service_ids", "int[]"],
  ["sort_order", "smallint"],
  ["option_hours", "smallint"],
];

export function ratePlanRow(hotelId: number, r: RatePlanFile, digits: number) {
  const refundable = r.refundable ?? true;
  return {
    id: r.id,
    hotel_id: hotelId,
    code: r.code,
    mt_id: r.mtId ?? 0,
    name: r.name,
    description: r.description ?? {},
    meal_plan: r.mealPlan ?? "room_only",
    refundable,
    free_cancellation_days: refundable ? (r.freeCancellationDays ?? 0) : null,
    payment: r.payment ?? "pay_at_hotel",
    prepayment: r.prepayment ?? [],
    commission_percent: r.commissionPercent ?? null,
    is_net: r.isNet ?? false,
    min_stay: r.minStay ?? 1,
    max_stay: r.maxStay ?? null,
    min_adults: r.minAdults ?? 1,
    max_adults: r.maxAdults ?? null,
    resellable: r.resellable ?? false,
    resale_fee_percent: r.resaleFeePercent ?? 0,
    refund_protection_minor: r.refundProtection === undefined ? null : toMinor(r.refundProtection, digits),
    trade_only: r.tradeOnly ?? false,
    long_stay_discounts: r.longStayDiscounts ?? [],
    included_service_ids: r.includedServiceIds ?? [],
    sort_order: r.sortOrder ?? 0,
    option_hours: r.optionHours ?? null,
  };
}

/**
 * Writes rate plans of one hotel and replaces the channels each is sold on (one statement per table for any
 * number of plans).
 */
export async function upsertRatePlans(
  tx: SqlExecutor,
  hotelId: number,
  ratePlans: readonly RatePlanFile[],
  digits: number,
): Promise<{ ratePlans: number; ratePlanChannels: number }> {
  const written = await upsertRows(
    tx,
    "rate_plan",
    ["id"],
    RATE_PLAN_COLUMNS,
    ratePlans.map((r) => ratePlanRow(hotelId, r, digits)),
  );
  if (ratePlans.length > 0)
    await deleteRatePlanChannels(
      tx,
      ratePlans.map((r) => r.id),
    );
  const channels = await upsertRows(
    tx,
    "rate_plan_channel",
    ["rate_plan_id", "channel_id"],
    [
      ["rate_plan_id", "int"],
      ["channel_id", "int"],
    ],
    ratePlans.flatMap((r) =>
      r.channelIds.map((channelId) => ({ rate_plan_id: r.id, channel_id: channelId })),
    ),
  );
  return { ratePlans: written, ratePlanChannels: channels };
}
