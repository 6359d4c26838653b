import { z } from "zod";
import { IdSchema, LanguageIdSchema } from "../common";

export const HotelQuerySchema = z.object({ hotel: IdSchema, language: LanguageIdSchema });

export const ServiceSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    category: z.object({ id: z.number(), name: z.string(), mandatory: z.boolean() }),
    pricingBasis: z.enum(["per_person", "per_unit", "per_stay"]),
    perNight: z.boolean(),
    price: z.number(),
    free: z.boolean(),
    mandatoryFor: z.enum(["none", "all_adults", "all_children"]),
    needsDate: z.boolean(),
    timeSlots: z.array(z.string()),
    transfer: z.boolean(),
    maxQuantity: z.number(),
    image: z.string().nullable(),
  })
  .meta({ id: "Service" });

export const HotelResponseSchema = z
  .object({ currency: z.string(), services: z.array(ServiceSchema) })
  .meta({ id: "HotelResponse" });
export type HotelResponse = z.infer<typeof HotelResponseSchema>;
