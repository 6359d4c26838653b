/**
 * Resale of a resellable rate from the voucher (SPEC §1, §4, §9; ADR 0065). The holder proves who they are with the
 * reservation code (path) and the booker's e-mail (body), as every voucher action does; both calls need the
 * `Idempotency-Key` header. Money is a decimal number in the hotel currency; days `YYYYMMDD`; instants ISO 8601.
 */
import { z } from "zod";
import { EmailSchema, ReservationCodeSchema } from "../common";

export const RESALE_PATHS = {
  list: "/api/v2/reservations/:code/resale",
  withdraw: "/api/v2/reservations/:code/resale/:offerId",
} as const;

/** The codes of the refusals (409), beside the voucher's `check_details` (404) and `already_cancelled`. */
export const RESALE_ERROR_CODES = [
  /** The room's rate is not resellable. */
  "not_resellable",
  /** Past 23:59 hotel time the day before arrival. */
  "resale_closed",
  /** The reservation is cancelled or not confirmed. */
  "reservation_cancelled",
  /** The room is already listed. */
  "resale_listed",
  /** Withdrawing an offer that is no longer listed, or whose nights began to sell. */
  "resale_not_listed",
] as const;

const BodyIdSchema = z.number().int().min(1).max(2_147_483_647);

export const ResaleCodeParamsSchema = z.strictObject({ code: ReservationCodeSchema });
export const ResaleOfferParamsSchema = z.strictObject({
  code: ReservationCodeSchema,
  offerId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const ResaleListRequestSchema = z.strictObject({
  mail: EmailSchema.describe("The booker's e-mail: with the code, the holder's proof"),
  /** The reservation's rooms to put up for resale (reservation room ids, as `retrieve.do` gives them). */
  rooms: z.array(BodyIdSchema).min(1).max(20),
});
export type ResaleListRequest = z.output<typeof ResaleListRequestSchema>;

export const ResaleWithdrawRequestSchema = z.strictObject({
  mail: EmailSchema.describe("The booker's e-mail: with the code, the holder's proof"),
});
export type ResaleWithdrawRequest = z.output<typeof ResaleWithdrawRequestSchema>;

export const RESALE_OFFER_STATUSES = ["listed", "settled", "expired", "withdrawn"] as const;

/** One room put up for resale, as the voucher and the back office show it. */
export const ResaleOfferSchema = z
  .object({
    id: z.number().int(),
    roomId: z.number().int(),
    status: z.enum(RESALE_OFFER_STATUSES),
    /** The last instant its nights sell: 23:59:59.999 hotel time the day before arrival. */
    deadline: z.string(),
    feePercent: z.number(),
    nights: z.array(
      z.object({ day: z.string(), status: z.enum(["listed", "sold", "expired", "withdrawn"]) }),
    ),
    /** What the resold nights recovered, the fee and the refund (`resaleRefund`), settled or not yet. */
    recovered: z.number(),
    fee: z.number(),
    refund: z.number(),
    currency: z.string(),
  })
  .meta({ id: "ResaleOffer" });
export type ResaleOffer = z.infer<typeof ResaleOfferSchema>;

export const ResaleResponseSchema = z
  .object({ offers: z.array(ResaleOfferSchema) })
  .meta({ id: "ResaleOffers" });
export type ResaleResponse = z.infer<typeof ResaleResponseSchema>;
