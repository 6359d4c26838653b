import { z } from "zod";
import {
  MAX_ADULTS,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
  MIN_ADULTS,
  MIN_CHILD_AGE,
} from "../../occupancy/occupancy";
import { OFFER_STATES } from "../../offers/offer-state";
import { VIDEO_PROVIDERS } from "../../offers/video";
import { MAX_ROOMS, YmdSchema } from "../common";
import { OfferOptionInputSchema } from "../offers/create";
import { HotelParamsSchema } from "./access";

// The back office's offers (ADR 0038): the hotel's personalised offers, listed, created by hand (the body is
// the exposed API's `CreateOfferRequestSchema`, contract/offers/create.ts, as it is), followed and withdrawn. Money is
// in minor units of the offer's currency; stay dates are YYYY-MM-DD; instants are ISO 8601 (UTC).

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const IsoDateSchema = z.iso.date({ message: "must be a date written YYYY-MM-DD" });

export const BoOfferStateSchema = z.enum(OFFER_STATES);

export const OfferParamsSchema = HotelParamsSchema.extend({ offerId: Id });

export const OfferListQuerySchema = z.object({
  state: BoOfferStateSchema.optional(),
  /** Part of the recipient's name or e-mail, or of the offer code. */
  text: z.string().trim().max(200).optional(),
  /** Created on or after this day (hotel time). */
  createdFrom: IsoDateSchema.optional(),
  /** Created on or before this day (hotel time). */
  createdTo: IsoDateSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type OfferListQuery = z.infer<typeof OfferListQuerySchema>;

/** Who made the offer: a staff user (by name) or one of the hotel's API keys (by its prefix). */
export const OfferCreatorSchema = z.object({
  kind: z.enum(["staff", "api_key"]),
  /** The staff user's name, or the key's prefix (`alk_xxxxxxxx`); null when the key was deleted. */
  name: z.string().nullable(),
});

export const BoOfferSummarySchema = z
  .object({
    id: z.number().int(),
    offerCode: z.string(),
    recipientName: z.string(),
    email: z.string(),
    /** YYYY-MM-DD */
    arrival: z.string(),
    departure: z.string(),
    nights: z.number().int(),
    options: z.number().int(),
    /** The lowest and highest option totals, minor units. */
    minTotalMinor: z.number().int(),
    maxTotalMinor: z.number().int(),
    currency: z.string(),
    /** As of now: an open offer past its expiry is expired even before the timed job writes it. */
    state: BoOfferStateSchema,
    expiresAt: z.string(),
    createdAt: z.string(),
    createdBy: OfferCreatorSchema,
  })
  .meta({ id: "BoOfferSummary" });
export type BoOfferSummary = z.infer<typeof BoOfferSummarySchema>;

export const BoOfferListSchema = z
  .object({
    items: z.array(BoOfferSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** The hotel's IANA time zone: the page writes every instant in hotel time. */
    timeZone: z.string(),
  })
  .meta({ id: "BoOfferList" });
export type BoOfferList = z.infer<typeof BoOfferListSchema>;

const BoOfferVideoSchema = z.object({
  provider: z.enum(VIDEO_PROVIDERS),
  kind: z.enum(["video", "playlist"]),
  url: z.string(),
  embedUrl: z.string(),
});

export const BoOfferDetailSchema = z
  .object({
    id: z.number().int(),
    offerCode: z.string(),
    state: BoOfferStateSchema,
    recipient: z.object({ name: z.string(), email: z.string(), language: z.number().int() }),
    channel: z.object({ id: z.number().int(), name: z.string() }),
    arrival: z.string(),
    departure: z.string(),
    nights: z.number().int(),
    currency: z.object({ code: z.string(), decimalDigits: z.number().int() }),
    /** The hotel's IANA time zone: "valid until" and the history are written in hotel time. */
    timeZone: z.string(),
    message: z.string().nullable(),
    video: BoOfferVideoSchema.nullable(),
    playlist: z.array(BoOfferVideoSchema),
    expiresAt: z.string(),
    createdAt: z.string(),
    createdBy: OfferCreatorSchema,
    /** The recipient's page: `<public origin>/offer/<offerCode>`. */
    url: z.string(),
    options: z.array(
      z.object({
        id: z.number().int(),
        /** 1-based, the order given. */
        position: z.number().int(),
        title: z.string().nullable(),
        totalMinor: z.number().int(),
        /** The option the recipient confirmed. */
        confirmed: z.boolean(),
        rooms: z.array(
          z.object({
            roomId: z.number().int(),
            /** Names in the staff user's language. */
            roomName: z.string(),
            rateId: z.number().int(),
            rateName: z.string(),
            adults: z.number().int(),
            ages: z.array(z.number().int()),
            priceMinor: z.number().int(),
          }),
        ),
        services: z.array(
          z.object({
            serviceId: z.number().int(),
            name: z.string(),
            quantity: z.number().int(),
            priceMinor: z.number().int(),
          }),
        ),
      }),
    ),
    /** The recipient's reason, once rejected. */
    rejection: z.object({ reason: z.string(), at: z.string() }).nullable(),
    /** The reservation the confirmation made, once confirmed. */
    reservationId: z.number().int().nullable(),
    /** Every state change (offer_history), oldest first. */
    history: z.array(
      z.object({
        at: z.string(),
        action: z.string(),
        fromState: z.string().nullable(),
        toState: z.string().nullable(),
        /** "staff", "api_key", "recipient" or "system" */
        actorKind: z.string(),
        /** The staff user's name or the key's prefix, when known. */
        actorName: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "BoOfferDetail" });
export type BoOfferDetail = z.infer<typeof BoOfferDetailSchema>;

export const BoCreateOfferResponseSchema = z.object({
  id: z.number().int(),
  offerCode: z.string(),
  url: z.string(),
});
export type BoCreateOfferResponse = z.infer<typeof BoCreateOfferResponseSchema>;

/** What the new-offer form picks from (readable by every role of the `offers` area, unlike the catalogue). */
export const OfferChoicesSchema = z
  .object({
    currency: z.object({ code: z.string(), decimalDigits: z.number().int() }),
    timeZone: z.string(),
    /** The hotel's today, YYYY-MM-DD. */
    today: z.string(),
    channels: z.array(z.object({ id: z.number().int(), name: z.string() })),
    roomTypes: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        maxAdults: z.number().int(),
        maxChildren: z.number().int(),
        maxOccupancy: z.number().int(),
      }),
    ),
    /** With the channels each rate is sold on. */
    rates: z.array(
      z.object({ id: z.number().int(), name: z.string(), channelIds: z.array(z.number().int()) }),
    ),
    /**
     * With the catalogue price of one unit, to start from. `included`: the cheapest service of one of the hotel's
     * mandatory categories — every option must include a service of each, so a new option starts with these.
     */
    services: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        priceMinor: z.number().int(),
        included: z.boolean(),
      }),
    ),
  })
  .meta({ id: "BoOfferChoices" });
