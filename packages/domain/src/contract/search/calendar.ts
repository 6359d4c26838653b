import { z } from "zod";
import { FlagSchema, IdSchema } from "../common";

export const CalendarQuerySchema = z.object({
  hotel: IdSchema,
  channel: IdSchema,
  login: FlagSchema.optional(),
});
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>;

export const CalendarDaySchema = z.object({
  date: z.string(),
  /** The hotel is closed (closed season): no room type is open. */
  closed: z.boolean(),
  /** At least one room is free and priced for one night or more. */
  available: z.boolean(),
  closedToArrival: z.boolean(),
  closedToDeparture: z.boolean(),
  minStay: z.number(),
  maxStay: z.number().nullable(),
});

export const CalendarResponseSchema = z
  .object({ from: z.string(), days: z.array(CalendarDaySchema) })
  .meta({ id: "CalendarResponse" });
export type CalendarResponse = z.infer<typeof CalendarResponseSchema>;
