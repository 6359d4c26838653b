import { settleLaterPayment, voucherPath } from "../booking";
import { type ManageDeps, readHolderReservation, refused } from "./holder";
import { findOpenLink, findWaitingPaymentsOfDues, markLink, renewLink } from "./payment-link-repository";

/**
 * The payment link in the guest's mail is Alloggio's own: a gateway's page may expire (Stripe's within a day) while
 * the link is meant to work as long as its payments are due. Each click asks the link's gateway: an open page is
 * where the guest goes; a paid one settles the payments and shows the voucher; a page closed unpaid is made again
 * for what is still due. A link the property cancelled, or with nothing due, shows the voucher.
 */
export async function followPaymentLink(
  deps: ManageDeps,
  code: string,
  mail: string,
  baseUrl: string,
): Promise<string> {
  const r = await readHolderReservation(deps, { code, mail });
  const pageOf = (page: "voucher" | "3ds") =>
    voucherPath({ hotel: r.hotel.id, channel: r.channelId, language: r.languageId }, r.code, r.email, page);
  const voucher = pageOf("voucher");
  const found = await findOpenLink(deps.database, r.id);
  // A cancelled booking still owes a late-cancellation charge the bank wanted the guest to approve.
  const link = r.status !== "cancelled" || found?.kind === "penalty" ? found : undefined;
  const gateway = link ? await deps.gateways.named(link.gateway, r.hotel.id) : null;
  if (!link || !gateway) return voucher;
  const page = await gateway.retrieve(link.gateway_ref);
  if (page?.status === "requires_action" || page?.status === "requires_challenge")
    return page.challengeUrl ?? link.redirect_url ?? voucher;
  if (page?.status === "captured" || page?.status === "authorised") {
    await markLink(deps.database, link.id, page.status);
    await settleLaterPayment(deps, r.id, link.gateway_ref, page.status, baseUrl);
    return voucher;
  }
  if (page && page.status !== "declined") return voucher;
  const fresh = await gateway
    .startRedirect({
      method: "pay_by_link",
      amountMinor: link.due,
      currency: r.currency,
      reference: r.code,
      returnUrl: pageOf("3ds"),
      language: r.languageId,
    })
    .catch(() => null);
  if (fresh?.status !== "requires_action" || !fresh.challengeUrl) return voucher;
  const url = fresh.challengeUrl;
  const renewed = await deps.database.db.transaction((tx) =>
    renewLink(tx, link, { ref: fresh.ref, url, amountMinor: link.due }),
  );
  if (renewed) return url;
  // Another click renewed it first: this page is closed and the guest goes to that one.
  await gateway.cancel(fresh.ref);
  const winner = await findOpenLink(deps.database, r.id);
  return winner?.redirect_url ?? voucher;
}

/**
 * Before a new payment for these dues, every page still open for them (the mail's link, an earlier Pay now) is
 * closed at its gateway, so the guest cannot pay twice; one the guest has just paid refuses the new payment.
 */
export async function closeWaitingPayments(
  deps: ManageDeps,
  r: { id: number; hotel: { id: number } },
  dueIds: number[],
): Promise<void> {
  for (const waiting of await findWaitingPaymentsOfDues(deps.database, r.id, dueIds)) {
    const gateway = await deps.gateways.named(waiting.gateway, r.hotel.id);
    if (!gateway) continue;
    if (!(await gateway.cancel(waiting.gateway_ref))) {
      const now = await gateway.retrieve(waiting.gateway_ref);
      if (now?.status === "captured" || now?.status === "authorised")
        throw refused("payment_pending", "A payment for this has just been made: check the reservation");
    }
    await markLink(deps.database, waiting.id, "cancelled");
  }
}
