import { z } from "zod";
import {
  checkStay,
  commonSearchFields,
  FlagSchema,
  IdSchema,
  MAX_ROOMS,
  searchPromoCode,
  toRooms,
} from "../common";
import { LinkRefSchema } from "../portal/reservation-link";

const idList = z
  .string()
  .max(400)
  .regex(/^\d{1,9}(,\d{1,9})*$/, "must be a comma list of ids")
  .transform((v) => v.split(",").map(Number));

/** `avail.do` and its relatives take the common search parameters plus these. */
export const AvailQuerySchema = z
  .looseObject({
    ...commonSearchFields,
    mt_id: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    mobile: FlagSchema.optional(),
    pc_id: IdSchema.optional(),
    rlId: LinkRefSchema.optional(),
    connected: FlagSchema.optional(),
    room: idList.optional(),
    packs: idList.optional(),
    hpcc: z.string().max(4000).optional(),
    /** A signed total for the one room and rate chosen with `room` and `packs`: `total~signature`. */
    override: z.string().max(200).optional(),
  })
  .transform((q, ctx) => {
    checkStay(q, ctx);
    const rooms = toRooms(q, ctx);
    // ar_id1 … ar_idN: the rate chosen for room N, kept when the guest searches again.
    const chosenRates: (number | null)[] = rooms.map(() => null);
    for (const [key, value] of Object.entries(q)) {
      const m = /^ar_id(\d{1,2})$/.exec(key);
      if (!m) continue;
      const index = Number(m[1]) - 1;
      const id = Number(value);
      if (index < 0 || index >= MAX_ROOMS || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
        ctx.addIssue({ code: "custom", path: [key], message: "must be a rate id for an existing room" });
        continue;
      }
      if (index < chosenRates.length) chosenRates[index] = id;
    }
    return {
      channel: q.channel,
      hotel: q.hotel,
      language: q.language,
      arrival: q.arrival,
      departure: q.departure,
      rooms,
      promoCode: searchPromoCode(q),
      customer: q.customer,
      cross: q.cross ?? false,
      airport: q.airport?.toUpperCase(),
      mtId: q.mt_id,
      packageId: q.pc_id,
      reservationLinkId: q.rlId,
      connected: q.connected ?? false,
      roomIds: q.room,
      rateIds: q.packs,
      hpcc: q.hpcc,
      override: q.override,
      chosenRates,
    };
  });
export type AvailQuery = z.output<typeof AvailQuerySchema>;

const PrepaidSchema = z.object({ date: z.string(), amount: z.number(), percent: z.number() });

/**
 * A mandatory extra of the rate's stay (packages/domain/src/pricing/stay-charges.ts): `source.code` says why —
 * `all_adults`, `all_children` (charged for every adult or child of the room) or `category` (the least expensive
 * service of a mandatory category, needed once per booking).
 */
export const AdditionalServiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  quantity: z.number(),
  categoryId: z.number(),
  mandatory: z.boolean(),
  choosed: z.boolean(),
  source: z.object({ code: z.enum(["all_adults", "all_children", "category"]) }),
});
export type AdditionalService = z.infer<typeof AdditionalServiceSchema>;

/**
 * One flight of a flight-included package: `id` is its place in the airport's list; `airport` the airport it
 * leaves from, `to` the one it lands at; date YYYYMMDD, times HH:MM local; `price` per passenger (0: in the rate).
 */
const FlightLegSchema = z.object({
  id: z.number(),
  code: z.string(),
  airport: z.string().optional(),
  to: z.string().optional(),
  date: z.string().optional(),
  time: z.string().optional(),
  arrivalTime: z.string().nullable().optional(),
  price: z.number().optional(),
});

