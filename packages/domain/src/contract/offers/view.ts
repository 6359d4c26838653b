import { z } from "zod";
import { OFFER_STATES } from "../../offers/offer-state";
import { VIDEO_PROVIDERS } from "../../offers/video";
import { MoneySchema } from "../common";
import { OfferCodeSchema } from "./code";

export const OfferCodeParamsSchema = z.object({ offerCode: OfferCodeSchema });

export const OfferStateSchema = z.enum(OFFER_STATES);

const VideoSchema = z.object({
  provider: z.enum(VIDEO_PROVIDERS),
  kind: z.enum(["video", "playlist"]),
  /** The link as the hotel gave it. */
  url: z.string(),
  /** The privacy-friendly player address: load it only after the guest clicks (ADR 0034). */
  embedUrl: z.string(),
});

const OfferRoomSchema = z.object({
  roomId: z.number(),
  roomName: z.string(),
  rateId: z.number(),
  rateName: z.string(),
  mealPlan: z.string(),
  adults: z.number(),
  ages: z.array(z.number()),
  /** The held price of the room for the whole stay, major units. */
  price: MoneySchema,
});

const OfferServiceSchema = z.object({
  serviceId: z.number(),
  name: z.string(),
  quantity: z.number(),
  price: MoneySchema,
});

const OfferOptionSchema = z.object({
  /** 1-based: the order the hotel gave. */
  position: z.number(),
  title: z.string().nullable(),
  rooms: z.array(OfferRoomSchema),
  /** The services the hotel named, then the extras every booking of the hotel pays (a resort fee). */
  services: z.array(OfferServiceSchema),
  /** What confirming the option charges: rooms and services, mandatory extras included. */
  total: MoneySchema,
  /** Paid at the hotel, beside the total. */
  cityTax: MoneySchema,
});

const OfferAttachmentSchema = z.object({
  id: z.number(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
});

/** The whole offer, for its recipient only (after the unlock). */
export const OfferSchema = z
  .object({
    offerCode: z.string(),
    state: OfferStateSchema,
    language: z.number(),
    /** The hotel's e-mail: the recipient's way to ask it, whatever the offer's state. */
    hotel: z.object({ id: z.number(), name: z.string(), email: z.string() }),
    channel: z.number(),
    /** Why an unavailable offer is: the hotel withdrew it, or its rooms were gone; null in other states. */
    unavailableReason: z.enum(["withdrawn", "rooms_gone"]).nullable(),
    recipient: z.object({ name: z.string() }),
    currency: z.object({ code: z.string(), decimalDigits: z.number() }),
    /** YYYYMMDD */
    arrival: z.string(),
    departure: z.string(),
    nights: z.number(),
    /** ISO instant. */
    expiresAt: z.string(),
    message: z.string().nullable(),
    video: VideoSchema.nullable(),
    playlist: z.array(VideoSchema),
    options: z.array(OfferOptionSchema),
    attachments: z.array(OfferAttachmentSchema),
    /** The recipient's reason, once rejected. */
    rejection: z.object({ reason: z.string(), at: z.string() }).nullable(),
    /** Once confirmed: the reservation's code (its `/cro` page and voucher) and the option booked (1-based). */
    reservation: z.object({ code: z.string(), option: z.number() }).nullable(),
  })
  .meta({ id: "Offer" });
export type Offer = z.output<typeof OfferSchema>;

/**
 * `GET /api/v2/offers/:offerCode` (SPEC §7): without the offer's access token only the state (an open offer is
 * "locked"), the hotel's name and the language: no personal data. With the token set by the unlock, `offer` too.
 */
export const OfferSummarySchema = z.object({
  state: OfferStateSchema,
  hotel: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  /** Why an unavailable offer is (withdrawn by the hotel, or its rooms gone); null in other states. */
  unavailableReason: z.enum(["withdrawn", "rooms_gone"]).nullable(),
  /** The channel whose branding the offer page wears. */
  channel: z.number(),
  language: z.number(),
  offer: OfferSchema.optional(),
});
export type OfferSummary = z.output<typeof OfferSummarySchema>;
