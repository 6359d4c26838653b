import { z } from "zod";
import {
  BookerSchema,
  ConfirmResponseSchema,
  GuestSchema,
  InvoiceSchema,
  PaymentSchema,
  PrepaidCheckResponseSchema,
  PrivacySchema,
  TermsSchema,
} from "../booking/guestdata";
import { MAX_ROOMS, MoneySchema } from "../common";
import { OfferCodeSchema } from "./code";
import { MAX_OFFER_OPTIONS } from "./create";

/** `…/offers/:offerCode/options/:position/…`: one alternative of an offer, 1-based as the hotel ordered them. */
export const OfferOptionParamsSchema = z.object({
  offerCode: OfferCodeSchema,
  position: z.coerce.number().int().min(1).max(MAX_OFFER_OPTIONS),
});

/**
 * `GET /api/v2/offers/:offerCode/options/:position/payment` (needs the unlock's access cookie): what confirming this
 * option costs and how it can be paid, exactly as `guestdata.do` with `checkPrepaid` answers for a booking (held
 * prices, mandatory extras, city tax, due now and later, the payment methods its rates allow).
 */
export const OfferOptionPaymentResponseSchema = PrepaidCheckResponseSchema;

/**
 * `POST /api/v2/offers/:offerCode/confirm` (needs the unlock's access cookie and an `Idempotency-Key` header):
 * the recipient books one option. The stay, rooms, occupancy, services and held prices come from the offer, never
 * from the body; the body carries what only the guest can give: the booker, the guests' names where the hotel asks
 * for them, consents, the invoice and the payment. The server books through the booking workflow (the same checks,
 * inventory taken in the same transaction that marks the offer confirmed, payment per the option's rates).
 */
export const ConfirmOfferRequestSchema = z
  .strictObject({
    /** The option chosen, 1-based. */
    option: z.number().int().min(1).max(MAX_OFFER_OPTIONS),
    booker: BookerSchema,
    /** Guests per room, in the option's room order (only when the hotel asks for their names). */
    guests: z.array(z.array(GuestSchema).max(20)).max(MAX_ROOMS).optional(),
    privacy: PrivacySchema,
    terms: TermsSchema,
    invoice: InvoiceSchema.optional(),
    payment: PaymentSchema,
    /** The total the guest saw, major units; a different price answers "prices changed". */
    expectedTotal: MoneySchema.min(0).optional(),
  })
  .meta({ id: "ConfirmOfferRequest" });
export type ConfirmOfferRequest = z.infer<typeof ConfirmOfferRequestSchema>;

/**
 * Same as the booking call's answer: `voucher` (booked: the voucher at code + e-mail) or `3ds` (pay at
 * `redirectUrl`, then the 3-D Secure return route). A later call for the same offer answers 409 `offer_closed`
 * (it was confirmed, by this tab or another), `offer_expired`, or 409 `sold_out` or `offer_unavailable` (the rooms are gone; the
 * offer is then "no longer available").
 */
export const ConfirmOfferResponseSchema = ConfirmResponseSchema;
export type ConfirmOfferResponse = z.infer<typeof ConfirmOfferResponseSchema>;
