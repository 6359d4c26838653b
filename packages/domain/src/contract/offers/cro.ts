import { z } from "zod";
import { RESERVATION_STATUSES } from "../../booking/reservation-state";
import { MoneySchema } from "../common";
import { OfferStateSchema } from "./view";

/** `GET /api/v2/cro/:reservationCode` (SPEC §7): the reservation code as typed (any case, dashes allowed). */
export const CroParamsSchema = z.object({ reservationCode: z.string().min(1).max(40) });

/**
 * The details of a reservation offer (SPEC §2 `/cro/:reservationCode`): a reservation made by confirming a
 * personalised offer, with its state. The code (80 random bits) is the key, so the answer carries no personal data
 * beyond the recipient's name: no e-mail, phone, address or payment (those are on the voucher, behind code + e-mail).
 * A reservation that did not come from an offer is unknown here (404 `not_found`).
 */
export const CroResponseSchema = z
  .object({
    reservation: z.object({
      code: z.string(),
      status: z.enum(RESERVATION_STATUSES),
      /** YYYYMMDD */
      arrival: z.string(),
      departure: z.string(),
      nights: z.number(),
      total: MoneySchema,
      currency: z.object({ code: z.string(), decimalDigits: z.number() }),
      createdAt: z.string(),
    }),
    hotel: z.object({ id: z.number(), name: z.string() }),
    channel: z.number(),
    language: z.number(),
    recipient: z.object({ name: z.string() }),
    offer: z.object({
      code: z.string(),
      state: OfferStateSchema,
      /** The option that was booked (1-based) and its name. */
      option: z.number(),
      title: z.string().nullable(),
      rooms: z.array(
        z.object({
          roomName: z.string(),
          rateName: z.string(),
          mealPlan: z.string(),
          adults: z.number(),
          ages: z.array(z.number()),
          price: MoneySchema,
        }),
      ),
      services: z.array(z.object({ name: z.string(), quantity: z.number(), price: MoneySchema })),
    }),
  })
  .meta({ id: "ReservationOffer" });
export type CroResponse = z.infer<typeof CroResponseSchema>;
