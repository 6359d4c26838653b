import { BO_ROUTES } from "@alloggio/domain/contract/backoffice/routes";
import { renderDisputeMail } from "../mail";
import type { PaymentGateway } from "../payments";
import {
  findDisputeMailFacts,
  findDisputesOf,
  findPaymentOfRef,
  insertGatewayRefund,
  upsertDispute,
} from "./gateway-money-repository";
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

/** A dispute's statuses that end it, and the history line each writes. */
const DISPUTE_OUTCOMES: Record<string, string> = {
  won: "dispute_won",
  lost: "dispute_lost",
  // An inquiry the bank closed without a chargeback.
  warning_closed: "dispute_closed",
  prevented: "dispute_closed",
};

/**
 * A dispute the card holder's bank opened on payment `ref` (a chargeback): kept on the reservation as the gateway
 * tells it now (asked, not read from the event), so a late "created" after a "closed" changes nothing. The
 * reservation's history says when it opened and how it ended; the hotel sees it on the reservation.
 */
export async function recordGatewayDispute(
  deps: BookingDeps,
  gateway: PaymentGateway,
  ref: string,
  disputeId: string,
  baseUrl: string,
): Promise<{ before: string | null; status: string } | null> {
  if (!gateway.disputeOf) return null;
  const payment = await findPaymentOfRef(deps.database, gateway.name, ref);
  if (!payment) return null;
  const dispute = await gateway.disputeOf(disputeId);
  if (!dispute) return null;
  // The hotel's owners are told, in their own language, once: written with the dispute's first row.
  const facts = await findDisputeMailFacts(deps.database, payment.reservationId);
  const openedMails = (facts?.owners ?? []).map((owner) =>
    renderDisputeMail({
      to: owner.email,
      language: owner.language,
      hotel: facts!.hotel,
      code: facts!.code,
      guest: facts!.guest,
      amountMinor: dispute.amountMinor,
      currency: dispute.currency,
      decimalDigits: facts!.decimalDigits,
      evidenceDueBy: dispute.evidenceDueBy?.toISOString() ?? null,
      timeZone: facts!.timeZone,
      link: `${baseUrl.replace(/\/+$/, "")}${BO_ROUTES.boReservation
        .replace(":hotel", String(facts!.hotelId))
        .replace(":reservationId", String(payment.reservationId))}`,
    }),
  );
  const { before } = await upsertDispute(deps.database, {
    reservationId: payment.reservationId,
    paymentId: payment.id,
    gateway: gateway.name,
    ref: dispute.ref,
    amountMinor: dispute.amountMinor,
    currency: dispute.currency,
    reason: dispute.reason,
    status: dispute.status,
    evidenceDueBy: dispute.evidenceDueBy,
    openedAt: dispute.openedAt,
    at: deps.now(),
    openedMails,
    history: (was) => {
      const opened =
        was === null
          ? [
              {
                action: "dispute_opened",
                details: {
                  disputeRef: dispute.ref,
                  amountMinor: dispute.amountMinor,
                  reason: dispute.reason,
                  status: dispute.status,
                },
              },
            ]
          : [];
      const outcome = DISPUTE_OUTCOMES[dispute.status];
      const ended =
        outcome && !(was !== null && DISPUTE_OUTCOMES[was])
          ? [{ action: outcome, details: { disputeRef: dispute.ref, amountMinor: dispute.amountMinor } }]
          : [];
      return [...opened, ...ended];
    },
  });
  return { before, status: dispute.status };
}

/** The reservation's disputes for the back office: instants as ISO strings. */
export async function disputesOfReservation(deps: Pick<BookingDeps, "database">, reservationId: number) {
  const iso = (value: Date | string) => new Date(value).toISOString();
  return (await findDisputesOf(deps.database, reservationId)).map((d) => ({
    ...d,
    evidenceDueBy: d.evidenceDueBy === null ? null : iso(d.evidenceDueBy),
    openedAt: iso(d.openedAt),
  }));
}
