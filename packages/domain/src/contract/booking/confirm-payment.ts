import { z } from "zod";
import { RESERVATION_STATUSES } from "../../booking/reservation-state";
import { IdSchema, ReservationCodeSchema } from "../common";

/**
 * `confirmPayment.do` (SPEC §7): the guest is back from the gateway; the server asks the gateway itself and
 * confirms only what the gateway says was paid. Works as a query or a JSON body.
 */
export const ConfirmPaymentRequestSchema = z
  .object({
    reservation: ReservationCodeSchema,
    /** The prepayment step (payment due) being paid; absent = the one due now. */
    prepayment: IdSchema.optional(),
    gateway: z.string().regex(/^[a-z0-9_-]{1,40}$/, "must be a gateway key"),
    /** The gateway's reference for the payment, as it returned the guest. */
    paymentRef: z.string().trim().min(1).max(200).optional(),
  })
  .meta({ id: "ConfirmPaymentRequest" });
export type ConfirmPaymentRequest = z.output<typeof ConfirmPaymentRequestSchema>;

export const ConfirmPaymentResponseSchema = z
  .object({ status: z.enum(RESERVATION_STATUSES), paid: z.boolean() })
  .meta({ id: "ConfirmPaymentResponse" });
export type ConfirmPaymentResponse = z.infer<typeof ConfirmPaymentResponseSchema>;

/**
 * A gateway's notification that a payment changed (a webhook). Only a nudge: the server asks the gateway for
 * the payment `ref` names and acts on the gateway's answer, so a forged, repeated or out-of-order event
 * changes nothing that the gateway does not confirm.
 */
export const GatewayEventSchema = z
  .object({
    /** The gateway's event id. */
    id: z.string().trim().min(1).max(200),
    /** What the gateway says happened (informative only). */
    type: z.string().trim().min(1).max(100),
    /** The gateway's reference of the payment. */
    ref: z.string().trim().min(1).max(200),
  })
  .meta({ id: "GatewayEvent" });
export type GatewayEvent = z.output<typeof GatewayEventSchema>;
