import { z } from "zod";

export const NearbyAvailResponseSchema = z
  .object({
    availabilityList: z.array(
      z.object({
        arrival: z.string(),
        departure: z.string(),
        /** The cheapest stay on those dates, with its mandatory extras. */
        minTotal: z.number(),
        /** Its city tax, paid at the hotel. */
        cityTax: z.number(),
      }),
    ),
    currency: z.string(),
  })
  .meta({ id: "NearbyAvailResponse" });
export type NearbyAvailResponse = z.infer<typeof NearbyAvailResponseSchema>;
