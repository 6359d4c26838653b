import { z } from "zod";
import { IdSchema } from "../common";

export const HotelInfoParamsSchema = z.object({
  hotel: IdSchema,
  lang: z.coerce.number().int().min(1).max(9),
});

export const HotelInfoResponseSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    address: z.string(),
    city: z.string(),
    country: z.string(),
    email: z.string(),
    phone: z.string(),
    timeZone: z.string(),
    checkIn: z.object({ from: z.string(), until: z.string() }),
    checkOut: z.object({ until: z.string() }),
    breakfast: z.object({ from: z.string(), until: z.string() }).nullable(),
    pets: z.object({
      policy: z.enum(["not_allowed", "free", "per_stay", "per_night"]),
      fee: z.number(),
    }),
    wellness: z.array(z.string()),
    activities: z.array(z.string()),
    businessServices: z.array(z.string()),
    currency: z.string(),
    cityTax: z.number(),
  })
  .meta({ id: "HotelInfoResponse" });
export type HotelInfoResponse = z.infer<typeof HotelInfoResponseSchema>;
