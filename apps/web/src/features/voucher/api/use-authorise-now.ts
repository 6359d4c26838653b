import type { PaymentActionResponse } from "@alloggio/domain/contract/booking/manage";
import { postJson } from "../../../lib/api-client";
import { managePath, withKey } from "./manage-paths";
import type { CardToken, Holder } from "./use-pay-now";

/**
 * `bol/reservation/:code/authorise` — Authorise now: the card pre-authorisation the booking waits for. No card where
 * the gateway takes it on its own page (the answer names that page).
 */
export function authoriseNow(
  holder: Holder,
  card: CardToken | undefined,
  key: string,
): Promise<PaymentActionResponse> {
  return postJson<PaymentActionResponse>(
    managePath("authoriseNow", { code: holder.code }),
    { mail: holder.mail, ...(card ?? {}) },
    withKey(key),
  );
}
