import { z } from "zod";
import { normalizeOfferCode } from "../../offers/offer-code";

/** An offer code as a guest may type it (any case, dashes, I/L/O), turned into the canonical code. */
export const OfferCodeSchema = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const code = normalizeOfferCode(value);
    if (code === null) {
      ctx.addIssue({ code: "custom", message: "must be an offer code" });
      return z.NEVER;
    }
    return code;
  });
