import { z } from "zod";
import { IdSchema, LanguageIdSchema } from "../common";

export const DestinationsQuerySchema = z.object({ channel: IdSchema, language: LanguageIdSchema });
export type DestinationsQuery = z.infer<typeof DestinationsQuerySchema>;

/** SPEC §3 Destination: id, name, and the computed property count and list (hotels sold on the channel). */
export const DestinationSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    count: z.number(),
    properties: z.array(z.object({ id: z.number(), name: z.string() })),
  })
  .meta({ id: "Destination" });
export type Destination = z.infer<typeof DestinationSchema>;

export const DestinationsResponseSchema = z
  .object({ destinations: z.array(DestinationSchema) })
  .meta({ id: "DestinationsResponse" });
export type DestinationsResponse = z.infer<typeof DestinationsResponseSchema>;
