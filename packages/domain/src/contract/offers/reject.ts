import { z } from "zod";
import { MAX_REJECTION_REASON } from "../../messaging/limits";
import { OfferSchema } from "./view";

export { MAX_REJECTION_REASON };
/** `POST /api/v2/offers/:offerCode/reject`: the recipient's reason, required. */
export const RejectOfferRequestSchema = z.object({
  reason: z.string().trim().min(1, "required").max(MAX_REJECTION_REASON),
});
export type RejectOfferRequest = z.output<typeof RejectOfferRequestSchema>;
export const RejectOfferResponseSchema = z.object({ offer: OfferSchema });
