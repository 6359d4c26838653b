import { z } from "zod";
import { EmailSchema } from "../common";
import { OfferSchema } from "./view";

/** `POST /api/v2/offers/:offerCode/unlock`: the recipient's e-mail (any case). */
export const UnlockOfferRequestSchema = z.object({ email: EmailSchema });
export type UnlockOfferRequest = z.output<typeof UnlockOfferRequestSchema>;
export const UnlockOfferResponseSchema = z.object({
  offer: OfferSchema,
  /** When the access token (HttpOnly cookie) stops working; unlock again after it. */
  accessExpiresAt: z.string(),
});
