import type { PaymentGateway } from "../payments";
import { findPaymentOfRef, insertGatewayRefund } from "./gateway-money-repository";
import type { BookingDeps } from "./service";

/**
 * Refunds of payment `ref` the gateway made that Alloggio did not ask for (the hotel refunded in the gateway's
 * dashboard): each is recorded once against that payment, with a line in the reservation's history. The gateway
 * is asked for the payment's refunds as they stand, so the event's order or repetition changes nothing; Alloggio's
 * own refunds are known by their id or their idempotency key and left alone.
 */
export async function recordGatewayRefunds(
  deps: BookingDeps,
  gateway: PaymentGateway,
  ref: string,
): Promise<number> {
  if (!gateway.refundsOf) return 0;
  const payment = await findPaymentOfRef(deps.database, gateway.name, ref);
  if (!payment) return 0;
  let recorded = 0;
  for (const refund of await gateway.refundsOf(ref)) {
    const written = await insertGatewayRefund(deps.database, {
      reservationId: payment.reservationId,
      sourceId: payment.id,
      gateway: gateway.name,
      ref: refund.ref,
      key: refund.key,
      amountMinor: refund.amountMinor,
      at: deps.now(),
    });
    if (written) recorded++;
  }
  return recorded;
}
