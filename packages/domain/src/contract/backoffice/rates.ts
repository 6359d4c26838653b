import { z } from "zod";
import {
  AllotmentSchema,
  MAX_BULK_DAYS,
  MAX_PRICE_MINOR,
  PriceMinorSchema,
  StayNightsSchema,
  WeekdaysSchema,
} from "../../backoffice/daily-values";
import { HotelParamsSchema } from "./access";

// The rates and availability calendar of the back office: read a window of days, edit one cell, bulk
// update a date range. Dates are hotel-local ISO dates (YYYY-MM-DD); money is in the hotel's minor units.

const IsoDateSchema = z.iso.date({ error: "must be a date written YYYY-MM-DD" });
const IdSchema = z.number().int().min(1).max(2_147_483_647);
const LocalizedNameSchema = z.record(z.string(), z.string());

/** The longest window the calendar reads at once. */
export const MAX_CALENDAR_DAYS = 400;

export const CalendarParamsSchema = HotelParamsSchema;
export const CalendarQuerySchema = z.object({
  from: IsoDateSchema,
  days: z.coerce.number().int().min(1).max(MAX_CALENDAR_DAYS).default(31),
});
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>;

/** One array entry per day of the window, in order (index 0 = `from`). */
export const CalendarRoomTypeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: LocalizedNameSchema,
  /** Prices exist per number of adults from 1 to this (the room's largest occupancy). */
  maxOccupancy: z.number().int(),
  /** null: no inventory row that day (nothing to sell). */
  allotment: z.array(z.number().int().nullable()),
  sold: z.array(z.number().int()),
  free: z.array(z.number().int()),
  closed: z.array(z.boolean()),
});

export const CalendarRatePlanSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: LocalizedNameSchema,
  /** The plan's defaults, used on days without a restriction of their own. */
  minStay: z.number().int(),
  maxStay: z.number().int().nullable(),
  /** Restrictions are per rate plan and day (every room type of the plan shares them). */
  dayMinStay: z.array(z.number().int().nullable()),
  dayMaxStay: z.array(z.number().int().nullable()),
  closedToArrival: z.array(z.boolean()),
  closedToDeparture: z.array(z.boolean()),
});

export const CalendarRateSchema = z.object({
  roomTypeId: z.number().int(),
  ratePlanId: z.number().int(),
  /** Price per night by number of adults (1 … the room type's maxOccupancy); null: no price that day. */
  prices: z.array(z.object({ adults: z.number().int(), amounts: z.array(z.number().int().nullable()) })),
  /** Not sellable that day: the room type is closed or has no inventory, or the rate has no price. */
  closed: z.array(z.boolean()),
});

export const CalendarSchema = z
  .object({
    hotelId: z.number().int(),
    currency: z.object({ code: z.string(), decimalDigits: z.number().int() }),
    from: IsoDateSchema,
    days: z.array(IsoDateSchema),
    /** The hotel's today, in its time zone. */
    today: IsoDateSchema,
    roomTypes: z.array(CalendarRoomTypeSchema),
    ratePlans: z.array(CalendarRatePlanSchema),
    /** The rate plan × room type pairs that have prices, and every pair of a room type or rate plan with none yet. */
    rates: z.array(CalendarRateSchema),
  })
  .meta({ id: "BoCalendar" });
export type Calendar = z.infer<typeof CalendarSchema>;

const nullableStay = StayNightsSchema.nullable();

/** One cell: a room type's night, a price of a rate × room type × adults night, or a rate plan's night restriction. */
export const CellEditSchema = z
  .discriminatedUnion("kind", [
    z.strictObject({
      kind: z.literal("inventory"),
      roomTypeId: IdSchema,
      day: IsoDateSchema,
      allotment: AllotmentSchema.optional(),
      closed: z.boolean().optional(),
    }),
    z.strictObject({
      kind: z.literal("price"),
      roomTypeId: IdSchema,
      ratePlanId: IdSchema,
      day: IsoDateSchema,
      adults: z.number().int().min(1).max(20),
      /** null removes the price (the rate is not sold that night for this occupancy). */
      amountMinor: PriceMinorSchema.nullable(),
    }),
    z.strictObject({
      kind: z.literal("restriction"),
      ratePlanId: IdSchema,
      day: IsoDateSchema,
      closedToArrival: z.boolean().optional(),
      closedToDeparture: z.boolean().optional(),
      minStay: nullableStay.optional(),
      maxStay: nullableStay.optional(),
    }),
  ])
  .meta({ id: "BoCalendarCellEdit" });
export type CellEdit = z.infer<typeof CellEditSchema>;

export const CellEditResultSchema = z
  .object({ changed: z.boolean(), before: z.unknown(), after: z.unknown() })
  .meta({ id: "BoCalendarCellEditResult" });
export type CellEditResult = z.infer<typeof CellEditResultSchema>;

export const PRICE_MODES = ["set", "amount", "percent"] as const;

export const BulkUpdateSchema = z
  .strictObject({
    from: IsoDateSchema,
    /** Included. At most MAX_BULK_DAYS days after `from`. */
    to: IsoDateSchema,
    /** 0 = Sunday … 6 = Saturday; absent: every day. */
    weekdays: WeekdaysSchema.optional(),
    /** Room types whose inventory changes, and whose prices change (with `ratePlanIds`). */
    roomTypeIds: z.array(IdSchema).max(200).default([]),
    /** Rate plans whose restrictions change, and whose prices change (with `roomTypeIds`). */
    ratePlanIds: z.array(IdSchema).max(200).default([]),
    /** Occupancies (adults) whose prices change; absent or empty: every occupancy of the room type. */
    adults: z.array(z.number().int().min(1).max(20)).max(20).optional(),
    price: z
      .strictObject({
        mode: z.enum(PRICE_MODES),
        /** set: the new price; amount: minor units added (negative: taken off); percent: at most 2 decimals. */
        value: z.number().min(-MAX_PRICE_MINOR).max(MAX_PRICE_MINOR),
      })
      .optional(),
    allotment: AllotmentSchema.optional(),
    closed: z.boolean().optional(),
    closedToArrival: z.boolean().optional(),
    closedToDeparture: z.boolean().optional(),
    /** A number sets it, null clears it (the plan's default applies), absent leaves it. */
    minStay: nullableStay.optional(),
    maxStay: nullableStay.optional(),
    /** Answer how many cells would change, writing nothing. */
    preview: z.boolean().default(false),
  })
  .meta({ id: "BoCalendarBulkUpdate" });
export type BulkUpdate = z.input<typeof BulkUpdateSchema>;

export const BulkCellSchema = z.object({
  kind: z.enum(["inventory", "price", "restriction"]),
  day: IsoDateSchema,
  roomTypeId: z.number().int().nullable(),
  ratePlanId: z.number().int().nullable(),
  adults: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});

export const BulkResultSchema = z
  .object({
    preview: z.boolean(),
    /** Cells whose value changes: inventory nights, prices, restriction nights. */
    changed: z.number().int(),
    byKind: z.object({ inventory: z.number().int(), price: z.number().int(), restriction: z.number().int() }),
    /** Up to 3 changed cells per room type × rate, at most 12 groups of each kind: what will happen (ADR 0064). */
    sample: z.array(BulkCellSchema),
  })
  .meta({ id: "BoCalendarBulkResult" });
export type BulkResult = z.infer<typeof BulkResultSchema>;

export { MAX_BULK_DAYS };
