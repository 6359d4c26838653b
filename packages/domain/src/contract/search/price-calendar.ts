import { z } from "zod";
import { GuestsQuerySchema, IdSchema, LanguageIdSchema, YmdSchema } from "../common";

/** The no-availability page's chart: the cheapest one-night price per day for the next 12 months. */
export const PriceCalendarQuerySchema = z.object({
  hotel: IdSchema,
  channel: IdSchema,
  language: LanguageIdSchema,
  from: YmdSchema.optional(),
  adults: GuestsQuerySchema.shape.adults.refine((rooms) => rooms.length > 0, "at least one room is needed"),
});
export type PriceCalendarQuery = z.infer<typeof PriceCalendarQuerySchema>;

export const PriceCalendarResponseSchema = z
  .object({
    currency: z.string(),
    days: z.array(z.object({ date: z.string(), price: z.number().nullable() })),
    months: z.array(z.object({ month: z.string(), price: z.number().nullable() })),
  })
  .meta({ id: "PriceCalendarResponse" });
export type PriceCalendarResponse = z.infer<typeof PriceCalendarResponseSchema>;
