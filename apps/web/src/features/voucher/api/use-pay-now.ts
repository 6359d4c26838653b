import type { PaymentActionResponse } from "@alloggio/domain/contract/booking/manage";
import { postJson } from "../../../lib/api-client";
import { managePath, withKey } from "./manage-paths";

export type Holder = { code: string; mail: string };
/** The gateway's token for a card typed on its own page, and the last four digits. */
export type CardToken = { cardToken: string; cardLast4: string };
export type PayMethod = "card_payment" | "instant_bank" | "wallet" | "mobile" | "pay_by_link";

/** `bol/reservation/:code/pay` — Pay now: by card (the gateway's token) or on the gateway's page (a redirect). */
export function payNow(
  holder: Holder,
  payment: { method: PayMethod; prepayment?: number | undefined; card?: CardToken | undefined },
  key: string,
): Promise<PaymentActionResponse> {
  return postJson<PaymentActionResponse>(
    managePath("payNow", { code: holder.code }),
    {
      mail: holder.mail,
      ...(payment.prepayment === undefined ? {} : { prepayment: payment.prepayment }),
      method: payment.method,
      ...(payment.card ?? {}),
    },
    withKey(key),
  );
}
