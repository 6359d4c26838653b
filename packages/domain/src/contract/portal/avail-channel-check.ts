import { z } from "zod";
import { checkStay, commonSearchFields, IdSchema, searchPromoCode, toRooms } from "../common";
import { RestrictionNoticeSchema } from "../search/avail";

/** The most hotels one portal search may name in `hotels`. */
export const MAX_PORTAL_HOTELS = 200;

const hotelIds = z
  .string()
  .max(2000)
  .regex(/^\d{1,9}(,\d{1,9})*$/, "must be a comma list of hotel ids")
  .transform((v) => [...new Set(v.split(",").map(Number))])
  .refine((ids) => ids.length <= MAX_PORTAL_HOTELS, `at most ${MAX_PORTAL_HOTELS} hotels`);

const { hotel: _hotel, cross: _cross, airport: _airport, ...portalFields } = commonSearchFields;

/** `availChannelCheck.do`: one search across the group's hotels on a channel, a destination's, or a chosen set. */
export const AvailChannelCheckQuerySchema = z
  .object({
    ...portalFields,
    destination: IdSchema.optional(),
    hotels: hotelIds.optional(),
  })
  .transform((q, ctx) => {
    checkStay(q, ctx);
    const rooms = toRooms(q, ctx);
    return {
      channel: q.channel,
      language: q.language,
      arrival: q.arrival,
      departure: q.departure,
      destination: q.destination,
      hotels: q.hotels,
      rooms,
      promoCode: searchPromoCode(q),
      customer: q.customer,
    };
  });
export type AvailChannelCheckQuery = z.output<typeof AvailChannelCheckQuerySchema>;

export const PortalHotelSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    city: z.string(),
    country: z.string(),
    /** The destinations the hotel belongs to, by id. */
    destinations: z.array(z.number()),
    /** A picture of the hotel (its first room's first picture), or null. */
    image: z.string().nullable(),
    currency: z.string(),
    /** Whether every room asked for can be had at once. */
    available: z.boolean(),
    /**
     * The lowest total of the stay for all rooms (cheapest rate per room, with its mandatory extras), in the hotel's
     * currency; null when not available.
     */
    minTotal: z.number().nullable(),
    /** The city tax of that stay, paid at the hotel beside `minTotal`; null when not available. */
    cityTax: z.number().nullable(),
    /** Why there is no price: nothing free, a rule of the stay (see restrictions), or an arrival already past there. */
    reason: z.enum(["sold_out", "restricted", "past"]).nullable(),
    restrictions: z.array(RestrictionNoticeSchema),
  })
  .meta({ id: "PortalHotel" });
export type PortalHotel = z.infer<typeof PortalHotelSchema>;

export const AvailChannelCheckResponseSchema = z
  .object({
    hotels: z.array(PortalHotelSchema),
    arrival: z.string(),
    departure: z.string(),
    nights: z.number(),
  })
  .meta({ id: "AvailChannelCheckResponse" });
export type AvailChannelCheckResponse = z.infer<typeof AvailChannelCheckResponseSchema>;