export type OfferChoices = z.infer<typeof OfferChoicesSchema>;

/** The public search's price of rooms for a stay: the "current price" the form shows beside each held price. */
export const OfferPriceRequestSchema = z.object({
  channel: Id,
  arrival: YmdSchema,
  departure: YmdSchema,
  rooms: z
    .array(
      z.object({
        roomId: Id,
        rateId: Id,
        adults: z.number().int().min(MIN_ADULTS).max(MAX_ADULTS),
        ages: z.array(z.number().int().min(MIN_CHILD_AGE).max(MAX_CHILD_AGE)).max(MAX_CHILDREN).default([]),
      }),
    )
    .min(1)
    .max(MAX_ROOMS * 5),
});
export type OfferPriceRequest = z.output<typeof OfferPriceRequestSchema>;

export const OfferPriceSchema = z.object({
  /** Per room asked: the price of the stay, or null with the reason (e.g. `sold_out`). */
  rooms: z.array(z.object({ totalMinor: z.number().int().nullable(), reason: z.string().nullable() })),
});
export type OfferPrice = z.infer<typeof OfferPriceSchema>;

/** One option of the new-offer form, priced as sending it will price it (the booking's one pricing function). */
export const OfferOptionPriceRequestSchema = z.object({
  channel: Id,
  arrival: YmdSchema,
  departure: YmdSchema,
  option: OfferOptionInputSchema,
});
export type OfferOptionPriceRequest = z.output<typeof OfferOptionPriceRequestSchema>;

export const OfferOptionPriceSchema = z.object({
  /** What the option's booking charges: held prices plus the extras every booking of the hotel pays; null: refused. */
  totalMinor: z.number().int().nullable(),
  /** Paid at the hotel, beside the total. */
  cityTaxMinor: z.number().int().nullable(),
  /** The mandatory extras the booking adds to the services the option names (a resort fee per adult). */
  extras: z.array(
    z.object({
      serviceId: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      priceMinor: z.number().int(),
    }),
  ),
  /** Why sending would be refused (e.g. the rate cannot be sold on these dates): the option's field and reason. */
  issue: z.object({ field: z.string(), message: z.string() }).nullable(),
});
export type OfferOptionPrice = z.infer<typeof OfferOptionPriceSchema>;
