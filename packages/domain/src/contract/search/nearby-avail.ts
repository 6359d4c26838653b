import { z } from "zod";

export const NearbyAvailResponseSchema = z
  .object({
    availabilityList: z.array(z.object({ arrival: z.string(), departure: z.string(), minTotal: z.number() })),
    currency: z.string(),
  })
  .meta({ id: "NearbyAvailResponse" });
export type NearbyAvailResponse = z.infer<typeof NearbyAvailResponseSchema>;
