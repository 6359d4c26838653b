import { z } from "zod";
import { IdSchema, LanguageIdSchema } from "../common";

/** A link's public id (ADR 0027): 20 random base32 characters, lower case (100 bits). */
export const LINK_PUBLIC_ID = /^[a-z2-7]{20}$/;

/**
 * How a guest names a reservation link (`rlId`, the URL's `reservationLinkId`): its public id, or the numeric id of
 * an imported link that has no public id (ADR 0027). Numbers are read as their text.
 */
export const LinkRefSchema = z
  .union([z.number().int().min(1).max(2_147_483_647).transform(String), z.string().trim()])
  .pipe(
    z
      .string()
      .regex(/^(?:[1-9]\d{0,9}|[a-z2-7]{20})$/, "must be a reservation link id")
      .refine((v) => !/^\d+$/.test(v) || Number(v) <= 2_147_483_647, "must be a reservation link id"),
  );

export const ReservationLinkQuerySchema = z.object({
  channel: IdSchema,
  hotel: IdSchema,
  language: LanguageIdSchema,
  rlId: LinkRefSchema.optional(),
});
export type ReservationLinkQuery = z.infer<typeof ReservationLinkQuerySchema>;

/** A stay the property prepared for a guest (SPEC §2 reservation link landing page). */
export const ReservationLinkSchema = z
  .object({
    /** The id the guest URL carries: the public id, or the numeric id of an imported link without one. */
    id: z.string(),
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
    /**
     * A fixed total agreed for the stay (the first room, or every room of an answered quote), in the hotel's
     * currency; null when the rates' prices apply.
     */
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
