import { z } from "zod";
import {
  checkStay,
  commonSearchFields,
  IdSchema,
  MoneySchema,
  ReservationCodeSchema,
  searchPromoCode,
  toRooms,
  YmdSchema,
} from "../common";
import { LinkRefSchema } from "../portal/reservation-link";

/** `serviceAvail.do` (SPEC §7): the extra services one room slot may add to its room and rate. */
export const ServiceAvailQuerySchema = z
  .object({
    channel: commonSearchFields.channel,
    hotel: commonSearchFields.hotel,
    language: commonSearchFields.language,
    arrival: YmdSchema,
    departure: YmdSchema,
    adults: commonSearchFields.adults,
    childs: commonSearchFields.childs,
    ages: commonSearchFields.ages,
    promoCode: commonSearchFields.promoCode,
    hiddenPromocode: commonSearchFields.hiddenPromocode,
    customer: commonSearchFields.customer,
    rate: IdSchema,
    room: IdSchema,
    /** Adding services to an existing reservation. */
    reservationCode: ReservationCodeSchema.optional(),
    promoId: IdSchema.optional(),
    rlId: LinkRefSchema.optional(),
  })
  .transform((q, ctx) => {
    checkStay(q, ctx);
    const rooms = toRooms(q, ctx);
    if (rooms.length > 1)
      ctx.addIssue({ code: "custom", path: ["adults"], message: "one room slot per call" });
    const guests = rooms[0] ?? { adults: 2, ages: [] };
    return {
      channel: q.channel,
      hotel: q.hotel,
      language: q.language,
      arrival: q.arrival,
      departure: q.departure,
      adults: guests.adults,
      ages: guests.ages,
      promoCode: searchPromoCode(q),
      customer: q.customer,
      rateId: q.rate,
      roomId: q.room,
      reservationCode: q.reservationCode,
      promoId: q.promoId,
      reservationLinkId: q.rlId,
    };
  });
export type ServiceAvailQuery = z.output<typeof ServiceAvailQuerySchema>;

export const AvailableServiceSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    pricingBasis: z.enum(["per_person", "per_unit", "per_stay"]),
    perNight: z.boolean(),
    /** The unit price; 0 when free. */
    price: MoneySchema,
    /** Free, or included in the chosen rate. */
    free: z.boolean(),
    mandatoryFor: z.enum(["none", "all_adults", "all_children"]),
    needsDate: z.boolean(),
    /** The days a dated service may be chosen for (YYYYMMDD), arrival to departure. */
    dates: z.array(z.string()),
    timeSlots: z.array(z.string()),
    transfer: z.boolean(),
    maxQuantity: z.number(),
    image: z.string().nullable(),
    /** The price for this room's guests and nights at quantity 1 (or the forced quantity when mandatory). */
    totalForStay: MoneySchema,
  })
  .meta({ id: "AvailableService" });
export type AvailableService = z.infer<typeof AvailableServiceSchema>;

export const ServiceAvailResponseSchema = z
  .object({
    currency: z.string(),
    categories: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        /** SPEC §5: at least one service of a mandatory category must be chosen. */
        mandatory: z.boolean(),
        services: z.array(AvailableServiceSchema),
      }),
    ),
  })
  .meta({ id: "ServiceAvailResponse" });
export type ServiceAvailResponse = z.infer<typeof ServiceAvailResponseSchema>;
