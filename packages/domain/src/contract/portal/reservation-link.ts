import { z } from "zod";
import { IdSchema, LanguageIdSchema } from "../common";

export const ReservationLinkQuerySchema = z.object({
  channel: IdSchema,
  hotel: IdSchema,
  language: LanguageIdSchema,
  rlId: IdSchema.optional(),
});
export type ReservationLinkQuery = z.infer<typeof ReservationLinkQuerySchema>;

/** A stay the property prepared for a guest (SPEC §2 reservation link landing page). */
export const ReservationLinkSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    message: z.string(),
    arrival: z.string(),
    departure: z.string(),
    nights: z.number(),
    rooms: z.array(z.object({ adults: z.number(), ages: z.array(z.number()) })),
    /** Room types and rates the guest may choose from; empty means any. */
    roomIds: z.array(z.number()),
    rateIds: z.array(z.number()),
    promoCode: z.string().nullable(),
    /** A fixed total agreed for the stay (first room), in the hotel's currency; null when the rates' prices apply. */
    total: z.number().nullable(),
    currency: z.string(),
    /** An instant (ISO 8601, UTC) after which the link no longer books; null when it never expires. */
    expiresAt: z.string().nullable(),
    expired: z.boolean(),
  })
  .meta({ id: "ReservationLink" });
export type ReservationLink = z.infer<typeof ReservationLinkSchema>;

export const ReservationLinkResponseSchema = z
  .object({ links: z.array(ReservationLinkSchema) })
  .meta({ id: "ReservationLinkResponse" });
export type ReservationLinkResponse = z.infer<typeof ReservationLinkResponseSchema>;