export const RateSchema = z
  .object({
    id: z.number(),
    mtId: z.number(),
    name: z.string(),
    /** The room for the stay, after discounts (SPEC "total"). */
    total: z.number(),
    /**
     * The room with its mandatory extras (`extraCost`) and its flights (`flightTotal`): what the stay costs, the
     * total a guest is shown.
     */
    stayTotal: z.number(),
    /** City tax of the room's guests for the stay: paid at the hotel, beside `stayTotal`. */
    cityTax: z.number(),
    /** The flights of a flight-included package for the room's guests, in `stayTotal` (0 without flights). */
    flightTotal: z.number(),
    /** The cheapest `stayTotal` of the room slot. */
    best: z.boolean(),
    /** Free cancellation until this many days before arrival; null when non-refundable. */
    policy: z.number().nullable(),
    cancellation: z.object({ refundable: z.boolean(), freeUntil: z.string().nullable() }),
    prepaids: z.array(PrepaidSchema),
    description: z.string(),
    freeServices: z.array(z.object({ id: z.number(), name: z.string() })),
    refundIncluded: z.boolean(),
    refundPrice: z.number().nullable(),
    insured: z.boolean(),
    extraCost: z.number(),
    additionalServices: z.array(AdditionalServiceSchema),
    /** Flight-included packages searched with an origin `airport`: the outbound and return flights of the stay. */
    selectedFlight: z
      .object({
        departure: FlightLegSchema,
        return: FlightLegSchema,
      })
      .nullable(),
    overridedPrice: z.number().nullable(),
    mealPlan: z.string(),
    payment: z.string(),
    nightly: z.array(z.object({ date: z.string(), price: z.number() })),
    /** Price before promo code and long-stay discount. */
    fullPrice: z.number(),
    promo: z.string().nullable(),
    commission: z.number().nullable(),
    net: z.boolean(),
    resellable: z.boolean(),
    minStay: z.number(),
    maxStay: z.number().nullable(),
  })
  .meta({ id: "Rate" });
export type Rate = z.infer<typeof RateSchema>;

export const AvailableRoomSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    gallery: z.array(z.string()),
    count: z.number(),
    amenities: z.array(z.string()),
    maxAdults: z.number(),
    maxOccupancy: z.number(),
    rates: z.array(RateSchema),
    suggestedRate: z.number().nullable(),
    overrided: z.boolean(),
  })
  .meta({ id: "AvailableRoom" });
export type AvailableRoom = z.infer<typeof AvailableRoomSchema>;

export const CrossSegmentSchema = z.object({
  roomId: z.number(),
  name: z.string(),
  arrival: z.string(),
  departure: z.string(),
  total: z.number(),
  nightly: z.array(z.object({ date: z.string(), price: z.number() })),
});

export const CrossOptionSchema = z.object({
  slot: z.number(),
  rate: z.object({ id: z.number(), name: z.literal("CROSSBOOKING"), ratePlanName: z.string() }),
  /** The rooms of every segment. */
  total: z.number(),
  /** Mandatory extras of the whole stay, as for a rate. */
  extraCost: z.number(),
  additionalServices: z.array(AdditionalServiceSchema),
  /** The rooms with the mandatory extras. */
  stayTotal: z.number(),
  cityTax: z.number(),
  segments: z.array(CrossSegmentSchema),
});
export type CrossOption = z.infer<typeof CrossOptionSchema>;

export const RestrictionNoticeSchema = z.object({
  kind: z.enum([
    "min_stay",
    "max_stay",
    "min_adults",
    "max_adults",
    "closed_to_arrival",
    "closed_to_departure",
    "closed",
    /** A flight-included package searched from an airport with no flight out on arrival and back on departure. */
    "no_flight",
    /** More guests in a room than any room type takes; the value is the most guests the largest one takes. */
    "max_guests",
  ]),
  value: z.number().nullable(),
});
export type RestrictionNotice = z.infer<typeof RestrictionNoticeSchema>;

export const AvailResponseSchema = z
  .object({
    availability: z.array(z.array(AvailableRoomSchema)),
    crossAvailability: z.array(CrossOptionSchema),
    crossbooking: z.object({ enabled: z.boolean(), maxSegments: z.number() }),
    crossProperty: z.array(z.object({ id: z.number(), name: z.string() })),
    currency: z.string(),
    arrival: z.string(),
    departure: z.string(),
    nights: z.number(),
    promo: z
      .object({
        code: z.string(),
        /** The promotion's name in the guest's language ("Summer: 10% off"); empty when the code is unknown. */
        name: z.string(),
        valid: z.boolean(),
        reason: z.string().nullable(),
        hidden: z.boolean(),
      })
      .nullable(),
    restrictions: z.array(RestrictionNoticeSchema),
  })
  .meta({ id: "AvailResponse" });
export type AvailResponse = z.infer<typeof AvailResponseSchema>;
