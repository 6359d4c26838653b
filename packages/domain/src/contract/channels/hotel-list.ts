import { z } from "zod";
import { IdSchema, LanguageIdSchema } from "../common";

export const HotelListQuerySchema = z.object({
  domain: z.string().max(253).optional(),
  channel: IdSchema.optional(),
  hotel: IdSchema.optional(),
  language: LanguageIdSchema,
  type: z.coerce.number().int().min(0).max(9).optional(),
});
export type HotelListQuery = z.infer<typeof HotelListQuerySchema>;

export const ChannelSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    trade: z.boolean(),
    tradeAssociated: z.number().nullable(),
    colors: z.object({ primary: z.string(), secondary: z.string(), style: z.string().optional() }),
    customScripts: z.record(z.string(), z.string()),
    tracking: z.record(z.string(), z.unknown()),
    installments: z.object({ has_holipay: z.boolean(), holipay_user: z.string().optional() }),
    tradeConfHour: z.number(),
    settings: z.record(z.string(), z.unknown()),
    branding: z.object({ pageTitle: z.string(), icon: z.string() }).nullable(),
  })
  .meta({ id: "Channel" });

export const HotelSummarySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    country: z.string(),
    currency: z.string(),
    timeZone: z.string(),
    ageGroup: z.array(z.object({ id: z.number(), min: z.number(), max: z.number() })),
    /** What the hotel's largest room takes, for the guests picker; null with no rooms. */
    largestRoom: z.object({ maxAdults: z.number(), maxGuests: z.number() }).nullable(),
    messaging: z.object({
      active: z.boolean(),
      button: z.string().optional(),
      number: z.string().optional(),
      mobileUrl: z.string().optional(),
      webUrl: z.string().optional(),
    }),
    settings: z.object({ aspect: z.object({ showChat: z.boolean() }) }).catchall(z.unknown()),
    destinations: z.array(z.object({ id: z.number(), name: z.string() })),
    /**
     * The hotel's pictures: the first of each room type that has one, in the rooms' order (the first is the portal
     * card's picture, as availChannelCheck.do gives it). As stored: a path of this site or a full URL.
     */
    images: z.array(z.string()),
    gateway: z.string(),
    guestsMandatory: z.boolean(),
  })
  .catchall(z.unknown())
  .meta({ id: "HotelSummary" });

export const HotelListResponseSchema = z
  .object({ channel: ChannelSchema, hotels: z.array(HotelSummarySchema) })
  .meta({ id: "HotelListResponse" });
export type HotelListResponse = z.infer<typeof HotelListResponseSchema>;
