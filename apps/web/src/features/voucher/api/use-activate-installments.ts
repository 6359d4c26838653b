import type { PaymentActionResponse } from "@alloggio/domain/contract/booking/manage";
import { postJson } from "../../../lib/api-client";
import { managePath, withKey } from "./manage-paths";
import type { CardToken, Holder } from "./use-pay-now";

/**
 * `bol/reservation/:code/installments` — Activate: what is left to pay in `count` monthly charges on the card. No
 * card where the gateway takes it on its own page (the answer names that page).
 */
export function activateInstallments(
  holder: Holder,
  count: number,
  card: CardToken | undefined,
  key: string,
): Promise<PaymentActionResponse> {
  return postJson<PaymentActionResponse>(
    managePath("activateInstallments", { code: holder.code }),
    { mail: holder.mail, count, ...(card ?? {}) },
    withKey(key),
  );
}
