import { z } from "zod";
import {
  MAX_ADULTS,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
  MIN_ADULTS,
  MIN_CHILD_AGE,
} from "../../occupancy/occupancy";
import { parseVideoLink } from "../../offers/video";
import { isValidYmd } from "../../stay-dates/stay-dates";
import { checkStay, EmailSchema, LanguageIdSchema, MAX_ROOMS, YmdSchema } from "../common";

/** Limits of one offer: a few alternatives, each a small booking. */
export const MAX_OFFER_OPTIONS = 5;
export const MAX_OFFER_SERVICES = 20;
export const MAX_OFFER_MESSAGE = 4000;
export const MAX_PLAYLIST_LINKS = 20;
/** A held price: at most 100 million minor units (a million euros) per line. */
export const MAX_HELD_MINOR = 100_000_000;

const BodyIdSchema = z.number().int().min(1).max(2_147_483_647);
const MinorSchema = z.number().int().min(0).max(MAX_HELD_MINOR);

/** A link to an allowed video host (YouTube, Vimeo, Dailymotion; https), ADR 0034. */
export const VideoUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((url) => parseVideoLink(url) !== null, {
    message: "must be an https link to a YouTube, Vimeo or Dailymotion video or playlist",
  });

export const OfferRoomInputSchema = z.object({
  /** The hotel's room type. */
  roomId: BodyIdSchema,
  /** The hotel's rate plan, sold on the offer's channel. */
  rateId: BodyIdSchema,
  adults: z.number().int().min(MIN_ADULTS).max(MAX_ADULTS),
  ages: z.array(z.number().int().min(MIN_CHILD_AGE).max(MAX_CHILD_AGE)).max(MAX_CHILDREN).default([]),
  /** The price the offer holds for this room for the whole stay, in the hotel currency's minor units. */
  priceMinor: MinorSchema,
});

export const OfferServiceInputSchema = z.object({
  /** One of the hotel's extra services, included in the option. */
  serviceId: BodyIdSchema,
  quantity: z.number().int().min(1).max(99).default(1),
  /** What the option charges for it in all (0 when it is a gift), minor units. */
  priceMinor: MinorSchema,
});

export const OfferOptionInputSchema = z.object({
  /** A short name the hotel gives the alternative ("Lake view", "Family suite"); optional. */
  title: z.string().trim().max(120).optional(),
  rooms: z.array(OfferRoomInputSchema).min(1).max(MAX_ROOMS),
  services: z.array(OfferServiceInputSchema).max(MAX_OFFER_SERVICES).default([]),
});

/**
 * `POST /api/v2/offers/create` (SPEC §7 Group B "an offer request"): a personalised offer of one hotel, sent to a
 * recipient, with 1..N alternatives whose prices the offer holds until it expires. Authorised by the hotel's API
 * key (`Authorization: Bearer …`), once per `Idempotency-Key`.
 */
export const CreateOfferRequestSchema = z
  .object({
    hotel: BodyIdSchema,
    /** The channel whose rates the options use; the offer's confirmation books on it. */
    channel: BodyIdSchema,
    recipient: z.object({
      name: z.string().trim().min(1).max(200),
      email: EmailSchema,
      /** SPEC §3 language id (1 en … 9 ja): the mail and the offer page speak it. */
      language: LanguageIdSchema,
    }),
    /** The stay, YYYYMMDD; every option is for these nights. */
    arrival: YmdSchema,
    departure: YmdSchema,
    options: z.array(OfferOptionInputSchema).min(1).max(MAX_OFFER_OPTIONS),
    message: z.string().trim().max(MAX_OFFER_MESSAGE).optional(),
    /** The instant the offer stops being valid (ISO 8601 with an offset); must be in the future. */
    expiresAt: z.iso.datetime({ offset: true }),
    video: VideoUrlSchema.optional(),
    playlist: z.array(VideoUrlSchema).max(MAX_PLAYLIST_LINKS).default([]),
  })
  // A malformed date is reported by its own field; the stay is checked only between two real dates.
  .superRefine((body, ctx) => {
    if (isValidYmd(body.arrival) && isValidYmd(body.departure)) checkStay(body, ctx);
  });
export type CreateOfferRequest = z.output<typeof CreateOfferRequestSchema>;
export type CreateOfferInput = z.input<typeof CreateOfferRequestSchema>;

export const CreateOfferResponseSchema = z.object({
  offerCode: z.string(),
  /** The offer page the recipient was mailed: `<public origin>/offer/<offerCode>`. */
  url: z.string(),
});
export type CreateOfferResponse = z.output<typeof CreateOfferResponseSchema>;
