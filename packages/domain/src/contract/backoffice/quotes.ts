import { z } from "zod";
import {
  MAX_ADULTS,
  MAX_CHILD_AGE,
  MAX_CHILDREN,
  MIN_ADULTS,
  MIN_CHILD_AGE,
} from "../../occupancy/occupancy";
import { MAX_ROOMS } from "../common";
import { LocalizedTextSchema } from "../property/property-file";
import { HotelParamsSchema } from "./access";

// The back office's quotes and reservation links: the quote requests guests sent with quote.do,
// answered with a priced reservation link; the links a hotel prepares by hand. Money is in minor units; dates of a
// stay are YYYY-MM-DD; instants are ISO 8601 (UTC).

export const QUOTE_STATUSES = ["new", "answered", "closed"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const IsoDateSchema = z.iso.date({ message: "must be a date written YYYY-MM-DD" });
/** Minor units: at most 10 000 000.00 in a two-digit currency. */
const MinorSchema = z.number().int().min(0).max(1_000_000_000);
const NameSchema = z.record(z.string(), z.string()).describe("Text per language code (en required)");

export const QuoteParamsSchema = HotelParamsSchema.extend({ quoteId: Id });
export const LinkParamsSchema = HotelParamsSchema.extend({ linkId: Id });

export const QuoteListQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type QuoteListQuery = z.infer<typeof QuoteListQuerySchema>;

const GuestsSchema = z.object({
  adults: z.number().int().min(MIN_ADULTS).max(MAX_ADULTS),
  ages: z.array(z.number().int().min(MIN_CHILD_AGE).max(MAX_CHILD_AGE)).max(MAX_CHILDREN),
});

export const QuoteSummarySchema = z
  .object({
    id: z.number().int(),
    status: z.enum(QUOTE_STATUSES),
    createdAt: z.string(),
    fullName: z.string(),
    email: z.string(),
    arrival: z.string(),
    departure: z.string(),
    nights: z.number().int(),
    rooms: z.number().int(),
    guests: z.number().int(),
    /** What the guest was quoted online (null when a room had no price). */
    totalMinor: z.number().int().nullable(),
    currency: z.string(),
    answeredAt: z.string().nullable(),
  })
  .meta({ id: "BoQuoteSummary" });
export type QuoteSummary = z.infer<typeof QuoteSummarySchema>;

export const QuoteListSchema = z
  .object({
    items: z.array(QuoteSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "BoQuoteList" });
export type QuoteList = z.infer<typeof QuoteListSchema>;

export const QuoteRoomSchema = GuestsSchema.extend({
  /** What the online quote offered (the guest's choice, or the search's least expensive); null: nothing. */
  roomTypeId: z.number().int().nullable(),
  ratePlanId: z.number().int().nullable(),
  suggested: z.boolean(),
  totalMinor: z.number().int().nullable(),
});

export const QuoteAnswerSchema = z.object({
  rooms: z.array(
    z.object({ roomTypeId: z.number().int(), ratePlanId: z.number().int(), totalMinor: z.number() }),
  ),
  totalMinor: z.number().int(),
  note: z.string().nullable(),
  expiresAt: z.string(),
  answeredBy: z.string().nullable(),
  /** The guest's link to the prepared stay. */
  linkUrl: z.string().nullable(),
});

export const QuoteDetailSchema = QuoteSummarySchema.extend({
  channelId: z.number().int(),
  languageId: z.number().int(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  promoCode: z.string().nullable(),
  roomsAsked: z.array(QuoteRoomSchema),
  currencyDigits: z.number().int(),
  closedAt: z.string().nullable(),
  answer: QuoteAnswerSchema.nullable(),
  /** The hotel's room types and the rate plans sold on the quote's channel, to complete it with. */
  roomTypes: z.array(z.object({ id: z.number().int(), name: NameSchema })),
  ratePlans: z.array(z.object({ id: z.number().int(), name: NameSchema })),
}).meta({ id: "BoQuoteDetail" });
export type QuoteDetail = z.infer<typeof QuoteDetailSchema>;

const RoomPickSchema = z.object({ roomTypeId: Id, ratePlanId: Id });

/** The search's price of the quote's stay for a room type and rate per room: what the send form starts from. */
export const QuotePriceRequestSchema = z
  .object({ rooms: z.array(RoomPickSchema).min(1).max(MAX_ROOMS) })
  .meta({ id: "BoQuotePriceRequest" });
export type QuotePriceRequest = z.infer<typeof QuotePriceRequestSchema>;

export const QuotePriceSchema = z
  .object({ rooms: z.array(z.object({ totalMinor: z.number().int() })), totalMinor: z.number().int() })
  .meta({ id: "BoQuotePrice" });
export type QuotePrice = z.infer<typeof QuotePriceSchema>;

/** The hotel completes a quote: one room type, rate plan and price per room asked, a note, the last valid day. */
export const QuoteSendSchema = z
  .object({
    rooms: z
      .array(
        RoomPickSchema.extend({
          totalMinor: MinorSchema,
          /**
           * The room type and rate `totalMinor` was written or priced for (null: never priced). A price for another
           * pick is stale: the send is refused (409 `quote_prices_stale`) until the room is priced again.
           */
          pricedFor: RoomPickSchema.nullable(),
        }),
      )
      .min(1)
      .max(MAX_ROOMS),
    note: z.string().trim().max(2000).optional(),
    /** The last day (hotel time) the guest can book the link. */
    validUntil: IsoDateSchema,
  })
  .meta({ id: "BoQuoteSend" });
export type QuoteSend = z.infer<typeof QuoteSendSchema>;

// ── reservation links ─────────────────────────────────────────────────────────────────────────────────────────

export const LinkSchema = z
  .object({
    id: z.number().int(),
    /** The id in the guest URL; null for an imported link, which keeps its number (ADR 0027). */
    publicId: z.string().nullable(),
    channelId: z.number().int(),
    title: NameSchema,
    message: NameSchema,
    arrival: z.string(),
    departure: z.string(),
    rooms: z.array(GuestsSchema),
    roomTypeIds: z.array(z.number().int()),
    ratePlanIds: z.array(z.number().int()),
    promoCode: z.string().nullable(),
    totalMinor: z.number().int().nullable(),
    roomPrices: z
      .array(
        z.object({
          roomTypeId: z.number().int(),
          ratePlanId: z.number().int(),
          totalMinor: z.number().int(),
        }),
      )
      .nullable(),
    expiresAt: z.string().nullable(),
    createdAt: z.string().nullable(),
    /** The guest's page of the link (absolute URL). */
    guestUrl: z.string(),
  })
  .meta({ id: "BoLink" });
export type Link = z.infer<typeof LinkSchema>;

export const LinkListSchema = z
  .object({
    items: z.array(LinkSchema),
    currency: z.string(),
    currencyDigits: z.number().int(),
    channels: z.array(z.object({ id: z.number().int(), name: z.string() })),
    roomTypes: z.array(z.object({ id: z.number().int(), name: NameSchema })),
    ratePlans: z.array(z.object({ id: z.number().int(), name: NameSchema })),
  })
  .meta({ id: "BoLinkList" });
export type LinkList = z.infer<typeof LinkListSchema>;

export const LinkCreateSchema = z
  .object({
    channelId: Id,
    title: LocalizedTextSchema,
    message: LocalizedTextSchema.optional(),
    arrival: IsoDateSchema,
    departure: IsoDateSchema,
    rooms: z.array(GuestsSchema).min(1).max(MAX_ROOMS),
    /** Empty: any room type (rate plan). */
    roomTypeIds: z.array(Id).max(200).default([]),
    ratePlanIds: z.array(Id).max(200).default([]),
    promoCode: z.string().trim().max(40).optional(),
    /** A fixed total for the stay (the first room), replacing the rates' prices. */
    totalMinor: MinorSchema.optional(),
    /** The last day (hotel time) the link books; none: it never expires. */
    validUntil: IsoDateSchema.optional(),
  })
  .meta({ id: "BoLinkCreate" });
export type LinkCreate = z.input<typeof LinkCreateSchema>;
